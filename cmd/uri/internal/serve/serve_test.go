package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve/api"
)

// TestMain makes the test binary a worker when Workers runs it, as the uri
// binary is when `uri serve` runs it.
func TestMain(m *testing.M) {
	if os.Getenv(WorkerEnv) == "1" {
		os.Exit(RunWorker(os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

func testWorkers() *Workers { return NewWorkers([]string{os.Args[0]}, 2) }

func post(t *testing.T, h http.Handler, path, contentType, body string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("POST", "http://127.0.0.1:8080"+path, strings.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// TestPageIsSafe checks the headers of the page and that its markup
// holds no inline script, no event handler attribute, no inline style and
// nothing from another origin, so that the policy needs no exception.
func TestPageIsSafe(t *testing.T) {
	h := Handler(Options{})
	for _, path := range []string{"/", "/static/app.js", "/static/style.css", "/static/worker.js", "/static/icon.svg", "/api/presets"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://localhost:8080"+path, nil))
		if w.Code != http.StatusOK {
			t.Errorf("GET %s: %d", path, w.Code)
		}
		for k, v := range map[string]string{"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY"} {
			if got := w.Header().Get(k); got != v {
				t.Errorf("GET %s: %s %q, want %q", path, k, got, v)
			}
		}
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "http:", "https:", "*"} {
		if strings.Contains(CSP, bad) {
			t.Errorf("the policy allows %s", bad)
		}
	}
	page := string(indexHTML(false))
	for _, tag := range regexp.MustCompile(`<script[^>]*>`).FindAllString(page, -1) {
		if !strings.Contains(tag, ` src="static/`) {
			t.Errorf("inline script: %s", tag)
		}
	}
	for _, re := range []string{`<script(?:\s[^>]*)?>[^<]`, `\son[a-z]+\s*=`, `\sstyle\s*=`, `(?:src|href)\s*=\s*"(?:https?:)?//`} {
		if regexp.MustCompile(re).MatchString(page) {
			t.Errorf("the page matches %s", re)
		}
	}
}

// TestAPIRefusesOtherSites checks the defences of a server on loopback: a
// request naming another host (DNS rebinding), one a browser marks as
// cross-site, and one that is not JSON (a form posted from elsewhere).
func TestAPIRefusesOtherSites(t *testing.T) {
	h := Handler(Options{})
	body := `{"input":"http://a/"}`
	for _, tc := range []struct {
		name   string
		status int
		do     func() *httptest.ResponseRecorder
	}{
		{"JSON from the page", http.StatusOK, func() *httptest.ResponseRecorder {
			return post(t, h, "/api/readings", "application/json", body, "Sec-Fetch-Site", "same-origin")
		}},
		{"cross-site", http.StatusForbidden, func() *httptest.ResponseRecorder {
			return post(t, h, "/api/readings", "application/json", body, "Sec-Fetch-Site", "cross-site")
		}},
		{"form", http.StatusUnsupportedMediaType, func() *httptest.ResponseRecorder {
			return post(t, h, "/api/readings", "application/x-www-form-urlencoded", body)
		}},
		{"another host", http.StatusMisdirectedRequest, func() *httptest.ResponseRecorder {
			req := httptest.NewRequest("POST", "http://evil.example/api/readings", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			return w
		}},
	} {
		if w := tc.do(); w.Code != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, w.Code, w.Body, tc.status)
		}
	}
	w := httptest.NewRecorder()
	Handler(Options{AnyHost: true}).ServeHTTP(w, httptest.NewRequest("GET", "http://192.0.2.1/", nil))
	if w.Code != http.StatusOK {
		t.Errorf("AnyHost: %d", w.Code)
	}
}

// TestAPIBoundsBody checks that a body over api.MaxBody is refused with a
// clear message at once.
func TestAPIBoundsBody(t *testing.T) {
	h := Handler(Options{})
	start := time.Now()
	w := post(t, h, "/api/readings", "application/json", `{"input":"`+strings.Repeat("a", 2<<20)+`"}`)
	if w.Code != http.StatusRequestEntityTooLarge || !strings.Contains(w.Body.String(), "1 MiB") {
		t.Errorf("%d %s", w.Code, w.Body)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("answered in %v", took)
	}
}

// TestWorkerStopsHostileGrammar checks that a grammar whose match costs
// the cube of the input (an ambiguous recursion) is stopped: the answer,
// an error that says so, comes within a second.
func TestWorkerStopsHostileGrammar(t *testing.T) {
	h := Handler(Options{Worker: testWorkers()})
	body, _ := json.Marshal(api.GrammarRequest{
		Grammar: "s = \"x\" s / \"x\" / s2\ns2 = \"x\" s2 s / \"x\"\n",
		Tests:   []string{strings.Repeat("x", 4096)},
	})
	start := time.Now()
	w := post(t, h, "/api/grammar", "application/json", string(body))
	took := time.Since(start)
	if w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "stopped after") {
		t.Errorf("%d %s", w.Code, w.Body)
	}
	if took > time.Second {
		t.Errorf("answered in %v, want within a second", took)
	}
}

// TestWorkerAnswersAsInProcess checks that a worker answers what api.Do
// answers in the server's process.
func TestWorkerAnswersAsInProcess(t *testing.T) {
	body, _ := json.Marshal(api.GrammarRequest{Grammar: "a = 1*DIGIT [ \".\" 1*DIGIT ]\n", Tests: []string{"1.5", "1.", "x"}})
	status, want := api.Do(api.PathGrammar, body)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	gotStatus, got := testWorkers().Do(ctx, api.PathGrammar, body)
	if gotStatus != status || !bytes.Equal(got, want) {
		t.Errorf("worker: %d %s\nin process: %d %s", gotStatus, got, status, want)
	}
}

// TestWriteStatic checks the static build's page: the policy as a meta
// element, WebAssembly allowed, the page told to compute in its worker.
func TestWriteStatic(t *testing.T) {
	dir := t.TempDir()
	if err := WriteStatic(dir); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`<meta http-equiv="Content-Security-Policy" content="` + staticCSP + `">`, `<meta name="uri-mode" content="static">`} {
		if !bytes.Contains(page, []byte(s)) {
			t.Errorf("index.html lacks %s", s)
		}
	}
	for _, f := range []string{"app.js", "style.css", "worker.js", "icon.svg"} {
		got, err := os.ReadFile(filepath.Join(dir, "static", f))
		want, _ := assets.ReadFile("assets/static/" + f)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("static/%s: %v", f, err)
		}
	}
}

// TestLocalHost checks the hosts a loopback server answers.
func TestLocalHost(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost:8080": true, "LOCALHOST": true, "127.0.0.1:80": true, "127.1.2.3": true, "[::1]:8080": true,
		"evil.example": false, "localhost.evil.example": false, "192.168.1.1:8080": false, "": false,
	} {
		if got := localHost(host); got != want {
			t.Errorf("localHost(%q) = %v", host, got)
		}
	}
}

package browsertest

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve"
)

// The browser, started once for the test binary, and the server it talks
// to.
var (
	browser context.Context
	origin  string // http://127.0.0.1:PORT, the server under test
	skip    string // why the tests are skipped, when they are
)

// outDir is where the screenshots go, for the README.
const outDir = "testdata/output"

func TestMain(m *testing.M) {
	// The server's workers are this test binary, as they are the uri
	// binary under `uri serve`.
	if os.Getenv(serve.WorkerEnv) == "1" {
		os.Exit(serve.RunWorker(os.Stdin, os.Stdout))
	}
	os.Exit(run(m))
}

// chromium returns the path of a Chromium, or "".
func chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

func run(m *testing.M) int {
	if raceEnabled {
		skip = "the browser tests do not run under the race detector (the handlers' concurrency is tested in package serve)"
		return m.Run()
	}
	path := chromium()
	if path == "" {
		msg := "\n" + strings.Repeat("!", 72) + "\n!! chromium not found: the browser tests of the page of `uri serve` did NOT run.\n" +
			"!! Install it (Debian: apt-get install -y chromium; .ci/run does) to run them.\n" + strings.Repeat("!", 72) + "\n"
		fmt.Fprint(os.Stderr, msg)
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, "FAIL: under CI=true the browser tests must run")
			return 1
		}
		skip = "chromium not found: install Debian's chromium package to run the browser tests"
		return m.Run()
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	workers := serve.NewWorkers([]string{os.Args[0]}, 2)
	workers.Warm()
	// A long deadline: the tests check the page, not the deadline (package
	// serve does), and CI runs other packages' tests beside them.
	srv := serve.Server(serve.Handler(serve.Options{Worker: workers, Deadline: 20 * time.Second}))
	go srv.Serve(ln)
	defer srv.Close()
	origin = "http://" + ln.Addr().String()

	profile, err := os.MkdirTemp("", "browsertest-profile-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(profile)
	// The flags this machine's closed network needs: without the
	// background-networking ones, Chromium's own connections are refused
	// and it stalls.
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("force-color-profile", "srgb"), chromedp.Flag("lang", "en-US"),
		// No name is resolved: the page asks nothing of another host, and
		// Chromium's own lookups fail at once rather than time out.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"),
		chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 900))
	defer cancelAlloc()
	b, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	start := time.Now()
	if err := chromedp.Do(b); err != nil {
		fmt.Fprintln(os.Stderr, "chromium did not start:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "browsertest: %s started in %v\n", path, time.Since(start).Round(time.Millisecond))
	browser = b
	return m.Run()
}

// tab opens a new tab of the browser for one test, and checks when the test
// ends that the page fetched nothing from another origin and logged no
// error (a violation of the Content-Security-Policy is one).
func tab(t *testing.T) context.Context { return tabOf(t, origin) }

// tabOf is tab for a page served from another origin than the server's.
func tabOf(t *testing.T, origin string) context.Context {
	t.Helper()
	if skip != "" {
		t.Skip(skip)
	}
	ctx, cancel := chromedp.NewContext(browser)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	var mu sync.Mutex
	var problems []string
	note := func(s string) {
		mu.Lock()
		problems = append(problems, s)
		mu.Unlock()
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			u := e.Request.URL
			if !strings.HasPrefix(u, origin+"/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
				note("request to another origin: " + u)
			}
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.EntryLevelError {
				note("console: " + e.Entry.Text)
			}
		case *runtime.EventExceptionThrown:
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			note(fmt.Sprintf("exception: %s (%s:%d)", msg, d.URL, d.LineNumber))
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, cdplog.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, runtime.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancelTimeout()
		cancel()
	})
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range problems {
			t.Errorf("the page: %s", p)
		}
	})
	return ctx
}

// eval evaluates a JavaScript expression in the page and returns its value.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// until waits for a JavaScript expression to be true.
func until(t *testing.T, ctx context.Context, js string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 3000)`))
		t.Fatalf("waiting for %s: %v\nthe page shows:\n%s", js, err, text)
	}
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// tableJS reads the readings table: one row a part, its header and cells.
const tableJS = `Array.from(document.querySelectorAll('#readings-table tbody tr')).map(
	tr => Array.from(tr.cells).map(c => c.textContent.trim()))`

// partName is the text of a row's header without its mark and the words
// for screen readers.
func partName(h string) string {
	h = strings.TrimLeft(h, "⚠≠ ")
	if i := strings.Index(h, " ("); i >= 0 {
		h = h[:i]
	}
	return h
}

func readTable(t *testing.T, ctx context.Context) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, r := range eval[[][]string](t, ctx, tableJS) {
		out[partName(r[0])] = r[1:]
	}
	return out
}

// TestReadingsTableFollowsTyping types a text and reads the three columns
// back from the DOM, the password hidden, the address carrying the text.
func TestReadingsTableFollowsTyping(t *testing.T) {
	ctx := tab(t)
	do(t, ctx, chromedp.Navigate(origin+"/?input="), chromedp.WaitVisible(chromedp.CSS("#input")))
	const text = "http://user:s3cr3t@Example.com:8080/p?q#f"
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#input"), text))
	// The table follows each key: wait for the reading of the whole text.
	until(t, ctx, `document.querySelector('#readings-table tbody').textContent.includes(':8080/p?q#f')`)
	got := readTable(t, ctx)
	want := map[string][]string{
		"reading":      {"✓ accepted", "✓ accepted", "✓ accepted"},
		"scheme":       {"http", "http", "http"},
		"userinfo":     {"user:xxxxx", "user:xxxxx", "user:xxxxx"},
		"host":         {"Example.com", "example.com", "Example.com"},
		"port":         {"8080", "8080", "8080"},
		"path":         {"/p", "/p", "/p"},
		"query":        {"q", "q", "q"},
		"fragment":     {"f", "f", "f"},
		"href":         {"http://user:xxxxx@Example.com:8080/p?q#f", "http://user:xxxxx@example.com:8080/p?q#f", "http://user:xxxxx@Example.com:8080/p?q#f"},
		"dial address": {"Example.com:8080", "example.com:8080", "Example.com:8080"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
	// The host differs as text (the URL Standard folds its case) but not
	// as a place to connect to: marked ≠, not a hazard.
	if cls := eval[string](t, ctx, `Array.from(document.querySelectorAll('#readings-table tbody tr')).find(tr => tr.textContent.includes('Example.com')).className`); cls != "differ" {
		t.Errorf("host row class %q, want differ", cls)
	}
	if body := eval[string](t, ctx, `document.body.innerText`); strings.Contains(body, "s3cr3t") {
		t.Errorf("the page shows the password:\n%s", body)
	}
	search := eval[string](t, ctx, `location.search`)
	if q, _ := url.ParseQuery(strings.TrimPrefix(search, "?")); q.Get("input") != text {
		t.Errorf("the address carries %q, want input=%q", search, text)
	}
}

// TestHazardIsMarked types the text of weburl.CompareReadings' doc that
// browsers fetch from example.com and a lenient RFC 3986 reader from
// evil.com, and checks the alert and the backslash marked in it.
func TestHazardIsMarked(t *testing.T) {
	ctx := tab(t)
	do(t, ctx, chromedp.Navigate(origin+"/?input="), chromedp.WaitVisible(chromedp.CSS("#input")))
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#input"), `http://example.com\@evil.com/`))
	// The table follows each key: wait for the reading of the whole text
	// (weburl's path "/@evil.com/" is whole once its last "/" is typed).
	until(t, ctx, `document.querySelector('#hazards .hazard[role=alert]') !== null &&
		document.querySelector('#readings-table tbody').textContent.includes('/@evil.com/')`)
	alert := eval[string](t, ctx, `document.querySelector('#hazards .hazard').textContent`)
	if !strings.Contains(alert, "Hazard") || !strings.Contains(alert, "browsers dial example.com:80") {
		t.Errorf("alert %q", alert)
	}
	if m := eval[string](t, ctx, `document.querySelector('#hazards .hazard mark').textContent`); m != `\` {
		t.Errorf("the hazard marks %q, want the backslash", m)
	}
	// RFC 3986's refusal marks the same byte, with what was expected.
	problem := eval[string](t, ctx, `document.querySelector('#readings-problems .problem').textContent`)
	for _, s := range []string{"RFC 3986 (uri) refused it", "offset 18 in userinfo", "expected: unreserved"} {
		if !strings.Contains(problem, s) {
			t.Errorf("problem %q lacks %q", problem, s)
		}
	}
	status := readTable(t, ctx)["reading"]
	if diff := cmp.Diff([]string{"✗ refused", "✓ accepted", "✗ refused"}, status); diff != "" {
		t.Errorf("readings (-want +got):\n%s", diff)
	}
	screenshot(t, ctx, "readings.png", "#panel-readings")
}

// TestCompileErrorAtLineAndColumn types a grammar with a "|" where ABNF
// wants "/" and checks the error placed at its line and column, in the
// message and in the text.
func TestCompileErrorAtLineAndColumn(t *testing.T) {
	ctx := tab(t)
	do(t, ctx, chromedp.Navigate(origin+"/?tool=abnf"), chromedp.WaitVisible(chromedp.CSS("#grammar")))
	until(t, ctx, `document.querySelectorAll('#results li').length > 0`)
	do(t, ctx, chromedp.Focus(chromedp.CSS("#grammar")),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#grammar').select()`),
		chromedp.KeyEvent(kb.Delete),
		chromedp.SendKeys(chromedp.CSS("#grammar"), "greeting = \"hi\" name\rname = \"x\" | \"y\"\r"))
	// The page checks as it is typed: wait for the error of the whole text
	// (on its second line), not one of a text typed in part.
	until(t, ctx, `document.querySelector('#grammar-error .where')?.dataset.line === '2' &&
		document.querySelector('#grammar-mirror mark') !== null`)
	where := eval[map[string]string](t, ctx, `Object.assign({}, document.querySelector('#grammar-error .where').dataset)`)
	// name = "x" | "y": the "|" is the twelfth character of line 2.
	if diff := cmp.Diff(map[string]string{"line": "2", "column": "12"}, where); diff != "" {
		t.Errorf("error place (-want +got):\n%s", diff)
	}
	// The mark drawn behind the text: the characters before it are the
	// first line and eleven of the second.
	before := eval[string](t, ctx, `(() => { const m = document.querySelector('#grammar-mirror mark');
		let s = ''; for (let n = m.previousSibling; n; n = n.previousSibling) s = n.textContent + s; return s; })()`)
	if before != "greeting = \"hi\" name\nname = \"x\" " {
		t.Errorf("text before the mark %q", before)
	}
	if m := eval[string](t, ctx, `document.querySelector('#grammar-mirror mark').textContent`); m != "|" {
		t.Errorf("the mark covers %q, want |", m)
	}
	if m := eval[string](t, ctx, `document.querySelector('#grammar-error pre mark').textContent`); m != "|" {
		t.Errorf("the excerpt marks %q, want |", m)
	}
	screenshot(t, ctx, "workbench-error.png", "#panel-abnf")
}

// TestRailroadDiagramOfURI shows RFC 3986's URI = scheme ":" hier-part
// [ "?" query ] [ "#" fragment ] (§3) and checks its SVG: two optional
// parts, each a choice of two ways, and the links to its rules; then
// follows hier-part from the keyboard and finds its choice of four.
func TestRailroadDiagramOfURI(t *testing.T) {
	ctx := tab(t)
	do(t, ctx, chromedp.Navigate(origin+"/?tool=abnf&preset=rfc3986&rule=URI"), chromedp.WaitVisible(chromedp.CSS("#diagram svg")))
	until(t, ctx, `document.querySelector('#diagram-heading').textContent.endsWith(' URI')`)
	type diagram struct {
		Choices []string `json:"choices"`
		Links   []string `json:"links"`
		Texts   []string `json:"texts"`
	}
	const readJS = `(() => { const svg = document.querySelector('#diagram svg');
		return { choices: Array.from(svg.querySelectorAll('g.choice')).map(g => g.getAttribute('class') + ' ' + g.dataset.alternatives),
			links: Array.from(svg.querySelectorAll('a[data-rule]')).map(a => a.dataset.rule),
			texts: Array.from(svg.querySelectorAll('.terminal text')).map(x => x.textContent) }; })()`
	got := eval[diagram](t, ctx, readJS)
	want := diagram{
		Choices: []string{"choice optional 2", "choice optional 2"},
		Links:   []string{"scheme", "hier-part", "query", "fragment"},
		Texts:   []string{`":"`, `"?"`, `"#"`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("URI's diagram (-want +got):\n%s", diff)
	}
	screenshot(t, ctx, "workbench.png", "#panel-abnf")
	// The keyboard: Tab reaches the links; Enter follows one.
	do(t, ctx, chromedp.Focus(chromedp.CSS(`#diagram a[data-rule="hier-part"]`)), chromedp.KeyEvent(kb.Enter))
	until(t, ctx, `document.querySelector('#diagram-heading').textContent.endsWith(' hier-part')`)
	got = eval[diagram](t, ctx, readJS)
	if diff := cmp.Diff([]string{"choice 4"}, got.Choices); diff != "" {
		t.Errorf("hier-part's choices (-want +got):\n%s", diff)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#diagram-back")))
	until(t, ctx, `document.querySelector('#diagram-heading').textContent.endsWith(' URI')`)
}

// TestWorkbenchResults reads the results of the RFC 3986 grammar's test
// strings: accepted with a tree, or refused at the farthest failure.
func TestWorkbenchResults(t *testing.T) {
	ctx := tab(t)
	do(t, ctx, chromedp.Navigate(origin+"/?tool=abnf&preset=rfc3986"), chromedp.WaitVisible(chromedp.CSS("#tests")))
	until(t, ctx, `document.querySelectorAll('#results > li').length > 0`)
	do(t, ctx, chromedp.Focus(chromedp.CSS("#tests")),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#tests').select()`),
		chromedp.KeyEvent(kb.Delete),
		chromedp.SendKeys(chromedp.CSS("#tests"), "http://h:80/p\rhttp://a b/"))
	until(t, ctx, `document.querySelectorAll('#results > li').length === 2 && document.querySelector('#results').textContent.includes('a b')`)
	type result struct {
		Verdict string   `json:"verdict"`
		Mark    string   `json:"mark"`
		Nodes   []string `json:"nodes"`
	}
	got := eval[[]result](t, ctx, `Array.from(document.querySelectorAll('#results > li')).map(li => ({
		verdict: li.querySelector('.result-head span').textContent,
		mark: (li.querySelector('mark') || {textContent: ''}).textContent,
		nodes: Array.from(li.querySelectorAll('.tree-node')).map(n => n.textContent) }))`)
	if len(got) != 2 || got[0].Verdict != "✓ accepted" || got[1].Verdict != "✗ refused" || got[1].Mark != " " {
		t.Fatalf("results %+v", got)
	}
	for _, n := range []string{"URI-reference", "URI", "scheme", "hier-part", "authority", "host", "port", "path-abempty"} {
		if !contains(got[0].Nodes, n) {
			t.Errorf("the tree lacks %s: %q", n, got[0].Nodes)
		}
	}
	// Examples and near misses, drawn by rulegen, one click away; one is
	// added to the test strings with its "+".
	do(t, ctx, chromedp.Click(chromedp.CSS("#generate")))
	until(t, ctx, `document.querySelectorAll('#generated li').length >= 2`)
	do(t, ctx, chromedp.Click(chromedp.CSS("#generated li button:not([disabled])")))
	until(t, ctx, `document.querySelectorAll('#results > li').length === 3`)
	// The tab list from the keyboard: the arrow goes back to Readings.
	do(t, ctx, chromedp.Focus(chromedp.CSS("#tab-abnf")), chromedp.KeyEvent(kb.ArrowLeft))
	until(t, ctx, `!document.querySelector('#panel-readings').hidden && document.activeElement.id === 'tab-readings'`)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestDarkTheme checks that the page follows the system's dark setting.
func TestDarkTheme(t *testing.T) {
	ctx := tab(t)
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
	}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(origin+"/?input="+url.QueryEscape(`http://0x7f.1/`)), chromedp.WaitVisible(chromedp.CSS("#input")))
	until(t, ctx, `document.querySelector('#hazards .hazard') !== null`)
	if bg := eval[string](t, ctx, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(15, 20, 25)" {
		t.Errorf("dark background %q", bg)
	}
	screenshot(t, ctx, "readings-dark.png", "#panel-readings")
}

// screenshot saves the page, cut to the element sel, under testdata/output,
// with nothing focused (no caret blinks in it). A file whose pixels would
// not change is left as it is, so that a run leaves the checkout clean.
func screenshot(t *testing.T, ctx context.Context, name, sel string) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`))
	shot, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(outDir, name)
	if old, err := os.ReadFile(path); err == nil && samePixels(old, shot) {
		return
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// samePixels reports whether two PNG files hold the same image.
func samePixels(a, b []byte) bool {
	x, err1 := png.Decode(bytes.NewReader(a))
	y, err2 := png.Decode(bytes.NewReader(b))
	if err1 != nil || err2 != nil || x.Bounds() != y.Bounds() {
		return false
	}
	r := x.Bounds()
	for py := r.Min.Y; py < r.Max.Y; py++ {
		for px := r.Min.X; px < r.Max.X; px++ {
			if x.At(px, py) != y.At(px, py) {
				return false
			}
		}
	}
	return true
}

// TestStaticBuild builds the static site (package staticsite: the page and
// package api compiled to WebAssembly), serves it from a plain file server
// that knows nothing of the API, and checks that both tools work in it.
func TestStaticBuild(t *testing.T) {
	if skip != "" {
		t.Skip(skip)
	}
	dir := t.TempDir()
	start := time.Now()
	out, err := exec.Command("go", "run", "github.com/seed42851778/rfc3986/cmd/uri/internal/serve/staticsite", "-o", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("staticsite: %v\n%s", err, out)
	}
	t.Logf("static site built in %v", time.Since(start).Round(time.Millisecond))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	files := &http.Server{Handler: http.FileServer(http.Dir(dir))}
	go files.Serve(ln)
	t.Cleanup(func() { files.Close() })
	static := "http://" + ln.Addr().String()

	ctx := tabOf(t, static)
	do(t, ctx, chromedp.Navigate(static+"/?input="+url.QueryEscape(`http://example.com\@evil.com/`)), chromedp.WaitVisible(chromedp.CSS("#input")))
	until(t, ctx, `document.querySelector('#hazards .hazard[role=alert]') !== null`)
	if status := readTable(t, ctx)["reading"]; !cmp.Equal(status, []string{"✗ refused", "✓ accepted", "✗ refused"}) {
		t.Errorf("readings %q", status)
	}
	do(t, ctx, chromedp.Click(chromedp.CSS("#tab-abnf")))
	until(t, ctx, `document.querySelectorAll('#results > li').length > 0 && document.querySelector('#diagram svg') !== null`)
	if n := eval[int](t, ctx, `document.querySelectorAll('#diagram svg g.choice').length`); n != 1 {
		t.Errorf("URI-reference's diagram has %d choices, want 1 (URI / relative-ref)", n)
	}
	// A grammar that costs too much is stopped in the browser too: the
	// page ends its worker and starts another.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const g = document.querySelector('#grammar'), t = document.querySelector('#tests');
		g.value = 's = "x" s / "x" / s2\ns2 = "x" s2 s / "x"\n';
		t.value = 'x'.repeat(900) + 'y';
		g.dispatchEvent(new Event('input'));
	})()`))
	until(t, ctx, `document.querySelector('#abnf-status').textContent.startsWith('stopped after 1 s')`)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const t = document.querySelector('#tests');
		t.value = 'xx';
		t.dispatchEvent(new Event('input'));
	})()`))
	until(t, ctx, `document.querySelector('#results').textContent.includes('accepted')`)
}

// Package serve is the server of `uri serve`: one page, embedded in the
// binary, with two tools, the three readings of a text side by side and an
// ABNF workbench, and the JSON API behind them (package api).
//
// It is meant to be left running: it binds to loopback unless told
// otherwise, answers only requests addressed to the host it serves, bounds
// every request body (api.MaxBody) and every text in it (api.MaxText),
// sends a Content-Security-Policy that allows no inline script and nothing
// from elsewhere, and computes what a grammar costs (api.Isolated) in a
// child process of its own binary that it stops at a deadline (Worker), so
// that no grammar or input keeps a core busy after its answer.
package serve

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve/api"
)

// assets are the page: index.html, and the style sheet, the script, the
// Web Worker of the static build and the icon under static/.
//
//go:embed assets
var assets embed.FS

// CSP is the Content-Security-Policy of every answer: scripts, styles and
// images from the page's own origin only, no inline script or style
// attribute, requests to its own origin only, no frame, no plugin, no
// form to elsewhere.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Deadline is how long the server computes the answer of one request of
// the workbench, waiting for a free worker included: past it, it stops the
// worker and answers that the grammar or the input costs too much.
const Deadline = 750 * time.Millisecond

// Options configure Handler.
type Options struct {
	// Worker runs one computation of the workbench in a child process, for
	// api.Isolated paths; nil computes it in the server's own process
	// (for tests that need no isolation).
	Worker *Workers
	// Deadline bounds the computation of one answer of the workbench;
	// zero means the package's Deadline.
	Deadline time.Duration
	// AnyHost answers requests whatever host they name, for a server that
	// listens beyond loopback; by default only localhost and loopback
	// addresses are answered, which defeats DNS rebinding.
	AnyHost bool
}

// Handler returns the page and its API.
func Handler(o Options) http.Handler {
	static, _ := fs.Sub(assets, "assets/static")
	files := http.StripPrefix("/static/", http.FileServerFS(static))
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(indexHTML(false))
	})
	mux.HandleFunc("GET /static/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/presets", func(w http.ResponseWriter, r *http.Request) {
		jsonTo(w)(api.Do(api.PathPresets, nil))
	})
	mux.HandleFunc("POST /api/{path}", func(w http.ResponseWriter, r *http.Request) {
		apiCall(w, r, o)
	})
	return secure(mux, o.AnyHost)
}

// apiCall answers a POST to the API: the body bounded, the workbench's
// computations in a worker under Deadline.
func apiCall(w http.ResponseWriter, r *http.Request, o Options) {
	path, reply := r.PathValue("path"), jsonTo(w)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		// A cross-site form cannot send application/json without a CORS
		// preflight, which this server never grants.
		reply(api.Refuse(http.StatusUnsupportedMediaType, "the API takes application/json"))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, api.MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			reply(api.Refuse(http.StatusRequestEntityTooLarge, "the request is over 1 MiB; the page reads at most 64 KiB of each text"))
			return
		}
		reply(api.Refuse(http.StatusBadRequest, "the request body could not be read"))
		return
	}
	if !api.Isolated(path) || o.Worker == nil {
		reply(api.Do(path, body))
		return
	}
	d := o.Deadline
	if d == 0 {
		d = Deadline
	}
	ctx, cancel := context.WithTimeout(r.Context(), d)
	defer cancel()
	reply(o.Worker.Do(ctx, path, body))
}

// jsonTo returns a function that writes a status and a JSON body to w, so
// that the results of api.Do can be passed to it as they are.
func jsonTo(w http.ResponseWriter) func(status int, body []byte) {
	return func(status int, body []byte) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		w.Write(body)
	}
}

// secure sets the headers of every answer and refuses a request that names
// another host (DNS rebinding: a page elsewhere whose name resolves to
// 127.0.0.1) or that a browser marks as sent from another site.
func secure(h http.Handler, anyHost bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", CSP)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		// The page's address carries its input, a password perhaps: no
		// request it makes sends it on.
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("Cross-Origin-Opener-Policy", "same-origin")
		hd.Set("Cross-Origin-Resource-Policy", "same-origin")
		if !anyHost && !localHost(r.Host) {
			jsonTo(w)(api.Refuse(http.StatusMisdirectedRequest, "this server answers requests to localhost and loopback addresses only"))
			return
		}
		if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
			jsonTo(w)(api.Refuse(http.StatusForbidden, "requests from other sites are refused"))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// localHost reports whether the Host header names this machine: localhost
// or a loopback address, any port.
func localHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Server returns an http.Server for h with the timeouts of a server left
// running: slow clients are cut off.
func Server(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}

// indexHTML returns the page with the markup of the static build: the
// policy as a meta element (a static host sets no header), WebAssembly
// allowed, and the page told to compute in its worker.
func indexHTML(static bool) []byte {
	page, _ := assets.ReadFile("assets/index.html")
	if !static {
		return page
	}
	meta := `<meta http-equiv="Content-Security-Policy" content="` + staticCSP + `">` + "\n" +
		`<meta name="uri-mode" content="static">`
	return bytes.Replace(page, []byte(`<meta name="uri-mode" content="server">`), []byte(meta), 1)
}

// staticCSP is CSP for the static build: WebAssembly compiled in the page's
// worker ('wasm-unsafe-eval', which allows no eval of script), and no
// frame-ancestors, which a meta element cannot set.
const staticCSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; " +
	"img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'"

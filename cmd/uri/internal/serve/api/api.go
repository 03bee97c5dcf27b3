// Package api computes the answers of the page that `uri serve` serves: the
// three readings of a text (weburl.CompareReadings), and the ABNF workbench
// (combinator/abnf: compile errors, the farthest failure of each test
// string, trees, railroad diagrams, rulegen's examples and near misses).
//
// Do is the whole JSON API, the same for the server (which runs the
// workbench in a child process it can stop: package serve) and for the
// static build, which runs it in a Web Worker as WebAssembly. Its answers
// hold no password: see ReadingsResponse and GrammarResponse.
package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/seed42851778/rfc3986/combinator/abnf"
)

// Bounds of a request. A request past them gets a clear error, never a
// long computation.
const (
	// MaxBody is the most bytes of a request body.
	MaxBody = 1 << 20
	// MaxText is the most bytes of an input, a base, a grammar or a test
	// string.
	MaxText = 64 << 10
)

// Paths of the API, after "/api/".
const (
	PathReadings = "readings"
	PathGrammar  = "grammar"
	PathGenerate = "generate"
	PathPresets  = "presets"
)

// Isolated reports whether the answer of path is computed on a grammar the
// request brings, whose cost has no bound that the request's size sets: the
// server computes it in a process it stops at a deadline.
func Isolated(path string) bool { return path == PathGrammar || path == PathGenerate }

// ErrorJSON is the answer of a request that was refused.
type ErrorJSON struct {
	Error string `json:"error"`
}

// Do answers the request body to path (PathReadings, ...) with an HTTP
// status and a JSON body.
func Do(path string, body []byte) (int, []byte) {
	if len(body) > MaxBody {
		return refuse(http.StatusRequestEntityTooLarge, "the request is "+size(len(body))+"; the page takes at most "+size(MaxBody))
	}
	switch path {
	case PathPresets:
		return answer(Presets())
	case PathReadings:
		return handle(body, func(req *ReadingsRequest) string {
			return tooLong("input", req.Input) + tooLong("base", req.Base)
		}, Readings)
	case PathGrammar:
		return handle(body, checkGrammar, Grammar)
	case PathGenerate:
		return handle(body, func(req *GenerateRequest) string { return tooLong("grammar", req.Grammar) }, Generate)
	}
	return refuse(http.StatusNotFound, "no such API: the page asks for /api/readings, /api/grammar, /api/generate and /api/presets")
}

// handle decodes a request, refuses it when check says why, else answers
// what run makes of it.
func handle[Req, Resp any](body []byte, check func(*Req) string, run func(Req) Resp) (int, []byte) {
	var req Req
	if msg := decode(body, &req); msg != "" {
		return refuse(http.StatusBadRequest, msg)
	}
	if msg := check(&req); msg != "" {
		return refuse(http.StatusRequestEntityTooLarge, msg)
	}
	return answer(run(req))
}

func checkGrammar(req *GrammarRequest) string {
	msg := tooLong("grammar", req.Grammar)
	for i, s := range req.Tests {
		msg += tooLong("test string "+strconv.Itoa(i+1), s)
	}
	if len(req.Tests) > maxTests {
		msg += "there are " + strconv.Itoa(len(req.Tests)) + " test strings; the page checks at most " + strconv.Itoa(maxTests) + ". "
	}
	return msg
}

func decode(body []byte, v any) string {
	d := json.NewDecoder(bytes.NewReader(body))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		// The decoder's message may quote the body: say only what is wrong.
		return "the request is not the JSON the page sends"
	}
	return ""
}

func tooLong(what, s string) string {
	if len(s) <= MaxText {
		return ""
	}
	return "the " + what + " is " + size(len(s)) + "; the page reads at most " + size(MaxText) + ". "
}

// size writes n bytes for a message: "1,048,576 bytes (1 MiB)".
func size(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	b.WriteString(" bytes")
	if n >= 1<<10 && n%(1<<10) == 0 {
		if n%(1<<20) == 0 {
			b.WriteString(" (" + strconv.Itoa(n>>20) + " MiB)")
		} else {
			b.WriteString(" (" + strconv.Itoa(n>>10) + " KiB)")
		}
	}
	return b.String()
}

// Refuse returns the status and body of a refused request: the message as
// ErrorJSON.
func Refuse(status int, msg string) (int, []byte) { return refuse(status, msg) }

func refuse(status int, msg string) (int, []byte) {
	b, _ := json.Marshal(ErrorJSON{Error: strings.TrimSpace(msg)})
	return status, b
}

func answer(v any) (int, []byte) {
	b, err := json.Marshal(v) // escapes <, > and & as \u003c...: no echoed byte is markup
	if err != nil {
		return refuse(http.StatusInternalServerError, "the answer could not be written as JSON")
	}
	return http.StatusOK, b
}

// Preset is an ABNF grammar the library ships, for the workbench's menu.
type Preset struct {
	ID    string   `json:"id"`
	Title string   `json:"title"`
	Rule  string   `json:"rule"`
	Text  string   `json:"text"`
	Tests []string `json:"tests"`
}

var presets = sync.OnceValue(func() []Preset {
	uriRef := abnf.RFC3986Grammar().MustRule("URI-reference")
	iriRef := abnf.RFC3987Grammar().MustRule("IRI-reference")
	return []Preset{
		{
			ID: "rfc3986", Title: "RFC 3986 Appendix A (URI-reference)", Rule: "URI-reference",
			Text: "; RFC 3986 Appendix A, as package combinator/abnf compiles it (abnf.RFC3986Grammar)\n" + uriRef.Grammar(),
			Tests: []string{"http://example.com/a?b#c", "foo://user@[::1]:8042/over/there", "//host:80/", "http://a b/",
				"../g;x?y#s", "http://[fe80::1%25en0]/"},
		},
		{
			ID: "rfc3987", Title: "RFC 3987 §2.2 (IRI-reference)", Rule: "IRI-reference",
			Text:  "; RFC 3987 §2.2, as package combinator/abnf compiles it (abnf.RFC3987Grammar)\n" + iriRef.Grammar(),
			Tests: []string{"http://bücher.de/straße?q=ü", "http://example.com/\u00a0", "http://[::1]/é"},
		},
		{
			ID: "scheme", Title: "A scheme grammar over RFC 3986's rules", Rule: "note-uri",
			Text: `; A grammar of your own may name the rules of RFC 3986 Appendix A
; (segment, host, port, query, ...), as scheme grammars do.
note-uri = "note:" note-id *( "/" segment ) [ "?" query ]
note-id  = 1*( ALPHA / DIGIT / "-" ) [ "@" host [ ":" port ] ]
`,
			Tests: []string{"note:todo/today?sort=asc", "note:a@example.com:80", "note:", "note:a b"},
		},
	}
})

// Presets returns the grammars of the workbench's menu.
func Presets() []Preset { return presets() }

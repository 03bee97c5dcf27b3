package api

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"strings"
	"testing"
)

// strs returns every string of a decoded JSON value.
func strs(v any, out []string) []string {
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case []any:
		for _, y := range x {
			out = strs(y, out)
		}
	case map[string]any:
		for _, y := range x {
			out = strs(y, out)
		}
	}
	return out
}

// FuzzReadings reads any text against any base: the answer is JSON, and no
// string of it holds a password of the texts (as passwordSpans finds them,
// minBare bytes or more, so that the check is not about short words the
// page shows for other reasons).
func FuzzReadings(f *testing.F) {
	for _, s := range [][2]string{
		{`http://user:s3cr3t@host/`, ""}, {`https:\\user:s3cr3t@host/`, ""}, {`http:user:s3cr3t@host/`, ""},
		{`\\user:s3cr3t@h/`, "http://a/"}, {"x", "http://u:s3cr3t@h/"}, {`http://example.com\@evil.com/`, ""},
		{"http://0x7f.1/", ""}, {"http://u:p%zz@h/", ""}, {"\x00http://u:pass word@h", ""},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		status, answer := Do(PathReadings, mustJSON(ReadingsRequest{Input: input, Base: base}))
		if status != http.StatusOK && status != http.StatusRequestEntityTooLarge {
			t.Fatalf("status %d: %s", status, answer)
		}
		var v any
		if err := json.Unmarshal(answer, &v); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
		if status != http.StatusOK {
			return
		}
		var pws []string
		for _, sp := range passwordSpans(input, schemeOf(base)) {
			pws = append(pws, input[sp[0]:sp[1]])
		}
		for _, sp := range passwordSpans(base, "") {
			pws = append(pws, base[sp[0]:sp[1]])
		}
		for _, s := range strs(v, nil) {
			for _, pw := range pws {
				if len(pw) >= minBare && !strings.Contains(pw, "xxxxx") && strings.Contains(s, pw) {
					t.Fatalf("the answer shows the password %q in %q", pw, s)
				}
			}
		}
	})
}

// FuzzGrammar compiles any short grammar and checks a short string with
// it: the answer is JSON and its diagram well-formed XML.
func FuzzGrammar(f *testing.F) {
	f.Add("a = \"x\" 1*DIGIT\n", "x1")
	f.Add("a = b / \"<&>\"\nb = *( %x41-5A / \"é\" ) [ a ]\n", "AB<&>")
	f.Add("a = 2*3( \"x\" / segment ) \"?\" query\n", "xx?q")
	f.Add("a = \"x\" |\n", "")
	f.Add("s = \"x\" s / \"x\"\n", "xxx")
	f.Fuzz(func(t *testing.T, grammar, test string) {
		if len(grammar) > 256 || len(test) > 64 {
			return // the cost of a grammar has no bound its size sets: the server bounds it in time
		}
		status, answer := Do(PathGrammar, mustJSON(GrammarRequest{Grammar: grammar, Tests: []string{test}}))
		if status != http.StatusOK {
			t.Fatalf("status %d: %s", status, answer)
		}
		var r GrammarResponse
		if err := json.Unmarshal(answer, &r); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
		if r.Diagram == nil {
			return
		}
		d := xml.NewDecoder(strings.NewReader(r.Diagram.SVG))
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("diagram not well formed: %v\n%s", err, r.Diagram.SVG)
			}
		}
	})
}

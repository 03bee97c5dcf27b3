package uri_test

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
)

// TestLenientJSON decodes what config files and HTML hold: the issue's
// examples. The expected texts are the WHATWG URL standard's serializations
// of these inputs (its percent-encode sets; the A-label of RFC 3492).
func TestLenientJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`"https://bücher.de/hook"`, "https://xn--bcher-kva.de/hook"},
		{`"../old page.html"`, "../old%20page.html"},
		{`" https://example.com/a\tb\n"`, "https://example.com/ab"},
		{`"https://example.com/?q={x}"`, "https://example.com/?q=%7Bx%7D"},
		{`"https://example.com/"`, "https://example.com/"},
		{`""`, ""},
	}
	for _, tt := range tests {
		var v struct{ Hook uri.Lenient }
		if err := json.Unmarshal([]byte(`{"Hook":`+tt.in+`}`), &v); err != nil {
			t.Errorf("json.Unmarshal(%s): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, v.Hook.String()); diff != "" {
			t.Errorf("json.Unmarshal(%s) (-want +got):\n%s", tt.in, diff)
		}
		if v.Hook.URI != uri.MustParseReference(tt.want) {
			t.Errorf("json.Unmarshal(%s): not the strict URI of %q", tt.in, tt.want)
		}
		out, err := json.Marshal(v)
		if want := `{"Hook":` + mustJSON(tt.want) + `}`; err != nil || string(out) != want {
			t.Errorf("json.Marshal = %s, %v; want %s", out, err, want)
		}
	}
}

func mustJSON(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestLenientRefuses: what ParseRepaired cannot mend stays an error, a
// host browsers read otherwise is refused, valid or not, and the value is
// left as it was.
func TestLenientRefuses(t *testing.T) {
	tests := []struct {
		in      string
		reading bool // a *ReadingError, else a *ParseError
	}{
		{"http://ex ample.com/", false},
		{"http://h:8x/", false},
		{"a b:c", false},
		{`foo://x\y/`, false},
		{`http://x\y/`, true},    // the host is x to browsers
		{"http://0x7f.1/", true}, // valid, and 127.0.0.1 to browsers
		{"https:evil.example/", true},
	}
	for _, tt := range tests {
		l := uri.Lenient{URI: uri.MustParse("keep:me")}
		err := l.UnmarshalText([]byte(tt.in))
		var pe *uri.ParseError
		var re *uri.ReadingError
		if tt.reading && (!errors.As(err, &re) || re.Input != tt.in) {
			t.Errorf("UnmarshalText(%q) = %v; want a *ReadingError on the input", tt.in, err)
		}
		if !tt.reading && (!errors.As(err, &pe) || pe.Input != tt.in) {
			t.Errorf("UnmarshalText(%q) = %v; want a *ParseError on the input", tt.in, err)
		}
		if l.String() != "keep:me" {
			t.Errorf("UnmarshalText(%q) changed the value to %q", tt.in, l)
		}
	}
	// A strict URI refuses what a Lenient repairs.
	var strict struct{ Hook uri.URI }
	if err := json.Unmarshal([]byte(`{"Hook":"https://bücher.de/hook"}`), &strict); err == nil {
		t.Errorf("uri.URI decoded %q", strict.Hook)
	}
}

func TestLenientXMLAndFlag(t *testing.T) {
	var v struct {
		Href uri.Lenient `xml:"href,attr"`
	}
	if err := xml.Unmarshal([]byte(`<a href="/a b/ü"/>`), &v); err != nil || v.Href.String() != "/a%20b/%C3%BC" {
		t.Errorf("xml.Unmarshal: %q, %v", v.Href, err)
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var l uri.Lenient
	fs.TextVar(&l, "u", uri.Lenient{}, "a URI")
	if err := fs.Parse([]string{"-u", "https://münchen.de/a b"}); err != nil || l.String() != "https://xn--mnchen-3ya.de/a%20b" {
		t.Errorf("flag: %q, %v", l, err)
	}
}

// TestResolveRepaired checks the example and RFC 3986 §5.4.1's base
// with references a browser accepts and ResolveString refuses.
func TestResolveRepaired(t *testing.T) {
	base := uri.MustParse("http://a/b/c/d;p?q")
	tests := []struct {
		ref, want string
		reps      []uri.Repair
	}{
		{"../old page.html", "http://a/b/old%20page.html", []uri.Repair{{Offset: 6, Old: " ", New: "%20"}}},
		{"g", "http://a/b/c/g", nil}, // §5.4.1
		{"?q=naïve", "http://a/b/c/d;p?q=na%C3%AFve", []uri.Repair{{Offset: 5, Old: "ï", New: "%C3%AF"}}},
		{" //bücher.de/x ", "http://xn--bcher-kva.de/x", []uri.Repair{
			{Offset: 0, Old: " "}, {Offset: 3, Old: "bücher.de", New: "xn--bcher-kva.de"}, {Offset: 15, Old: " "}}},
		{"#a b", "http://a/b/c/d;p?q#a%20b", []uri.Repair{{Offset: 2, Old: " ", New: "%20"}}},
	}
	for _, tt := range tests {
		got, reps, err := base.ResolveRepaired(tt.ref)
		if err != nil {
			t.Errorf("ResolveRepaired(%q): %v", tt.ref, err)
			continue
		}
		if got.String() != tt.want {
			t.Errorf("ResolveRepaired(%q) = %q, want %q", tt.ref, got, tt.want)
		}
		if diff := cmp.Diff(tt.reps, reps); diff != "" {
			t.Errorf("ResolveRepaired(%q) repairs (-want +got):\n%s", tt.ref, diff)
		}
	}
	var re *uri.ResolveError
	if _, _, err := uri.MustParseReference("a/b").ResolveRepaired("c d"); !errors.As(err, &re) {
		t.Errorf("relative base: %v, want a *ResolveError", err)
	}
	var pe *uri.ParseError
	if _, _, err := base.ResolveRepaired("http://h:8x/"); !errors.As(err, &pe) {
		t.Errorf("bad port: %v, want a *ParseError", err)
	}
}

// FuzzResolveRepaired checks that ResolveRepaired never panics and is
// ParseRepaired then Resolve, but for the targets browsers read with
// another host, which it refuses.
func FuzzResolveRepaired(f *testing.F) {
	for _, s := range []string{"../old page.html", "g", " //bücher.de/x ", "http://h:8x/", "%", "a b:c", "#\x00"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("a/b", "c")
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, err := uri.ParseReference(base)
		if err != nil {
			return
		}
		got, reps, err := b.ResolveRepaired(ref)
		r, wantReps, perr := uri.ParseRepaired(ref)
		if perr != nil {
			if err == nil || err.Error() != perr.Error() {
				t.Fatalf("ResolveRepaired(%q): %v; ParseRepaired: %v", ref, err, perr)
			}
			return
		}
		want, rerr := b.Resolve(r)
		// ResolveRepaired refuses, with a *ReadingError, a target whose
		// host or port browsers read otherwise than RFC 3986 ("http:"
		// against "http://0": browsers keep the base's host), where
		// Resolve, strict, answers.
		var re *uri.ReadingError
		if rerr == nil && errors.As(err, &re) {
			return
		}
		if (err == nil) != (rerr == nil) || got != want {
			t.Fatalf("ResolveRepaired(%q) = %q, %v; want %q, %v", ref, got, err, want, rerr)
		}
		if err == nil && !cmp.Equal(reps, wantReps) {
			t.Fatalf("ResolveRepaired(%q) repairs %v, want %v", ref, reps, wantReps)
		}
	})
}

// FuzzLenientUnmarshalText checks that a Lenient decodes as ParseRepaired
// parses, and never panics.
func FuzzLenientUnmarshalText(f *testing.F) {
	for _, s := range []string{"https://bücher.de/hook", "../old page.html", "", " \t", "http://[::1", "%zz"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var l uri.Lenient
		err := l.UnmarshalText([]byte(s))
		u, _, perr := uri.ParseRepaired(s)
		if (err == nil) != (perr == nil) || l.URI != u {
			t.Fatalf("UnmarshalText(%q) = %q, %v; ParseRepaired: %q, %v", s, l, err, u, perr)
		}
	})
}

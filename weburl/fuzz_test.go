package weburl

import (
	"testing"
)

// fuzzSeeds are a few inputs of each shape for the fuzz targets.
var fuzzSeeds = []string{
	"http://example.com/a/../b?c#d", `http://example.com\@evil.com/`, "http://0x7f.1/", `https:/\evil.example`,
	"file:///C|/x", "sc:opaque path ?q", "http://[::1]:8080/", "http://ß.de/", "ws://u:p@h:80/%2e./",
	" \thttp://h\n/ ", "blob:https://a/b", "//x", "../../a", "?q", "#f", "\xff", "http://\xe2/",
	"http://h:8080", "sc://h/a b?c#d", "https://h/{x}/../y?z w",
}

// checkURL fails t when u's getters do not describe its href.
func checkURL(t *testing.T, u URL) {
	t.Helper()
	again, err := Parse(u.Href())
	if err != nil {
		t.Fatalf("href %q does not parse: %v", u.Href(), err)
	}
	if again != u {
		t.Fatalf("href %q parses to %+v, not %+v", u.Href(), again, u)
	}
	if got := u.Protocol() + "//"; u.Host() != "" && !hasPrefix(u.Href(), got) {
		t.Fatalf("href %q with host does not start with %q", u.Href(), got)
	}
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

// FuzzParse checks that Parse never panics, that what it returns parses
// back to itself, and that ParseValidated agrees with it.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := Parse(in)
		v, _, verr := ParseValidated(in, URL{})
		if (err == nil) != (verr == nil) || u != v {
			t.Fatalf("Parse(%q) = %q, %v; ParseValidated = %q, %v", in, u.Href(), err, v.Href(), verr)
		}
		if err != nil {
			if len(err.Error()) > 2048 {
				t.Fatalf("error of %d bytes", len(err.Error()))
			}
			return
		}
		checkURL(t, u)
	})
}

// FuzzParseWithBase is FuzzParse for a reference against a base.
func FuzzParseWithBase(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add("http://example.com/a/b?q#f", s)
		f.Add("file:///C:/x", s)
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, err := Parse(base)
		if err != nil {
			return
		}
		u, err := b.Parse(ref)
		if err != nil {
			return
		}
		checkURL(t, u)
	})
}

// FuzzSetters applies the setter the first byte picks to a parsed URL and
// checks the result parses back to itself.
func FuzzSetters(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(s, byte(i), "x")
		f.Add(s, byte(i+4), "/a/../b c")
	}
	f.Fuzz(func(t *testing.T, in string, which byte, value string) {
		u, err := Parse(in)
		if err != nil {
			return
		}
		s := setters[int(which)%len(setters)]
		checkURL(t, s.set(u, value))
	})
}

// FuzzURI checks that URI either fails or returns the href byte for byte.
func FuzzURI(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, err := Parse(in)
		if err != nil {
			return
		}
		r, err := u.URI()
		if err == nil && r.String() != u.Href() {
			t.Fatalf("URI of %q = %q", u.Href(), r.String())
		}
	})
}

package facts_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/facts"
	"github.com/seed42851778/rfc3986/uri"
	"github.com/seed42851778/rfc3986/weburl"
)

// standardForbiddenHost is the definition of §3.2 "Host miscellaneous", as
// the URL Standard words it (url.bs, "forbidden host code point").
const standardForbiddenHost = "U+0000 NULL, U+0009 TAB, U+000A LF, U+000D CR, " +
	"U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@), " +
	"U+005B ([), U+005C (\\), U+005D (]), U+005E (^), or U+007C (|)."

// codePoints reads the code points a definition of the Standard lists, by
// their "U+XXXX" numbers.
func codePoints(t *testing.T, def string) map[byte]bool {
	t.Helper()
	m := map[byte]bool{}
	for _, f := range strings.Split(def, "U+")[1:] {
		var cp int
		if _, err := fmt.Sscanf(f[:4], "%04X", &cp); err != nil || cp > 0x7f {
			t.Fatalf("cannot read U+%s", f)
		}
		m[byte(cp)] = true
	}
	return m
}

// Every byte is a forbidden host code point exactly when the Standard lists
// it, and a forbidden domain code point exactly when it is one of those, a
// C0 control, "%" or DELETE.
func TestForbiddenCodePointsAreTheStandards(t *testing.T) {
	host := codePoints(t, standardForbiddenHost)
	if len(host) != 17 {
		t.Fatalf("read %d forbidden host code points, want 17", len(host))
	}
	for b := 0; b < 256; b++ {
		c := byte(b)
		if got := facts.ForbiddenHost(c); got != host[c] {
			t.Errorf("ForbiddenHost(%#02x) = %t, the Standard says %t", c, got, host[c])
		}
		domain := host[c] || c <= 0x1f || c == '%' || c == 0x7f // "a C0 control, U+0025 (%), or U+007F DELETE"
		if got := facts.ForbiddenDomain(c); got != domain {
			t.Errorf("ForbiddenDomain(%#02x) = %t, the Standard says %t", c, got, domain)
		}
	}
}

// The definitions quoted above are the Standard's text, where its source is
// at hand (../shared/url-standard; under CI=true it must be).
func TestForbiddenHostQuoteIsTheStandards(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "url-standard", "url.bs"))
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip("the URL Standard's source is not at hand:", err)
	}
	text := strings.Join(strings.Fields(string(src)), " ")
	text = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&").Replace(text)
	if want := "<dfn export>forbidden host code point</dfn> is " + standardForbiddenHost; !strings.Contains(text, want) {
		t.Errorf("url.bs no longer says %q", want)
	}
	want := "<dfn export>forbidden domain code point</dfn> is a <a>forbidden host code point</a>, a <a>C0 control</a>, U+0025 (%), or U+007F DELETE."
	if !strings.Contains(text, want) {
		t.Errorf("url.bs no longer says %q", want)
	}
}

// Both readings take the forbidden code points from this package: weburl's
// host parser fails on each, and ParseRepaired never hands back the host of
// a special URL, or of a reference read against one, that holds one as
// written (RFC 3986 allows none of them in a reg-name, §3.2.2). One that
// holds one only once percent-decoded ("a%3Cb") browsers refuse: that is
// no other host, and ParseRepaired's reading check (internal/webhost) lets
// RFC 3986's reading stand. A code point added to the list changes both.
func TestForbiddenCodePointsRuleBothReadings(t *testing.T) {
	// The basic URL parser takes these before the host parser sees them:
	// tab and newlines are removed from the input, "/", "?" and "#" end the
	// authority, "@" ends the userinfo, ":" starts the port.
	beforeHost := "\t\n\r/?#@:"
	for b := 0; b < 0x80; b++ {
		c := byte(b)
		// A special URL's host is percent-decoded, then its domain checked.
		in := fmt.Sprintf("http://a%%%02Xb/", c)
		if _, err := weburl.Parse(in); (err != nil) != facts.ForbiddenDomain(c) {
			t.Errorf("weburl.Parse(%q): error %v, want one: %t", in, err, facts.ForbiddenDomain(c))
		}
		// A non-special URL's host is an opaque host, checked as written.
		in = "sc://a" + string(c) + "b/"
		if _, err := weburl.Parse(in); strings.IndexByte(beforeHost, c) < 0 && (err != nil) != facts.ForbiddenHost(c) {
			t.Errorf("weburl.Parse(%q): error %v, want one: %t", in, err, facts.ForbiddenHost(c))
		}
		if !facts.ForbiddenHost(c) {
			continue
		}
		for _, in := range []string{"http://a" + string(c) + "b/ x", "//a" + string(c) + "b/ x"} {
			u, _, err := uri.ParseRepaired(in)
			if err == nil && u.HasAuthority() && strings.IndexByte(u.Host(), c) >= 0 {
				t.Errorf("uri.ParseRepaired(%q) = %q: the host %q holds %q, which browsers refuse in a host", in, u, u.Host(), c)
			}
		}
	}
}

// ReadASCIIDomain ends the host parser as the Standard's examples (§3.5
// "Host parsing", the table of the host parser's outputs) and WPT have it.
func TestReadASCIIDomain(t *testing.T) {
	tests := []struct {
		in   string
		want string // the IPv4 address, "domain", or "failure"
	}{
		{"example.com", "domain"},
		{"0", "0.0.0.0"},
		{"0x", "0.0.0.0"},
		{"0xffffffff", "255.255.255.255"},
		{"09", "failure"},
		{"example.255", "failure"},
		{"example^example", "failure"},
		{"foo.09..", "domain"}, // the empty label before the final dot ends it: no number
		{"a%b", "failure"},
		{"a\x7fb", "failure"},
		{"a\x01b", "failure"},
		{"", "failure"},
		{"ex\u00e4mple", "domain"}, // not ASCII: the domain parser maps it first
	}
	for _, tt := range tests {
		if got := readDomain(tt.in); got != tt.want {
			t.Errorf("ReadASCIIDomain(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func readDomain(s string) string {
	a, ipv4, ok := facts.ReadASCIIDomain(s)
	switch {
	case !ok:
		return "failure"
	case ipv4:
		return fmt.Sprintf("%d.%d.%d.%d", a>>24, a>>16&255, a>>8&255, a&255)
	}
	return "domain"
}

// The Windows drive letters of §4.2 "URL miscellaneous", with its examples.
func TestWindowsDriveLetter(t *testing.T) {
	tests := []struct {
		in                         string
		letter, normalized, starts bool
	}{
		{"c:", true, true, true},
		{"C|", true, false, true},
		{"c:/", false, false, true},
		{"c:a", false, false, false},
		{"c|\\x", false, false, true},
		{"c:?", false, false, true},
		{"c:#", false, false, true},
		{"1:", false, false, false},
		{"c", false, false, false},
		{"", false, false, false},
		{"ä:", false, false, false},
	}
	for _, tt := range tests {
		l, n, s := facts.WindowsDriveLetter(tt.in), facts.NormalizedWindowsDriveLetter(tt.in), facts.StartsWithWindowsDriveLetter(tt.in)
		if l != tt.letter || n != tt.normalized || s != tt.starts {
			t.Errorf("%q: drive letter %t, normalized %t, starts with one %t; want %t %t %t", tt.in, l, n, s, tt.letter, tt.normalized, tt.starts)
		}
	}
}

package weburl

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/uri"
)

// acceptedWPT returns every URL that Parse (with the case's base) accepts
// among the cases of urltestdata.json.
func acceptedWPT(t *testing.T) []URL {
	t.Helper()
	var raw []json.RawMessage
	readWPT(t, "urltestdata.json", &raw)
	var urls []URL
	for _, r := range raw {
		var tc urlTest
		if json.Unmarshal(r, &tc) != nil || tc.Failure {
			continue // a comment, or a failure
		}
		u, err := tc.parse(t)
		if err != nil {
			t.Fatalf("Parse(%q, base %q): %v", tc.Input, deref(tc.Base), err)
		}
		urls = append(urls, u)
	}
	return urls
}

// acceptedCorpus returns every line of the corpus that Parse accepts, and
// the number it refuses.
func acceptedCorpus(t *testing.T) ([]URL, int) {
	t.Helper()
	var urls []URL
	refused := 0
	for _, line := range corpus.Lines(t, "urls.txt") {
		u, err := Parse(line)
		if err != nil {
			refused++
			continue
		}
		urls = append(urls, u)
	}
	return urls, refused
}

// lenientDecode is the URL Standard's percent-decode (§1.3), written again
// here for the tests: "%" and two hex digits give a byte, any other "%"
// stays.
func lenientDecode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+1])) &&
			strings.ContainsRune("0123456789abcdefABCDEF", rune(s[i+2])) {
			b.WriteByte(byte(hexVal(s[i+1])<<4 | hexVal(s[i+2])))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func hexVal(c byte) int {
	switch {
	case c <= '9':
		return int(c - '0')
	case c >= 'a':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

// checkEncodedURI checks the law of EncodedURI on u: the URI parses (with
// uri.Parse, on its text), its repairs rebuild it from the href, and it
// names the same host and port and decodes to the same path, query and
// fragment as the href.
func checkEncodedURI(t *testing.T, u URL) {
	t.Helper()
	r, reps := u.EncodedURI()
	href := u.Href()
	got, err := uri.Parse(r.String())
	if err != nil {
		t.Fatalf("%q: EncodedURI gave %q, which uri.Parse refuses: %v", href, r.String(), err)
	}
	// The repairs, applied to the href, give the URI's text.
	var b strings.Builder
	at := 0
	for _, rep := range reps {
		if rep.Offset < at || rep.Offset+len(rep.Old) > len(href) || href[rep.Offset:rep.Offset+len(rep.Old)] != rep.Old {
			t.Fatalf("%q: repair %v does not stand in the href after offset %d", href, rep, at)
		}
		b.WriteString(href[at:rep.Offset])
		b.WriteString(rep.New)
		at = rep.Offset + len(rep.Old)
	}
	b.WriteString(href[at:])
	if b.String() != got.String() {
		t.Fatalf("%q: the repairs give %q, the URI is %q", href, b.String(), got.String())
	}
	// URI keeps its meaning: the href itself, or an error.
	exact, err := u.URI()
	if (err == nil) != (len(reps) == 0) || (err == nil && exact.String() != got.String()) {
		t.Fatalf("%q: URI() = %q, %v; EncodedURI made %d repairs", href, exact.String(), err, len(reps))
	}
	// The host as a resolver gets it: a reg-name decoded, an IPv6 address
	// without brackets.
	wantHost := lenientDecode(u.Hostname())
	if u.host == hostIPv6 {
		wantHost = strings.Trim(u.Hostname(), "[]")
	}
	if got.HasAuthority() != (u.host != hostNone) || got.Hostname() != wantHost {
		t.Fatalf("%q: EncodedURI %q has the host %q (authority %v), want %q", href, got.String(), got.Hostname(), got.HasAuthority(), wantHost)
	}
	wp, werr := u.PortOrDefault()
	gp, gerr := got.PortOrDefault()
	if wp != gp || !errors.Is(werr, uri.ErrNoPort) && werr != nil || (werr == nil) != (gerr == nil) {
		t.Fatalf("%q: PortOrDefault = %d, %v; EncodedURI's = %d, %v", href, wp, werr, gp, gerr)
	}
	// The path as the href writes it ("/." and all), the query, the
	// fragment: the same bytes once decoded.
	path := href[u.schemeEnd+1 : u.queryStart]
	if u.host != hostNone {
		path = u.Pathname()
	}
	q, hasQ := u.query()
	f, hasF := u.fragment()
	want := []any{lenientDecode(path), hasQ, lenientDecode(q), hasF, lenientDecode(f)}
	have := []any{decoded(t, got.Path()), got.HasQuery(), decoded(t, got.Query()), got.HasFragment(), decoded(t, got.Fragment())}
	if diff := cmp.Diff(want, have); diff != "" {
		t.Fatalf("%q: EncodedURI %q decodes otherwise (-href +uri):\n%s", href, got.String(), diff)
	}
}

func decoded(t *testing.T, s string) string {
	t.Helper()
	d, err := uri.PercentDecode(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestEncodedURIOfEveryWPTURL(t *testing.T) {
	urls := acceptedWPT(t)
	repaired := 0
	for _, u := range urls {
		checkEncodedURI(t, u)
		if _, reps := u.EncodedURI(); len(reps) > 0 {
			repaired++
		}
	}
	t.Logf("urltestdata.json: %d URLs accepted, all convert; %d needed a repair", len(urls), repaired)
}

func TestEncodedURIOfEveryCorpusURL(t *testing.T) {
	urls, refused := acceptedCorpus(t)
	repaired := 0
	for _, u := range urls {
		checkEncodedURI(t, u)
		if _, reps := u.EncodedURI(); len(reps) > 0 {
			repaired++
		}
	}
	t.Logf("corpus: %d URLs accepted (%d refused by Parse), all convert; %d needed a repair", len(urls), refused, repaired)
}

func TestEncodedURIRepairsEachRefusedByte(t *testing.T) {
	tests := []struct {
		in   string
		want string
		reps []uri.Repair
	}{
		// The issue's four: '|' in a query, '{', '`' and a lone '%', and a
		// second '#'.
		{"https://example.com/search?q=a|b", "https://example.com/search?q=a%7Cb",
			[]uri.Repair{{Offset: 30, Old: "|", New: "%7C"}}},
		{"https://example.com/?q={term}", "https://example.com/?q=%7Bterm%7D",
			[]uri.Repair{{Offset: 23, Old: "{term}", New: "%7Bterm%7D"}}},
		{"https://example.com/a%zz", "https://example.com/a%25zz",
			[]uri.Repair{{Offset: 21, Old: "%", New: "%25"}}},
		{"https://example.com/#a#b`", "https://example.com/#a%23b%60",
			[]uri.Repair{{Offset: 22, Old: "#", New: "%23"}}},
		// Brackets and '|' stay raw in a path; a backslash too, in a URL
		// that is not special.
		{"http://h/[x]|", "http://h/%5Bx%5D%7C", []uri.Repair{{Offset: 9, Old: "[x]|", New: "%5Bx%5D%7C"}}},
		{"sc://h/a\\b", "sc://h/a%5Cb", []uri.Repair{{Offset: 8, Old: "\\", New: "%5C"}}},
		// Sixteen unchanged bytes part two repairs; a delimiter parts them
		// too.
		{"http://h/|0123456789abcdef|", "http://h/%7C0123456789abcdef%7C",
			[]uri.Repair{{Offset: 9, Old: "|", New: "%7C"}, {Offset: 26, Old: "|", New: "%7C"}}},
		{"http://h/|?|", "http://h/%7C?%7C",
			[]uri.Repair{{Offset: 9, Old: "|", New: "%7C"}, {Offset: 11, Old: "|", New: "%7C"}}},
		// A domain may hold '{', '}', '`' and '"' (they are no forbidden
		// domain code points); an opaque host a '%' alone.
		{"http://a{b}/", "http://a%7Bb%7D/", []uri.Repair{{Offset: 8, Old: "{b}", New: "%7Bb%7D"}}},
		{"sc://a%zz/", "sc://a%25zz/", []uri.Repair{{Offset: 6, Old: "%", New: "%25"}}},
		// An opaque path keeps spaces and much more.
		{"sc:a b<c>", "sc:a%20b%3Cc%3E", []uri.Repair{{Offset: 4, Old: " b<c>", New: "%20b%3Cc%3E"}}},
		// A lone '%' in the password is marked so.
		{"https://u:p%w@h/", "https://u:p%25w@h/", []uri.Repair{{Offset: 11, Old: "%", New: "%25", InPassword: true}}},
		// A URI already: no repair.
		{"https://example.com/a?b#c", "https://example.com/a?b#c", nil},
		{"web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/", nil},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		r, reps := u.EncodedURI()
		if diff := cmp.Diff(tt.want, r.String()); diff != "" {
			t.Errorf("Parse(%q).EncodedURI() (-want +got):\n%s", tt.in, diff)
		}
		if diff := cmp.Diff(tt.reps, reps); diff != "" {
			t.Errorf("Parse(%q).EncodedURI() repairs (-want +got):\n%s", tt.in, diff)
		}
		checkEncodedURI(t, u)
	}
}

func TestEncodedURIOfZeroURL(t *testing.T) {
	r, reps := URL{}.EncodedURI()
	if r.String() != "" || reps != nil {
		t.Errorf("URL{}.EncodedURI() = %q, %v; want the zero URI and no repair", r.String(), reps)
	}
}

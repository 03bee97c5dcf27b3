package weburl

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/facts"
)

// TestSettersFollowStateOverride pins setter results that follow from the
// state override text of the basic URL parser (§4.4) and the API section
// (§6.1), in corners setters_tests.json does not reach.
func TestSettersFollowStateOverride(t *testing.T) {
	tests := []struct {
		href, setter, value, want string
	}{
		// The hostname state at the end of input with an empty buffer sets an
		// empty host on a non-special URL that has no credentials or port,
		// also when it had no host at all.
		{"sc:/path", "hostname", "", "sc:///path"},
		{"sc:/path", "host", "?q", "sc:///path"},
		// A port after the host in the host setter is read by the port state.
		{"sc:/path", "host", "EXAMPLE.org:81", "sc://EXAMPLE.org:81/path"},
		{"http://h/", "host", "x.example:8080/ignored", "http://x.example:8080/"},
		// A ':' with nothing before it is host-missing: no change.
		{"sc://h/", "host", ":8", "sc://h/"},
		// The port state with state override fails on a first code point that
		// is not a digit, and the port stays.
		{"ftp://h:8080/", "port", "x1", "ftp://h:8080/"},
		{"ftp://h:8080/", "port", "\t", "ftp://h:8080/"},
		{"ftp://h:8080/", "port", "21", "ftp://h/"},
		// ".." at the end of a path leaves an empty segment (the path state's
		// note: "/usr/.." is "/").
		{"sc:/a", "pathname", "..", "sc:/"},
		{"sc://h/a", "pathname", "b/..", "sc://h/"},
		// A path that starts with an empty segment on a URL without a host
		// gets "/." in front (§4.5).
		{"sc:/a", "pathname", "//x", "sc:/.//x"},
		{"sc:/.//x", "host", "h", "sc://h//x"},
		// '?' and '#' are percent-encoded by the pathname setter, '#' by the
		// search setter.
		{"http://h/", "pathname", "a?b#c", "http://h/a%3Fb%23c"},
		{"http://h/", "search", "a#b", "http://h/?a%23b"},
		// The username and password setters do not run the parser: a tab is
		// percent-encoded, not removed.
		{"http://h/", "username", "a\tb", "http://a%09b@h/"},
		// The file host state turns localhost into the empty host.
		{"file://h/p", "host", "LOCALHOST", "file:///p"},
		// The username and password setters percent-encode the UTF-8 of
		// their value with the userinfo set, invalid UTF-8 read as U+FFFD;
		// the other credential stays, and no credentials means no '@'.
		{"http://h/", "username", "a\xffb", "http://a%EF%BF%BDb@h/"},
		{"http://u@h/", "password", "\xff", "http://u:%EF%BF%BD@h/"},
		{"http://u@h/", "password", "é:@", "http://u:%C3%A9%3A%40@h/"},
		{"http://u:p@h/", "password", "q", "http://u:q@h/"},
		{"http://u:p@h/", "password", "", "http://u@h/"},
		{"http://:p@h/", "password", "", "http://h/"},
		{"http://:p@h/", "username", "v", "http://v:p@h/"},
		// A port that is the scheme's default, however many leading zeros
		// it has, is no port; a scheme without one keeps any.
		{"http://h/", "host", "x:080", "http://x/"},
		{"https://h:1/", "host", "x:00443", "https://x/"},
		{"ws://h:1/", "port", "080", "ws://h/"},
		{"http://h/", "host", "x:0", "http://x:0/"},
		{"http://h/", "host", "x:8", "http://x:8/"},
		{"sc://h/", "host", "x:80", "sc://x:80/"},
		// A port that fails keeps the port the URL had.
		{"http://h:81/", "host", "x:99999", "http://x:81/"},
		// Tab and newline are removed from the host setter's value, in the
		// host and in the port.
		{"http://h/", "host", "x\t.org:8\t1", "http://x.org:81/"},
		{"http://h/", "host", "x.org:\n81", "http://x.org:81/"},
	}
	set := map[string]func(URL, string) URL{
		"host": URL.WithHost, "hostname": URL.WithHostname, "port": URL.WithPort,
		"pathname": URL.WithPathname, "search": URL.WithSearch, "username": URL.WithUsername,
		"password": URL.WithPassword,
	}
	for _, tt := range tests {
		u, err := Parse(tt.href)
		if err != nil {
			t.Fatal(err)
		}
		if got := set[tt.setter](u, tt.value).Href(); got != tt.want {
			t.Errorf("Parse(%q) %s = %q: got %q, want %q", tt.href, tt.setter, tt.value, got, tt.want)
		}
	}
}

// setterValues are a typical value for each setter, for the tests and
// benchmarks of their cost.
var setterValues = []struct {
	name, value string
	set         func(URL, string) URL
}{
	{"protocol", "wss", URL.WithProtocol}, {"username", "user", URL.WithUsername},
	{"password", "secret", URL.WithPassword}, {"host", "example.org:8080", URL.WithHost},
	{"hostname", "example.org", URL.WithHostname}, {"port", "8080", URL.WithPort},
	{"pathname", "/a/b/c", URL.WithPathname}, {"search", "?q=1", URL.WithSearch},
	{"hash", "#frag", URL.WithHash},
}

// TestSettersAllocateAtMostOnce checks that each setter, on each corpus URL,
// allocates the new href and nothing else: it edits the href around the
// component it changes, in a buffer of the new href's size.
func TestSettersAllocateAtMostOnce(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocations are counted without coverage and the race detector")
	}
	lines := corpus.Lines(t, "urls.txt")
	for _, l := range lines[:min(len(lines), 2000)] {
		u, err := Parse(l)
		if err != nil {
			continue
		}
		for _, s := range setterValues {
			if n := testing.AllocsPerRun(3, func() { s.set(u, s.value) }); n > 1 {
				t.Errorf("Parse(%q) %s setter (%q): %v allocations, want at most 1", l, s.name, s.value, n)
			}
		}
	}
}

// TestSettersOnALongURLCostItsSize checks that on a URL of 64 KiB each
// setter allocates once, about the size of the href: it copies the href
// around the edit and never parses it again.
func TestSettersOnALongURLCostItsSize(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocations are counted without coverage and the race detector")
	}
	u, err := Parse("https://user:pw@example.com:8443/" + strings.Repeat("abcdefg/", 1<<13) + "?q=1#f")
	if err != nil {
		t.Fatal(err)
	}
	// A copy of the href is the floor: the allocator rounds a large size
	// up to whole pages.
	n := len(u.Href())
	floor := allocatedPerByte(n, func() { _ = strings.Clone(u.Href()) })
	for _, s := range setterValues {
		if k := testing.AllocsPerRun(3, func() { s.set(u, s.value) }); k > 1 {
			t.Errorf("%s setter: %v allocations, want 1", s.name, k)
		}
		if got := allocatedPerByte(n, func() { s.set(u, s.value) }); got > floor+0.01 {
			t.Errorf("%s setter: %.3f bytes allocated a byte of the href, want about %.3f (a copy of it)", s.name, got, floor)
		}
	}
}

// BenchmarkSetters runs each setter with its typical value over the corpus
// URLs, beside the copy of their href (the floor: a setter writes a new
// href).
func BenchmarkSetters(b *testing.B) {
	var us []URL
	for _, l := range corpus.Full(b, "urls.txt", "figures over the 20,000 URLs") {
		if u, err := Parse(l); err == nil {
			us = append(us, u)
		}
	}
	benchSetters(b, us)
}

// BenchmarkSettersLong is BenchmarkSetters on one URL of 64 KiB.
func BenchmarkSettersLong(b *testing.B) {
	u, err := Parse("https://user:pw@example.com:8443/" + strings.Repeat("abcdefg/", 1<<13) + "?q=1#f")
	if err != nil {
		b.Fatal(err)
	}
	benchSetters(b, []URL{u})
}

func benchSetters(b *testing.B, us []URL) {
	b.Run("copy", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			n += len(strings.Clone(us[i%len(us)].href))
		}
		benchSink = n
	})
	for _, s := range setterValues {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			n := 0
			for i := 0; i < b.N; i++ {
				n += len(s.set(us[i%len(us)], s.value).href)
			}
			benchSink = n
		})
	}
}

// TestPortOfReadsTheLeadingDigits checks portOf against the port state with
// state override (§4.4): the ASCII digits v starts with, as a number up to
// 65535 serialized without leading zeros, none for the scheme's default
// port, and failure for no digits or a larger number, however long.
func TestPortOfReadsTheLeadingDigits(t *testing.T) {
	type result struct {
		Port string
		OK   bool
	}
	tests := []struct {
		in     string
		scheme facts.Scheme
		want   result
	}{
		{"8080", facts.HTTP, result{"8080", true}},
		{"80", facts.HTTP, result{"", true}},
		{"0080", facts.HTTP, result{"", true}},
		{"0443", facts.HTTP, result{"443", true}},
		{"000", facts.HTTP, result{"0", true}},
		{"0", facts.Other, result{"0", true}},
		{"65535", facts.HTTPS, result{"65535", true}},
		{"0000065535", facts.HTTPS, result{"65535", true}},
		{"65536", facts.HTTPS, result{"", false}},
		{"100000", facts.HTTPS, result{"", false}},
		{"99999999999999999999999", facts.HTTPS, result{"", false}},
		{"12a", facts.HTTP, result{"12", true}},
		{"1/2", facts.HTTP, result{"1", true}},
		{"", facts.HTTP, result{"", false}},
		{"a1", facts.HTTP, result{"", false}},
		// The basic URL parser reads the value without ASCII tab or
		// newline (its step 3), wherever they are; invalid UTF-8 is not a
		// digit either way.
		{"80\t80", facts.HTTP, result{"8080", true}},
		{"\t8", facts.HTTP, result{"8", true}},
		{"8\n0\r", facts.HTTP, result{"", true}},
		{"44\t3", facts.HTTPS, result{"", true}},
		{"6553\r6", facts.HTTP, result{"", false}},
		{"1\xff2", facts.HTTP, result{"1", true}},
		{"\t\n", facts.HTTP, result{"", false}},
	}
	for _, tt := range tests {
		port, ok := portOf(tt.in, tt.scheme)
		if diff := cmp.Diff(tt.want, result{port, ok}); diff != "" {
			t.Errorf("portOf(%q, %v) (-want +got):\n%s", tt.in, tt.scheme, diff)
		}
	}
}

// TestEscapedLenCountsEachByte checks escapedLen, eight bytes at a time,
// against its definition: each byte of the set becomes three ("%XX"),
// every other byte stays one, for every percent-encode set, at every
// length and alignment.
func TestEscapedLenCountsEachByte(t *testing.T) {
	sets := []*encodeSet{&c0ControlSet, &fragmentSet, &querySet, &specialQuerySet, &pathSet, &userinfoSet, &refEncodeSet}
	for _, set := range sets {
		for n := 0; n <= 20; n++ {
			for c := range 256 {
				// One byte c among bytes of no set, at each place.
				for at := 0; at < n; at++ {
					b := []byte(strings.Repeat("a", n))
					b[at] = byte(c)
					want := n
					if set[c] {
						want += 2
					}
					if got := escapedLen(string(b), set); got != want {
						t.Fatalf("escapedLen(%q) = %d, want %d", b, got, want)
					}
				}
			}
		}
		all := string(func() []byte {
			b := make([]byte, 256)
			for c := range b {
				b[c] = byte(c)
			}
			return b
		}())
		want := len(all)
		for c := range 256 {
			if set[c] {
				want += 2
			}
		}
		if got := escapedLen(all, set); got != want {
			t.Errorf("escapedLen(every byte) = %d, want %d", got, want)
		}
	}
}

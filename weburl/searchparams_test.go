package weburl

import (
	"math"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func pairsOf(p SearchParams) []Param { return p.Pairs() }

// TestParseSearchParamsFollowsTheURLEncodedParser checks the
// application/x-www-form-urlencoded parser's steps (§5.1) one by one.
func TestParseSearchParamsFollowsTheURLEncodedParser(t *testing.T) {
	tests := []struct {
		in   string
		want []Param
	}{
		{"", nil},
		{"?", nil},                   // the constructor drops one '?'
		{"??a", []Param{{"?a", ""}}}, // only one
		{"a=b&c=d", []Param{{"a", "b"}, {"c", "d"}}},          //
		{"&&a=b&&", []Param{{"a", "b"}}},                      // empty pieces are skipped
		{"a", []Param{{"a", ""}}},                             // no '=': an empty value
		{"a=", []Param{{"a", ""}}},                            //
		{"=b", []Param{{"", "b"}}},                            // an empty name
		{"=", []Param{{"", ""}}},                              //
		{"a=b=c", []Param{{"a", "b=c"}}},                      // split at the first '='
		{"a+b=c+d", []Param{{"a b", "c d"}}},                  // '+' is a space
		{"%2B=%20", []Param{{"+", " "}}},                      // an encoded '+' is not
		{"a=%zz%4", []Param{{"a", "%zz%4"}}},                  // a stray % stays
		{"%26=%3D", []Param{{"&", "="}}},                      // decoded after splitting
		{"a=%C3%A9", []Param{{"a", "é"}}},                     //
		{"a=%E2%80", []Param{{"a", "\uFFFD"}}},                // one U+FFFD for a truncated sequence
		{"a=%FF%FE", []Param{{"a", "\uFFFD\uFFFD"}}},          // one per byte that starts nothing
		{"a=%ED%A0%80", []Param{{"a", "\uFFFD\uFFFD\uFFFD"}}}, // a surrogate's encoding: ED then two strays
		{"a=%F0%9F%98", []Param{{"a", "\uFFFD"}}},             // a truncated four-byte sequence
		{"a=%EF%BB%BFb", []Param{{"a", "\uFEFFb"}}},           // "without BOM": a BOM is kept
		{"a=\xff", []Param{{"a", "\uFFFD"}}},                  // raw invalid bytes too
		{"q=🏳️‍🌈", []Param{{"q", "🏳️‍🌈"}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, pairsOf(ParseSearchParams(tt.in))); diff != "" {
			t.Errorf("ParseSearchParams(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
	// A URL's query gives its search params without the constructor's
	// '?' removal: the query of "s:??a" is "?a".
	if diff := cmp.Diff([]Param{{"?a", ""}}, pairsOf(parseURLEncoded("?a"))); diff != "" {
		t.Errorf("parseURLEncoded(%q) mismatch (-want +got):\n%s", "?a", diff)
	}
}

// TestAppendUTF8DecodedReplacesMaximalSubparts checks the UTF-8 decoder
// against Python's bytes.decode("utf-8", "replace"), which also follows the
// Unicode Standard's practice of one U+FFFD per maximal subpart of an
// ill-formed sequence, as the Encoding Standard's decoder does.
func TestAppendUTF8DecodedReplacesMaximalSubparts(t *testing.T) {
	tests := []struct{ in, want string }{
		{"\xe0\x80", "\uFFFD\uFFFD"},
		{"\xe0\xa0", "\uFFFD"},
		{"\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD"},
		{"\xed\x9f\xbf", "\uD7FF"},
		{"\xf0\x80\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"\xf0\x90\x80", "\uFFFD"},
		{"\xf4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"\xf4\x8f\xbf", "\uFFFD"},
		{"\xc0\xaf", "\uFFFD\uFFFD"},
		{"\xc2", "\uFFFD"},
		{"\xe1\x80\x41", "\uFFFDA"},
		{"\xf5\x80", "\uFFFD\uFFFD"},
		{"\xf1\x80\x80\xe1\x80\xc2", "\uFFFD\uFFFD\uFFFD"},
		{"\x80\x80", "\uFFFD\uFFFD"},
		{"\xef\xbb\xbf\x78", "\uFEFFx"},
	}
	for _, tt := range tests {
		if got := string(appendUTF8Decoded(nil, []byte(tt.in))); got != tt.want {
			t.Errorf("appendUTF8Decoded(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSearchParamsStringFollowsTheURLEncodedSerializer checks the serializer
// (§5.2) and the standard's examples in §6.2.
func TestSearchParamsStringFollowsTheURLEncodedSerializer(t *testing.T) {
	tests := []struct {
		pairs []Param
		want  string
	}{
		{nil, ""},
		{[]Param{{"key", "730d67"}}, "key=730d67"}, // the standard's first example
		{[]Param{{"a", "b ~"}}, "a=b+%7E"},         // its note: a space is '+', '~' is encoded
		{[]Param{{"", ""}}, "="},
		{[]Param{{"a", ""}, {"", "b"}}, "a=&=b"},
		{[]Param{{"*-._", "AZaz09"}}, "*-._=AZaz09"}, // the only bytes left alone
		{[]Param{{"!'()~", "+&=%"}}, "%21%27%28%29%7E=%2B%26%3D%25"},
		{[]Param{{"é", "≡"}}, "%C3%A9=%E2%89%A1"},
		{[]Param{{"a\xff", "b"}}, "a%EF%BF%BD=b"}, // an invalid byte is U+FFFD
		{[]Param{{"a  b", " "}}, "a++b=+"},
		{[]Param{{"q", "🏳️‍🌈"}}, "q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"},
	}
	for _, tt := range tests {
		if got := NewSearchParams(tt.pairs...).String(); got != tt.want {
			t.Errorf("NewSearchParams(%q).String() = %q, want %q", tt.pairs, got, tt.want)
		}
	}
	// The note of §6.2: "?a=~&b=%7E" gives "~" for both.
	p := ParseSearchParams("?a=~&b=%7E")
	for _, name := range []string{"a", "b"} {
		if v, ok := p.Get(name); v != "~" || !ok {
			t.Errorf("Get(%q) = %q, %v; want \"~\", true", name, v, ok)
		}
	}
}

// TestSearchParamsMethodsFollowURLSearchParams checks Get, GetAll, Has,
// HasValue, Append, Set, Delete and DeleteValue against the method steps of
// §6.2, and that none of them changes its receiver.
func TestSearchParamsMethodsFollowURLSearchParams(t *testing.T) {
	orig := ParseSearchParams("a=1&b=2&a=3&c=4&a=1")
	before := orig.String()

	if v, ok := orig.Get("a"); v != "1" || !ok {
		t.Errorf("Get(a) = %q, %v", v, ok)
	}
	if v, ok := orig.Get("z"); v != "" || ok {
		t.Errorf("Get(z) = %q, %v; want \"\", false", v, ok)
	}
	if diff := cmp.Diff([]string{"1", "3", "1"}, orig.GetAll("a")); diff != "" {
		t.Errorf("GetAll(a) (-want +got):\n%s", diff)
	}
	if got := orig.GetAll("z"); got != nil {
		t.Errorf("GetAll(z) = %q, want nil", got)
	}
	if !orig.Has("b") || orig.Has("z") || !orig.HasValue("a", "3") || orig.HasValue("a", "2") {
		t.Error("Has/HasValue disagree with the list")
	}
	if orig.Len() != 5 {
		t.Errorf("Len() = %d", orig.Len())
	}
	var names []string
	for name := range orig.All() {
		if names = append(names, name); len(names) == 2 {
			break
		}
	}
	if diff := cmp.Diff([]string{"a", "b"}, names); diff != "" {
		t.Errorf("All, stopped after two (-want +got):\n%s", diff)
	}

	tests := []struct {
		name string
		got  SearchParams
		want string
	}{
		{"Append", orig.Append("b", "5"), "a=1&b=2&a=3&c=4&a=1&b=5"},
		{"Set first kept, others removed", orig.Set("a", "x"), "a=x&b=2&c=4"},
		{"Set of a new name appends", orig.Set("d", "x"), "a=1&b=2&a=3&c=4&a=1&d=x"},
		{"Delete", orig.Delete("a"), "b=2&c=4"},
		{"Delete of a missing name", orig.Delete("z"), before},
		{"DeleteValue", orig.DeleteValue("a", "1"), "b=2&a=3&c=4"},
		{"DeleteValue of a missing value", orig.DeleteValue("a", "2"), before},
		{"Sort", orig.Sort(), "a=1&a=3&a=1&b=2&c=4"},
		{"Sort of the empty list", SearchParams{}.Sort(), ""},
	}
	for _, tt := range tests {
		if got := tt.got.String(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
	if after := orig.String(); after != before {
		t.Errorf("the receiver changed: %q, was %q", after, before)
	}

	pairs := []Param{{"a", "1"}}
	p := NewSearchParams(pairs...)
	pairs[0].Value = "changed"
	p.Pairs()[0].Value = "changed"
	if got := p.String(); got != "a=1" {
		t.Errorf("NewSearchParams or Pairs shares its slice: %q", got)
	}
}

// TestSearchParamsSortComparesUTF16CodeUnits checks Sort on the cases WPT's
// urlsearchparams-sort test uses, whose expected order follows from
// comparing names by UTF-16 code units, stably.
func TestSearchParamsSortComparesUTF16CodeUnits(t *testing.T) {
	tests := []struct {
		in   string
		want []Param
	}{
		{"z=b&a=b&z=a&a=a", []Param{{"a", "b"}, {"a", "a"}, {"z", "b"}, {"z", "a"}}},
		{"\uFFFD=x&\uFFFC&\uFFFD=a", []Param{{"\uFFFC", ""}, {"\uFFFD", "x"}, {"\uFFFD", "a"}}},
		// U+1F308 is D83C DF08 in UTF-16, before U+FB03; Go's string order says after.
		{"ﬃ&🌈", []Param{{"🌈", ""}, {"ﬃ", ""}}},
		{"é&e\uFFFD&e\u0301", []Param{{"e\u0301", ""}, {"e\uFFFD", ""}, {"é", ""}}},
		{"bbb&bb&aaa&aa=x&aa=y", []Param{{"aa", "x"}, {"aa", "y"}, {"aaa", ""}, {"bb", ""}, {"bbb", ""}}},
		{"z=z&=f&=t&=x", []Param{{"", "f"}, {"", "t"}, {"", "x"}, {"z", "z"}}},
		{"a🌈&a💩", []Param{{"a🌈", ""}, {"a💩", ""}}},
		{"\uD7FF&\U00010000&\uE000", []Param{{"\uD7FF", ""}, {"\U00010000", ""}, {"\uE000", ""}}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, pairsOf(ParseSearchParams(tt.in).Sort())); diff != "" {
			t.Errorf("ParseSearchParams(%q).Sort() mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestSearchParamsSortAgreesWithUTF16 checks compareUTF16 against the
// comparison of the UTF-16 encodings themselves.
func TestSearchParamsSortAgreesWithUTF16(t *testing.T) {
	runes := rapid.SampledFrom([]rune{'a', 'b', 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F308, 0x10FFFF})
	gen := rapid.Custom(func(t *rapid.T) string {
		return string(rapid.SliceOfN(runes, 0, 4).Draw(t, "runes"))
	})
	rapid.Check(t, func(t *rapid.T) {
		a, b := gen.Draw(t, "a"), gen.Draw(t, "b")
		ua, ub := utf16Units(a), utf16Units(b)
		want := 0
		for i := 0; ; i++ {
			if i == len(ua) || i == len(ub) {
				want = len(ua) - len(ub)
				break
			}
			if ua[i] != ub[i] {
				want = int(ua[i]) - int(ub[i])
				break
			}
		}
		if got := compareUTF16(a, b); sign(got) != sign(want) {
			t.Fatalf("compareUTF16(%q, %q) = %d, UTF-16 says %d", a, b, got, want)
		}
	})
}

func utf16Units(s string) []uint16 {
	var u []uint16
	for _, r := range s {
		if r > 0xFFFF {
			r -= 0x10000
			u = append(u, uint16(0xD800+r>>10), uint16(0xDC00+r&0x3FF))
		} else {
			u = append(u, uint16(r))
		}
	}
	return u
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// TestSearchParamsRoundTrip checks the law that parsing a list's String gives
// the list back, for names and values that are valid UTF-8.
func TestSearchParamsRoundTrip(t *testing.T) {
	str := rapid.StringOfN(rapid.OneOf(rapid.RuneFrom([]rune("a =&+%?#é🌈~*\uFFFD\uFEFF")), rapid.Rune()), 0, 8, -1)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 4).Draw(t, "n")
		pairs := make([]Param, n)
		for i := range pairs {
			pairs[i] = Param{str.Draw(t, "name"), str.Draw(t, "value")}
		}
		p := NewSearchParams(pairs...)
		s := p.String()
		back := pairsOf(ParseSearchParams(s))
		if n == 0 {
			back = pairs
		}
		if diff := cmp.Diff(pairs, back); diff != "" {
			t.Fatalf("ParseSearchParams(%q) mismatch (-want +got):\n%s", s, diff)
		}
	})
}

func FuzzParseSearchParams(f *testing.F) {
	for _, s := range []string{"a=b&c=d", "?a+b=%20&&=", "a=%E2%80&b=%zz", "q=🏳️‍🌈", "\xff=\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := ParseSearchParams(s)
		for name, value := range p.All() {
			if !utf8.ValidString(name) || !utf8.ValidString(value) {
				t.Fatalf("ParseSearchParams(%q): pair %q=%q is not UTF-8", s, name, value)
			}
		}
		out := p.String()
		if strings.ContainsFunc(out, func(r rune) bool { return r >= 0x80 || r <= ' ' }) {
			t.Fatalf("ParseSearchParams(%q).String() = %q, not printable ASCII", s, out)
		}
		if again := ParseSearchParams(out); again.String() != out || again.Len() != p.Len() {
			t.Fatalf("ParseSearchParams(%q).String() = %q, which reads back as %q", s, out, again.String())
		}
	})
}

// benchQuery is a query of the kind found in the wild, for the search params
// benchmarks and their net/url peer.
const benchQuery = "utm_source=newsletter&utm_medium=email&q=caf%C3%A9+au+lait&page=2"

func BenchmarkParseSearchParams(b *testing.B) {
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		_ = ParseSearchParams(benchQuery).String()
	}
}

// BenchmarkParseSearchParamsNetURL is the same work with net/url:
// ParseQuery, then Encode (which also sorts by name).
func BenchmarkParseSearchParamsNetURL(b *testing.B) {
	b.ReportAllocs()
	defer reportCPU(b)()
	for b.Loop() {
		v, _ := url.ParseQuery(benchQuery)
		_ = v.Encode()
	}
}

// hostileQueries are queries made of one run of the piece that costs the
// search params most, n bytes long or about.
var hostileQueries = []struct {
	name string
	make func(n int) string
}{
	{"amp", func(n int) string { return strings.Repeat("&", n) }},
	{"one-byte-names", func(n int) string { return strings.Repeat("a&", n/2) }},
	{"pairs", func(n int) string { return strings.Repeat("a=b&", n/4) }},
	{"eq", func(n int) string { return strings.Repeat("=&", n/2) }},
	{"plus", func(n int) string { return strings.Repeat("+&", n/2) }},
	{"pct-invalid", func(n int) string { return strings.Repeat("%FF&", n/4) }},
	{"raw-invalid", func(n int) string { return strings.Repeat("\xff&", n/2) }},
	{"long-name", func(n int) string { return strings.Repeat("a", n) }},
	{"pct-utf8", func(n int) string { return "q=" + strings.Repeat("%C3%A9", n/6) }},
}

// allocatedPerByte returns the bytes f allocates, on average over a few
// runs, for each of n bytes: the least of a few such measures, since
// what the runtime allocates meanwhile (a stack, a timer) only adds.
func allocatedPerByte(n int, f func()) float64 {
	const runs, rounds = 3, 4
	least := math.Inf(1)
	for range rounds {
		var ms0, ms1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms0)
		for range runs {
			f()
		}
		runtime.ReadMemStats(&ms1)
		least = min(least, float64(ms1.TotalAlloc-ms0.TotalAlloc)/runs/float64(n))
	}
	return least
}

// TestSearchParamsCostsAtMost4BytesAByte pins issue 38's bound: on 256 KiB
// of each hostile query, the search params of a URL with that query, and
// ParseSearchParams, allocate at most 4 bytes for each byte of the query
// (a list of pairs is one string of their lengths, names and values), and
// the list reads back as the query says.
func TestSearchParamsCostsAtMost4BytesAByte(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are counted without the race detector")
	}
	const n = 1 << 18
	for _, h := range hostileQueries {
		q := h.make(n)
		u, err := Parse("http://h/?" + q)
		if err != nil {
			t.Fatal(err)
		}
		// The URL's query is q percent-encoded.
		if got := allocatedPerByte(len(u.Search()), func() { _ = u.SearchParams() }); got > 4 {
			t.Errorf("%s: SearchParams allocates %.1f bytes a byte, want at most 4", h.name, got)
		}
		if got := allocatedPerByte(len(q), func() { _ = ParseSearchParams(q) }); got > 4 {
			t.Errorf("%s: ParseSearchParams allocates %.1f bytes a byte, want at most 4", h.name, got)
		}
		// One pair for each piece between '&'s that is not empty.
		want := 0
		for _, piece := range strings.Split(q, "&") {
			if piece != "" {
				want++
			}
		}
		if got := u.SearchParams().Len(); got != want {
			t.Errorf("%s: %d pairs, want %d", h.name, got, want)
		}
	}
}

// BenchmarkSearchParamsHostile reads the search params of a URL whose
// query is 64 KiB of each hostile query, reporting the bytes allocated for
// each byte of the query (B/inB).
func BenchmarkSearchParamsHostile(b *testing.B) {
	for _, h := range hostileQueries {
		q := h.make(64 << 10)
		u, _ := Parse("http://h/?" + q)
		b.Run(h.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(q)))
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			for b.Loop() {
				_ = u.SearchParams()
			}
			runtime.ReadMemStats(&ms1)
			b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(b.N)/float64(len(q)), "B/inB")
		})
	}
}

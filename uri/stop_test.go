package uri

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// diagnosed is what the generated diagnosis of rule says of s, which does
// not match it: the offset and the labels expected there. It is the
// reference newParseError is checked against where it does without the
// diagnosis (the stops).
func diagnosed(s string, rule topRule) (int, []string) {
	var sp [nslots]span
	var d genDiag
	off := diagnose(rule, s, match(rule, s, &sp), &d)
	return off, d.appendLabels(nil)
}

// checkStop checks that ParseError of s as each top rule has the offset
// and labels of the generated diagnosis, and the component componentAt
// names there and the hint hintFor writes (knownError takes stopHint's).
// It reports whether the stops of URI-reference know the labels of s
// where its fast match stopped.
func checkStop(t *testing.T, s string) bool {
	t.Helper()
	for _, rule := range []topRule{ruleURI, ruleAbsoluteURI, ruleRelativeRef, ruleURIReference} {
		var sp [nslots]span
		end := match(rule, s, &sp)
		if end == len(s) {
			continue
		}
		e := newParseError(s, rule, end, &sp)
		off, labels := diagnosed(s, rule)
		stopOff, stopLabels, alone := stopOf(s, rule, &sp)
		if e.Offset != off || !slices.Equal(e.Expected, labels) {
			t.Fatalf("%s %q: offset %d, expected %q; the diagnosis says %d, %q (the stops: %d, %q, alone %d)",
				rule.Name(), s, e.Offset, e.Expected, off, labels, stopOff, stopLabels, alone)
		}
		comp := componentAt(s, off, rule)
		if e.Component != comp {
			t.Fatalf("%s %q: component %q, componentAt says %q", rule.Name(), s, e.Component, comp)
		}
		if hint := string(hintFor(nil, s, off, rule.Name(), comp, nil)); e.Hint != hint {
			t.Fatalf("%s %q: hint %q, hintFor says %q (the stops: %d, %q)", rule.Name(), s, e.Hint, hint, stopOff, stopLabels)
		}
	}
	return knownAtStop(s, ruleURIReference)
}

// stopAt is stopOf after the fast match of s as rule, with its captures.
func stopAt(s string, rule topRule) (off int, labels []string, alone int) {
	var sp [nslots]span
	match(rule, s, &sp)
	return stopOf(s, rule, &sp)
}

// knownAtStop reports whether the stops of rule know the labels of s at
// the offset where its fast match stopped, the shape most rejections have.
func knownAtStop(s string, rule topRule) bool {
	var sp [nslots]span
	end := match(rule, s, &sp)
	off, labels, _ := stopOf(s, rule, &sp)
	return end >= 0 && end < len(s) && off == end && labels != nil
}

// TestHostStop compares ParseError's offset and expected list with the
// generated diagnosis on inputs where a host name stops at a byte no host
// holds, and beside them: every
// name of up to three bytes over an alphabet of each kind of byte a host
// may hold or end at (a letter, a DIGIT, ".", "-", "~", a sub-delim, "%",
// ":", "@", "[", "/"), then a byte that no name holds, alone or before
// text with an "@" (the userinfo's alternative), after each of the heads
// below (schemes, a scheme with no authority, no scheme); and longer
// names, IPv4-like ones among them, with every byte after them.
func TestHostStop(t *testing.T) {
	alphabet := []string{"a", "1", ".", "-", "~", "!", "%", "%41", ":", "@", "[", "/"}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	names := pieceTexts(alphabet, depth)
	heads := []string{"s://", "https://", "a1+-.://", "//", "s:/", "1s://"}
	shaped := 0
	for _, h := range heads {
		for _, name := range names {
			for _, b := range []string{"{", " ", "^", "\x80", "]", "\\", ""} {
				for _, tail := range []string{"", "x@y", "}/p?q#f", "/@", "?x@"} {
					if checkStop(t, h+name+b+tail) {
						shaped++
					}
				}
			}
		}
	}
	long := []string{"firehose-fips.", "1.2.3.4", "1.2.3.a", "12", "1.2.3.4a", "a.1.2.3", "255.255.255.255.1",
		"x_y~z!$&'()*+,;=", "1.", ".1", "127.0.0.1.", "0x7f"}
	for _, name := range long {
		for b := range 256 {
			for _, tail := range []string{"", "@h", "x@h", "/@h", "x?@h", "#@"} {
				if checkStop(t, "https://"+name+string([]byte{byte(b)})+tail) {
					shaped++
				}
			}
		}
	}
	if shaped < 5000 {
		t.Errorf("%d inputs whose labels the stops know where the match stopped, want 5,000 or more", shaped)
	}
}

// TestStopShapes checks what the stops of URI-reference find on inputs of
// each shape, worked out by hand from the rules of §3: after a reg-name,
// the userinfo's bytes, ":", "@", a port, a path, a query, a fragment or
// the end may come; where a host starts, an IP-literal or an IPv4address
// too; in a path, query or fragment, their own bytes; after a "%", two
// HEXDIG; a "[" where a host starts is an IP literal's alone (§3.2.2).
func TestStopShapes(t *testing.T) {
	host := []string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, `"/"`, `"?"`, `"#"`, "end of input"}
	emptyHost := []string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, "IP-literal", "IPv4address", `"/"`, `"?"`, `"#"`, "end of input"}
	path := []string{"pchar", `"/"`, `"?"`, `"#"`, "end of input"}
	hexdig := []string{"HEXDIG"}
	tests := []struct {
		in     string
		off    int
		labels []string
		alone  bool
	}{
		{"https://firehose-fips.{Region}.{PartitionResult#dualStackDnsSuffix}", 22, host, false},
		{"s://a{", 5, host, false},
		{"s://a{b@c", 5, host, false},
		{"s://a b", 5, host, false},
		{"s://a\x80", 5, host, false},
		{"s+.-1://a{", 9, host, false},
		{"//a{", 3, host, false},
		{"s://{", 4, emptyHost, false},
		{"s://^/", 4, emptyHost, false},
		{"s:///a b", 6, path, false},
		{"s://h/@[", 7, path, false},
		{"s://a?{", 6, path, false},
		{"s://a#{", 6, []string{"pchar", `"/"`, `"?"`, "end of input"}, false},
		{"s://u@h:8x", 9, []string{"DIGIT", `"/"`, `"?"`, `"#"`, "end of input"}, false},
		{"s://%", 5, hexdig, false},
		{"s://@a%", 7, hexdig, false},
		{"s://a:%zz", 7, hexdig, false},
		{"s://a/%4z", 8, hexdig, false},
		{"s://[", 4, nil, true},
		{"s://u@[", 6, nil, true},
		{"//[", 2, nil, true},
	}
	for _, tt := range tests {
		off, labels, alone := stopAt(tt.in, ruleURIReference)
		if off != tt.off || (alone > 0) != tt.alone {
			t.Errorf("stopAt(%q) = %d, alone %d; want %d, alone %v", tt.in, off, alone, tt.off, tt.alone)
		}
		if diff := cmp.Diff(tt.labels, labels); diff != "" {
			t.Errorf("stopAt(%q) labels (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestHostStopCorpus compares ParseError with the diagnosis on every line
// of the corpus that does not parse, most of which the stops know, and on
// every reference of the resolution pairs that does not,
// most of them relative references.
func TestHostStopCorpus(t *testing.T) {
	n := 0
	for _, l := range corpus.Lines(t, "urls.txt") {
		if checkStop(t, l) {
			n++
		}
	}
	if n == 0 {
		t.Error("the stops know no line of the corpus")
	}
	for _, l := range corpus.Lines(t, "resolve.tsv") {
		_, ref, _ := strings.Cut(l, "\t")
		checkStop(t, ref)
	}
}

// TestStopLabels checks the labels newParseError gives without the
// diagnosis (the lists of the stops) against the diagnosis (of the shortest input of each shape, as a URI and as a
// URI-reference) and against RFC 3986. After a reg-name, a host may go on with
// unreserved, pct-encoded or sub-delims (§3.2.2), the text read so far may
// be a userinfo going on with ":" or ending at "@" (§3.2.1), a port may
// start with ":" (§3.2.3), then a path-abempty with "/" (§3.3), a query
// with "?" (§3.4), a fragment with "#" (§3.5), or the input may end; where
// the authority starts, the host may also be an IP-literal or an
// IPv4address (§3.2.2). In a
// path-abempty, a segment goes on with pchar or a new one starts with "/",
// then come "?", "#" or the end (§3.3); a query goes on with pchar, "/" or
// "?" (§3.4), then "#" or the end; a fragment the same, then the end
// (§3.5). After a "%", pct-encoded expects two HEXDIG (§2.1).
func TestStopLabels(t *testing.T) {
	tests := []struct {
		name, in string
		off      int
		want     []string
	}{
		{"host", "s://a{", 5,
			[]string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, `"/"`, `"?"`, `"#"`, "end of input"}},
		{"empty host", "s://{", 4,
			[]string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, "IP-literal", "IPv4address", `"/"`, `"?"`, `"#"`, "end of input"}},
		{"path", "s://a/{", 6, []string{"pchar", `"/"`, `"?"`, `"#"`, "end of input"}},
		{"query", "s://a?{", 6, []string{"pchar", `"/"`, `"?"`, `"#"`, "end of input"}},
		{"fragment", "s://a#{", 6, []string{"pchar", `"/"`, `"?"`, "end of input"}},
		{"percent", "s://a/%4z", 8, []string{"HEXDIG"}},
		{"port", "s://u@h:8x", 9, []string{"DIGIT", `"/"`, `"?"`, `"#"`, "end of input"}},
	}
	for _, tt := range tests {
		if off, labels, _ := stopAt(tt.in, ruleURIReference); off != tt.off || !cmp.Equal(tt.want, labels) {
			t.Errorf("%s %q: the stops find %d, %q; want %d, %q", tt.name, tt.in, off, labels, tt.off, tt.want)
		}
		for _, rule := range []topRule{ruleURI, ruleURIReference} {
			off, labels := diagnosed(tt.in, rule)
			if off != tt.off {
				t.Errorf("%s %q: the diagnosis fails at %d, want %d", rule.Name(), tt.in, off, tt.off)
			}
			if diff := cmp.Diff(tt.want, labels); diff != "" {
				t.Errorf("%s %q: the diagnosis's labels (-want +got):\n%s", rule.Name(), tt.in, diff)
			}
			var sp [nslots]span
			if diff := cmp.Diff(tt.want, newParseError(tt.in, rule, match(rule, tt.in, &sp), &sp).Expected); diff != "" {
				t.Errorf("%s %q: ParseError's labels (-want +got):\n%s", rule.Name(), tt.in, diff)
			}
		}
	}
}

// TestTailStop compares ParseError's offset, expected list and component
// with the diagnosis and componentAt on inputs that stop in a path, a query or a fragment, and
// beside it: after heads with and without a scheme, an authority and a
// path, every text of up to three pieces that a path, query or fragment
// holds or ends at ("/", "?", "#", a letter, a triplet, ":", "@", a lone
// "%"), then a byte that none of them holds (or "%", "#", or nothing),
// then a tail.
func TestTailStop(t *testing.T) {
	pieces := []string{"/", "?", "#", "a", "%41", ":", "@", "%", "["}
	mids := pieceTexts(pieces, 3)
	shaped := 0
	for _, head := range []string{"s://a", "https://u@h:1", "s://[::1]", "s://", "s:", "s:/", "//a", "a", "1s://a",
		"/", "/a", "a/b", "../", "?", "#", "%41"} {
		for _, mid := range mids {
			for _, b := range []string{"{", "[", "]", " ", "\x80", "#", "%", ""} {
				for _, tail := range []string{"", "x", "]"} {
					in := head + mid + b + tail
					if checkStop(t, in) {
						if off, _, _ := stopAt(in, ruleURIReference); tailComponent(componentAt(in, off, ruleURIReference)) {
							shaped++
						}
					}
				}
			}
		}
	}
	if shaped < 1000 {
		t.Errorf("%d inputs that the stops know in a path, a query or a fragment, want 1,000 or more", shaped)
	}
}

// TestPctStop compares ParseError's offset, expected list, component and
// hint with the diagnosis, componentAt and hintFor on inputs where the fast
// match stops at a "%" that two HEXDIG do not follow (the stops know
// HEXDIG after it) and beside
// them: after heads with and without a scheme and an authority, every text
// of up to three pieces of the kinds an authority, a path or a query holds
// or ends at (a letter, a DIGIT, ".", ":", "@", "[", "]", a triplet, "/",
// "?", "#"), then a "%" and nothing, a HEXDIG, a HEXDIG and a byte that is
// none, or no HEXDIG.
func TestPctStop(t *testing.T) {
	pieces := []string{"a", "1", ".", ":", "@", "[", "]", "%41", "/", "?", "#"}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	mids := pieceTexts(pieces, depth)
	shaped := 0
	for _, head := range []string{"s://", "https://", "http://u@", "s:", "s:/", "//", "a", "1s://", "/", "a/", "?"} {
		for _, mid := range mids {
			for _, tail := range []string{"%", "%4", "%4z", "%z", "%z4", "%%41", "%4%", "%/"} {
				in := head + mid + tail
				checkStop(t, in)
				for _, rule := range []topRule{ruleURI, ruleURIReference} {
					if _, l, _ := stopAt(in, rule); slices.Equal(l, []string{"HEXDIG"}) {
						shaped++
					}
				}
			}
		}
	}
	if want := 5000; shaped < want {
		t.Errorf("%d inputs whose HEXDIG the stops know, want %d or more", shaped, want)
	}
}

// TestIPLiteralStop compares ParseError's offset, expected list, component
// and hint with the diagnosis of the whole rule, componentAt and hintFor on
// inputs where the fast match stops at a "[" that starts a host, whose
// IP-literal newParseError diagnoses alone (genHaltExplain), and beside
// them: after heads with and without a scheme and a userinfo, a "[" then
// every text of up to three pieces of the kinds an IP literal holds or ends
// at (HEXDIG, h16, ":", "::", an IPv4address and parts of one, "v" and a
// version, a zone's "%25", "%", "]", a byte none holds, "/") and longer
// ones, then nothing, "]" or a port.
func TestIPLiteralStop(t *testing.T) {
	pieces := []string{"1", "ffff", ":", "::", "1.2.3.4", "1.", "v1.", "v", "%25", "%", "]", "x", "/"}
	mids := pieceTexts(pieces, 3)
	// Longer literals, broken in the ways found in the corpus and beside.
	for _, l := range []string{"fe80::1%25en0", "fe80::%31%25en0", "FF02::3::5:8080", "::ffff:1.2.3", "1:2:3:4:5:6:7:8:9",
		"1:2:3:4:5:6:7", "::1.2.3.4.5", "a-zA-Z", "v7.x", "v.x", "vx", "2001:db8::1%eth0"} {
		mids = append(mids, l, l[:len(l)/2], l+":")
	}
	shaped := 0
	for _, head := range []string{"s://", "https://u:p@", "//", "//@", "s://h@"} {
		for _, mid := range mids {
			for _, tail := range []string{"", "]", "]:80/p"} {
				in := head + "[" + mid + tail
				checkStop(t, in)
				if off, _, alone := stopAt(in, ruleURIReference); alone > 0 {
					var d genDiag
					if genHaltExplain(alone, in, off, &d) {
						shaped++
					}
				}
			}
		}
	}
	if want := 30000; shaped < want {
		t.Errorf("%d inputs whose IP literal is diagnosed alone, want %d or more", shaped, want)
	}
}

// TestPortStop compares ParseError's offset, expected list, component and
// hint with the diagnosis, componentAt and hintFor on inputs where the fast
// match stops in a port after a userinfo or an IP literal (the stops know
// the port's labels), and beside them: after heads with and without a scheme, a
// userinfo or an IP literal, every text of up to three pieces of the
// kinds a host and a port hold or end at (a letter, DIGITs, ".", ":", "@",
// "[", "%", a triplet, "{", a space, a byte outside ASCII, "/", "?", "#").
func TestPortStop(t *testing.T) {
	pieces := []string{"a", "80", ".", ":", "@", "[", "%", "%41", "{", " ", "\xc3", "/", "?", "#"}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	mids := pieceTexts(pieces, depth)
	shaped := 0
	for _, head := range []string{"s://u@h:", "git+ssh://git@github.com:", "http://u:p@1.2.3.4:", "s://@:", "//u@h:",
		"s://[::1]:", "s://u@[v1.x]:", "//[::1]:", "s://h:", "s://u@h%41:", "1s://u@h:", "s:x//u@h:", "s://u@h"} {
		for _, mid := range mids {
			in := head + mid
			checkStop(t, in)
			for _, rule := range []topRule{ruleURI, ruleRelativeRef, ruleURIReference} {
				if knownAtStop(in, rule) && componentAt(in, match(rule, in, new([nslots]span)), rule) == "port" {
					shaped++
				}
			}
		}
	}
	want := 10000
	if testing.Short() {
		want = 2000
	}
	if shaped < want {
		t.Errorf("%d inputs whose port's labels the stops know, want %d or more", shaped, want)
	}
}

// FuzzHostStop compares ParseError's offset, expected list, component and
// hint with the diagnosis, componentAt and hintFor on any input, and on the
// input made a URI with an authority, a path or a query: where
// newParseError does without the diagnosis (the stops, stopHint) and where
// it does not.
func FuzzHostStop(f *testing.F) {
	for _, s := range []string{"a{", "firehose-fips.{Region}", "1.2{", "a%41{", "a:1{", "a{@b", "12", "a%4z", "u@h:%", "h:%s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkStop(t, s)
		checkStop(t, "https://"+s)
		checkStop(t, "s://a/"+s)
		checkStop(t, "s:?"+s)
		checkStop(t, "/"+s)
		checkStop(t, "a/"+s)
		checkStop(t, "//"+s)
		checkStop(t, "s://["+s)
		checkStop(t, "s://u@h:"+s)
		checkStop(t, "//[::1]:"+s)
		if i := strings.IndexByte(s, '/'); i >= 0 {
			checkStop(t, "s://"+s[:i])
		}
	})
}

// tailComponent reports whether comp is the path, the query or the
// fragment.
func tailComponent(comp string) bool {
	return comp == "path" || comp == "query" || comp == "fragment"
}

// pieceTexts returns every text of up to depth pieces, "" first, then the
// texts of one piece, of two, and so on.
func pieceTexts(pieces []string, depth int) []string {
	texts := []string{""}
	for n, level := 0, []string{""}; n < depth; n++ {
		var next []string
		for _, p := range level {
			for _, a := range pieces {
				next = append(next, p+a)
			}
		}
		texts, level = append(texts, next...), next
	}
	return texts
}

// match matches s with the generated matcher of rule, one of the four top
// rules, as the Parse function of rule does (each Parse function calls its
// own matcher, so that a program links only those it uses): for tests.
func match(rule topRule, s string, sp *[nslots]span) int {
	switch rule {
	case ruleURIReference:
		return matchURIReference(s, 0, sp)
	case ruleURI:
		return matchURI(s, 0, sp)
	case ruleAbsoluteURI:
		return matchAbsoluteURI(s, 0, sp)
	case ruleRelativeRef:
		return matchRelativeRef(s, 0, sp)
	}
	panic("uri: no generated matcher for rule " + rule.Name())
}

// TestSharedExpectedAppend checks what ParseError's doc promises of a shared
// Expected list: errors of one shape (a "{" after a host name) hold the
// same labels, and an append to one list copies it (its capacity is its
// length), so that the other error, and the next, keep theirs.
func TestSharedExpectedAppend(t *testing.T) {
	want := []string{"unreserved", "pct-encoded", "sub-delims", `":"`, `"@"`, `"/"`, `"?"`, `"#"`, "end of input"}
	var a, b *ParseError
	_, errA := ParseReference("https://x.{Region}/")
	_, errB := ParseReference("http://a{b}")
	if !errors.As(errA, &a) || !errors.As(errB, &b) {
		t.Fatalf("ParseReference: %v, %v; want two *ParseError", errA, errB)
	}
	if cap(a.Expected) != len(a.Expected) {
		t.Errorf("cap(Expected) = %d, len %d: an append would write into the shared list", cap(a.Expected), len(a.Expected))
	}
	more := append(a.Expected, "extra")
	more[0] = "changed"
	_, errC := ParseReference("https://y.{Z}")
	var c *ParseError
	if !errors.As(errC, &c) {
		t.Fatalf("ParseReference: %v; want a *ParseError", errC)
	}
	for name, e := range map[string]*ParseError{"first": a, "second": b, "next": c} {
		if diff := cmp.Diff(want, e.Expected); diff != "" {
			t.Errorf("%s error's Expected after an append to the first's (-want +got):\n%s", name, diff)
		}
	}
}

package weburl

import (
	"encoding/json"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
	"github.com/seed42851778/rfc3986/internal/facts"
	"pgregory.net/rapid"
)

// agreementInputs are the inputs of the tests that compare Parse's fast
// path and resumed state machine with the state machine alone: the corpus,
// the urltestdata inputs, and cases at the fast path's edges.
func agreementInputs(t *testing.T) []string {
	inputs := corpus.Lines(t, "urls.txt")
	inputs = append(inputs, "http://a/", "https://example.com:8080/a/b?c#d", "http://1.2.3.4/",
		"http://0x7f.1/", "http://example.com:80/", "http://example.com:0443/", "https://xn--nxasmq6b.com/",
		"http://a/./b", "http://a/%2e%2E/b", "http://a/.b/..c/", "ws://a/?'", "ftp://a/b#`",
		"http://a..b/", "http://./", "http://../", "http://-a-/", "http://0x/", "http://1.2.3.4./", "http://a.0x1/",
		"http://a.09/", "http://xn--ls8h/", "http://xn--/", "http://xn--a/", "http://xn--a.xn--b/", "http://a.xn--zca/",
		"http://xn--xn--a-/", "http://a.b-/", "http://0xg/", "http://1.2.3.4.5/", "http://a.1./",
		"http://h:1:2", "http://h:1@x/", "http://h\\x", "sc://h\\x", "http://h:8080", "sc://h", "http://h?q", "http://h#f",
		"http://h/a b", "http://h/{}", "http://h/a/../b", "http://h/\t", "http://h/é", "http://h/a ", "ws://h?'", "sc://h?'",
		"http://h:0/", "http://h:65536/", "http://h:/", "http://h:80", "sc://h:80", "http://h\t/", "http://h/a\x00",
		"http://a.0X1F/", "http://a.0xaf/", "http://A.0XAF/", "http://a.1f/", "http://a.0x/", "http://a.0X./", "http://1.2.3.0xF/",
		"http://a.0xg/", "http://a.9z/", "http://a.0xA", "https://a.b.0x", "http://1.2.3.4x/",
		"http://u@h/", "http://u:p@h/", "http://:p@h/", "http://u:@h/", "http://@h/", "http://:@h/", "http://u:p:q@h/",
		"http://u@h@i/", "http://u;=@h/", "sc://u:p@h/x", "sc://u@", "sc://@h", "http://u:80@h/", "http://u:p@H/",
		"http://u:p@h:8080/", "http://u:p@h:80/", "file://u@h/", "http://u:p@/", "http://u@", "https://u%40@h/",
		"http://u\\@h/", "ws://user:pass@[::1]/", "http://u:p@h?q", "http://u:p@h#f", "http://U:P@h/", "http://u:p@0x7f.1/")
	var wpt []urlTest
	readWPTLoose(t, "urltestdata.json", &wpt)
	for _, tc := range wpt {
		inputs = append(inputs, tc.Input)
	}
	return inputs
}

// TestParseFastAgreesWithStateMachine checks, over agreementInputs, that
// every URL the fast path takes is the one the state machine makes
// (ParseValidated never takes the fast path).
func TestParseFastAgreesWithStateMachine(t *testing.T) {
	inputs := agreementInputs(t)
	taken := 0
	for _, in := range inputs {
		var f fastURL
		f.read(in)
		slow, _, err := ParseValidated(in, URL{})
		if !f.ok {
			continue
		}
		fast := f.u
		fast.href = in
		if f.edited() {
			fast = f.build("", in)
		}
		taken++
		if err != nil || fast != slow {
			t.Errorf("fast path (%q) = %+v, the state machine %+v (%v)", in, fast, slow, err)
		}
	}
	t.Logf("fast path taken for %d of %d inputs", taken, len(inputs))
}

// readWPTLoose decodes the objects of a urltestdata-format file into v,
// skipping its comment strings.
func readWPTLoose(t *testing.T, name string, v *[]urlTest) {
	var raw []json.RawMessage
	readWPT(t, name, &raw)
	for _, r := range raw {
		var tc urlTest
		if json.Unmarshal(r, &tc) == nil {
			*v = append(*v, tc)
		}
	}
}

// TestParseAgreesWithParseValidated checks over agreementInputs that Parse
// (the fast path, or the state machine resumed after the fast path's scheme
// and authority, or the state machine) and ParseValidated (the state
// machine alone, collecting validation errors) give the same URL.
func TestParseAgreesWithParseValidated(t *testing.T) {
	resumed := 0
	inputs := agreementInputs(t)
	for _, in := range inputs {
		if f := (fastURL{}); !f.read(in) && f.resume >= 0 {
			resumed++
		}
		u, err := Parse(in)
		v, _, verr := ParseValidated(in, URL{})
		if (err == nil) != (verr == nil) || u != v {
			t.Errorf("Parse(%q) = %+v, %v; ParseValidated %+v, %v", in, u, err, v, verr)
		}
	}
	t.Logf("state machine resumed for %d of %d inputs", resumed, len(inputs))
}

// TestNumberEndsHoldsEveryNumberEnd checks that a host whose last byte is
// outside numberEnds never ends in a number (§3.5 "ends in a number
// checker"), so that fastHost may skip its last label: every byte after
// labels that are numbers but for it, with and without a final '.'.
func TestNumberEndsHoldsEveryNumberEnd(t *testing.T) {
	for c := range 256 {
		for _, label := range []string{"", "0", "1", "09", "0x", "0X", "0x1", "0xf", "a"} {
			for _, h := range []string{label + string(rune(c)), "h." + label + string(rune(c)), "h." + label + string(rune(c)) + "."} {
				if !numberEnds[h[len(h)-1]] && facts.EndsInANumber(h) {
					t.Errorf("%q ends in a number, but numberEnds lacks %q", h, h[len(h)-1])
				}
			}
		}
	}
}

// TestScanRunIsByteWise checks that scanRun, eight bytes a step, stops
// where a byte-wise scan of its table stops, for every table of the fast
// path, at every length, start and alignment.
func TestScanRunIsByteWise(t *testing.T) {
	tables := []*runTable{schemeRun, hostRun, hostFoldRun, opaqueHostRun, pathRun,
		pathCopyRunSpecial, pathCopyRunOther, querySpecialRun, queryOtherRun, fragmentRun}
	rapid.Check(t, func(t *rapid.T) {
		tab := tables[rapid.IntRange(0, len(tables)-1).Draw(t, "table")]
		var run, stop []byte
		for c := range 256 {
			if tab[c] != 0 {
				run = append(run, byte(c))
			} else {
				stop = append(stop, byte(c))
			}
		}
		// Bytes of the run, with at most two that end it anywhere.
		in := rapid.SliceOfN(rapid.SampledFrom(run), 0, 40).Draw(t, "in")
		for k := rapid.IntRange(0, 2).Draw(t, "stops"); k > 0 && len(in) > 0; k-- {
			in[rapid.IntRange(0, len(in)-1).Draw(t, "at")] = rapid.SampledFrom(stop).Draw(t, "stop")
		}
		i := rapid.IntRange(0, len(in)).Draw(t, "i")
		want := i
		for want < len(in) && tab[in[want]] != 0 {
			want++
		}
		if got := scanRun(string(in), i, tab); got != want {
			t.Fatalf("scanRun(%q, %d) = %d, want %d", in, i, got, want)
		}
	})
}

// TestLowerASCIIIsByteWise checks that lowerASCII, eight bytes a step,
// lower-cases each ASCII byte as the byte-wise lower does, at every length
// and alignment.
func TestLowerASCIIIsByteWise(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := rapid.SliceOfN(rapid.ByteRange(0, 0x7f), 0, 40).Draw(t, "in")
		want := make([]byte, len(in))
		for i, c := range in {
			want[i] = c
			if 'A' <= c && c <= 'Z' {
				want[i] = c + 'a' - 'A'
			}
		}
		got := append([]byte(nil), in...)
		lowerASCII(got)
		if string(got) != string(want) {
			t.Fatalf("lowerASCII(%q) = %q, want %q", in, got, want)
		}
	})
}

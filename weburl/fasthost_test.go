package weburl

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/corpus"
)

// urlParts is what a test compares of a parsed URL: every component, and
// the error of a failure.
type urlParts struct {
	Href, Protocol, Username, Password, Host, Hostname, Port, Pathname, Search, Hash string
	Err                                                                              *Error
}

// partsOf returns the parts of u and err that the tests compare.
func partsOf(u URL, err *Error) urlParts {
	return urlParts{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(),
		u.Port(), u.Pathname(), u.Search(), u.Hash(), err}
}

// idnaHandOffInputs are URLs whose special host the host parser converts
// (mapped by UTS #46 or percent-decoded): the corpus's and urltestdata's,
// IdnaTestV2's and toascii's inputs (those that fail too) as https hosts,
// and cases at the edges of the fast path's hand-off.
func idnaHandOffInputs(t *testing.T) []string {
	var ins []string
	for _, in := range corpus.Lines(t, "urls.txt") {
		if mayMapDomain(in) {
			ins = append(ins, in)
		}
	}
	var wpt []urlTest
	readWPTLoose(t, "urltestdata.json", &wpt)
	for _, tc := range wpt {
		if mayMapDomain(tc.Input) {
			ins = append(ins, tc.Input)
		}
	}
	for _, name := range []string{"IdnaTestV2.json", "toascii.json"} {
		for _, c := range readWPTCases(t, name) {
			ins = append(ins, "https://"+c.Input+"/", "http://"+c.Input+":81/p?q#f")
		}
	}
	return append(ins,
		"https://é:8080/x", "https://é:80/", "https://é:", "https://é:0x/", "https://é:65536/",
		"https://É.com", "https://Aé.COM/", "https://é@x/", "https://x:é@y/", "https://é:1@y/",
		"https://é\t.com/", "https://é.com/\n", "https://é[::1]:80/", "https://[é]/", "https://%41.com/",
		"https://%41é.com/", "https://é.1/", "https://é%2e1/", "https://%ef%bc%91%ef%bc%8e1/",
		"https://１.２.３.４/", "file://é/", "file://é/x", "sc://é/", "https://é<.com/", "https://é%3c/",
		"https://"+strings.Repeat("é", 32)+"/", "https://"+strings.Repeat("é", 33)+"/",
		"https://"+strings.Repeat("\ufdfa", 21)+"/", "https://"+strings.Repeat("ü", 30)+".de/",
		"https://é/a/../b", "https://é/a b", "https://é/\xff", "https://é/%2e/", "https://\xff/",
		"https://é\xff/", "https://é%ff/", "https://%c3/", "https://é?q#f", "https://é#f",
		"https://é\\x", "https://é/ ", "https://é%/", "https://é%zz/", "https://\u00ad/",
		"https://xn--zca.é/", "https://a.xn--a.é/", "https://\u05d0a.é/", "ws://é", "wss://é/", "ftp://é:21/")
}

// TestIDNAHandOffAgreesWithStateMachine checks that Parse, whose fast path
// hands a special host that is not ASCII or is percent-encoded to the host
// parser, gives the URL (every component) and the error that the state
// machine alone gives, that CanParse agrees, and the same for a reference
// "//host/…" resolved against a base URL.
func TestIDNAHandOffAgreesWithStateMachine(t *testing.T) {
	base, err := Parse("https://base.example/a/b?q")
	if err != nil {
		t.Fatal(err)
	}
	handedOff := 0
	for _, in := range idnaHandOffInputs(t) {
		var f fastURL
		if f.readAuthority(in) && f.idnaLen > 0 {
			handedOff++
		}
		werr := parseAgreesWithStateMachine(t, in)
		if CanParse(in) != (werr == nil) {
			t.Errorf("CanParse(%q) = %v, the state machine's error %v", in, !(werr == nil), werr)
		}
		if ref, ok := strings.CutPrefix(in, "https:"); ok {
			u, err := base.Parse(ref)
			var e *Error
			if err != nil {
				e = err.(*Error)
			}
			want, werr := parseFrom(ref, &base, nil, nil)
			if diff := cmp.Diff(partsOf(want, werr), partsOf(u, e)); diff != "" {
				t.Errorf("base.Parse(%q) differs from the state machine's (-want +got):\n%s", ref, diff)
			}
		}
	}
	if handedOff < 1000 {
		t.Errorf("the fast path handed off %d hosts, want most of IdnaTestV2's", handedOff)
	}
	t.Logf("hosts handed off: %d", handedOff)
}

// parseAgreesWithStateMachine checks that Parse(in) gives the URL (every
// component) and the error of the state machine alone, and returns the
// state machine's error.
func parseAgreesWithStateMachine(t *testing.T, in string) *Error {
	t.Helper()
	u, err := Parse(in)
	var e *Error
	if err != nil {
		e = err.(*Error)
	}
	want, werr := parseFrom(in, nil, nil, nil)
	if diff := cmp.Diff(partsOf(want, werr), partsOf(u, e)); diff != "" {
		t.Errorf("Parse(%q) differs from the state machine's (-want +got):\n%s", in, diff)
	}
	return werr
}

// TestNeedsCleaningIsWhetherCleanChangesInput checks needsCleaning against
// clean itself (on inputs without leading or trailing C0 controls or
// spaces, which the caller tests apart), and that Parse, which then resumes
// the state machine on the input as it is, gives the state machine's URL.
func TestNeedsCleaningIsWhetherCleanChangesInput(t *testing.T) {
	rests := []string{"/a", "/é", "/a?é#ü", "/\u202e", "/\xff", "/é\xc3", "/\xed\xa0\x80", "/\xf4\x90\x80\x80",
		"/a\tb", "/é\n", "/\rb", "/\x00\x01\x0db", "/a\x0eb", "?\U0001F600#\u00e9", "#\xe2\x82", "/" + strings.Repeat("é", 40)}
	for _, rest := range rests {
		p := parser{}
		p.clean(rest)
		if got, want := needsCleaning(rest), p.in != rest; got != want {
			t.Errorf("needsCleaning(%q) = %v, clean changes it: %v", rest, got, want)
		}
		p.releaseCleaned()
		for _, in := range []string{"https://example.com" + rest, "https://é.com:8080" + rest, "sc://h" + rest} {
			parseAgreesWithStateMachine(t, in)
		}
	}
}

// TestPercentDecodeShortIsPercentDecoding checks percentDecodeShort
// against appendPercentDecoded, the standard's percent-decode.
func TestPercentDecodeShortIsPercentDecoding(t *testing.T) {
	for _, s := range []string{"", "a", "%", "%4", "%41", "%4g", "%%41", "a%C3%A9b", "%e2%98%83", "%zz%41%",
		"%41%", "%4%41", strings.Repeat("%41", 21), strings.Repeat("é", 32)} {
		var b [maxIDNAHost]byte
		if diff := cmp.Diff(string(appendPercentDecoded(nil, s)), string(percentDecodeShort(&b, s))); diff != "" {
			t.Errorf("percentDecodeShort(%q) (-want +got):\n%s", s, diff)
		}
	}
}

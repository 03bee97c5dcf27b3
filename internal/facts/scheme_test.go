package facts

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// registered is every built-in scheme with its facts as registered, each
// row with its source. It is the one place to update beside the table of
// scheme.go: a scheme there without a row here, a row here without the
// scheme there, or a fact that differs fails TestBuiltinSchemesAsRegistered.
var registered = []struct {
	name      string
	port      string // the default port, "" for none
	special   bool   // a special scheme of the URL Standard
	needsHost bool   // its URLs always have a host that is not empty
	slashPath bool   // an empty path with an authority is "/"
	source    string
}{
	{"ftp", "21", true, true, true,
		`RFC 1738 §3.2 ("If :<port> is omitted, the port defaults to 21"); RFC 959 (the control connection's port); ` +
			`IANA Service Name and Port Number registry: ftp 21/tcp; URL Standard §4.2 "URL miscellaneous": ftp 21`},
	{"file", "", true, false, false,
		`RFC 8089 (a file URI names no port); URL Standard §4.2 "URL miscellaneous": file, default port null; ` +
			`its host may be empty ("file:///p", §4.4 "file host state")`},
	{"http", "80", true, true, true,
		`RFC 9110 §4.2.1 ("If the port subcomponent is empty or not given, TCP port 80 ... is the default"), ` +
			`§4.2.3 (an empty path is "/"); IANA registry: http 80/tcp; URL Standard §4.2: http 80`},
	{"https", "443", true, true, true,
		`RFC 9110 §4.2.2 ("TCP port 443 ... is the default"), §4.2.3; IANA registry: https 443/tcp; ` +
			`URL Standard §4.2: https 443`},
	{"ws", "80", true, true, true,
		`RFC 6455 §3 ("the default for "ws" is port 80"; an empty path is "/"); URL Standard §4.2: ws 80`},
	{"wss", "443", true, true, true,
		`RFC 6455 §3 ("the default for "wss" is port 443"); URL Standard §4.2: wss 443`},
}

func TestBuiltinSchemesAsRegistered(t *testing.T) {
	type facts struct {
		Port                          string
		Special, NeedsHost, SlashPath bool
	}
	want := map[string]facts{}
	for _, r := range registered {
		if r.source == "" {
			t.Errorf("%s: no source", r.name)
		}
		want[r.name] = facts{r.port, r.special, r.needsHost, r.slashPath}
	}
	got := map[string]facts{}
	for s := Scheme(1); s < numSchemes; s++ {
		if s.Name() == "" {
			t.Errorf("Scheme(%d) has no row in schemes", s)
			continue
		}
		got[s.Name()] = facts{s.DefaultPort(), s.Special(), s.NeedsHost(), s.EmptyPathIsSlash()}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("built-in schemes (-registered +facts):\n%s", diff)
	}
}

// A port fact is canonical decimal (no sign, no leading zero, digits only)
// and a port number, 1 to 65535: "7O", "070" and "65536" fail.
func TestDefaultPortsAreCanonicalDecimal(t *testing.T) {
	for s := Scheme(1); s < numSchemes; s++ {
		p := s.DefaultPort()
		if p == "" {
			if s.Port() != -1 {
				t.Errorf("%s: Port() = %d without a default port, want -1", s.Name(), s.Port())
			}
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil || strconv.Itoa(n) != p || n < 1 || n > 65535 {
			t.Errorf("%s: default port %q is not a canonical decimal port number", s.Name(), p)
			continue
		}
		if s.Port() != n {
			t.Errorf("%s: Port() = %d, want %d", s.Name(), s.Port(), n)
		}
	}
}

// Each built-in scheme is found by its name, in any case with LookupFold,
// and in lower case only with Lookup; anything else is Other.
func TestLookup(t *testing.T) {
	for s := Scheme(1); s < numSchemes; s++ {
		name := s.Name()
		if name != strings.ToLower(name) || !isSchemeName(name) {
			t.Errorf("Scheme(%d).Name() = %q, not a scheme in lower case (RFC 3986 §3.1)", s, name)
		}
		upper := strings.ToUpper(name)
		mixed := upper[:1] + name[1:]
		if Lookup(name) != s || LookupFold(name) != s || LookupFold(upper) != s || LookupFold(mixed) != s {
			t.Errorf("%q: Lookup %d, LookupFold %d %d %d, want %d", name, Lookup(name), LookupFold(name), LookupFold(upper), LookupFold(mixed), s)
		}
		if Lookup(upper) != Other {
			t.Errorf("Lookup(%q) = %d, want Other: Lookup compares exactly", upper, Lookup(upper))
		}
	}
	for _, name := range []string{"", "h", "htt", "https2", "httpx", "urn", "gopher", "HTTP:", "http\x00", "ht\x14p", "wß"} {
		if Lookup(name) != Other || LookupFold(name) != Other {
			t.Errorf("Lookup(%q) = %d, LookupFold = %d, want Other", name, Lookup(name), LookupFold(name))
		}
	}
	if Other.Name() != "" || Other.DefaultPort() != "" || Other.Port() != -1 || Other.Special() || Other.NeedsHost() ||
		numSchemes.Name() != "" || Scheme(255).Special() {
		t.Error("Other, or a Scheme out of the table, has facts")
	}
}

// isSchemeName reports whether s is a scheme (RFC 3986 §3.1):
// ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func isSchemeName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		alpha := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !alpha && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

func BenchmarkLookup(b *testing.B) {
	names := []string{"https", "http", "foo", "mailto", "wss", "file"}
	n := 0
	for i := 0; i < b.N; i++ {
		n += int(Lookup(names[i%len(names)]))
	}
	_ = n
}

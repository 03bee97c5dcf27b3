package uri

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// rsRun numbers the runs of TestRegisterScheme, so that each registers
// scheme names of its own under -count=N.
var rsRun atomic.Int64

// registerSchemeForTest is RegisterScheme for a test: it registers under
// names no other run uses and, once the test is over, takes the registry
// back to what it was, so that no test sees another's schemes.
func registerSchemeForTest(t *testing.T, name string, r SchemeRule) {
	t.Helper()
	old := schemes.Load()
	t.Cleanup(func() {
		schemesMu.Lock()
		defer schemesMu.Unlock()
		schemes.Store(old)
	})
	RegisterScheme(name, r)
}

// TestRegisterScheme checks that a registered scheme rule changes what
// Normalize does to URIs of that scheme (§6.2.3), names compared
// case-insensitively, that the built-in rules stay, and that registration
// and normalization may run at once.
func TestRegisterScheme(t *testing.T) {
	run := strconv.FormatInt(rsRun.Add(1), 10)
	name := "x-rs-test-" + run
	if _, ok := LookupScheme(name); ok {
		t.Fatalf("%s registered before the test", name)
	}
	u := MustParse("X-RS-Test-" + run + "://h:7")
	if got, want := u.Normalize().String(), name+"://h:7"; got != want {
		t.Errorf("before RegisterScheme: %q, want %q", got, want)
	}
	registerSchemeForTest(t, "X-RS-Test-"+run, SchemeRule{DefaultPort: "7", EmptyPathIsSlash: true})
	if r, ok := LookupScheme(name); !ok || r.DefaultPort != "7" {
		t.Errorf("LookupScheme = %+v, %v", r, ok)
	}
	if got, want := u.Normalize().String(), name+"://h/"; got != want {
		t.Errorf("after RegisterScheme: %q, want %q", got, want)
	}
	if r, ok := LookupScheme("HTTP"); !ok || r != (SchemeRule{DefaultPort: "80", EmptyPathIsSlash: true}) {
		t.Errorf("http rule = %+v, %v", r, ok)
	}

	// Concurrent registration and use (run with -race).
	conc := func(i int) string { return "x-rs-conc-" + run + "-" + string(rune('a'+i)) }
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			RegisterScheme(conc(i), SchemeRule{DefaultPort: "1"})
		}()
		go func() {
			defer wg.Done()
			for range 100 {
				if got := MustParse("HTTP://h:80").Normalize().String(); got != "http://h/" {
					t.Errorf("concurrent Normalize = %q", got)
				}
			}
		}()
	}
	wg.Wait()
	for i := range 4 {
		if _, ok := LookupScheme(conc(i)); !ok {
			t.Errorf("registration %d lost", i)
		}
	}
}

// The rules registered from the start are internal/facts' built-in schemes
// that have a default port, with that port, and no others: a scheme added
// there with a port reaches Normalize, PortOrDefault and DialAddr.
func TestBuiltinSchemesAreTheFacts(t *testing.T) {
	n := 0
	for s := facts.Scheme(1); s.Name() != ""; s++ {
		r, ok := builtinScheme(s.Name())
		want := SchemeRule{DefaultPort: s.DefaultPort(), EmptyPathIsSlash: s.EmptyPathIsSlash()}
		if ok != (s.DefaultPort() != "") || ok && r != want {
			t.Errorf("builtinScheme(%q) = %+v, %t; facts say %+v", s.Name(), r, ok, want)
		}
		if !ok {
			continue
		}
		n++
		u := MustParse(strings.ToUpper(s.Name()) + "://h:" + s.DefaultPort())
		if got, want := u.Normalize().String(), s.Name()+"://h/"; got != want {
			t.Errorf("Normalize(%q) = %q, want %q", u, got, want)
		}
		if p, err := MustParse(s.Name() + "://h").PortOrDefault(); err != nil || p != s.Port() {
			t.Errorf("%s: PortOrDefault = %d, %v; want %d", s.Name(), p, err, s.Port())
		}
	}
	if n == 0 {
		t.Error("no built-in scheme with a default port")
	}
	if _, ok := builtinScheme("x-not-built-in"); ok {
		t.Error("builtinScheme(x-not-built-in) found a rule")
	}
}

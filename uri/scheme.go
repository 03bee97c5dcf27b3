package uri

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// SchemeRule is what scheme-based normalization (§6.2.3) knows about a
// scheme. See RegisterScheme.
type SchemeRule struct {
	// DefaultPort is the scheme's default port, digits only ("80"), or ""
	// when it has none. Normalize drops a port equal to it, and an empty
	// port, with the ":" (§3.2.3, §6.2.3).
	DefaultPort string
	// EmptyPathIsSlash tells that an empty path with an authority means "/",
	// as for http (§6.2.3): Normalize writes "/".
	EmptyPathIsSlash bool
}

// schemes is the registry of the scheme rules RegisterScheme adds: a map
// replaced, never changed, so that Normalize reads it without a lock; nil
// until the first call. The rules registered from the start are
// builtinScheme's, so that importing uri builds no map at init.
var (
	schemes   atomic.Pointer[map[string]SchemeRule]
	schemesMu sync.Mutex // serializes RegisterScheme
)

// builtinScheme returns the rule of a scheme registered from the start,
// for its name in lower case: each built-in scheme of internal/facts that
// has a default port, with that port and whether an empty path is "/"
// (§6.2.3).
func builtinScheme(name string) (SchemeRule, bool) {
	s := facts.Lookup(name)
	if s.DefaultPort() == "" {
		return SchemeRule{}, false
	}
	return SchemeRule{DefaultPort: s.DefaultPort(), EmptyPathIsSlash: s.EmptyPathIsSlash()}, true
}

// schemeRule returns the rule of the scheme name, in lower case: the one
// RegisterScheme gave last, else the built-in one.
func schemeRule(name string) (SchemeRule, bool) {
	if m := schemes.Load(); m != nil {
		if r, ok := (*m)[name]; ok {
			return r, true
		}
	}
	return builtinScheme(name)
}

// RegisterScheme adds or replaces the scheme-based normalization rule
// (§6.2.3) that Normalize applies to URIs of scheme name (compared
// case-insensitively; a name that is not a scheme, §3.1, never matches).
// http, https, ws, wss and ftp are registered from the start.
//
// RegisterScheme is safe to call concurrently with itself and with
// Normalize, but it is meant for init time: a URI normalized before the call
// and one normalized after it may differ.
func RegisterScheme(name string, r SchemeRule) {
	schemesMu.Lock()
	defer schemesMu.Unlock()
	var old map[string]SchemeRule
	if p := schemes.Load(); p != nil {
		old = *p
	}
	m := make(map[string]SchemeRule, len(old)+1)
	for k, v := range old {
		m[k] = v
	}
	m[strings.ToLower(name)] = r
	schemes.Store(&m)
}

// LookupScheme returns the scheme-based normalization rule (§6.2.3)
// registered for scheme name (compared case-insensitively), and whether
// there is one.
func LookupScheme(name string) (SchemeRule, bool) {
	if r, ok := schemeRule(name); ok {
		return r, true
	}
	return schemeRule(strings.ToLower(name))
}

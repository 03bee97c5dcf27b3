package uri

import (
	"strings"
	"sync"
	"sync/atomic"
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
// until the first call. The rules of http, https, ws, wss and ftp are
// builtinScheme's, so that importing uri builds no map at init.
var (
	schemes   atomic.Pointer[map[string]SchemeRule]
	schemesMu sync.Mutex // serializes RegisterScheme
)

// builtinScheme returns the rule of a scheme registered from the start
// (§6.2.3; RFC 9110 §4.2 for http and https, RFC 6455 §3 for ws and wss,
// RFC 1738 §3.2 for ftp), for its name in lower case.
func builtinScheme(name string) (SchemeRule, bool) {
	switch name {
	case "http", "ws":
		return SchemeRule{DefaultPort: "80", EmptyPathIsSlash: true}, true
	case "https", "wss":
		return SchemeRule{DefaultPort: "443", EmptyPathIsSlash: true}, true
	case "ftp":
		return SchemeRule{DefaultPort: "21", EmptyPathIsSlash: true}, true
	}
	return SchemeRule{}, false
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

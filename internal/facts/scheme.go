// Package facts holds, once, the facts about schemes and hosts that more
// than one reading of a URL needs: the registered default ports of the
// built-in schemes, the WHATWG URL Standard's special schemes and which
// schemes need a host, and the Standard's host pieces (its forbidden host
// and domain code points, its ends-in-a-number checker, IPv4 number parser
// and IPv4 parser, its Windows drive letters). uri (RFC 3986, and how its
// lenient paths check what browsers read) and weburl (the URL Standard)
// take them from here, builder and iri through uri, so that a fact changed
// here changes every reading, and the tests that list the facts with their
// sources fail on a mistake.
//
// Nothing here runs at init or allocates: the tables are static data, which
// a program that does not use them does not link.
package facts

// Scheme is a built-in scheme: one whose facts the module knows from the
// start. Its zero value, Other, is any other scheme.
type Scheme uint8

// The built-in schemes.
const (
	Other Scheme = iota // not built in: no facts
	FTP
	File
	HTTP
	HTTPS
	WS
	WSS
	numSchemes
)

// Flags of a built-in scheme.
const (
	// special: a special scheme of the URL Standard (§4.2 "URL
	// miscellaneous"), whose URLs browsers parse with the special
	// states (a "\" is a "/", the host is a domain or an address).
	special = 1 << iota
	// needsHost: its URLs always have a host that is not empty, in both
	// readings: the special schemes but file, which the Standard's host
	// state makes fail on an empty host and whose origin is a tuple origin
	// (§4.7 "Origin").
	needsHost
	// slashPath: an empty path with an authority is "/" (RFC 3986 §6.2.3),
	// as scheme-based normalization writes it.
	slashPath
)

// schemeFacts is what the module knows about a built-in scheme.
type schemeFacts struct {
	name  string // lower case, as the scheme is registered
	port  string // the default port, in canonical decimal, or "" for none
	flags uint8
}

// schemes is the one list of the built-in schemes and their facts, indexed
// by Scheme. Each default port is the one registered for the scheme (IANA
// Service Name and Transport Protocol Port Number Registry; RFC 9110
// §4.2.1 and §4.2.2 for http and https, RFC 6455 §3 for ws and wss, RFC
// 1738 §3.2 and RFC 959 for ftp), which is also the URL Standard's default
// port of its special schemes (file has none). The test of this package
// lists them again, each with its source: change both together.
var schemes = [numSchemes]schemeFacts{
	FTP:   {"ftp", "21", special | needsHost | slashPath},
	File:  {"file", "", special},
	HTTP:  {"http", "80", special | needsHost | slashPath},
	HTTPS: {"https", "443", special | needsHost | slashPath},
	WS:    {"ws", "80", special | needsHost | slashPath},
	WSS:   {"wss", "443", special | needsHost | slashPath},
}

// Lookup returns the built-in scheme named name, in lower case as
// registered (an upper-case letter makes it another scheme), or Other.
// It is a switch, not a loop over schemes: weburl's fast path calls it on
// every URL, and the compiler turns a switch into a few word compares.
// TestLookup checks that it finds every row of schemes by its name.
func Lookup(name string) Scheme {
	switch name {
	case "ftp":
		return FTP
	case "file":
		return File
	case "http":
		return HTTP
	case "https":
		return HTTPS
	case "ws":
		return WS
	case "wss":
		return WSS
	}
	return Other
}

// LookupFold returns the built-in scheme named name, its ASCII letters
// compared case-insensitively (schemes compare so, RFC 3986 §3.1), or
// Other.
func LookupFold(name string) Scheme {
	for s := FTP; s < numSchemes; s++ {
		if equalFold(schemes[s].name, name) {
			return s
		}
	}
	return Other
}

// equalFold reports whether name is the lower-case ASCII string lower with
// any of its letters in upper case.
func equalFold(lower, name string) bool {
	if len(lower) != len(name) {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// Name returns the scheme's name in lower case, "" for Other.
func (s Scheme) Name() string { return s.facts().name }

// DefaultPort returns the scheme's registered default port in canonical
// decimal ("443"), or "" when it has none (file, Other).
func (s Scheme) DefaultPort() string { return s.facts().port }

// Port returns the scheme's default port as a number, or -1 when it has
// none.
func (s Scheme) Port() int {
	p := s.facts().port
	if p == "" {
		return -1
	}
	n := 0
	for i := 0; i < len(p); i++ {
		n = n*10 + int(p[i]-'0')
	}
	return n
}

// Special reports whether s is a special scheme of the URL Standard (§4.2
// "URL miscellaneous": ftp, file, http, https, ws and wss).
func (s Scheme) Special() bool { return s.facts().flags&special != 0 }

// NeedsHost reports whether the URLs of s always have a host that is not
// empty: the special schemes but file. Browsers refuse such a URL without
// one, and its origin is the tuple of scheme, host and port (§4.7
// "Origin").
func (s Scheme) NeedsHost() bool { return s.facts().flags&needsHost != 0 }

// EmptyPathIsSlash reports whether an empty path with an authority means
// "/" for s, as scheme-based normalization writes it (RFC 3986 §6.2.3; RFC
// 9110 §4.2.3 for http and https).
func (s Scheme) EmptyPathIsSlash() bool { return s.facts().flags&slashPath != 0 }

// facts returns the row of s; the zero row for Other and any value out of
// the table.
func (s Scheme) facts() schemeFacts {
	if s >= numSchemes {
		return schemeFacts{}
	}
	return schemes[s]
}

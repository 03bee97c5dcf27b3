package uri

import (
	"strconv"
	"strings"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/facts"
)

// ReadingError is the error of ParseRepaired (and so of Lenient and
// ResolveRepaired) for a text that, once repaired, RFC 3986 would read with
// another host or port than browsers do: browsers read URLs by the WHATWG
// URL Standard, which takes "\" for "/" in http, https, ws, wss, ftp and file
// URLs, skips any run of slashes after such a scheme, reads a host that ends
// in a number as an IPv4 address ("0x7f.1" is 127.0.0.1) and refuses hosts
// and ports that RFC 3986 accepts. Repairing such a text would hand the
// program one server where a browser fetches from another: the parser
// differential behind SSRF and open-redirect bugs. Package weburl reads the
// text as browsers do, and its CompareReadings shows both readings side by
// side.
//
// errors.Is(err, ErrInvalid) holds for a *ReadingError.
type ReadingError struct {
	Input     string // the text, as given
	Offset    int    // byte offset in Input where the two readings part
	Component string // "authority", "host" or "port": what browsers read otherwise
	Reason    string // how browsers read it, in plain words
}

// Error returns a message such as
//
//	uri: browsers read another host at offset 18: a "\" in the authority of an http URL is a "/" to browsers, so the host ends there; to read the text as a browser does, use package weburl (the WHATWG URL Standard)
//
// It quotes no more than 64 bytes of the input, never its password.
func (e *ReadingError) Error() string {
	return "uri: browsers read another " + e.Component + " at offset " + strconv.Itoa(e.Offset) +
		": " + e.Reason + "; to read the text as a browser does, use package weburl (the WHATWG URL Standard)"
}

// Is reports whether target is ErrInvalid.
func (e *ReadingError) Is(target error) bool { return target == ErrInvalid }

// checkWebReading returns a *ReadingError when the cleaned text t (the input
// s with the removals of repair 1 made; cl maps its offsets back to s) reads
// to browsers with another authority, host or port than RFC 3986 gives it
// once repaired. host is the host of the repaired URI; parsed is false when
// the repaired text does not parse, and then only the shape of the authority
// is looked at (a "\" in it is an error of RFC 3986 too, but the reason to
// give is the browsers' reading). A relative reference is read as browsers
// read it against an http or https base, the base of nearly every href.
// Non-special schemes agree: the URL Standard reads their authority where
// RFC 3986 does.
func checkWebReading(s string, cl *cleaned, host string, parsed bool) *ReadingError {
	t := cl.t
	fail := func(i int, comp, reason string) *ReadingError {
		return &ReadingError{Input: s, Offset: cl.at(min(i, len(t)-1)), Component: comp, Reason: reason}
	}
	i, special, file := 0, true, false
	scheme := ""
	if j := strings.IndexByte(t, ':'); j > 0 && isScheme(t[:j]) {
		scheme, i = t[:j], j+1
		k := facts.LookupFold(scheme)
		special, file = k.Special(), k == facts.File
	}
	if !special {
		return nil
	}
	rest := t[i:]
	slashes := 0
	for slashes < len(rest) && (rest[slashes] == '/' || rest[slashes] == '\\') {
		slashes++
	}
	// Browsers read a host after any run of "/" and "\" that follows an
	// http-like scheme, even an empty one, and after two of them at the
	// start of a file URL or of a reference; RFC 3986 only after "//".
	// Where the host they would read is empty, they fail: no other host.
	needs := 2
	if scheme != "" && !file {
		needs = 0
	}
	if slashes >= needs && browserHostAt(rest, slashes) {
		if k := strings.IndexByte(rest[:slashes], '\\'); k >= 0 {
			return fail(i+k, "authority", `a "\" after the scheme or at the start of a reference is a "/" to browsers, so they read what follows as a host`)
		}
		if !file && slashes != 2 {
			what := `after "` + strings.ToLower(scheme) + `:"`
			if scheme == "" {
				what = "at the start of a reference"
			}
			return fail(i, "authority", what+` browsers skip every "/" and "\" and read a host, where RFC 3986 reads a host only after exactly "//"`)
		}
	}
	if !strings.HasPrefix(rest, "//") {
		return nil // no authority to RFC 3986, and none or an empty host to browsers
	}
	start := i + 2
	end := len(t)
	if k := indexAny(t[start:], '/', '?', '#', '\\'); k >= 0 {
		end = start + k
		if t[end] == '\\' {
			return fail(end, "authority", `a "\" in the authority is a "/" to browsers, so the host ends there`)
		}
	}
	if file && slashes > 2 {
		return nil // "file:///p": an empty host in both readings
	}
	auth := t[start:end]
	hostAt := start
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		hostAt = start + at + 1
	}
	hostEnd, from := end, hostAt
	if strings.HasPrefix(t[hostAt:end], "[") {
		if k := strings.IndexByte(t[hostAt:end], ']'); k >= 0 {
			from = hostAt + k
		}
	}
	if k := strings.IndexByte(t[from:end], ':'); k >= 0 {
		hostEnd = from + k
	}
	if file && hostEnd < end && facts.NormalizedWindowsDriveLetter(t[hostAt:hostEnd+1]) {
		return fail(hostAt, "host", `"`+t[hostAt:hostEnd+1]+`" after "file://" is a drive letter to browsers, the start of the path, not a host`)
	}
	if !parsed || strings.HasPrefix(host, "[") {
		return nil
	}
	// A host browsers refuse (an empty one, one that holds a forbidden
	// domain code point once percent-decoded, a number that is no address)
	// makes them fail, not connect elsewhere: only a host they read as
	// another address is refused here, and one that holds a forbidden host
	// code point as it is written. RFC 3986 allows none of those in a
	// reg-name (§3.2.2), so that never happens with the Standard's list as
	// it is; should the list grow, no repair hands back such a host.
	for k := 0; k < len(host); k++ {
		if facts.ForbiddenHost(host[k]) {
			return fail(hostAt, "host", "browsers refuse a host that holds "+errtext.Quote(host[k:k+1], 0)+" (a forbidden host code point of the URL Standard)")
		}
	}
	d := decode(host)
	if a, ipv4, _ := facts.ReadASCIIDomain(d); ipv4 {
		if as := addrFrom(a).String(); as != d {
			return fail(hostAt, "host", "browsers read the host "+errtext.Quote(d, 0)+" as the IPv4 address "+as+" (the URL Standard's IPv4 parser), where RFC 3986 reads a name")
		}
	}
	return nil
}

// browserHostAt reports whether a browser reads a host that is not empty
// after the slashes that start rest (an empty one makes it fail).
func browserHostAt(rest string, slashes int) bool {
	return slashes < len(rest) && strings.IndexByte("/\\?#", rest[slashes]) < 0
}

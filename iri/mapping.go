package iri

import (
	"strings"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/rfc3987"
	"github.com/seed42851778/rfc3986/internal/ascii"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/idnahost"
	"github.com/seed42851778/rfc3986/uri"
)

// ToURI maps i to a URI (RFC 3987 §3.1, step 2): each character outside
// ASCII, a ucschar or an iprivate, becomes the percent-encoding of its UTF-8
// octets, with upper-case hexadecimal digits; everything else stays as it is,
// the host and existing percent-encodings included
// ("http://www.example.org/red%09rosé#red" becomes
// "http://www.example.org/red%09ros%C3%A9#red"). The mapping is the identity
// on URIs and idempotent. Step 1 of §3.1 (NFC for text that was not in a
// Unicode encoding) is the caller's: i is taken as the characters it holds.
// ToASCII is the variant for the wire, with an IDNA host.
func (i IRI) ToURI() uri.URI {
	return mustURI(appendToURI(nil, i.s))
}

// appendToURI appends s to dst with every byte outside ASCII
// percent-encoded.
func appendToURI(dst []byte, s string) []byte {
	for k := 0; k < len(s); k++ {
		if b := s[k]; b < utf8.RuneSelf {
			dst = append(dst, b)
		} else {
			dst = append(dst, '%', ascii.UpperHex[b>>4], ascii.UpperHex[b&15])
		}
	}
	return dst
}

// mustURI parses text that is a URI reference by construction; a failure is
// a bug of this package.
func mustURI(b []byte) uri.URI {
	u, err := uri.ParseReference(string(b))
	if err != nil {
		panic("iri: internal error: a mapping produced an invalid URI reference: " + err.Error())
	}
	return u
}

// FromURI maps the URI u to an IRI (RFC 3987 §3.2): every percent-encoding
// is decoded, except those of "%", of the reserved characters (RFC 3986
// §2.2) and of the ASCII characters a URI may not hold (controls, space,
// `"<>\^`+"`"+`{|}` and DEL); the decoded octets that are not part of a
// valid UTF-8 sequence, and the characters an IRI may not hold where they
// stand (a private-use character outside the query, a character that is not
// a ucschar, such as U+0085 or U+FDD0) or must not hold at all (the bidi
// formatting characters of §4.1: U+200E, U+200F, U+202A to U+202E), are
// percent-encoded again, with upper-case hexadecimal digits. The triplets
// that are not decoded keep their case. So "http://www.example.org/D%C3%BCrst"
// becomes "http://www.example.org/Dürst", "http://www.example.org/D%FCrst"
// stays, and "http://xn--99zt52a.example.org/%e2%80%ae" becomes
// "http://xn--99zt52a.example.org/%E2%80%AE" (§3.2.1).
//
// One policy where §3.2 is silent: a reg-name whose ASCII triplets would
// decode to an IPv4address ("%31.2.3.4") keeps them, as
// uri.URI.NormalizeSyntax does, since decoding would change what the host
// is (RFC 3986 §3.2.2, first match wins).
//
// FromURI does not touch an A-label ("xn--..."): §3.2 does not ask for it.
// FromURIWith with ULabels converts them.
func FromURI(u uri.URI) IRI { return FromURIWith(u, FromURIOptions{}) }

// FromURIOptions selects variants of FromURI. The zero value is FromURI.
type FromURIOptions struct {
	// ULabels converts the A-labels ("xn--...") of a reg-name host to their
	// Unicode form (U-labels) with IDNA ToUnicode, the option §3.2 gives
	// implementations with scheme-specific knowledge: "xn--99zt52a" becomes
	// "納豆". A host that IDNA does not accept, or whose Unicode form holds a
	// character an ireg-name may not, is left as it is (ToUnicode never
	// fails: RFC 3490 §4.2).
	ULabels bool
}

// FromURIWith is FromURI with options.
func FromURIWith(u uri.URI, opts FromURIOptions) IRI {
	var b []byte
	if u.Scheme() != "" {
		b = append(b, u.Scheme()...)
		b = append(b, ':')
	}
	if u.HasAuthority() {
		b = append(b, '/', '/')
		if u.HasUserInfo() {
			b = appendFromURI(b, u.UserInfo(), false, false)
			b = append(b, '@')
		}
		h := u.Host()
		if u.HostKind() == uri.RegName {
			h0 := len(b)
			b = appendFromURI(b, h, false, false)
			if strings.IndexByte(h, '%') >= 0 && c.IPv4Address.Match(string(b[h0:])) {
				b = appendFromURI(b[:h0], h, false, true)
			}
			if opts.ULabels {
				b = append(b[:h0], uLabels(string(b[h0:]))...)
			}
		} else {
			b = append(b, h...)
		}
		if u.HasPort() {
			b = append(b, ':')
			b = append(b, u.Port()...)
		}
	}
	if p := u.Path(); u.Scheme() == "" && !u.HasAuthority() && !strings.HasPrefix(p, "/") {
		b = appendRelativePathFromURI(b, p)
	} else {
		b = appendFromURI(b, p, false, false)
	}
	return mustParseReference(string(appendQueryFragment(b, u)))
}

// appendRelativePathFromURI is appendFromURI for the path of a relative-path
// reference, except that a segment whose triplets would decode to "." or
// ".." keeps them: there a dot segment would change what the reference
// resolves to (remove_dot_segments, §5.2.4, reads "." and not "%2E"), and
// uri's NormalizeSyntax keeps them for the same reason.
func appendRelativePathFromURI(dst []byte, p string) []byte {
	for {
		seg, rest, more := strings.Cut(p, "/")
		n := len(dst)
		dst = appendFromURI(dst, seg, false, false)
		if d := string(dst[n:]); d != seg && (d == "." || d == "..") {
			dst = append(dst[:n], seg...)
		}
		if !more {
			return dst
		}
		dst = append(dst, '/')
		p = rest
	}
}

// appendQueryFragment appends u's query and fragment, when defined, mapped
// as FromURI maps them: iprivate characters stay decoded in the query only.
func appendQueryFragment(b []byte, u uri.URI) []byte {
	if u.HasQuery() {
		b = append(b, '?')
		b = appendFromURI(b, u.Query(), true, false)
	}
	if u.HasFragment() {
		b = append(b, '#')
		b = appendFromURI(b, u.Fragment(), false, false)
	}
	return b
}

// appendFromURI appends the URI component s to dst with the percent-encodings
// §3.2 allows decoded; query tells whether iprivate characters may stay
// decoded, keepASCII keeps every ASCII triplet as it is.
func appendFromURI(dst []byte, s string, query, keepASCII bool) []byte {
	var oct [64]byte
	for k := 0; k < len(s); {
		if s[k] != '%' || k+2 >= len(s) {
			dst = append(dst, s[k])
			k++
			continue
		}
		v := unhex(s[k+1])<<4 | unhex(s[k+2])
		if v < 0x80 {
			if !keepASCII && c.UnreservedSet.Contains(v) {
				dst = append(dst, v)
			} else {
				dst = append(dst, s[k:k+3]...)
			}
			k += 3
			continue
		}
		// A run of triplets of octets outside ASCII: decode it, then keep
		// each valid character an IRI may hold here and re-encode the rest.
		octs := oct[:0]
		for k+2 < len(s) && s[k] == '%' {
			v := unhex(s[k+1])<<4 | unhex(s[k+2])
			if v < 0x80 {
				break
			}
			octs = append(octs, v)
			k += 3
		}
		for j := 0; j < len(octs); {
			r, size := utf8.DecodeRune(octs[j:])
			if size > 1 && allowed(r, query) {
				dst = append(dst, octs[j:j+size]...)
			} else {
				if size < 1 {
					size = 1
				}
				for _, o := range octs[j : j+size] {
					dst = append(dst, '%', ascii.UpperHex[o>>4], ascii.UpperHex[o&15])
				}
			}
			j += size
		}
	}
	return dst
}

// allowed reports whether r may stand unencoded in an IRI component: a
// ucschar that is not a bidi formatting character (§4.1), or, in the query,
// an iprivate.
func allowed(r rune, query bool) bool {
	if isBidiFormatting(r) {
		return false
	}
	return rfc3987.UCSCharSet.Contains(r) || query && rfc3987.IPrivateSet.Contains(r)
}

// isBidiFormatting reports whether r is one of the bidirectional formatting
// characters an IRI must not hold (RFC 3987 §4.1): LRM, RLM, LRE, RLE, PDF,
// LRO and RLO.
func isBidiFormatting(r rune) bool {
	return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E
}

func unhex(b byte) byte {
	switch {
	case b >= '0' && b <= '9':
		return b - '0'
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10
	}
	return 0 // not reached: a parsed URI holds only valid triplets
}

// idnaProfile is the UTS #46 lookup profile with nontransitional processing,
// set explicitly (idna.Lookup is documented as liable to change): the
// mapping for lookup (case, width, NFC), STD3 rules and the Bidi rule.
var idnaProfile = idnahost.New()

// uLabels returns the reg-name h with its A-labels as U-labels, or h when
// IDNA does not accept it or the result is not an ireg-name.
func uLabels(h string) string {
	if !strings.Contains(strings.ToLower(h), "xn--") {
		return h
	}
	u, err := idnaProfile.ToUnicode(h)
	if err != nil || !rfc3987.IRegName.Match(u) {
		return h
	}
	for _, r := range u {
		if isBidiFormatting(r) {
			return h
		}
	}
	return u
}

// IDNAError is the error of ToASCII when IDNA refuses the host: it quotes
// IDNA's reason.
type IDNAError struct {
	Host string // the host, as it stands in the IRI
	Err  error  // IDNA's error (golang.org/x/net/idna)
}

// Error returns a message such as
//
//	iri: host "a..b" is not a valid IDNA domain name: idna: invalid label ""
//
// It quotes at most 64 bytes of the host, and cuts IDNA's reason, which
// quotes the label, to 2*64 bytes.
func (e *IDNAError) Error() string {
	msg := "iri: host " + quote(e.Host) + " is not a valid IDNA domain name"
	if e.Err == nil { // a hand-made error: no reason to give
		return msg
	}
	return msg + ": " + errtext.Clip(e.Err.Error(), 2*errtext.Max)
}

// Unwrap returns IDNA's error.
func (e *IDNAError) Unwrap() error { return e.Err }

func quote(s string) string { return excerpt(s, 0) }

// ToASCII maps i to the URI to put on the wire (HTTP, DNS): ToURI, except
// that a reg-name host holding characters outside ASCII (as they stand or
// percent-encoded as UTF-8) goes through IDNA instead of percent-encoding:
// the UTS #46 lookup profile of golang.org/x/net/idna, nontransitional
// (RFC 3987 §3.1 allows this conversion; IDNA2008 replaced the RFC 3490
// ToASCII it names). So "http://bücher.de/ü" becomes
// "http://xn--bcher-kva.de/%C3%BC" and "faß.de" "xn--fa-hia.de". An
// all-ASCII host, an IP literal and an IPv4 address stay as they are. When
// IDNA refuses the host, ToASCII returns an *IDNAError that quotes its
// reason.
func (i IRI) ToASCII() (uri.URI, error) {
	h, ok := i.get(slotHost)
	if !ok || i.host != uri.RegName || !needsIDNA(h) {
		return i.ToURI(), nil
	}
	name := h
	if strings.IndexByte(h, '%') >= 0 {
		d, err := uri.PercentDecode(h)
		if err != nil || !utf8.ValidString(d) {
			return uri.URI{}, &IDNAError{Host: h, Err: errNotUTF8}
		}
		name = d
	}
	a, err := idnaProfile.ToASCII(name)
	if err != nil {
		return uri.URI{}, &IDNAError{Host: h, Err: err}
	}
	if !c.RegName.Match(a) { // not reached with the lookup profile (STD3 rules)
		return uri.URI{}, &IDNAError{Host: h, Err: errNotRegName}
	}
	lo, hi := int(i.sp[slotHost].lo-1), int(i.sp[slotHost].hi)
	b := appendToURI(nil, i.s[:lo])
	b = append(b, a...)
	b = appendToURI(b, i.s[hi:])
	return mustURI(b), nil
}

var (
	errNotUTF8    = idnaReason("the percent-encoded octets are not UTF-8")
	errNotRegName = idnaReason("the ASCII form is not a reg-name")
)

type idnaReason string

func (e idnaReason) Error() string { return string(e) }

// needsIDNA reports whether the reg-name h holds a character outside ASCII,
// as it stands or percent-encoded.
func needsIDNA(h string) bool {
	for k := 0; k < len(h); k++ {
		if h[k] >= utf8.RuneSelf || h[k] == '%' && k+1 < len(h) && unhex(h[k+1]) >= 8 {
			return true
		}
	}
	return false
}

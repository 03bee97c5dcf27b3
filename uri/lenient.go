package uri

import "github.com/seed42851778/rfc3986/internal/webhost"

// Lenient is a URI reference that decodes leniently, for pasted text: its
// UnmarshalText, which encoding/json (for a JSON string), encoding/xml and
// flag.TextVar call, parses with ParseRepaired rather than ParseReference.
// So the text of a config file or of an HTML form, "https://bücher.de/hook"
// or "../old page.html", decodes to "https://xn--bcher-kva.de/hook" and
// "../old%20page.html": the repairs ParseRepaired lists (percent-encoding
// what a component cannot hold, an IDNA A-label for a Unicode host, the
// removal of surrounding spaces, tabs and newlines), which keep what the
// reference means, and no other. What they cannot mend stays an error, a
// *ParseError with offsets into the text given. A text in which a browser
// reads another host or port, repaired or not, is a *ReadingError:
// "http://0x7f.1/" (127.0.0.1 to a browser), "https:evil.example/" (the
// host evil.example) and the other shapes ParseRepaired lists, with or
// without spaces around them (package weburl reads text as browsers do).
//
// The URI it holds is strict, like any other: Lenient embeds it, so its
// methods are a Lenient's, and it marshals as the repaired text. Decode
// into a URI where a repaired reference should be refused, and call
// ParseRepaired where the list of repairs matters.
type Lenient struct {
	URI
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseRepaired: any
// URI reference is accepted, relative ones included, after the repairs of
// ParseRepaired. On error, *l is left unchanged and the error is a
// *ParseError or a *ReadingError.
func (l *Lenient) UnmarshalText(text []byte) error {
	u, _, err := ParseRepaired(string(text))
	if err != nil {
		return err
	}
	l.URI = u
	return nil
}

// ResolveRepaired is ResolveString for pasted text: it parses ref with
// ParseRepaired, so that "../old page.html" or "/search?q=naïve" resolve
// to the targets a browser would fetch, and resolves the result against
// base (Resolve, §5.2). It returns the repairs made to ref, as
// ParseRepaired lists them, with offsets into ref. It fails with the
// *ParseError or *ReadingError of ParseRepaired when ref cannot be
// repaired or names another host than browsers read in it, or with the
// error of Resolve (a *ResolveError when base has no scheme).
//
// It also reads ref against base as browsers do, and fails with a
// *ReadingError where the target names another host or port than they
// read. That refuses two more shapes: a reference that starts with base's
// special scheme but not "//", which browsers read as relative to base,
// with base's host, and RFC 3986 (§5.2.2, strict) as it stands, with none
// ("http:" or "http:?q" against "http://a/b"; "file:x" against a file URL
// with a host), and a drive letter after "//" against a file URL
// ("//c:/x", a path to browsers).
func (base URI) ResolveRepaired(ref string) (URI, []Repair, error) {
	r, reps, err := ParseRepaired(ref)
	if err != nil {
		return URI{}, nil, err
	}
	u, err := base.Resolve(r)
	if err != nil {
		return URI{}, nil, err
	}
	b := webhost.Base{Scheme: base.Scheme(), Authority: base.HasAuthority(), Host: base.Host()}
	if re := checkWebReading(ref, clean(ref), r, true, &b); re != nil {
		return URI{}, nil, re
	}
	return u, reps, nil
}

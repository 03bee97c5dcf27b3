package uri

// Lenient is a URI reference that decodes leniently, for pasted text: its
// UnmarshalText, which encoding/json (for a JSON string), encoding/xml and
// flag.TextVar call, parses with ParseRepaired rather than ParseReference.
// So the text of a config file or of an HTML form, "https://bücher.de/hook"
// or "../old page.html", decodes to "https://xn--bcher-kva.de/hook" and
// "../old%20page.html": the repairs ParseRepaired lists (percent-encoding
// what a component cannot hold, an IDNA A-label for a Unicode host, the
// removal of surrounding spaces, tabs and newlines), which keep what the
// reference means, and no other. What they cannot mend stays an error, a
// *ParseError with offsets into the text given, or a *ReadingError where a
// browser would read another host in the text (see ParseRepaired; package
// weburl reads text as browsers do).
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
// to the targets a browser would fetch, and resolves the
// result against base (Resolve, §5.2). It returns the repairs made to ref,
// as ParseRepaired lists them, with offsets into ref. It fails with the
// *ParseError or *ReadingError of ParseRepaired when ref cannot be repaired, or with the
// error of Resolve (a *ResolveError when base has no scheme).
func (base URI) ResolveRepaired(ref string) (URI, []Repair, error) {
	r, reps, err := ParseRepaired(ref)
	if err != nil {
		return URI{}, nil, err
	}
	u, err := base.Resolve(r)
	if err != nil {
		return URI{}, nil, err
	}
	return u, reps, nil
}

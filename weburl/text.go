package weburl

// MarshalText implements encoding.TextMarshaler: the href, as String
// returns it, and empty for the zero URL. encoding/json writes a URL as a
// JSON string of its href, and so do the config encoders that use the
// interface. The href is the URL's serialization: the password, when there
// is one, is in it (use Redacted for logs).
func (u URL) MarshalText() ([]byte, error) {
	return []byte(u.href), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it parses text as
// Parse does (no base) and sets *u to the result, or to the zero URL for
// an empty text, so that MarshalText and UnmarshalText give back the URL
// they started with. On failure it returns Parse's *Error and leaves *u as
// it was.
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

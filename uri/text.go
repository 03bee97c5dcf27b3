package uri

// MarshalText implements encoding.TextMarshaler: the text is String. With
// UnmarshalText, it lets a URI be a JSON string, an XML attribute or a
// flag.TextVar.
func (u URI) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// AppendText implements encoding.TextAppender: it appends String to b.
func (u URI) AppendText(b []byte) ([]byte, error) { return append(b, u.String()...), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseReference: any
// URI reference is accepted, relative ones included. On error, *u is left
// unchanged and the error is a *ParseError.
func (u *URI) UnmarshalText(text []byte) error {
	v, err := ParseReference(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

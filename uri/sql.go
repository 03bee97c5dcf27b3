package uri

import (
	"database/sql/driver"
	"errors"
)

// Scan implements database/sql's Scanner: it parses a string or a []byte
// column with ParseReference, so that a URI can be read from a database
// as any other value. NULL is an error, as for a string: scan a column
// that may be NULL into a sql.Null[uri.URI]. On error, *u is left
// unchanged; a text that is not a URI reference gives its *ParseError.
func (u *URI) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case string:
		s = v
	case []byte:
		s = string(v)
	case nil:
		return errors.New("uri: cannot scan NULL into a URI: scan into a sql.Null[uri.URI]")
	default:
		return errors.New("uri: cannot scan a non-text column into a URI")
	}
	v, err := ParseReference(s)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// Value implements database/sql/driver's Valuer: a URI is stored as its
// text, String.
func (u URI) Value() (driver.Value, error) { return u.s, nil }

// Scan implements database/sql's Scanner as URI's Scan does, with
// ParseRepaired instead of ParseReference (see Lenient).
func (l *Lenient) Scan(src any) error {
	switch v := src.(type) {
	case string:
		return l.UnmarshalText([]byte(v))
	case []byte:
		return l.UnmarshalText(v)
	}
	return l.URI.Scan(src) // the same errors
}

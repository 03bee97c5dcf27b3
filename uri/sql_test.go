package uri_test

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// Compile-time checks of the interfaces database/sql looks for.
var (
	_ sql.Scanner   = (*uri.URI)(nil)
	_ driver.Valuer = uri.URI{}
	_ sql.Scanner   = (*uri.Lenient)(nil)
	_ driver.Valuer = uri.Lenient{}
)

func TestScanValue(t *testing.T) {
	for _, src := range []any{"https://example.com/a?b#c", []byte("https://example.com/a?b#c")} {
		var u uri.URI
		if err := u.Scan(src); err != nil || u.String() != "https://example.com/a?b#c" {
			t.Errorf("Scan(%#v) = %q, %v", src, u, err)
		}
		v, err := u.Value()
		if err != nil || v != "https://example.com/a?b#c" {
			t.Errorf("Value() = %#v, %v", v, err)
		}
		if !driver.IsValue(v) {
			t.Errorf("Value() = %#v is not a driver.Value", v)
		}
	}
	for _, src := range []any{nil, 42, "a b", []byte("%zz")} {
		u := uri.MustParse("keep:me")
		if err := u.Scan(src); err == nil || u.String() != "keep:me" {
			t.Errorf("Scan(%#v) = %q, %v; want an error and no change", src, u, err)
		}
	}
	var pe *uri.ParseError
	var u uri.URI
	if err := u.Scan("a b"); !errors.As(err, &pe) {
		t.Errorf("Scan(\"a b\"): %v, want a *ParseError", err)
	}
	var l uri.Lenient
	if err := l.Scan("https://bücher.de/a b"); err != nil || l.String() != "https://xn--bcher-kva.de/a%20b" {
		t.Errorf("Lenient.Scan = %q, %v", l, err)
	}
	if err := l.Scan(nil); err == nil {
		t.Error("Lenient.Scan(nil): no error")
	}
	var n sql.Null[uri.URI]
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Errorf("sql.Null[uri.URI].Scan(nil) = %v, %v", n, err)
	}
	if err := n.Scan("s:x"); err != nil || !n.Valid || n.V.String() != "s:x" {
		t.Errorf("sql.Null[uri.URI].Scan = %v, %v", n, err)
	}
}

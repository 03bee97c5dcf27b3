package uri

import (
	"net/url"
	"strings"
	"unsafe"
)

// QueryValues returns the value of every query parameter whose decoded key is
// key, percent-decoded, in the order they stand; nil when there is none. A
// parameter without "=" ("?flag") has the value "". It reads the query as
// QueryParams splits it: pieces between "&", each cut at its first "=". Keys
// compare after percent-decoding ("%61" is "a"), and "+" is a "+" in both key
// and value: RFC 3986 gives it no meaning (§3.4). For a query sent by an HTML
// form, where "+" stands for a space, read FormValues instead.
func (u URI) QueryValues(key string) []string {
	var vs []string
	for k, v := range u.QueryParams() {
		if strings.IndexByte(k, '%') >= 0 {
			k = decode(k)
		}
		if k == key {
			vs = append(vs, decode(v))
		}
	}
	return vs
}

// FormValues returns the query read as application/x-www-form-urlencoded, as
// HTML forms and most web servers read it: pieces between "&" (empty ones
// skipped), each cut at its first "=" (none: the value is ""), then in key
// and value "+" is a space and pct-encoded triplets are decoded ("%2B" is a
// "+"). The map is never nil; it is empty when there is no query.
//
// It equals net/url's ParseQuery on every query ParseQuery accepts. Where
// ParseQuery fails, on a piece that holds a ";" (which Go refuses since 1.17
// as a possible separator), FormValues keeps that piece as data, ";"
// included, as the WHATWG URL Standard's form decoder does: ";" separates
// nothing in RFC 3986 (§3.4, a sub-delim) nor in HTML forms. A parsed URI's
// query always decodes, so there is no error to report.
//
// Which to use: QueryValues and DecodedQueryParams read RFC 3986 text, where
// "+" is itself; FormValues reads what a form (or net/url's Encode) wrote,
// where "+" is a space. The builder's QueryParam and SetQueryParam encode
// "+", "&", "=" and ";" so that both readings agree.
func (u URI) FormValues() url.Values {
	vs := make(url.Values)
	for k, v := range u.QueryParams() {
		k = formDecode(k)
		vs[k] = append(vs[k], formDecode(v))
	}
	return vs
}

// formDecode decodes s as application/x-www-form-urlencoded: "+" is a space,
// pct-encoded triplets are decoded. A "%" not followed by two hexadecimal
// digits stays as it is (a parsed URI has none).
func formDecode(s string) string {
	i := strings.IndexAny(s, "+%")
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		switch x := s[i]; {
		case x == '+':
			b = append(b, ' ')
		case x == '%' && i+2 < len(s) && unhex(s[i+1]) >= 0 && unhex(s[i+2]) >= 0:
			b = append(b, byte(unhex(s[i+1])<<4|unhex(s[i+2])))
			i += 2
		default:
			b = append(b, x)
		}
	}
	// b is written whole and never again: the result's one allocation (a
	// copy would be a second).
	return unsafe.String(unsafe.SliceData(b), len(b))
}

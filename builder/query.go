package builder

import (
	"strings"

	"github.com/seed42851778/rfc3986/uri"
)

// SetQueryParam gives the parameter key the value value, and keeps every
// other parameter of the query byte for byte, in its place. The query is
// read as uri.URI.QueryParams reads it: pieces between "&" (";" separates
// nothing), each cut at its first "="; keys compare percent-decoded ("%61"
// is "a"; "+" is a "+").
//
// The first parameter whose decoded key is key keeps its key as written and
// gets "=" and value; later parameters with that key go. When there is none,
// key=value is appended after an "&" (the query becomes defined if it was
// not). Key and value are percent-encoded as by QueryParam, "&", "=", "+"
// and ";" included, so that uri.URI.QueryValues and FormValues (and
// net/url's ParseQuery) read back exactly value. Parameters without "="
// ("flag") and empty pieces ("a=1&&b=2") stay as they are.
func (b Builder) SetQueryParam(key, value string) Builder {
	if b.npKV > 0 {
		b = b.flushKV()
	}
	v := uri.PercentEncode(value, uri.ComponentQueryParam)
	if !b.has(hasQuery) || b.query == "" {
		b.query = uri.PercentEncode(key, uri.ComponentQueryParam) + "=" + v
		return b.with(hasQuery)
	}
	var sb strings.Builder
	sb.Grow(len(b.query) + len(key) + len(v) + 2)
	found, first := false, true
	for q, more := b.query, true; more; {
		var piece string
		piece, q, more = strings.Cut(q, "&")
		match := piece != "" && keyIs(piece, key)
		if match && found {
			continue
		}
		if !first {
			sb.WriteByte('&')
		}
		first = false
		if match {
			found = true
			k, _, _ := strings.Cut(piece, "=")
			sb.WriteString(k)
			sb.WriteByte('=')
			sb.WriteString(v)
			continue
		}
		sb.WriteString(piece)
	}
	if !found {
		sb.WriteByte('&')
		sb.WriteString(uri.PercentEncode(key, uri.ComponentQueryParam))
		sb.WriteByte('=')
		sb.WriteString(v)
	}
	b.query = sb.String()
	return b
}

// DelQueryParam removes every parameter whose decoded key is key (read and
// compared as SetQueryParam does), with the "&" that joined it, and keeps
// every other piece of the query byte for byte, empty pieces included. When
// no parameter is left, the query becomes undefined: no "?" at all. Without
// a query, DelQueryParam changes nothing.
func (b Builder) DelQueryParam(key string) Builder {
	if !b.has(hasQuery) {
		return b
	}
	if b.npKV > 0 {
		b = b.flushKV()
	}
	var sb strings.Builder
	sb.Grow(len(b.query))
	params, first := 0, true
	for q, more := b.query, b.query != ""; more; {
		var piece string
		piece, q, more = strings.Cut(q, "&")
		if piece != "" {
			if keyIs(piece, key) {
				continue
			}
			params++
		}
		if !first {
			sb.WriteByte('&')
		}
		sb.WriteString(piece)
		first = false
	}
	if params == 0 {
		return b.WithoutQuery()
	}
	b.query = sb.String()
	return b
}

// keyIs reports whether the raw parameter piece has the decoded key key. A
// key that does not decode (raw text Build would refuse) compares as it is.
func keyIs(piece, key string) bool {
	k, _, _ := strings.Cut(piece, "=")
	if strings.IndexByte(k, '%') < 0 {
		return k == key
	}
	d, err := uri.PercentDecode(k)
	if err != nil {
		return k == key
	}
	return d == key
}

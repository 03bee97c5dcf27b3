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
	return b.setParam(key, value, queryParamEncode, false)
}

func queryParamEncode(s string) string { return uri.PercentEncode(s, uri.ComponentQueryParam) }

// FormParam appends key=value to the query as an HTML form writes it
// (application/x-www-form-urlencoded, as net/url's Values.Encode does): a
// space is "+", and everything QueryParam encodes is encoded, "+" ("%2B"),
// "&", "=" and ";" included, so that uri.URI.FormValues (and net/url's
// ParseQuery, and any form decoder) reads back exactly key and value. Use it
// for a query a web server reads as a form; QueryParam writes a space as
// "%20", which both readings agree on.
func (b Builder) FormParam(key, value string) Builder {
	if b.npKV > 0 {
		b = b.flushKV()
	}
	k, v := formEncode(key), formEncode(value)
	if b.has(hasQuery) && b.query != "" {
		b.query += "&" + k + "=" + v
	} else {
		b.query = k + "=" + v
	}
	return b.with(hasQuery)
}

// SetFormParam is SetQueryParam for a form: key and value are written as
// FormParam writes them, a space as "+", and keys compare as a form decoder
// (uri.URI.FormValues) reads them, "+" as a space, then percent-decoded.
func (b Builder) SetFormParam(key, value string) Builder {
	return b.setParam(key, value, formEncode, true)
}

// formEncode encodes s as a key or value of a form: ComponentQueryParam,
// which encodes "+" and a space, then each "%20" written back as "+".
func formEncode(s string) string {
	e := uri.PercentEncode(s, uri.ComponentQueryParam)
	if !strings.Contains(e, "%20") {
		return e
	}
	return strings.ReplaceAll(e, "%20", "+")
}

// setParam is SetQueryParam and SetFormParam, with enc the encoding of key
// and value, and form telling whether keys are read with "+" as a space.
func (b Builder) setParam(key, value string, enc func(string) string, form bool) Builder {
	if b.npKV > 0 {
		b = b.flushKV()
	}
	v := enc(value)
	if !b.has(hasQuery) || b.query == "" {
		b.query = enc(key) + "=" + v
		return b.with(hasQuery)
	}
	var sb strings.Builder
	sb.Grow(len(b.query) + len(key) + len(v) + 2)
	found, first := false, true
	for q, more := b.query, true; more; {
		var piece string
		piece, q, more = strings.Cut(q, "&")
		match := piece != "" && keyIs(piece, key, form)
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
		sb.WriteString(enc(key))
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
			if keyIs(piece, key, false) {
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

// keyIs reports whether the raw parameter piece has the decoded key key,
// with "+" read as a space first when form is true. A key that does not
// decode (raw text Build would refuse) compares as it is.
func keyIs(piece, key string, form bool) bool {
	k, _, _ := strings.Cut(piece, "=")
	if form {
		k = strings.ReplaceAll(k, "+", " ")
	}
	if strings.IndexByte(k, '%') < 0 {
		return k == key
	}
	d, err := uri.PercentDecode(k)
	if err != nil {
		return k == key
	}
	return d == key
}

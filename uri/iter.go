package uri

import (
	"iter"
	"strings"
)

// Segments returns an iterator over the raw segments of the path, split on
// "/" (§3.3), still percent-encoded. The empty segment before the first "/" of
// an absolute path is skipped; every other segment is kept, empty ones
// included, so "/a//b/" gives "a", "", "b", "". The empty path gives no
// segment, and "/" gives one empty segment. Iterating allocates nothing.
func (u URI) Segments() iter.Seq[string] {
	path := u.Path()
	return func(yield func(string) bool) {
		p := path // each walk starts afresh: the iterator can be ranged again, and concurrently
		if p == "" {
			return
		}
		if p[0] == '/' {
			p = p[1:]
		}
		for {
			seg, rest, more := strings.Cut(p, "/")
			if !yield(seg) || !more {
				return
			}
			p = rest
		}
	}
}

// DecodedSegments is Segments with each segment percent-decoded (a decoded
// segment may hold "/", from "%2F"). A parsed URI always decodes, so there is
// no error to report.
func (u URI) DecodedSegments() iter.Seq[string] {
	return func(yield func(string) bool) {
		for seg := range u.Segments() {
			if !yield(decode(seg)) {
				return
			}
		}
	}
}

// QueryParams returns an iterator over the parameters of the query, in
// order, as the key=value convention of HTML forms writes them: pieces split
// on "&", each split on its first "=" into a raw key and a raw value, still
// percent-encoded. A piece without "=" is a key with an empty value; empty
// pieces ("a=1&&b=2", a leading or trailing "&") are skipped. A key may come
// more than once. No query, or an empty one, gives nothing. RFC 3986 does not
// define this structure (§3.4): it is a convention of schemes such as http.
// Iterating allocates nothing.
//
// Only "&" separates parameters. ";" is data, as in RFC 3986 (a sub-delim
// with no role in a query), in HTML forms and in the WHATWG URL Standard;
// HTML 4 suggested it as a second separator, and net/url's ParseQuery,
// since Go 1.17, refuses a parameter that holds one. So "a=1;b=2" is one
// parameter, key "a", value "1;b=2", and the builder encodes ";" in the keys
// and values it writes (ComponentQueryParam) so that every reader agrees.
//
// Which reader to use: QueryParams for the raw text, DecodedQueryParams and
// QueryValues for RFC 3986 percent-decoding, where "+" is a "+"; FormValues
// where the query was written by an HTML form or by net/url's Encode, where
// "+" is a space.
func (u URI) QueryParams() iter.Seq2[string, string] {
	query := u.Query()
	return func(yield func(string, string) bool) {
		q := query // each walk starts afresh
		for q != "" {
			var piece string
			piece, q, _ = strings.Cut(q, "&")
			if piece == "" {
				continue
			}
			k, v, _ := strings.Cut(piece, "=")
			if !yield(k, v) {
				return
			}
		}
	}
}

// DecodedQueryParams is QueryParams with keys and values percent-decoded.
// "+" is not a space: RFC 3986 has no such rule; replace it yourself where
// the scheme says so.
func (u URI) DecodedQueryParams() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for k, v := range u.QueryParams() {
			if !yield(decode(k), decode(v)) {
				return
			}
		}
	}
}

// QueryValue returns the decoded value of the first query parameter whose
// decoded key is key, and whether there is one (see QueryParams). "+" is a
// "+"; for form values, where it is a space, see FormValues. QueryValues
// returns every value of key.
func (u URI) QueryValue(key string) (string, bool) {
	for k, v := range u.QueryParams() {
		if strings.IndexByte(k, '%') >= 0 {
			k = decode(k)
		}
		if k == key {
			return decode(v), true
		}
	}
	return "", false
}

package main

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/seed42851778/rfc3986/uri"
	"github.com/seed42851778/rfc3986/weburl"
)

// Every stride-th line of a file is in the sample, the first one
// included; and, for each shape, the first perShape lines that have it.
const (
	stride   = 10
	perShape = 3
)

// pick returns the lines of the sample of lines, in their order: every
// stride-th line, so that the sample keeps the corpus's mix, and the first
// perShape lines of each shape that shapes gives, so that it keeps every
// shape however rare.
func pick(lines []string, shapes func(string) []string) []string {
	keep := make([]bool, len(lines))
	seen := map[string]int{}
	for i, l := range lines {
		if i%stride == 0 {
			keep[i] = true
		}
		for _, s := range shapes(l) {
			if seen[s] < perShape {
				seen[s]++
				keep[i] = true
			}
		}
	}
	var out []string
	for i, l := range lines {
		if keep[i] {
			out = append(out, l)
		}
	}
	return out
}

// urlKinds returns the shapes of a line of urls.txt: those of its text and
// the verdicts of the parsers on it.
func urlKinds(line string) []string {
	return append(urlShapes(line), verdicts(line)...)
}

// verdicts returns what uri and weburl say of s: for a rejection, the rule
// and the component and byte where uri stops, or the validation error that
// made weburl fail; for an acceptance, weburl's validation errors.
func verdicts(s string) []string {
	var out []string
	if _, err := uri.ParseReference(s); err != nil {
		out = append(out, "uri rejects as URI-reference: "+stop(err))
	}
	if _, err := uri.Parse(s); err != nil {
		out = append(out, "uri rejects as URI: "+stop(err))
	}
	_, vs, err := weburl.ParseValidated(s, weburl.URL{})
	if err != nil {
		out = append(out, "weburl rejects: "+webType(err))
	}
	for _, v := range vs {
		out = append(out, "weburl validation error: "+v.Type)
	}
	return out
}

// pairKinds returns the shapes of a line of resolve.tsv and the verdicts of
// the parsers on its base and its reference against that base.
func pairKinds(line string) []string {
	out := pairShapes(line)
	bs, rs, _ := strings.Cut(line, "\t")
	if _, err := uri.Parse(bs); err != nil {
		out = append(out, "uri rejects the base: "+stop(err))
	}
	if _, err := uri.ParseReference(rs); err != nil {
		out = append(out, "uri rejects the reference: "+stop(err))
	}
	base, err := weburl.Parse(bs)
	if err != nil {
		return append(out, "weburl rejects the base: "+webType(err))
	}
	if _, err := base.Parse(rs); err != nil {
		out = append(out, "weburl rejects the reference: "+webType(err))
	}
	return out
}

// stop names where uri stopped: the component and the byte there (the
// grammar's fact, not the wording of the error).
func stop(err error) string {
	var pe *uri.ParseError
	if !errors.As(err, &pe) {
		return "an error without a ParseError"
	}
	return pe.Component + " at " + byteAt(pe.Input, pe.Offset)
}

// byteAt names the byte of s at off by its class.
func byteAt(s string, off int) string {
	switch {
	case off >= len(s):
		return "the end"
	case s[off] >= utf8.RuneSelf:
		return "a byte outside ASCII"
	case s[off] < ' ' || s[off] == 0x7f:
		return "a control byte"
	case s[off] == ' ':
		return "a space"
	}
	return `"` + s[off:off+1] + `"`
}

// webType is the validation error that made weburl fail.
func webType(err error) string {
	var we *weburl.Error
	if !errors.As(err, &we) {
		return "an error without a weburl.Error"
	}
	return we.Type
}

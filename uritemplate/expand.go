package uritemplate

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

// Pair is one (name, value) member of an associative array.
type Pair struct {
	Name, Value string
}

// Pairs is an associative array whose order matters: its members expand in
// their order, where a map[string]string expands in the order of its keys.
// Names may repeat. An empty Pairs is undefined (§2.3).
type Pairs []Pair

// Expand expands the template with the values of vars (RFC 6570 §3), as the
// algorithm of Appendix A does. A variable's value is one of:
//
//   - a string, or a value of any type whose underlying type is string;
//   - a value of an integer or floating-point kind, written as strconv
//     writes it (FormatInt, FormatUint, FormatFloat with format 'g' and the
//     smallest precision that round-trips);
//   - a fmt.Stringer, written as its String method returns it;
//   - a []string: a list;
//   - a map[string]string: an associative array, expanded in the order of
//     its keys, so that the expansion is deterministic;
//   - a Pairs: an associative array expanded in its own order.
//
// A variable missing from vars, nil (a nil pointer too), an empty list and an
// empty associative array are undefined (§2.3) and expand to nothing; the
// empty string is defined. Any other value is an *ExpandError that names the
// variable, and so is a prefix modifier on a list or an associative array
// (§2.4.1). On error Expand returns "".
//
// Characters outside the allowed set of the operator (unreserved, or
// unreserved / reserved for "+" and "#") are encoded as the pct-encoded
// triplets of their UTF-8 bytes by uri.Encode; under "+" and "#" a
// pct-encoded triplet in a value passes as it stands, and a "%" that starts
// none is encoded as "%25". A prefix modifier counts characters (Unicode
// code points; a byte of invalid UTF-8 counts as one), and under "+" and
// "#" a pct-encoded character, one triplet or the triplets of one UTF-8
// encoded code point, counts as one and is never split.
//
// Exploded associative arrays under the named operators ";", "?" and "&"
// expand each pair as name=value with the name encoded as the value is,
// as §3.2.1 says ("Both name and value strings are encoded in the same way
// as simple string values"); Appendix A, which is not normative, would copy
// the name as a literal instead.
func (t *Template) Expand(vars map[string]any) (string, error) {
	var b strings.Builder
	b.Grow(len(t.raw) + 8*min(t.nvars, 64))
	var arr [8]varspec // most expressions have fewer variables: no allocation
	buf := arr[:0]
	for i := 0; i < len(t.raw); {
		p, next := nextPart(t.raw, i, buf)
		i = next
		if p.op == nil {
			b.WriteString(encodeReserved(p.lit))
			continue
		}
		buf = p.vars
		if err := expandExpr(&b, &p, vars); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// valueKind tells the kinds of value apart.
type valueKind uint8

const (
	undefined valueKind = iota
	stringValue
	listValue
	assocValue
)

// value is a variable's value, resolved from the vars of Expand.
type value struct {
	kind  valueKind
	s     string
	list  []string
	pairs []Pair
	typ   string // the Go type, for errors
}

// resolve turns x, a value of Expand's vars, into a value; ok is false for
// a type Expand does not know.
func resolve(x any) (v value, ok bool) {
	switch x := x.(type) {
	case nil:
		return value{}, true
	case string:
		return value{kind: stringValue, s: x}, true
	case []string:
		if len(x) == 0 {
			return value{}, true
		}
		return value{kind: listValue, list: x, typ: "[]string"}, true
	case map[string]string:
		if len(x) == 0 {
			return value{}, true
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		pairs := make([]Pair, len(keys))
		for i, k := range keys {
			pairs[i] = Pair{k, x[k]}
		}
		return value{kind: assocValue, pairs: pairs, typ: "map[string]string"}, true
	case Pairs:
		if len(x) == 0 {
			return value{}, true
		}
		return value{kind: assocValue, pairs: x, typ: "uritemplate.Pairs"}, true
	case int:
		return value{kind: stringValue, s: strconv.Itoa(x)}, true
	case int64:
		return value{kind: stringValue, s: strconv.FormatInt(x, 10)}, true
	case float64:
		return value{kind: stringValue, s: strconv.FormatFloat(x, 'g', -1, 64)}, true
	}
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		if rv.IsNil() {
			return value{}, true
		}
	}
	if s, ok := x.(fmt.Stringer); ok {
		return value{kind: stringValue, s: s.String()}, true
	}
	switch rv.Kind() {
	case reflect.String:
		return value{kind: stringValue, s: rv.String()}, true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return value{kind: stringValue, s: strconv.FormatInt(rv.Int(), 10)}, true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return value{kind: stringValue, s: strconv.FormatUint(rv.Uint(), 10)}, true
	case reflect.Float32:
		return value{kind: stringValue, s: strconv.FormatFloat(rv.Float(), 'g', -1, 32)}, true
	case reflect.Float64:
		return value{kind: stringValue, s: strconv.FormatFloat(rv.Float(), 'g', -1, 64)}, true
	}
	return value{}, false
}

// expandExpr appends the expansion of expression p to b (Appendix A).
func expandExpr(b *strings.Builder, p *part, vars map[string]any) error {
	op := p.op
	first := true
	for _, v := range p.vars {
		x, ok := vars[v.name]
		if !ok {
			continue
		}
		val, known := resolve(x)
		if !known {
			return &ExpandError{Offset: v.off, Var: v.name,
				Reason: fmt.Sprintf("a value of type %T cannot be expanded: give a string, []string, map[string]string, uritemplate.Pairs, a fmt.Stringer or a number", x)}
		}
		if val.kind == undefined {
			continue
		}
		if v.prefix > 0 && val.kind != stringValue {
			return &ExpandError{Offset: v.off, Var: v.name,
				Reason: "a prefix modifier applies to a string value, not to " + val.typ + " (RFC 6570 §2.4.1)"}
		}
		if first {
			b.WriteString(op.first)
			first = false
		} else {
			b.WriteString(op.sep)
		}
		switch {
		case val.kind == stringValue:
			if op.named {
				b.WriteString(v.name)
				if val.s == "" {
					b.WriteString(op.ifemp)
					continue
				}
				b.WriteByte('=')
			}
			s := val.s
			if v.prefix > 0 {
				s = prefix(s, v.prefix, op.reserved)
			}
			appendValue(b, s, op)
		case !v.explode:
			if op.named {
				b.WriteString(v.name)
				b.WriteByte('=')
			}
			if val.kind == listValue {
				for i, m := range val.list {
					if i > 0 {
						b.WriteByte(',')
					}
					appendValue(b, m, op)
				}
				continue
			}
			for i, m := range val.pairs {
				if i > 0 {
					b.WriteByte(',')
				}
				appendValue(b, m.Name, op)
				b.WriteByte(',')
				appendValue(b, m.Value, op)
			}
		case op.named:
			n := len(val.list) + len(val.pairs)
			for i := 0; i < n; i++ {
				if i > 0 {
					b.WriteString(op.sep)
				}
				var m string
				if val.kind == listValue {
					m = val.list[i]
					b.WriteString(v.name)
				} else {
					m = val.pairs[i].Value
					appendValue(b, val.pairs[i].Name, op)
				}
				if m == "" {
					b.WriteString(op.ifemp)
					continue
				}
				b.WriteByte('=')
				appendValue(b, m, op)
			}
		case val.kind == listValue:
			for i, m := range val.list {
				if i > 0 {
					b.WriteString(op.sep)
				}
				appendValue(b, m, op)
			}
		default:
			for i, m := range val.pairs {
				if i > 0 {
					b.WriteString(op.sep)
				}
				appendValue(b, m.Name, op)
				b.WriteByte('=')
				appendValue(b, m.Value, op)
			}
		}
	}
	return nil
}

// appendValue appends s to b with the characters op does not allow
// pct-encoded (§3.2.1).
func appendValue(b *strings.Builder, s string, op *operator) {
	if op.reserved {
		appendReserved(b, s)
		return
	}
	b.WriteString(uri.Encode(s, c.UnreservedSet))
}

// prefix returns the first n characters of s (§2.4.1): code points, a byte
// of invalid UTF-8 counting as one; when reserved, a pct-encoded character
// (the triplets of one UTF-8 encoded code point, or else one triplet) counts
// as one too, as it passes through the expansion as it stands.
func prefix(s string, n int, reserved bool) string {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		if reserved && isTriplet(s, i) {
			i += tripletChar(s, i)
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

// tripletChar returns the length of the pct-encoded character at s[i:],
// which starts with a triplet: the triplets of one UTF-8 encoded code point,
// or else that one triplet.
func tripletChar(s string, i int) int {
	lead := unhex(s[i+1])<<4 | unhex(s[i+2])
	var n int
	switch {
	case lead&0xE0 == 0xC0:
		n = 2
	case lead&0xF0 == 0xE0:
		n = 3
	case lead&0xF8 == 0xF0:
		n = 4
	default:
		return 3
	}
	buf := make([]byte, 0, 4)
	buf = append(buf, byte(lead))
	for k := 1; k < n; k++ {
		j := i + 3*k
		if !isTriplet(s, j) {
			return 3
		}
		buf = append(buf, byte(unhex(s[j+1])<<4|unhex(s[j+2])))
	}
	if r, size := utf8.DecodeRune(buf); r == utf8.RuneError && size <= 1 || size != n {
		return 3
	}
	return 3 * n
}

func unhex(x byte) int {
	switch {
	case x >= '0' && x <= '9':
		return int(x - '0')
	case x >= 'a' && x <= 'f':
		return int(x-'a') + 10
	case x >= 'A' && x <= 'F':
		return int(x-'A') + 10
	}
	return 0
}

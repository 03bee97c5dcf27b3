package uritemplate

import (
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

// Match is the inverse of Expand: it reads the values of the template's
// variables back from u, an expansion of the template, so that a router can
// take a request's URI apart. It reports false when u is not an expansion of
// the template or when Match does not support the template.
//
// Match supports a template when:
//
//   - no varspec has an explode modifier ("*");
//   - an expression of the "+" or "#" operator, or of "." (whose separator
//     is unreserved), has one variable;
//   - what follows each expression tells where its expansion ends: nothing
//     (the expression ends the template), or a literal that ends the template
//     (matched at the end of u), or else a literal or an expression whose
//     first character ("." "/" ";" "?" "&" "#") cannot occur in the
//     expansion of the expression, an expression that may expand to nothing
//     counting with whatever follows it. So "/users/{id}/posts{?page}",
//     "{/id}{?token,tab}" and "{+base}index" are supported; "{x}{y}",
//     "{/a}{/b}", "{?a}{&b}" and "{+path}/x/{y}" are not, since more than one
//     split of the same expansion would re-expand to it.
//
// Levels 1 to 3 are supported, but for the "+" and "#" operators with more
// than one variable, and so is Level 4 without explode modifiers.
//
// What comes back: every variable found, by name, as a string; the value of
// an expression of one variable, or of a named operator (";" "?" "&"), that
// holds an unencoded "," comes back as a []string, the members of a list
// (an associative array expanded without explode comes back as a list of
// names and values too, and a list of one member as a string). A variable
// whose expansion is empty under the simple and "+" operators is reported
// missing, as an undefined one would be. Values are percent-decoded; under
// "+" and "#", triplets that encode a reserved character or "%" stay as they
// are, since the value may have held either form. A prefix modifier gives
// back the prefix. Hexadecimal digits of triplets match in either case.
//
// Whatever Match returns expands to u again (up to the case of hexadecimal
// digits): Match checks it. Where a template is supported, Match(Expand(v))
// gives back every string value of v that is not empty and has no prefix
// modifier shorter than it.
func (t *Template) Match(u string) (map[string]any, bool) {
	if t.matchErr != "" {
		return nil, false
	}
	m := map[string]any{}
	pos := 0
	for k := range t.parts {
		p := &t.parts[k]
		if p.op == nil {
			if len(u)-pos < len(p.lit) || !equalPct(u[pos:pos+len(p.lit)], p.lit) {
				return nil, false
			}
			pos += len(p.lit)
			continue
		}
		end := len(u)
		rest := t.parts[k+1:]
		switch {
		case len(rest) == 0:
		case len(rest) == 1 && rest[0].op == nil:
			end = len(u) - len(rest[0].lit)
			if end < pos {
				return nil, false
			}
		default:
			stop := stopSet(rest)
			for i := pos; i < len(u); i++ {
				if stop.Contains(u[i]) {
					end = i
					break
				}
			}
		}
		if !matchExpr(p, u[pos:end], m) {
			return nil, false
		}
		pos = end
	}
	if pos != len(u) {
		return nil, false
	}
	back, err := t.Expand(m)
	if err != nil || !equalPct(back, u) {
		return nil, false
	}
	return m, true
}

// matchable says why Match does not support t, or "" when it does.
func (t *Template) matchable() string {
	for k := range t.parts {
		p := &t.parts[k]
		if p.op == nil {
			continue
		}
		for _, v := range p.vars {
			if v.explode {
				return "an explode modifier"
			}
		}
		if len(p.vars) > 1 && (p.op.reserved || p.op == opLabel) {
			return "an expression of several variables under " + string(p.op.char)
		}
		rest := t.parts[k+1:]
		if len(rest) == 0 || len(rest) == 1 && rest[0].op == nil {
			continue
		}
		for _, q := range rest {
			if q.op == nil {
				break
			}
			if q.op.first == "" {
				return "two expressions side by side"
			}
		}
		if !stopSet(rest).Intersect(alphabet(p.op)).IsEmpty() {
			return "an expression whose end cannot be told"
		}
	}
	return ""
}

// stopSet is the set of bytes that can start the expansion of rest, the
// parts after an expression, when it is not empty.
func stopSet(rest []part) c.CharSet {
	var set c.CharSet
	for _, q := range rest {
		if q.op == nil {
			if q.lit != "" {
				return set.Union(c.Chars(q.lit[:1]))
			}
			continue
		}
		if q.op.first == "" {
			return set // not matchable; matchable said so
		}
		set = set.Union(c.Chars(q.op.first))
	}
	return set
}

// alphabet is the set of bytes an expansion of an expression of op can hold.
func alphabet(op *operator) c.CharSet {
	if op.reserved {
		return urSet.Union(c.Chars("%"))
	}
	set := c.UnreservedSet.Union(c.Chars("%,"), c.Chars(op.first), c.Chars(op.sep))
	if op.named {
		set = set.Union(c.Chars("="))
	}
	return set
}

// matchExpr reads the values of the variables of expression p from text,
// its expansion, into m.
func matchExpr(p *part, text string, m map[string]any) bool {
	op := p.op
	if text == "" {
		return true // every variable undefined
	}
	if op.first != "" {
		if text[0] != op.first[0] {
			return false
		}
		text = text[1:]
	}
	if op.named {
		vi := 0
		for _, piece := range strings.Split(text, op.sep) {
			name, val, eq := strings.Cut(piece, "=")
			for vi < len(p.vars) && p.vars[vi].name != name {
				vi++
			}
			if vi == len(p.vars) || !eq && op.ifemp == "=" {
				return false
			}
			vi++
			x, ok := decodeValue(val, op)
			if !ok || !set(m, name, x) {
				return false
			}
		}
		return true
	}
	if len(p.vars) == 1 {
		x, ok := decodeValue(text, op)
		return ok && set(m, p.vars[0].name, x)
	}
	pieces := strings.Split(text, op.sep)
	if len(pieces) > len(p.vars) {
		return false
	}
	for i, piece := range pieces {
		x, ok := decodeValue(piece, op)
		if !ok || !set(m, p.vars[i].name, x) {
			return false
		}
	}
	return true
}

// set records x as the value of name in m; a variable met twice must have
// the same value.
func set(m map[string]any, name string, x any) bool {
	if old, ok := m[name]; ok {
		switch old := old.(type) {
		case string:
			s, ok := x.(string)
			return ok && s == old
		case []string:
			l, ok := x.([]string)
			return ok && strings.Join(l, "\x00") == strings.Join(old, "\x00") && len(l) == len(old)
		}
		return false
	}
	m[name] = x
	return true
}

// decodeValue decodes the expansion of one value under op: a list where an
// unencoded "," separates members (not under "+" and "#", which allow it in
// a value).
func decodeValue(s string, op *operator) (any, bool) {
	if op.reserved {
		return decodeReserved(s), true
	}
	if strings.IndexByte(s, ',') >= 0 {
		parts := strings.Split(s, ",")
		for i, p := range parts {
			d, err := uri.PercentDecode(p)
			if err != nil {
				return nil, false
			}
			parts[i] = d
		}
		return parts, true
	}
	d, err := uri.PercentDecode(s)
	return d, err == nil
}

// decodeReserved decodes the triplets of s that reserved expansion would
// make again from their byte: those of a byte outside unreserved / reserved
// and other than "%". The others stay, as a value may have held them as they
// are.
func decodeReserved(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if isTriplet(s, i) {
			x := byte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			if !urSet.Contains(x) && x != '%' {
				b = append(b, x)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

// equalPct reports whether a and b are the same but for the case of the
// hexadecimal digits of pct-encoded triplets.
func equalPct(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] == b[i] {
			continue
		}
		// a hex letter in either case, inside a triplet of both
		if a[i]|0x20 != b[i]|0x20 || !isHex(a[i]) || !isHex(b[i]) || !inTriplet(a, i) || !inTriplet(b, i) {
			return false
		}
	}
	return true
}

// inTriplet reports whether s[i] is a hexadecimal digit of a pct-encoded
// triplet.
func inTriplet(s string, i int) bool {
	return i >= 1 && isTriplet(s, i-1) || i >= 2 && isTriplet(s, i-2)
}

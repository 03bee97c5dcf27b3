package uritemplate

import (
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/uri"
)

// Match is the inverse of Expand: it reads the values of the template's
// variables back from u, an expansion of the template, so that a router can
// take a request's URI apart. It reports false when u is not an expansion of
// the template or when Match does not support the template.
//
// Every operator of Levels 1 to 4 is supported, with prefix ("{var:3}") and
// explode ("{/path*}", "{?list*}", "{;keys*}") modifiers, when:
//
//   - an expression has at most one varspec with an explode modifier, and
//     under an operator that does not name its variables (none, "+", "#",
//     ".", "/") it is the expression's last;
//   - what follows each expression tells where its expansion ends: nothing
//     (the expression ends the template), or a literal that ends the
//     template (matched at the end of u), or else a literal or an
//     expression whose first character ("." "/" ";" "?" "&" "#") cannot
//     occur in the expansion of the expression, an expression that may
//     expand to nothing counting with whatever follows it. So
//     "/users/{id}/posts{?page}", "{/path*}{?q*}", "{/id}{?token,tab}" and
//     "{+base}index" are supported; "{x}{y}", "{/a}{/b}", "{?a}{&b}" and
//     "{+path}/x/{y}" are not, since more than one split of the same
//     expansion would re-expand to it.
//
// Where an expansion could come from more than one set of values, Match
// chooses one: the pieces of an expression (between its separators) go to
// its variables from the left, an exploded variable taking the rest; under
// "+", "#" and "." (whose separators a value may hold as they are) surplus
// pieces stay in the last variable's value.
//
// What comes back: every variable found, by name: a string; a []string for
// a list (the value of an expression of one variable, or of a named
// operator, that holds an unencoded ","; the members of an exploded
// variable), a list of one member coming back as a string; a Pairs for an
// exploded associative array ("{/keys*}" on "/a=1/b=2", "{?keys*}" on
// "?a=1&b=2", whose names are not the variable's), in order. An associative
// array expanded without explode comes back as the list of its names and
// values. A variable whose expansion is empty under the simple and "+"
// operators is reported missing, as an undefined one would be. A prefix
// modifier gives back the prefix. Hexadecimal digits of triplets match in
// either case.
//
// Values are percent-decoded, but under "+" and "#": there a triplet that
// encodes a reserved character, an unreserved one or "%" stays as it is, and
// only the others are decoded ("%C3%BC" is "ü"), since reserved expansion
// writes those bytes as they are and keeps the triplets of a value. So a
// value comes back as the one of the values with that expansion that has no
// needless triplet: {+x} with x="%" expands to "%25", and Match gives back
// "%25", which expands to "%25" too; x="%C3%BC" comes back "ü".
//
// Whatever Match returns expands to u again (up to the case of hexadecimal
// digits): Match checks it. Where a template is supported, Match(Expand(v))
// gives back every string value of v that is not empty, has no prefix
// modifier shorter than it, and, under "+" and "#", holds no "%" (which may
// come back as above).
func (t *Template) Match(u string) (map[string]any, bool) {
	mp := t.prepared()
	if mp.err != "" {
		return nil, false
	}
	m := map[string]any{}
	pos := 0
	for k := range mp.parts {
		p := &mp.parts[k]
		if p.op == nil {
			if len(u)-pos < len(p.lit) || !equalPct(u[pos:pos+len(p.lit)], p.lit) {
				return nil, false
			}
			pos += len(p.lit)
			continue
		}
		end := len(u)
		rest := mp.parts[k+1:]
		switch {
		case len(rest) == 0:
		case len(rest) == 1 && rest[0].op == nil:
			end = len(u) - len(rest[0].lit)
			if end < pos {
				return nil, false
			}
		default:
			stop := mp.stops[k]
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

// matchable says why Match does not support the template, or "" when it
// does. It takes time linear in the number of parts: the stop sets are made,
// and whether an expression with no first string follows in the same run of
// expressions is found, in one pass from the right.
func (m *matchPrep) matchable() string {
	parts := m.parts
	// bare[k]: an expression of parts[k+1:], before the next literal, has
	// no first string (simple and "+" expansion).
	bare := make([]bool, len(parts))
	for k := len(parts) - 2; k >= 0; k-- {
		if q := &parts[k+1]; q.op != nil {
			bare[k] = q.op.first == "" || bare[k+1]
		}
	}
	for k := range parts {
		p := &parts[k]
		if p.op == nil {
			continue
		}
		for i, v := range p.vars {
			if !v.explode {
				continue
			}
			if !p.op.named && i != len(p.vars)-1 {
				return "an explode modifier before the last variable of an expression under " + opName(p.op)
			}
			for _, w := range p.vars[i+1:] {
				if w.explode {
					return "two explode modifiers in an expression"
				}
			}
		}
		rest := parts[k+1:]
		if len(rest) == 0 || len(rest) == 1 && rest[0].op == nil {
			continue
		}
		if bare[k] {
			return "two expressions side by side"
		}
		if !m.stops[k].Intersect(exprAlphabet(p)).IsEmpty() {
			return "an expression whose end cannot be told"
		}
	}
	return ""
}

// opName names op for a reason of matchable.
func opName(op *operator) string {
	if op.char == 0 {
		return "simple expansion"
	}
	return strconv.Quote(string(op.char))
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

// exprAlphabet is alphabet for expression p: with "=" too when a variable
// is exploded, for an associative array's "name=value" members.
func exprAlphabet(p *part) c.CharSet {
	for _, v := range p.vars {
		if v.explode {
			return alphabet(p.op).Union(c.Chars("="))
		}
	}
	return alphabet(p.op)
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
		return matchNamed(p, text, m)
	}
	n := len(p.vars)
	explode := p.vars[n-1].explode // matchable: only the last may be
	if n == 1 && !explode {
		x, ok := decodeValue(text, op)
		return ok && set(m, p.vars[0].name, x)
	}
	pieces := strings.Split(text, op.sep)
	if len(pieces) > n && !explode {
		if !op.reserved && op != opLabel {
			return false
		}
		// A value may hold the separator: the surplus is the last's.
		pieces[n-1] = strings.Join(pieces[n-1:], op.sep)
		pieces = pieces[:n]
	}
	for i, piece := range pieces {
		if explode && i >= n-1 {
			x, ok := explodedValue(pieces[i:], op)
			return ok && set(m, p.vars[n-1].name, x)
		}
		x, ok := decodeValue(piece, op)
		if !ok || !set(m, p.vars[i].name, x) {
			return false
		}
	}
	return true
}

// explodedValue reads the members of an exploded variable under an operator
// that does not name it: an associative array (Pairs) when every member
// holds an "=" that expansion would have encoded in a value (not under "+"
// and "#"), else a list, of one member a string.
func explodedValue(members []string, op *operator) (any, bool) {
	assoc := !op.reserved
	for _, mb := range members {
		assoc = assoc && strings.IndexByte(mb, '=') >= 0
	}
	if assoc {
		pairs := make(Pairs, len(members))
		for i, mb := range members {
			k, v, _ := strings.Cut(mb, "=")
			dk, err1 := uri.PercentDecode(k)
			dv, err2 := uri.PercentDecode(v)
			if err1 != nil || err2 != nil {
				return nil, false
			}
			pairs[i] = Pair{dk, dv}
		}
		return pairs, true
	}
	if len(members) == 1 {
		return decodeMember(members[0], op)
	}
	list := make([]string, len(members))
	for i, mb := range members {
		d, ok := decodeMember(mb, op)
		if !ok {
			return nil, false
		}
		list[i] = d
	}
	return list, true
}

// decodeMember decodes one member of a list, or one value, under op.
func decodeMember(s string, op *operator) (string, bool) {
	if op.reserved {
		return decodeReserved(s), true
	}
	d, err := uri.PercentDecode(s)
	return d, err == nil
}

// matchNamed reads the "name=value" pieces of an expression of a named
// operator (";" "?" "&"): each variable in the template's order, an
// exploded list as its name repeated, an exploded associative array as
// pieces named by its keys.
func matchNamed(p *part, text string, m map[string]any) bool {
	op := p.op
	vi := 0
	var list []string // members of the exploded variable vars[xi]
	var pairs Pairs
	xi := -1
	flush := func() bool {
		if xi < 0 {
			return true
		}
		name := p.vars[xi].name
		xi = -1
		switch {
		case pairs != nil && list != nil:
			return false
		case pairs != nil:
			x := pairs
			pairs = nil
			return set(m, name, x)
		case len(list) == 1:
			x := list[0]
			list = nil
			return set(m, name, x)
		default:
			x := list
			list = nil
			return set(m, name, x)
		}
	}
	for _, piece := range strings.Split(text, op.sep) {
		name, val, eq := strings.Cut(piece, "=")
		if !eq && op.ifemp == "=" {
			return false
		}
		j := vi
		for j < len(p.vars) && p.vars[j].name != name {
			j++
		}
		if j < len(p.vars) && p.vars[j].explode && pairs == nil {
			// A member of an exploded list: the variable's name again.
			if xi != j && !flush() {
				return false
			}
			d, ok := decodeMember(val, op)
			if !ok {
				return false
			}
			xi, vi = j, j
			list = append(list, d)
			continue
		}
		if j < len(p.vars) {
			if !flush() {
				return false
			}
			vi = j + 1
			x, ok := decodeValue(val, op)
			if !ok || !set(m, name, x) {
				return false
			}
			continue
		}
		// A pair of an exploded associative array: the first exploded
		// variable from here.
		k := vi
		for k < len(p.vars) && !p.vars[k].explode {
			k++
		}
		if k == len(p.vars) || list != nil && xi == k {
			return false
		}
		if xi != k && !flush() {
			return false
		}
		dk, err1 := uri.PercentDecode(name)
		dv, err2 := uri.PercentDecode(val)
		if err1 != nil || err2 != nil {
			return false
		}
		xi, vi = k, k
		pairs = append(pairs, Pair{dk, dv})
	}
	return flush()
}

// set records x as the value of name in m; a variable met twice must have
// the same value, but that a string may be a prefix of the other, read
// through a prefix modifier: the longer stays. Match's re-expansion checks
// that the two agree.
func set(m map[string]any, name string, x any) bool {
	if old, ok := m[name]; ok {
		switch old := old.(type) {
		case string:
			s, ok := x.(string)
			if ok && strings.HasPrefix(s, old) {
				m[name] = s // old was read through a prefix modifier ("{/var:1,var}")
				return true
			}
			return ok && strings.HasPrefix(old, s)
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

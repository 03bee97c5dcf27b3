package codegen

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
)

// Rune classes (combinator.RuneClass, OpRunes) in the output.
//
// Each distinct set of code points becomes one function of the output,
//
//	func genRunes0(in string, p int) int
//
// the length of the UTF-8 encoding at in[p:] of a code point of the set, or
// 0 when there is none there (the end of in, a code point outside the set,
// bytes that are not valid UTF-8). It decodes with utf8.DecodeRuneInString,
// which refuses what is not UTF-8 (a stray continuation byte, a truncated or
// overlong sequence, an encoded surrogate) by a size of 1, and then tests
// the code point: against each range when the set has a few, by a binary
// search of a table of its ranges when it has many.
//
// Rune fusion, as the interpreter does it (combinator's runes.go): a choice
// of single characters some of which are rune classes (ipchar of RFC 3987)
// is one unit, and a repetition of one (isegment) one loop, whose step tests
// the next byte against a table, then a pct-encoded triplet, then, for a
// byte outside ASCII, the set's function. combinator's view does not report
// these forms, so the generator derives them itself from the same facts
// (runeFuse), and adds one of its own (runeSepRun); a diagnosis goes node by
// node, as the interpreter's does.

// runeRangesInline is the most ranges a set's function tests one by one;
// above, it searches a table.
const runeRangesInline = 4

// runeUnitOf reports whether r matches exactly one unit of a rune-fused
// form: a byte unit (a class, a one-byte literal, a byte-fused unit), a rune
// class, or a node already rune-fused as one unit. It is combinator's
// runeUnitOf, read through the view.
func runeUnitOf(r *node) (set c.CharSet, pct bool, runes c.RuneSet, ok bool) {
	switch {
	case r.kind == kRunes:
		return c.CharSet{}, false, r.runes, true
	case r.rfast == fUnit:
		return r.set, r.pct, r.runes, true
	case r.fast == fUnit:
		return r.set, r.pct, c.RuneSet{}, true
	case (r.kind == kLit || r.kind == kLitFold) && len(r.lit) == 1:
		return r.first, false, c.RuneSet{}, true
	}
	return c.CharSet{}, false, c.RuneSet{}, false
}

// runeFuse finds the rune-fused form of r, whose subs are converted, when
// it has no byte-fused form: the same forms, under the same conditions, as
// combinator's Rule.runeFuse.
func (r *node) runeFuse() {
	if r.fast != fNone {
		return
	}
	switch r.kind {
	case kAlt:
		if len(r.subs) == 0 {
			return
		}
		var set c.CharSet
		var pct bool
		var runes []c.RuneSet
		for _, s := range r.subs {
			ss, sp, sr, ok := runeUnitOf(s)
			if !ok {
				return
			}
			set, pct, runes = set.Union(ss), pct || sp, append(runes, sr)
		}
		// With "%" both a byte and a triplet, a code point below 0x80 in
		// runes, or a byte of 0x80 or above in set (a part of a
		// character), the order of the alternatives decides: those are
		// left to the plain code.
		u := c.RuneSet{}.Union(runes...)
		if pct && set.Contains('%') || u.IsEmpty() || u.Ranges()[0].Lo < utf8.RuneSelf ||
			!set.Intersect(c.ByteRange(utf8.RuneSelf, 0xFF)).IsEmpty() {
			return
		}
		r.rfast, r.set, r.pct, r.runes = fUnit, set, pct, u
	case kSeq:
		if len(r.subs) == 1 && r.subs[0].rfast == fUnit {
			s := r.subs[0]
			r.rfast, r.set, r.pct, r.runes = fUnit, s.set, s.pct, s.runes
		}
	case kRep:
		s := r.subs[0]
		if s.rfast == fUnit || s.kind == kRunes && !s.runes.IsEmpty() && s.runes.Ranges()[0].Lo >= utf8.RuneSelf {
			set, pct, runes, _ := runeUnitOf(s)
			r.rfast, r.set, r.pct, r.runes = fRun, set, pct, runes
			return
		}
		r.runeSepRun()
	}
}

// runeSepRun finds the one rune-fused form that is the generator's own, not
// the interpreter's: *( sep *unit ), such as ipath-abempty = *( "/"
// isegment ), the rune form of combinator's FusedSepRun. It matches
// nothing, or sep and then any run of units and seps: one loop, where the
// repetition would test sep twice and go round once per segment. The
// conditions are those of the byte form (combinator's sepRunOf): sep a byte
// that is not a unit, and not "%".
func (r *node) runeSepRun() {
	if r.min != 0 || r.max != Unbounded {
		return
	}
	body := r.subs[0]
	for body.kind == kSeq && len(body.subs) == 1 {
		body = body.subs[0]
	}
	if body.kind != kSeq || len(body.subs) != 2 {
		return
	}
	lit, run := body.subs[0], body.subs[1]
	if lit.kind != kLit || len(lit.lit) != 1 || run.rfast != fRun || run.min != 0 || run.max != Unbounded {
		return
	}
	sep := lit.lit[0]
	if run.set.Contains(sep) || sep == '%' || sep >= utf8.RuneSelf {
		return
	}
	r.rfast, r.set, r.pct, r.runes, r.sep = fSepRun, run.set.Union(c.Chars(lit.lit)), run.pct, run.runes, sep
}

// runeFunc returns the name of the function of the code points of set,
// adding it to the output the first time.
func (g *Generator) runeFunc(set c.RuneSet) string {
	key := set.String()
	if name, ok := g.runeName[key]; ok {
		return name
	}
	if g.runeName == nil {
		g.runeName = map[string]string{}
	}
	name := g.prefix() + "Runes" + strconv.Itoa(len(g.runeSets))
	g.runeSets = append(g.runeSets, set)
	g.runeName[key] = name
	return name
}

// runeSource returns the functions of the rune sets the output uses, and
// their tables.
func (g *Generator) runeSource() string {
	var b strings.Builder
	for i, set := range g.runeSets {
		name := g.prefix() + "Runes" + strconv.Itoa(i)
		rs := set.Ranges()
		fmt.Fprintf(&b, "// %s returns the length of the UTF-8 encoding at in[p:] of a code point of\n", name)
		fmt.Fprintf(&b, "// %s,\n", set)
		fmt.Fprintf(&b, "// or 0 when there is none: the end of in, another code point, or bytes that\n// are not valid UTF-8.\n")
		fmt.Fprintf(&b, "func %s(in string, p int) int {\n", name)
		if len(rs) == 0 {
			b.WriteString("return 0 // the set is empty\n}\n\n")
			continue
		}
		// A size of 0 is the end of in, 1 with utf8.RuneError bytes that
		// are not UTF-8; a set without ASCII needs a size of 2 or more.
		valid := "n > 1"
		if rs[0].Lo < utf8.RuneSelf {
			valid = "(n > 1 || n == 1 && r < utf8.RuneSelf)"
		}
		if hasTwoByte(rs) {
			// Two bytes (U+0080 to U+07FF: Latin, Greek, Cyrillic, Hebrew,
			// Arabic) decoded by hand, the rest by the utf8 package.
			fmt.Fprintf(&b, `var r rune
n := 2
if c := in[p:]; len(c) >= 2 && c[0] >= 0xC2 && c[0] <= 0xDF && c[1]&0xC0 == 0x80 {
r = rune(c[0]&0x1F)<<6 | rune(c[1]&0x3F)
} else if r, n = utf8.DecodeRuneInString(c); !(%s) {
return 0
}
`, valid)
		} else {
			fmt.Fprintf(&b, "r, n := utf8.DecodeRuneInString(in[p:])\nif !(%s) {\nreturn 0\n}\n", valid)
		}
		if len(rs) <= runeRangesInline {
			var conds []string
			for _, x := range rs {
				if x.Lo == x.Hi {
					conds = append(conds, fmt.Sprintf("r == %s", runeLit(x.Lo)))
				} else {
					conds = append(conds, fmt.Sprintf("r >= %s && r <= %s", runeLit(x.Lo), runeLit(x.Hi)))
				}
			}
			fmt.Fprintf(&b, "if %s {\nreturn n\n}\nreturn 0\n}\n\n", strings.Join(conds, " || "))
			continue
		}
		tab := name + "Ranges"
		fmt.Fprintf(&b, `if r >= %[1]s && r <= %[2]s { // the first range, without a search
return n
}
lo, hi := 0, len(%[3]s)
for lo < hi { // binary search: the ranges are sorted and disjoint
m := int(uint(lo+hi) >> 1)
switch {
case r < %[3]s[m][0]:
hi = m
case r > %[3]s[m][1]:
lo = m + 1
default:
return n
}
}
return 0
}

`, runeLit(rs[0].Lo), runeLit(rs[0].Hi), tab)
		fmt.Fprintf(&b, "// %s are the ranges of code points of %s, sorted.\nvar %s = [...][2]rune{\n", tab, name, tab)
		for _, x := range rs {
			fmt.Fprintf(&b, "{%s, %s},\n", runeLit(x.Lo), runeLit(x.Hi))
		}
		b.WriteString("}\n\n")
	}
	return b.String()
}

// hasTwoByte reports whether ranges hold a code point whose UTF-8 encoding
// is two bytes long (U+0080 to U+07FF).
func hasTwoByte(ranges []c.RuneRange) bool {
	for _, x := range ranges {
		if x.Lo <= 0x7FF && x.Hi >= 0x80 {
			return true
		}
	}
	return false
}

// runeLit writes a code point in Go, in hexadecimal.
func runeLit(r rune) string { return fmt.Sprintf("0x%X", r) }

// runeClass emits a rune class: one character of its set, else fail.
func (f *genFunc) runeClass(r *node, fail *label) {
	fail.uses++
	f.emit("if e := %s(in, p); e > 0 {\np += e\n} else {\ngoto %s\n}", f.g.runeFunc(r.runes), fail.name)
}

// runeUnitStep is the code of one unit of the rune-fused node r: it
// advances p over a byte of r's set, a pct-encoded triplet or a character
// of r's code points, else runs orElse.
func (f *genFunc) runeUnitStep(r *node, orElse string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "if c := in[p]; %s[c] != 0 {\np++\n}", f.g.table(r.set))
	if r.pct {
		h := f.g.table(c.HexDigSet)
		fmt.Fprintf(&b, " else if c == '%%' && p+2 < len(in) && %s[in[p+1]] != 0 && %s[in[p+2]] != 0 {\np += 3\n}", h, h)
	}
	fmt.Fprintf(&b, " else if c < utf8.RuneSelf {\n%s\n} else if e := %s(in, p); e > 0 {\np += e\n} else {\n%s\n}",
		orElse, f.g.runeFunc(r.runes), orElse)
	return b.String()
}

// runeRunLoop is the loop of an unbounded run of the rune-fused node r:
// the scan of the bytes of r's set eight at a time (runScan), as runLoop
// has it, then at the byte it stopped at a pct-encoded triplet, when r takes
// them, or a character of r's code points, and the scan again. Most of an
// IRI is ASCII, which a step a byte, as runeUnitStep takes them, scans far
// slower (measured: see BENCHMARKS.md, "Session 12, second part").
func (f *genFunc) runeRunLoop(r *node) string {
	var b strings.Builder
	fmt.Fprintf(&b, "for {\n%s\nif uint(p) >= uint(len(in)) {\nbreak\n}\n", f.runScan(r.set))
	if r.pct {
		h := f.g.table(c.HexDigSet)
		fmt.Fprintf(&b, "if c := in[p]; c == '%%' && len(in)-p >= 3 && %s[in[p+1]] != 0 && %s[in[p+2]] != 0 {\np += 3\n} else ", h, h)
	}
	fmt.Fprintf(&b, "if in[p] < utf8.RuneSelf {\nbreak\n} else if e := %s(in, p); e > 0 {\np += e\n} else {\nbreak\n}\n}", f.g.runeFunc(r.runes))
	return b.String()
}

// runeFused emits a node in its rune-fused form: one unit, or a loop.
func (f *genFunc) runeFused(r *node, fail *label) {
	switch r.rfast {
	case fUnit:
		fail.uses++
		f.emit("if p >= len(in) {\ngoto %s\n}", fail.name)
		fail.uses += 2
		f.emit("%s", f.runeUnitStep(r, "goto "+fail.name))
	case fRun:
		switch {
		case r.max == Unbounded && r.min <= 1:
			start := ""
			if r.min == 1 {
				start = f.newVar()
				f.set(start, "p")
			}
			f.emit("%s", f.runeRunLoop(r))
			if r.min == 1 {
				f.jumpIf("p == "+start, fail)
			}
		default:
			n := f.newVar()
			f.set(n, "0")
			bound := "p < len(in)"
			if r.max != Unbounded {
				bound = fmt.Sprintf("%s != %d && p < len(in)", n, r.max)
			}
			f.emit("for %s {\n%s\n%s++\n}", bound, f.runeUnitStep(r, "break"), n)
			if r.min > 0 {
				f.jumpIf(fmt.Sprintf("%s < %d", n, r.min), fail)
			}
		}
	case fSepRun:
		f.emit("if p < len(in) && in[p] == %s {\np++\n%s\n}", byteLit(r.sep), f.runeRunLoop(r))
	default:
		if f.err == nil {
			f.err = fmt.Errorf("codegen: generate: unknown rune-fused form")
		}
	}
}

// lookCond is the condition that one unit of the fused node r, byte-fused
// or rune-fused, stands at p: the test of a look-ahead at it.
func (f *genFunc) lookCond(r *node) string {
	if r.rfast != fUnit {
		return f.unitCond(r)
	}
	cond := fmt.Sprintf("%s[in[p]] != 0", f.g.table(r.set))
	if r.pct {
		h := f.g.table(c.HexDigSet)
		cond += fmt.Sprintf(" || in[p] == '%%' && p+2 < len(in) && %s[in[p+1]] != 0 && %s[in[p+2]] != 0", h, h)
	}
	cond += fmt.Sprintf(" || in[p] >= utf8.RuneSelf && %s(in, p) > 0", f.g.runeFunc(r.runes))
	return "p < len(in) && (" + cond + ")"
}

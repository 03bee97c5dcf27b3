package codegen

import (
	"fmt"

	c "github.com/seed42851778/rfc3986/combinator"
)

// followerFirst emits [ X c ] Y, an option of a run X and a byte c before
// a rule Y (authority = [ userinfo "@" ] host ...), as Y first: where the
// byte after Y's match shows that the option could not have matched, that
// match is Y's and the option took no part, so that neither the option's
// run nor its needle (a strings.IndexByte over the rest of the input) is
// read where most inputs have no userinfo; elsewhere p goes back and the
// option and Y are matched in order, as written. It reports whether it
// emitted them, which it does where Y is a call (its code, written twice,
// is one line), c is a byte no match of Y holds (alphabet), and neither is
// the function's commit point.
//
// Why the byte after Y tells: let Y match [v, e) and X's run from v stop at
// e'. The option matches only where in[e'] is c. Were e' < e, in[e'] would
// be a byte of Y's match, not c. Where in[e] is none of stopBytes (X's
// bytes, c, and the bytes that can continue a unit of X: the "%" and the
// HEXDIG of a pct-encoded triplet, the bytes of a UTF-8 sequence), X's run
// cannot take the byte at e, alone or as part of a unit that began before
// it, so e' = e, and in[e] is not c; at the end of the input the option
// finds no c either.
func (f *genFunc) followerFirst(opt, y *node, fail *label) bool {
	if f.nocaps || f.looks > 0 || opt.kind != kRep || opt.min != 0 || opt.max != 1 {
		return false
	}
	body := opt.subs[0]
	if body.kind != kSeq || len(body.subs) < 2 || !body.subs[1].byte1 {
		return false
	}
	x := body.subs[0]
	for x.kind == kCap {
		x = x.subs[0]
	}
	if !(x.fast == fRun || x.rfast == fRun) || x.max != Unbounded {
		return false
	}
	cb := body.subs[1].lit[0]
	inner := y
	for inner.kind == kCap {
		inner = inner.subs[0]
	}
	if _, ok := f.callExpr(inner); !ok || alphabet(inner).Contains(cb) {
		return false
	}
	if f.commit != nil && (holds(opt, f.commit) || holds(y, f.commit)) {
		return false
	}
	more := stopBytes(x, cb)
	if x.name != "" {
		// A name for the table where no rule gives the set one.
		f.g.setNames = append(f.g.setNames, setName{more, goName(x.name) + "More", 4})
	}
	save, slow, done := f.newVar(), f.newLabel(), f.newLabel()
	f.set(save, "p")
	f.node(y, slow)
	f.jumpIf(fmt.Sprintf("uint(p) >= uint(len(in)) || %s[in[p]] == 0", f.g.table(more)), done)
	f.place(slow)
	f.set("p", save)
	f.node(opt, fail)
	f.node(y, fail)
	f.place(done)
	return true
}

// stopBytes are the bytes after a match of the follower of [ x c ] at
// which followerFirst cannot tell that x's run stops there (see it): x's
// bytes, c, and those that continue a unit of x.
func stopBytes(x *node, cb byte) c.CharSet {
	s := x.set.Union(c.Chars(string(cb)))
	if x.pct {
		s = s.Union(c.Chars("%"), c.HexDigSet)
	}
	if x.rfast != fNone {
		s = s.Union(c.CharSet{0, 0, ^uint64(0), ^uint64(0)})
	}
	return s
}

// alphabet is the set of the bytes that a match of r can hold: each byte
// of its literals (both cases where they fold), classes and runs, every
// byte from 0x80 where it takes code points beyond ASCII, and every byte
// where it calls a Func, whose matches the generator does not know.
func alphabet(r *node) c.CharSet {
	switch r.kind {
	case kLit:
		return c.Chars(r.lit)
	case kLitFold:
		var s c.CharSet
		for i := 0; i < len(r.lit); i++ {
			b := r.lit[i]
			s = s.Union(c.Chars(string(b)))
			if lc := b | 0x20; lc >= 'a' && lc <= 'z' {
				s = s.Union(c.Chars(string(lc) + string(lc-0x20)))
			}
		}
		return s
	case kClass:
		return r.set
	case kRunes:
		s := c.CharSet{0, 0, ^uint64(0), ^uint64(0)}
		for b := 0; b < 0x80; b++ {
			if r.runes.Contains(rune(b)) {
				s = s.Union(c.Chars(string(rune(b))))
			}
		}
		return s
	case kFunc:
		return c.CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	case kNot, kPeek, kEnd:
		return c.CharSet{}
	}
	var s c.CharSet
	for _, sub := range r.subs {
		s = s.Union(alphabet(sub))
	}
	return s
}

// holds reports whether n is r or a node under it.
func holds(r, n *node) bool {
	if r == n {
		return true
	}
	for _, s := range r.subs {
		if holds(s, n) {
			return true
		}
	}
	return false
}

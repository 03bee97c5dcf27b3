package codegen

import c "github.com/seed42851778/rfc3986/combinator"

// The node kinds and fused forms of the read-only view of combinator, under
// the short names the generator's code uses.
const (
	kLit     = c.OpLit
	kLitFold = c.OpLitFold
	kClass   = c.OpClass
	kSeq     = c.OpSeq
	kAlt     = c.OpAlt
	kRep     = c.OpRep
	kCap     = c.OpCapture
	kNot     = c.OpNot
	kPeek    = c.OpPeek
	kEnd     = c.OpEnd
	kFunc    = c.OpFunc
	kRunes   = c.OpRunes

	fNone   = c.NotFused
	fUnit   = c.FusedUnit
	fRun    = c.FusedRun
	fSepRun = c.FusedSepRun

	Unbounded = c.Unbounded
)

// node is the generator's copy of one node of a rule tree, read through
// combinator's view (Rule.Op, Rule.Subs, Rule.Fused, ...) once: what the
// constructor recorded and what the preparation derived.
type node struct {
	rule     *c.Rule
	kind     c.Op
	name     string
	lit      string
	set      c.CharSet // kClass: its bytes; a fused node: its unit's bytes
	subs     []*node
	min, max int
	slot     int
	first    c.CharSet
	nullable bool
	hasCaps  bool
	fast     c.FusedKind
	pct      bool
	sep      byte
	byte1    bool        // a case-sensitive literal of one byte
	optional bool        // a repetition with min 0 that a caller may skip by the next byte
	label    string      // its label in error messages
	abnf     string      // a named rule: its definition in ABNF
	tail     []string    // a literal of two bytes or more: tail[k-1] is the label of lit[k:]
	runes    c.RuneSet   // kRunes: its code points; a rune-fused node: those of its unit
	rfast    c.FusedKind // the rune-fused form (runes.go): FusedUnit, FusedRun or NotFused
	shared   bool        // an unnamed piece that several rules use, compiled once (share)
}

// nodeOf returns the node of r, converting r's tree the first time.
func (g *Generator) nodeOf(r *c.Rule) *node {
	if n, ok := g.nodes[r]; ok {
		return n
	}
	if g.nodes == nil {
		g.nodes = map[*c.Rule]*node{}
	}
	fu := r.Fused()
	n := &node{
		rule: r, kind: r.Op(), name: r.Name(), lit: r.Literal(), set: r.Set(),
		min: r.Min(), max: r.Max(), slot: r.Slot(),
		first: r.First(), nullable: r.Nullable(), hasCaps: r.HasCaptures(),
		fast: fu.Kind, pct: fu.Pct, sep: fu.Sep, label: r.Label(),
	}
	if n.name != "" {
		n.abnf = r.String()
	}
	if fu.Kind != fNone {
		n.set = fu.Set
	}
	for _, s := range r.Subs() {
		sub := g.nodeOf(s)
		n.subs = append(n.subs, sub)
		g.share(sub)
	}
	n.byte1 = n.kind == kLit && len(n.lit) == 1
	if n.kind == kRep {
		s := n.subs[0]
		n.optional = n.min == 0 && !(s.nullable && s.hasCaps)
	}
	if (n.kind == kLit || n.kind == kLitFold) && len(n.lit) > 1 {
		for k := 1; k < len(n.lit); k++ {
			t := c.Lit(n.lit[k:])
			if n.kind == kLitFold {
				t = c.LitFold(n.lit[k:])
			}
			n.tail = append(n.tail, t.Label())
		}
	}
	if n.kind == kRunes {
		n.runes = r.Runes()
	}
	n.runeFuse()
	if n.kind == kRep {
		if g.repeats == nil {
			g.repeats = map[string]int{}
		}
		g.repeats[ruleKey(n.subs[0])]++
	}
	g.nodes[r] = n
	return n
}

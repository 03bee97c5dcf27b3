package abnf

// The #list extension of RFC 9110 §5.6.1, which every HTTP grammar uses
// (and RFC 7230 §7, RFC 2616 §2.1 before it): a comma-separated list
// written with "#" where RFC 5234 has "*".

// ListForm is the expansion of RFC 9110's #list that Lists turns on.
type ListForm uint8

const (
	// ListSender expands a list as RFC 9110 §5.6.1.1 says a sender
	// generates it, the form RFC 9110 Appendix A collects:
	//
	//	1#element       => element *( OWS "," OWS element )
	//	#element        => [ 1#element ]
	//	<n>#<m>element  => element <n-1>*<m-1>( OWS "," OWS element )
	ListSender ListForm = iota + 1
	// ListRecipient expands a list as RFC 9110 §5.6.1.2 says a recipient
	// accepts it, empty elements included:
	//
	//	#element   => [ element ] *( OWS "," OWS [ element ] )
	//	1#element  => *( "," OWS ) element *( OWS "," [ OWS element ] )
	//
	// and, counting elements as §5.6.1.2 does (empty ones not), for other
	// counts <n>#<m>element => *( "," OWS ) element
	// <n-1>*<m-1>( 1*( OWS "," ) OWS element ) *( OWS "," ), or for n = 0
	// that or *( OWS "," OWS ).
	ListRecipient
)

// Lists reads RFC 9110's #list (§5.6.1) in the text, expanded in form f:
// "1#element", "#element", "<n>#<m>element". OWS is the grammar's rule of
// that name, or, when neither the text nor an import defines it, RFC 9110
// §5.6.3's OWS = *( SP / HTAB ). Without Lists, a "#" is an error whose
// hint names this option.
func Lists(f ListForm) Option {
	return Option{func(c *config) error {
		c.lists = f
		return nil
	}}
}

// owsText is RFC 9110 §5.6.3's OWS, predeclared when lists are read.
const owsText = "OWS = *( SP / HTAB )\n"

// expandList returns the expansion of <lo>#<hi>e (hi -1: no bound) in
// form f, its nodes at off.
func expandList(f ListForm, lo, hi int, e *node, off int) *node {
	lit := func(s string) *node { return &node{kind: nLit, lit: s, fold: true, off: off} }
	ows := func() *node { return &node{kind: nName, name: "OWS", off: off} }
	seq := func(subs ...*node) *node { return &node{kind: nSeq, subs: subs, off: off} }
	rep := func(lo, hi int, sub *node) *node {
		return &node{kind: nRep, subs: []*node{sub}, min: lo, max: hi, off: off}
	}
	less := func(n int) int { // <n-1>, with no bound kept
		if n < 0 {
			return -1
		}
		return max(n-1, 0)
	}
	if hi == 0 {
		return rep(0, 0, e) // 0#0 element: the empty list
	}
	if f == ListRecipient {
		switch {
		case lo == 0 && hi < 0:
			return seq(rep(0, 1, e), rep(0, -1, seq(ows(), lit(","), ows(), rep(0, 1, e))))
		case lo == 1 && hi < 0:
			return seq(rep(0, -1, seq(lit(","), ows())), e, rep(0, -1, seq(ows(), lit(","), rep(0, 1, seq(ows(), e)))))
		}
		one := seq(rep(0, -1, seq(lit(","), ows())), e,
			rep(less(max(lo, 1)), less(hi), seq(rep(1, -1, seq(ows(), lit(","))), ows(), e)),
			rep(0, -1, seq(ows(), lit(","))))
		if lo > 0 {
			return one
		}
		return &node{kind: nAlt, subs: []*node{one, rep(0, -1, seq(ows(), lit(","), ows()))}, off: off}
	}
	one := seq(e, rep(less(max(lo, 1)), less(hi), seq(ows(), lit(","), ows(), e)))
	if lo > 0 {
		return one
	}
	return rep(0, 1, one)
}

// listsText returns the rules that lists in form f add to the core rules.
func listsText(f ListForm) string {
	if f == 0 {
		return ""
	}
	return owsText
}

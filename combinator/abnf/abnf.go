// Package abnf compiles grammars written in ABNF (RFC 5234, with the
// case-sensitive strings of RFC 7405) to rules of package combinator that
// match exactly the language the ABNF describes.
//
// Paste the ABNF of an RFC and ask for a rule by name:
//
//	g, err := abnf.Parse(`tel = "tel:" 1*( DIGIT / "-" ) ; comments are fine`)
//	tel, err := g.Rule("tel")
//	tel.Match("tel:+1-201")
//
// The text is RFC 5234's, all of it, and read strictly: rule names in any
// case, "=" and "=/" ("=/" only after the rule has an "="), comments, CRLF
// or LF line ends, continuation lines (indented more than the line their
// rule starts on, so that the indented ABNF of an RFC reads as it is
// printed; a line that starts with a rule name and "=" starts a rule
// however it is indented), white space between the elements of a
// concatenation (an element right after a group or an option, as RFC 3966
// prints one, is a warning: Grammar.Warnings), case-insensitive quoted
// strings, %b, %d and %x values, ranges and concatenations, repetitions
// n*m, *, n, groups and options; %s"..." and %i"..." of RFC 7405. The core
// rules of RFC 5234 Appendix B (ALPHA, DIGIT, HEXDIG, CRLF, ...) are
// predeclared. A prose-val (<text>) cannot be matched and is an error,
// except under a repetition of zero, as RFC 3986 writes path-empty =
// 0<pchar>. Every refusal is an *Error with its line and column, a hint
// for the common mistakes and the rule of RFC 5234 §4 the text breaks; a
// rule used but not defined comes with the defined name nearest to it.
//
// RFC 5234 leaves the encoding of values to the application: WithEncoding
// chooses. In Characters (the default) a value above %x7F is a code point,
// matched as its UTF-8 encoding (RFC 3987's ucschar = %xA0-D7FF / ...); in
// Octets it is a byte (RFC 9110's obs-text = %x80-FF, RFC 3629's UTF8-2 =
// %xC2-DF UTF8-tail). The core rule OCTET is any byte in both. The #list
// of RFC 9110 §5.6.1 is read with the option Lists.
//
// # Exact matching
//
// A rule from this package accepts exactly the strings its ABNF derives.
// ABNF is not PEG: alternatives are unordered and a repetition takes what
// the rest of the rule needs, so that
//
//	global-number-digits = "+" *phonedigit DIGIT *phonedigit
//
// matches "+1", which a greedy reading refuses, and no alternative needs to
// be reordered by hand. A rule that uses no recursion (nearly every scheme
// grammar) is a regular language, compiled to an automaton: matching is
// linear in the input and allocates nothing once the automaton has met the
// states it needs; so is a rule whose recursion is in tail position only
// (ldh-str, a list written l = "x" [ "," l ]). Any other recursive rule
// (the nested comments of RFC 5322, JSON's values), left recursion
// included, is matched by an Earley recognizer over the same automata, in
// time linear in the input for the grammars of RFCs (cubic at worst),
// nested to any depth, within bounds a grammar can set (WithLimits) and
// past which a match stops with a *combinator.LimitError that Check
// returns. Captures, Events and Tree work on these rules
// as on hand-written ones; inside a hand-written (PEG) rule, a rule of this
// package matches the longest prefix of its language.
//
// # The grammars of RFCs
//
// The package ships the ABNF of RFCs, each as its RFC prints it with its
// verified errata applied and marked (the files of rfc/), compiled on
// first use and checked against the RFC's examples by the package's tests:
// RFC("rfc5322") returns one, RFCs lists them: RFC 5234 (core rules and
// ABNF itself), 3986 (URI), 3987 (IRI), 6570 (URI Template), 5322 (mail
// addresses and dates), 5321 (SMTP), 9110 (HTTP: tokens, quoted-string,
// field values, media types), 5646 and 4647 (language tags and ranges),
// 3339 (date-time), 8141 (URN), 3966 (tel), 2397 (data), 5870 (geo), 6068
// (mailto), 8259 (JSON), 3629 (UTF-8), 6532 (RFC 5322 with UTF-8) and
// 1034/1123 (host names, as rfc1123).
//
// Options give a grammar the rules of another: ImportRFC("rfc5322") the
// rules of a shipped grammar, ImportGrammar those of any, Import any
// *combinator.Rule, so that a scheme grammar names RFC 3986's segment
// instead of copying it. A rule whose definition is only a prose-val, as
// RFCs refer to the rules of other documents (RFC 9110: uri-host = <host,
// see [URI], Section 3.2.2>), is the imported rule its prose names.
package abnf

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/seed42851778/rfc3986/combinator"
)

// Grammar is a compiled ABNF grammar: its rules by name. A Grammar and its
// rules are immutable and safe for concurrent use.
type Grammar struct {
	rules    map[string]*combinator.Rule // by lower-case name: the text's rules, the core rules and the imports
	names    []string                    // the text's rules, in the order they are defined
	enc      Encoding
	warnings []*Error
}

// Error is a problem of an ABNF text: where it is, what was expected there
// and, for the common mistakes, a hint. A problem of the grammar as a whole
// (rules used but not defined, defined twice, too big) lists every
// rule concerned in Rules, each with the line and column where it stands.
// A warning (Grammar.Warnings) has Warning set, its Problem and its place.
type Error struct {
	Line, Column int    // where the problem is: from 1, the column counted in characters
	Expected     string // what was expected there
	Found        string // what stands there: "'|'", "end of line", "end of text"
	Hint         string // a hint for a common mistake, or ""
	Syntax       string // the rule of RFC 5234 §4 (or RFC 7405) the text breaks, such as "concatenation", or ""

	Problem string    // for a problem of the grammar as a whole: what is wrong with Rules
	Rules   []RulePos // the rules concerned
	Warning bool      // a warning: the grammar compiled, but likely not as its text means
}

// maxListed is how many rules a message lists, so that it stays short
// (Error.Rules holds them all).
const maxListed = 10

// RulePos is a rule name and where it stands in an ABNF text.
type RulePos struct {
	Name         string
	Line, Column int
	DidYouMean   string // for a rule used but not defined: the defined name nearest to Name, or ""
}

// Error returns a message such as
//
//	abnf: 3:14: expected "/", an element or the end of the rule, found '|' (ABNF separates alternatives with "/"; RFC 5234 §4: alternation = concatenation *(*c-wsp "/" *c-wsp concatenation))
//	abnf: rules used but not defined: heir-part (2:30, did you mean hier-part?), host (2:20)
//	abnf: warning: 4:10: %xC2-DF followed by %x80-BF spells a UTF-8 byte sequence, ...
//
// The message is bounded: at most maxListed rules, each name cut to 64
// bytes.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("abnf: ")
	if e.Warning {
		b.WriteString("warning: ")
	}
	switch {
	case e.Problem != "" && e.Line == 0:
		b.WriteString("rules " + e.Problem + ": ")
		e.writeRules(&b)
	case e.Problem != "":
		b.WriteString(strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column) + ": " + e.Problem)
	default:
		b.WriteString(strconv.Itoa(e.Line) + ":" + strconv.Itoa(e.Column) + ": expected " + e.Expected)
		if e.Found != "" {
			b.WriteString(", found " + e.Found)
		}
	}
	var notes []string
	if e.Hint != "" {
		notes = append(notes, e.Hint)
	}
	if d := syntaxRules[e.Syntax]; d != "" {
		notes = append(notes, d)
	}
	if len(notes) > 0 {
		b.WriteString(" (" + strings.Join(notes, "; ") + ")")
	}
	return b.String()
}

// writeRules writes the rules of a problem of the grammar as a whole, at
// most maxListed of them.
func (e *Error) writeRules(b *strings.Builder) {
	writeBounded(b, len(e.Rules), func(i int) string {
		r := e.Rules[i]
		s := clipName(r.Name) + " (" + strconv.Itoa(r.Line) + ":" + strconv.Itoa(r.Column)
		if r.DidYouMean != "" {
			s += ", did you mean " + clipName(r.DidYouMean) + "?"
		}
		return s + ")"
	})
}

// writeBounded writes the n items item gives, joined by ", ", at most
// maxListed of them, then "and k more".
func writeBounded(b *strings.Builder, n int, item func(i int) string) {
	for i := 0; i < n; i++ {
		if i == maxListed {
			b.WriteString(" and " + strconv.Itoa(n-i) + " more")
			return
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(item(i))
	}
}

// clipName cuts a rule name to 64 bytes for a message.
func clipName(name string) string {
	if len(name) > 64 {
		return name[:61] + "..."
	}
	return name
}

// Option is an option of ParseWith: rules made available to the grammar,
// the encoding of its values, the reading of #list.
type Option struct{ apply func(*config) error }

type config struct {
	imports map[string]*combinator.Rule // by lower-case name
	limits  combinator.Limits
	enc     Encoding
	lists   ListForm
}

// WithLimits bounds each match of the grammar's recursive rules
// (combinator.Limits; a zero field keeps combinator.DefaultLimits'): a
// match that passes a bound stops, Match reporting no match and Check the
// *combinator.LimitError.
func WithLimits(l combinator.Limits) Option {
	return Option{func(c *config) error {
		c.limits = l
		return nil
	}}
}

// Import makes rules available to the grammar under their names
// (Rule.Name), for the names the text uses and does not define. A rule
// holding only ABNF constructs (Lit, LitFold, Class, RuneClass, Seq, Alt,
// Rep and rules of this package) is read as the ABNF it prints, exactly; a
// PEG operator (Not, Peek, End) or a Func terminal inside it keeps its
// meaning, and the rules using it are matched by search rather than by an
// automaton. ParseWith reports an unnamed rule.
func Import(rules ...*combinator.Rule) Option {
	return Option{func(c *config) error {
		for _, r := range rules {
			if r == nil || r.Name() == "" {
				return errors.New("abnf: Import of a rule without a name")
			}
			c.imports[strings.ToLower(r.Name())] = r
		}
		return nil
	}}
}

// ImportGrammar makes every rule of g available, as Import does.
func ImportGrammar(g *Grammar) Option {
	return Option{func(c *config) error {
		for k, r := range g.rules {
			c.imports[k] = r
		}
		return nil
	}}
}

// RFC3986Grammar returns the grammar of RFC 3986 Appendix A, compiled from
// its text: URI-reference, URI, authority, segment, pchar and the others,
// each matching exactly its ABNF language (the same language as the
// hand-written rules of package combinator). It is RFC("rfc3986").
func RFC3986Grammar() *Grammar { return MustRFC("rfc3986") }

// RFC3987Grammar returns the grammar of RFC 3987 §2.2 (IRIs), compiled from
// its text with the RFC 3986 rules it uses. It is RFC("rfc3987").
func RFC3987Grammar() *Grammar { return MustRFC("rfc3987") }

// RFC3986 makes the rules of RFC 3986 Appendix A available to the grammar
// (RFC3986Grammar), so that a scheme's grammar can say
//
//	tel = "tel:" segment
//
// It is ImportRFC("rfc3986").
func RFC3986() Option { return ImportRFC("rfc3986") }

// RFC3987 makes the rules of RFC 3987 §2.2 available to the grammar
// (RFC3987Grammar), those of RFC 3986 that it uses included. It is
// ImportRFC("rfc3987").
func RFC3987() Option { return ImportRFC("rfc3987") }

// coreText is RFC 5234 Appendix B.1, but OCTET, which is bytes.
const coreText = `ALPHA = %x41-5A / %x61-7A
BIT = "0" / "1"
CHAR = %x01-7F
CR = %x0D
CRLF = CR LF
CTL = %x00-1F / %x7F
DIGIT = %x30-39
DQUOTE = %x22
HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
HTAB = %x09
LF = %x0A
LWSP = *(WSP / CRLF WSP)
SP = %x20
VCHAR = %x21-7E
WSP = SP / HTAB
`

// Parse compiles the ABNF text src. It is ParseWith without options.
func Parse(src string) (*Grammar, error) { return ParseWith(src) }

// MustParse is ParseWith for a grammar known to compile, such as a
// constant of the program: it panics with the *Error when src does not
// compile, so that a grammar can be a package-level variable.
func MustParse(src string, opts ...Option) *Grammar {
	g, err := ParseWith(src, opts...)
	if err != nil {
		panic(err)
	}
	return g
}

// ParseWith compiles the ABNF text src with the rules the options make
// available. It returns an *Error for a text that is not ABNF or a grammar
// that has no exact reading: a rule used but not defined (nor a core rule,
// nor imported), a rule defined twice with "=", a rule too big for an
// automaton.
func ParseWith(src string, opts ...Option) (*Grammar, error) {
	c := &config{imports: map[string]*combinator.Rule{}}
	for _, o := range opts {
		if o.apply == nil {
			continue // the zero Option
		}
		if err := o.apply(c); err != nil {
			return nil, err
		}
	}
	defs, warnings, err := parseRules(src, c.lists)
	if err != nil {
		return nil, err
	}
	core, _, err := parseRules(coreText+listsText(c.lists), 0)
	if err != nil {
		panic("abnf: core rules: " + err.Error())
	}
	g, err := build(src, defs, core, c)
	if err != nil {
		return nil, err
	}
	g.warnings = append(warnings, g.warnings...)
	return g, nil
}

// merged is a rule of the text: its definitions, "=" and "=/", merged.
type merged struct {
	name string
	off  int
	alts []*node
	eq   bool // defined with "=" (not only "=/")
}

// build makes the grammar of the definitions read: the text's definitions
// merged, the rules they extend or use from the core rules and the imports
// added, every name used checked to be defined, and the whole compiled to
// exact rules.
func build(src string, defs, core []ruleDef, c *config) (*Grammar, error) {
	b := &builder{src: src, c: c, byName: map[string]*merged{}}
	defs, err := b.crossReferences(defs)
	if err != nil {
		return nil, err
	}
	if err := b.checkIncremental(defs, core); err != nil {
		return nil, err
	}
	if err := b.merge(defs); err != nil {
		return nil, err
	}
	b.extend(core)
	g := &Grammar{rules: map[string]*combinator.Rule{}}
	for _, k := range b.order {
		g.names = append(g.names, b.byName[k].name)
	}
	b.addCore(core)
	if undefined := b.undefined(); len(undefined) > 0 {
		return nil, b.undefinedError(undefined)
	}
	g.enc, g.warnings = c.enc, append(b.utf8Warnings(), b.selfWarnings()...)
	if err := b.lowerValues(); err != nil {
		return nil, err
	}
	rules, err := b.compile()
	if err != nil {
		return nil, err
	}
	for i, k := range b.order {
		g.rules[k] = rules[i]
	}
	for k, r := range c.imports {
		if g.rules[k] == nil {
			g.rules[k] = r
		}
	}
	return g, nil
}

// builder holds the rules of a grammar being built, by lower-cased name
// (ABNF names are case-insensitive) and in the order they are first met.
type builder struct {
	src    string
	c      *config
	order  []string
	byName map[string]*merged
}

// pos returns where the rule name at offset off of the text stands.
func (b *builder) pos(name string, off int) RulePos {
	l, col := position(b.src, off)
	return RulePos{Name: name, Line: l, Column: col}
}

// merge merges the text's definitions of each rule: "=/" adds alternatives
// (RFC 5234 §3.3), and a second "=" is an error naming every definition of
// the rule.
func (b *builder) merge(defs []ruleDef) error {
	var dups []RulePos
	for _, d := range defs {
		k := strings.ToLower(d.name)
		m, ok := b.byName[k]
		if !ok {
			m = &merged{name: d.name, off: d.off}
			b.byName[k] = m
			b.order = append(b.order, k)
		} else if !d.incr && m.eq {
			if len(dups) == 0 || !strings.EqualFold(dups[len(dups)-1].Name, m.name) {
				dups = append(dups, b.pos(m.name, m.off))
			}
			dups = append(dups, b.pos(d.name, d.off))
			continue
		}
		if !d.incr {
			m.off, m.eq = d.off, true
		}
		m.alts = append(m.alts, d.body)
	}
	if len(dups) > 0 {
		return &Error{Problem: "defined more than once with \"=\" (use \"=/\" to add alternatives)", Rules: dups}
	}
	return nil
}

// extend puts first, for each rule the text defines only with "=/", the
// rule it adds alternatives to: an imported one, else a core rule.
func (b *builder) extend(core []ruleDef) {
	for _, k := range b.order {
		m := b.byName[k]
		if m.eq {
			continue
		}
		if r := b.c.imports[k]; r != nil {
			m.alts = append([]*node{{kind: nRule, rule: r}}, m.alts...)
			continue
		}
		for _, d := range core {
			if strings.EqualFold(d.name, m.name) {
				m.alts = append([]*node{d.body}, m.alts...)
			}
		}
		if k == "octet" {
			m.alts = append([]*node{{kind: nRule, rule: combinator.Class(combinator.ByteRange(0, 0xFF))}}, m.alts...)
		}
	}
}

// addCore adds the core rules the text does not define and no import
// replaces, OCTET among them.
func (b *builder) addCore(core []ruleDef) {
	for _, d := range core {
		k := strings.ToLower(d.name)
		if b.byName[k] != nil || b.c.imports[k] != nil {
			continue
		}
		b.byName[k] = &merged{name: d.name, alts: []*node{d.body}}
		b.order = append(b.order, k)
	}
	if b.byName["octet"] == nil && b.c.imports["octet"] == nil {
		b.byName["octet"] = &merged{name: "OCTET"}
		b.order = append(b.order, "octet")
	}
}

// undefined returns the names used but neither defined nor imported, each
// where it is first used.
func (b *builder) undefined() []RulePos {
	var names []string
	var offs []int
	seen := map[string]bool{}
	var check func(n *node)
	check = func(n *node) {
		if n.kind == nName {
			k := strings.ToLower(n.name)
			if b.byName[k] == nil && b.c.imports[k] == nil && !seen[k] {
				seen[k] = true
				names, offs = append(names, n.name), append(offs, n.off)
			}
		}
		if n.kind == nRep && n.max == 0 {
			return // never matched: what it names need not exist
		}
		for _, s := range n.subs {
			check(s)
		}
	}
	for _, k := range b.order {
		for _, a := range b.byName[k].alts {
			check(a)
		}
	}
	return positions(b.src, names, offs)
}

// compile returns the exact rules of b.order's rules, and the grammar's
// error (a rule too big, ...) as an *Error naming where the rules stand.
func (b *builder) compile() ([]*combinator.Rule, error) {
	cdefs := make([]combinator.Def, len(b.order))
	for i, k := range b.order {
		m := b.byName[k]
		var body *combinator.Rule
		if k == "octet" && len(m.alts) == 0 {
			body = combinator.Class(combinator.ByteRange(0, 0xFF))
		} else {
			parts := make([]*combinator.Rule, len(m.alts))
			for j, a := range m.alts {
				parts[j] = convert(a, b.byName, b.c.imports)
			}
			body = parts[0]
			if len(parts) > 1 {
				body = combinator.Alt(parts...)
			}
		}
		cdefs[i] = combinator.Def{Name: m.name, Body: body}
	}
	rules, err := combinator.ExactGrammarLimits(b.c.limits, cdefs...)
	if err != nil {
		var ge *combinator.GrammarError
		if errors.As(err, &ge) {
			e := &Error{Problem: ge.Problem}
			for _, n := range ge.Names {
				e.Rules = append(e.Rules, b.pos(n, b.byName[strings.ToLower(n)].off))
			}
			return nil, e
		}
		return nil, err
	}
	return rules, nil
}

// convert makes the combinator rule of n: a name the text or the core
// rules define is a Ref, an imported name the imported rule.
func convert(n *node, defined map[string]*merged, imports map[string]*combinator.Rule) *combinator.Rule {
	switch n.kind {
	case nAlt, nSeq:
		subs := make([]*combinator.Rule, len(n.subs))
		for i, s := range n.subs {
			subs[i] = convert(s, defined, imports)
		}
		if n.kind == nAlt {
			return combinator.Alt(subs...)
		}
		return combinator.Seq(subs...)
	case nRep:
		return combinator.Rep(n.min, n.max, convert(n.subs[0], defined, imports))
	case nName:
		k := strings.ToLower(n.name)
		if defined[k] == nil {
			if r := imports[k]; r != nil {
				return r
			}
			// Only under a repetition of zero (build refuses it elsewhere),
			// as RFC 3986's path-empty = 0<pchar> printed back: 0pchar.
			return combinator.Func(n.name, func(string, int) int { return -1 })
		}
		return combinator.Ref(n.name)
	case nLit:
		if n.fold && hasLetter(n.lit) {
			return combinator.LitFold(n.lit)
		}
		return combinator.Lit(n.lit)
	case nRange:
		if n.hi < 0x80 {
			return combinator.Class(combinator.ByteRange(byte(n.lo), byte(n.hi)))
		}
		return combinator.RuneClass(combinator.Runes(combinator.RuneRange{Lo: n.lo, Hi: n.hi}))
	case nRule:
		return n.rule
	case nProse:
		// Only under a repetition of zero (the parser refuses it elsewhere):
		// never matched, printed back as it was written.
		return combinator.Func("<"+n.lit+">", func(string, int) int { return -1 })
	}
	return nil
}

func hasLetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if isAlpha(s[i]) {
			return true
		}
	}
	return false
}

// Rule returns the rule of the grammar named name (case-insensitively): a
// rule of the text, a core rule or an imported one. It returns an error
// naming the rules of the text when there is none.
func (g *Grammar) Rule(name string) (*combinator.Rule, error) {
	if r, ok := g.rules[strings.ToLower(name)]; ok {
		return r, nil
	}
	return nil, g.noRule(name)
}

// MustRule is Rule for a name known to be there: it panics if there is no
// such rule.
func (g *Grammar) MustRule(name string) *combinator.Rule {
	r, err := g.Rule(name)
	if err != nil {
		panic(err)
	}
	return r
}

// Names returns the names of the rules the text defines, in the order it
// defines them.
func (g *Grammar) Names() []string { return slices.Clone(g.names) }

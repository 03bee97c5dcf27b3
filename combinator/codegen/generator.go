package codegen

import (
	"bytes"
	"fmt"
	"go/format"
	"regexp"
	"slices"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// A Generator compiles rules to Go: one function for each rule added, in one
// source file, that matches exactly as the rule's capturing match does (PEG
// semantics, the same end offset, the same captures) without the interpreter.
// It is the code-generation step of a go generate pipeline: generate once from
// the grammar, commit the output, and test that it is up to date and that it
// agrees with the interpreter.
//
// For a rule whose highest capture slot is N-1, Add(name, r) emits
//
//	func name(in string, pos int, caps *[N][2]int) (end int)
//
// (without caps when the rule has no Capture). It matches r in in from byte
// offset pos and returns the end offset of the match, or -1 when r does not
// match there (or pos is outside in). It is r.MatchAt, with the captures of
// r.Captures: on a match, caps[i] holds {start, end} of the last match of slot
// i, or {-1, -1} when slot i took no part (in the form of CapsType and
// CapsMake, when set, and of CapsOneBased); on no match, caps is left as it
// was. For a whole match, compare end with len(in). The function allocates
// nothing and does not recurse (a grammar has no cycles).
//
// The output has one function per named rule, as a person would write it,
// named "match" and the rule's name in Go (DESIGN.md §5: dec-octet is
// matchDecOctet, IPv6address matchIPv6Address), its diagnosis "explain" and
// the same, with "Rule" added where Add or AddExplain was given that name;
// no two names of an output differ in case alone. Each is written once and
// called wherever the rule is used, so that the size of the output is that
// of the grammar and not of its tree written out; the Go compiler inlines
// what is small. Where it is as short as its call, a named rule stays in
// place: a fused scan, a literal, a class, a sequence of those (scheme). A
// repetition with a count is a call of one function of its loop, shared by
// every repetition of that rule whatever its bounds (6( h16 ":" ) and
// 5( h16 ":" ) both call matchRepH16Colon). A choice point (an alternative,
// an iteration, a look-ahead) saves the captures its subrule can set and
// restores them when the subrule fails; an alternative or an option that is
// one call is tried without saving anything. Where the rest of a rule cannot
// fail (URI's hier-part, whose last alternative matches empty, followed by
// options), a named rule with captures there is a function of its own that
// stores its captures into caps itself (matchHierPart, which URI and
// absolute-URI share), and the other captures nothing in that rest sets are
// stored after it, not carried to the end of the function.
//
// A piece of the grammar that two or more rules share is written once too:
// an unnamed rule (a *combinator.Rule, the same pointer) used in two places
// or more of the rules the generator reads (all those of a Spec; with Add
// alone, those added so far), of at least eight nodes in place (a named
// rule or a fused node counting one), becomes functions of its own that
// each use calls, matcher and diagnosis, as a named rule does (RFC 3986's
// hier-part and relative-part share "//" authority path-abempty, a
// function called from both). Its diagnosis records what the code in place
// would, and never the piece itself: it has no name, so no label. A
// matcher of a piece that captures stores its captures into caps itself,
// so it is called only where the match can no longer fail after it (an
// alternative of a choice that is the whole rule of such a function, or
// the commit point of a sequence, as a named rule with captures is); in
// other places it stays in place. Smaller pieces stay in place, where
// their code is about as short as a call. PieceNames names the functions
// of a piece ("match", "explain" and its name); without one, the names of
// the named rules it holds, in order.
//
// Byte classes become [256]uint8 tables (0xff for a byte of the set), the
// fields of one package-level variable, set (Prefix + "Set" where Prefix
// is given), named after their sets (the name of the rule that is that
// set, or its range: set.DIGIT, set.Digits0To5) and filled from the ranges
// of the sets by a call of Prefix + "Sets", so that a variable of the
// target package initialised by a matcher is initialised after them.
// Fused runs become loops written out where they are used, eight bytes a
// step, that find where a run stops without a branch by Prefix + "Word"
// and Prefix + "Stop", which the compiler inlines (runScan); the runs of
// ColdRules and of the diagnoses call Prefix + "Scan" instead. A rune
// class becomes a function of its set of code points (Prefix + "Runes" + n)
// that decodes UTF-8 and tests ranges, and a choice or a run of characters
// that holds rune classes becomes one step or one loop, as the interpreter
// fuses them (runes.go).
//
// AddExplain compiles the other half of a parser: the diagnosis of a failed
// match (what Rule.ExplainFrom computes), so that an error costs a generated
// run and not an interpreted one; AddStop, what that diagnosis finds for
// most failures without running it (stops.go), so that most errors cost
// neither.
//
// Limits: a Func terminal has no Go name the generator could know; map its
// name in Funcs to a Go expression of type MatchFunc (a function name of the
// target package), or Add fails. Function names are not checked against the
// package they go to: neither the names given to Add and AddExplain nor
// those of the named rules ("match…", "explain…") and of the loops
// ("matchRep…") nor the variable of the tables ("set") nor the runtime's
// (Prefix + "Word", "Stop", "Scan", "Sets", "Tables", "Fill",
// "Diag", "Labels", "Run") nor the packages an output imports (bits,
// strings, utf8) may clash with one of that package. caps has a slot for
// each number up to the highest used: number slots densely. The
// generator relies on the preparation of the rules (first sets, nullability,
// fused forms) as the interpreter does; that the output agrees with the
// interpreter is for the caller's tests to check, on the caller's grammar.
type Generator struct {
	// Package is the package clause of the output.
	Package string
	// Prefix starts the names of the runtime of the output (Prefix +
	// "Diag", "Word", ...); it defaults to "gen". Given, it starts the
	// names of the tables too (Prefix + "Set" + a name).
	Prefix string
	// Header, when not empty, is written before the package clause: a "Code
	// generated ... DO NOT EDIT." comment, say.
	Header string
	// Funcs maps the name of each Func terminal of the rules to a Go
	// expression of type MatchFunc that the output calls.
	Funcs map[string]string
	// Slots, when above the slots a rule with captures uses, is the length
	// of caps: so that the matchers of rules that capture into the same
	// slots share a type. The slots a rule does not use hold {-1, -1}
	// (CapsMake(0, 0) with CapsOneBased) after a match. A rule without any
	// Capture has no caps.
	Slots int
	// CapsType and CapsMake, when set (both or neither), store the
	// captures in the caller's own form: caps is *[N]CapsType, and the
	// span {start, end} of slot i is stored as caps[i] = CapsMake(start,
	// end), {-1, -1} for a slot that took no part; CapsMake is a function
	// of the target package, func(start, end int) CapsType, that the
	// compiler can inline. A parser whose value keeps spans in another
	// form (uri's URI holds int32 pairs) then fills it from the matcher
	// without a second pass over an [N][2]int.
	CapsType, CapsMake string
	// CapsOneBased, with CapsMake, passes CapsMake the start of a span plus
	// one, and {0, 0} for a slot that took no part in place of {-1, -1}:
	// the matchers keep the starts so from the first, for a target whose
	// zero value means "no component" (uri's span holds start+1, 0 when
	// absent) to store a span without arithmetic, as CapsMake(start+1,
	// end) = {start+1, end} would otherwise add one and clamp -1 to 0 in
	// every slot of every match.
	CapsOneBased bool
	// CapsStart, with CapsType, names a function of the target package,
	// func(c CapsType) int, that returns the start of a span CapsMake
	// stored, or -1 for a slot that took no part: the stops (AddStop)
	// start after the captures of a match. Without it they start at the
	// beginning of the input; with [2]int captures they read caps[i][0].
	CapsStart string
	// Extern maps rules, by identity (the same *combinator.Rule), to the
	// matchers of another package that the output calls in their place
	// (the rules' matchers are not compiled): a function func(in string,
	// pos int) int that returns the end of a match of the rule at pos, or
	// -1, as the functions Add makes of rules without captures
	// (internal/ipmatch holds IP-literal, IPv4address and IPv6address for
	// uri and iri; Spec.Extern makes the map of a Spec's matchers). A rule
	// of the same name built anew (a variant's IP-literal) is not the rule
	// mapped, and is compiled. The diagnoses are compiled all the same.
	Extern map[*c.Rule]ExternFunc
	// ColdRules are the rules, by identity, whose runs are scanned by a
	// call of a function of the output (Prefix + "Scan") rather than
	// written out in the matchers: rules that the inputs which matter for
	// speed seldom hold (a port, a userinfo, an IP literal). A diagnosis
	// always calls it.
	ColdRules []*c.Rule
	// PieceNames maps the pieces of the rules that several rules share
	// (unnamed rules used in two places or more) to the names of their
	// functions, in Go without "match" or "explain": AuthorityPathAbempty
	// for "//" authority path-abempty. It names; it does not decide what
	// is shared, and it gives no label to the diagnoses.
	PieceNames map[*c.Rule]string

	stops      *stopAuto         // the automaton of the stops (AddStop)
	nodes      map[*c.Rule]*node // the rules met, read through combinator's view
	externUsed map[string]bool   // the import paths of the Extern functions called
	funcs      []string          // the emitted functions
	names      map[string]bool   // the names given to Add and AddExplain

	ruleFuncs []*node // the named rules compiled to functions of their own, in order
	ruleFunc  map[*node]int
	added     map[*node]added
	sets      []c.CharSet // the tables, in order of first use (tables.go)
	setID     map[c.CharSet]int
	setNames  []setName // the names the named rules give sets
	walked    map[*node]bool
	uses      map[*node]int // how many times each node is used under another (share)

	explained    map[*node]int // the numbers of the diagnosis functions (AddExplain)
	explainOrder []*node       // their rules, by number
	roots        []rootFunc    // the diagnosis functions of AddExplain's rules
	labels       []string      // the labels they record
	hexdig       bool          // they use the HEXDIG check
	useLit       bool          // they call the runtime's lit
	useByte      bool          // they call the runtime's byte1 or class

	capIDs   map[string]int // the functions of named rules with captures (capfuncs.go)
	capRules []*node

	repeats map[string]int // how many repetitions each rule has, by ruleKey
	repIDs  map[string]int // the loop functions of repetitions, by ruleKey (loops.go)
	reps    []repeated

	needles  bool        // the matchers call strings.IndexByte (needle)
	scanFunc bool        // the code calls Prefix + "Scan" (coldRuns)
	scanPct  bool        // and Prefix + "ScanPct"
	runs     bool        // the matchers call Prefix + "Word" and "Stop" (runScan)
	runeSets []c.RuneSet // the sets of code points of rune classes, in order of first use (runes.go)
	runeName map[string]string
}

// GenerateGo returns gofmt'ed Go source, in package pkg, of a function named
// funcName that matches as r does, with the functions of the named rules it
// calls and the tables it reads (named with the prefix funcName): see
// Generator for its signature and limits.
func GenerateGo(r *c.Rule, pkg, funcName string) ([]byte, error) {
	g := &Generator{Package: pkg, Prefix: funcName}
	if err := g.Add(funcName, r); err != nil {
		return nil, err
	}
	return g.Source()
}

// Add compiles r to a function named funcName.
func (g *Generator) Add(funcName string, rule *c.Rule) error {
	if !goIdent.MatchString(funcName) {
		return fmt.Errorf("codegen: generate: %q is not a Go identifier", funcName)
	}
	if (g.CapsType == "") != (g.CapsMake == "") {
		return fmt.Errorf("codegen: generate: CapsType %q and CapsMake %q: set both or neither", g.CapsType, g.CapsMake)
	}
	if g.CapsOneBased && g.CapsMake == "" {
		return fmt.Errorf("codegen: generate: CapsOneBased needs CapsType and CapsMake")
	}
	if err := g.checkPieceNames(); err != nil {
		return err
	}
	r := g.nodeOf(rule)
	g.nameSets(r, "")
	g.reserve(funcName)
	if g.added == nil {
		g.added = map[*node]added{}
	}
	nslots := 0
	if r.hasCaps {
		nslots = max(maxSlot(r)+1, g.Slots)
	}
	if nslots == 0 && callable(r) {
		// The rule's own function, which other functions may call too,
		// behind the bounds check.
		name, err := g.matchFunc(r)
		if err != nil {
			return err
		}
		g.funcs = append(g.funcs, fmt.Sprintf("// %s matches %s at pos in in and returns the end offset of the match, or -1.\n"+
			"func %s(in string, pos int) int {\nif pos < 0 || pos > len(in) {\nreturn -1\n}\nreturn %s(in, pos)\n}\n",
			funcName, docName(r), funcName, name))
		g.added[r] = added{funcName, 0}
		return nil
	}
	if src, ok := g.choiceOfAdded(funcName, r, nslots); ok {
		g.funcs = append(g.funcs, src)
		g.added[r] = added{funcName, nslots}
		return nil
	}
	f := &genFunc{g: g, nslots: nslots, self: r}
	src, err := f.compile(funcName, r)
	if err != nil {
		return err
	}
	g.funcs = append(g.funcs, src)
	if g.added == nil {
		g.added = map[*node]added{}
	}
	g.added[r] = added{funcName, nslots}
	return nil
}

// An ExternFunc is a matcher of another package that an output calls
// (Generator.Extern).
type ExternFunc struct {
	Import string // the import path of its package
	Call   string // the Go expression of the function: ipmatch.IPLiteral
}

// added is a function the generator has emitted for a rule.
type added struct {
	name   string
	nslots int
}

// choiceOfAdded compiles a choice whose alternatives all have functions of
// their own, with the same slots, to calls of those functions. A generated
// function leaves caps untouched when it fails and sets every slot when it
// matches, which is what the choice does with the captures of the alternative
// that matches; so the calls are exact and the alternatives are not compiled
// twice.
func (g *Generator) choiceOfAdded(funcName string, r *node, nslots int) (string, bool) {
	if r.kind != kAlt || len(r.subs) == 0 || nslots == 0 {
		return "", false
	}
	for _, s := range r.subs {
		if a, ok := g.added[s]; !ok || a.nslots != nslots {
			return "", false
		}
	}
	var b strings.Builder
	label := docName(r)
	fmt.Fprintf(&b, "// %s matches %s at pos in in and returns the end offset of the match, or -1:\n", funcName, label)
	fmt.Fprintf(&b, "// the first of its alternatives that matches, each a function of its own.\n")
	fmt.Fprintf(&b, "func %s(in string, pos int, caps *[%d]%s) int {\n", funcName, nslots, g.capsType())
	for i, s := range r.subs {
		if i == len(r.subs)-1 {
			fmt.Fprintf(&b, "return %s(in, pos, caps)\n", g.added[s].name)
		} else {
			fmt.Fprintf(&b, "if e := %s(in, pos, caps); e >= 0 {\nreturn e\n}\n", g.added[s].name)
		}
	}
	b.WriteString("}\n")
	return b.String(), true
}

// Source returns the gofmt'ed Go source of the functions added so far and of
// the tables they use.
func (g *Generator) Source() ([]byte, error) {
	// The stops first: the diagnoses of their rules alone are functions
	// of the output too.
	stops, err := g.stopSource()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if g.Header != "" {
		b.WriteString(g.Header)
		if !strings.HasSuffix(g.Header, "\n") {
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "package %s\n\n", g.Package)
	var imports []string
	if g.runs {
		imports = append(imports, `"math/bits"`)
	}
	if g.needles {
		imports = append(imports, `"strings"`)
	}
	if len(g.runeSets) > 0 {
		imports = append(imports, `"unicode/utf8"`)
	}
	var ext []string
	for path := range g.externUsed {
		ext = append(ext, strconv.Quote(path))
	}
	slices.Sort(ext)
	if len(ext) > 0 && len(imports) > 0 {
		imports = append(imports, "")
	}
	imports = append(imports, ext...)
	switch len(imports) {
	case 0:
	case 1:
		fmt.Fprintf(&b, "import %s\n\n", imports[0])
	default:
		fmt.Fprintf(&b, "import (\n%s\n)\n\n", strings.Join(imports, "\n"))
	}
	for _, f := range g.funcs {
		b.WriteString(f)
		b.WriteString("\n")
	}
	b.WriteString(g.runSource())
	b.WriteString(g.runeSource())
	b.WriteString(g.diagSource())
	b.WriteString(stops)
	if len(g.labels) > 1<<16 {
		return nil, fmt.Errorf("codegen: generate: %d labels in the diagnoses, more than 65,536", len(g.labels))
	}
	b.WriteString(g.tableSource())
	src := g.funcNames().Replace(b.String())
	out, err := format.Source([]byte(src))
	if err != nil {
		return nil, fmt.Errorf("codegen: generate: gofmt: %v", err)
	}
	return out, nil
}

// docName is how the comments of the output call r: its name, "a piece that
// rules share", or "a rule".
func docName(r *node) string {
	switch {
	case r.name != "":
		return r.name
	case r.shared:
		return "a piece that rules share"
	}
	return "a rule"
}

// docABNF is r in ABNF for the comments of the output: the definition of a
// named rule, else its body.
func docABNF(r *node) string {
	if r.abnf != "" {
		return r.abnf
	}
	return r.rule.String()
}

// prefix is Prefix, or its default.
func (g *Generator) prefix() string {
	if g.Prefix == "" {
		return "gen"
	}
	return g.Prefix
}

var goIdent = regexp.MustCompile(`^[\p{L}_][\p{L}\p{Nd}_]*$`)

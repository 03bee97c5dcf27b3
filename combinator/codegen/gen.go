package codegen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"regexp"
	"strconv"
	"strings"
	"unicode"

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
// The output has one function per named rule, as a person would write it:
// matchIPv6address, matchHost, written once and called wherever the rule is
// used, so that the size of the output is that of the grammar and not of its
// tree written out (the four top rules of RFC 3986 with their diagnoses make
// some 4,700 lines). The Go compiler inlines what is small. A named rule
// stays inline where it captures (its captures are the caller's local
// variables) or where it is a fused scan, a literal, a class or a terminal (a
// few lines). A choice point (an alternative, an iteration, a look-ahead)
// saves the captures its subrule can set and restores them when the subrule
// fails. Where the rest of a rule cannot fail (URI's hier-part, whose last
// alternative matches empty, followed by options), the captures nothing in
// that rest sets are stored into caps at the end of each path there, not
// carried to the end of the function. The function of a named rule is named "match" and the rule's name
// in Go (dec-octet: matchDecOctet), its diagnosis "explain" and the same,
// with "Rule" added where Add or AddExplain was given that name.
//
// Byte classes become package-level [256]uint8 tables (0xff for a byte of
// the set), named with Prefix; fused runs become loops written out where
// they are used, eight bytes a step, that find where a run stops without a
// branch by Prefix + "Word" and Prefix + "Stop", which the compiler
// inlines (runScan). A rune class becomes a function of its set of
// code points (Prefix + "Runes" + n) that decodes UTF-8 and tests ranges,
// and a choice or a run of characters that holds rune classes becomes one
// step or one loop, as the interpreter fuses them (runes.go).
//
// AddExplain compiles the other half of a parser: the diagnosis of a failed
// match (what Rule.ExplainFrom computes), so that an error costs a generated
// run and not an interpreted one.
//
// Limits: a Func terminal has no Go name the generator could know; map its
// name in Funcs to a Go expression of type MatchFunc (a function name of the
// target package), or Add fails. Function names are not checked against the
// package they go to: neither the names given to Add and AddExplain nor those
// of the named rules ("match…", "explain…") nor the tables (Prefix + "Set" +
// n) nor Prefix + "Word" and Prefix + "Stop" nor the packages an output
// imports (bits, strings, utf8) may clash with one of that package. caps
// has a slot for each number up to the highest used: number slots densely. The
// generator relies on the preparation of the rules (first sets, nullability,
// fused forms) as the interpreter does; that the output agrees with the
// interpreter is for the caller's tests to check, on the caller's grammar.
type Generator struct {
	// Package is the package clause of the output.
	Package string
	// Prefix starts the names of the package-level tables of the output;
	// it defaults to "gen".
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

	nodes map[*c.Rule]*node // the rules met, read through combinator's view
	funcs []string          // the emitted functions
	names map[string]bool   // the names given to Add and AddExplain

	ruleFuncs []*node // the named rules compiled to functions of their own, in order
	ruleFunc  map[*node]int
	added     map[*node]added
	sets      []c.CharSet // the tables, in order of first use
	setName   map[c.CharSet]string

	explained    map[*node]int // the numbers of the diagnosis functions (AddExplain)
	explainOrder []*node       // their rules, by number
	labels       []string      // the labels they record
	hexdig       bool          // they use the HEXDIG check
	litTails     bool          // they record where a literal of two bytes or more stops

	needles  bool        // the matchers call strings.IndexByte (needle)
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

// capsType is the type of an element of caps: [2]int, or CapsType.
func (g *Generator) capsType() string {
	if g.CapsType == "" {
		return "[2]int"
	}
	return g.CapsType
}

// capStart is the value a capture's start variable takes where the capture
// starts, and capNone the value of both of its variables while it has taken
// no part: p and -1, or with CapsOneBased p + 1 and 0.
func (g *Generator) capStart() string {
	if g.CapsOneBased {
		return "p + 1"
	}
	return "p"
}

func (g *Generator) capNone() string {
	if g.CapsOneBased {
		return "0"
	}
	return "-1"
}

// capStore is the statement that stores the span {start, end} of slot
// into caps.
func (g *Generator) capStore(slot int, start, end string) string {
	if g.CapsType == "" {
		return fmt.Sprintf("caps[%d] = [2]int{%s, %s}", slot, start, end)
	}
	return fmt.Sprintf("caps[%d] = %s(%s, %s)", slot, g.CapsMake, start, end)
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
	r := g.nodeOf(rule)
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
	if len(g.labels) > 1<<16 {
		return nil, fmt.Errorf("codegen: generate: %d labels in the diagnoses, more than 65,536", len(g.labels))
	}
	for i, set := range g.sets {
		fmt.Fprintf(&b, "// %s is %s: 0xff for a byte of the set.\nvar %s = [256]uint8{", g.tableName(i), set, g.tableName(i))
		n := 0
		for c := 0; c < 256; c++ {
			if !set.Contains(byte(c)) {
				continue
			}
			if n%8 == 0 {
				b.WriteString("\n")
			}
			n++
			fmt.Fprintf(&b, "%s: 0xff, ", byteLit(byte(c)))
		}
		b.WriteString("\n}\n\n")
	}
	src := g.funcNames().Replace(b.String())
	out, err := format.Source([]byte(src))
	if err != nil {
		return nil, fmt.Errorf("codegen: generate: gofmt: %v", err)
	}
	return out, nil
}

func (g *Generator) tableName(i int) string {
	return g.prefix() + "Set" + strconv.Itoa(i)
}

// docName is how the comments of the output call r: its name, or "a rule".
func docName(r *node) string {
	if r.name == "" {
		return "a rule"
	}
	return r.name
}

// prefix is Prefix, or its default.
func (g *Generator) prefix() string {
	if g.Prefix == "" {
		return "gen"
	}
	return g.Prefix
}

// table returns the name of the table of set.
func (g *Generator) table(set c.CharSet) string {
	if name, ok := g.setName[set]; ok {
		return name
	}
	if g.setName == nil {
		g.setName = map[c.CharSet]string{}
	}
	name := g.tableName(len(g.sets))
	g.sets = append(g.sets, set)
	g.setName[set] = name
	return name
}

var goIdent = regexp.MustCompile(`^[\p{L}_][\p{L}\p{Nd}_]*$`)

// maxSlot returns the highest capture slot in r, or -1.
func maxSlot(r *node) int {
	m := -1
	if r.kind == kCap {
		m = r.slot
	}
	for _, s := range r.subs {
		m = max(m, maxSlot(s))
	}
	return m
}

// slotsOf returns the capture slots that a match of r can set, in order.
func slotsOf(r *node) []int {
	seen := map[int]bool{}
	var out []int
	var walk func(*node)
	walk = func(r *node) {
		if r.kind == kCap && !seen[r.slot] {
			seen[r.slot] = true
			out = append(out, r.slot)
		}
		if r.kind == kNot || r.kind == kPeek {
			return // a look-ahead restores what it set
		}
		for _, s := range r.subs {
			walk(s)
		}
	}
	walk(r)
	return out
}

// slotsOf is slotsOf(r), or none in a diagnosis, which keeps no capture.
func (f *genFunc) slotsOf(r *node) []int {
	if f.nocaps {
		return nil
	}
	return slotsOf(r)
}

// capturesSlot reports whether r holds a Capture of slot.
func capturesSlot(r *node, slot int) bool {
	if r.kind == kCap && r.slot == slot {
		return true
	}
	for _, s := range r.subs {
		if capturesSlot(s, slot) {
			return true
		}
	}
	return false
}

// genFunc compiles one function. The body is a flat list of statements over
// one position variable p: the code of a node runs with p at its start and
// either falls through with p at its end or jumps to the label it was given
// for failure. Statements that cannot be reached are not emitted, labels
// nothing jumps to are dropped, and variables set but never read are removed
// with their assignments, so that the output compiles and vets clean.
type genFunc struct {
	g      *Generator
	self   *node // the rule whose body this function is: compiled inline, not called
	nocaps bool  // a diagnosis: captures are not kept
	top    bool  // the function of Add, which no generated code calls in a loop
	loops  int   // how many repetitions the code being emitted is in
	nslots int
	stmts  []stmt
	dead   bool // the next statement cannot be reached
	nvars  int
	labels []*label
	err    error

	// commit is the node of the function's top sequence after which the
	// match cannot fail (what follows it never fails, commitPoint): once
	// it has matched, the captures of the slots in final hold their last
	// values and are stored into caps there, on each path, so that they
	// are not carried to the end of the function.
	commit *node
	final  []int
}

type stmt struct {
	text    string
	label   *label // a label statement
	comment bool
	assign  string // "v = ..." of a variable v: removable when v is not read
}

type label struct {
	name string
	uses int
}

func (f *genFunc) newVar() string {
	f.nvars++
	return "v" + strconv.Itoa(f.nvars)
}

func (f *genFunc) newLabel() *label {
	l := &label{name: "l" + strconv.Itoa(len(f.labels)+1)}
	f.labels = append(f.labels, l)
	return l
}

// emit appends a statement that falls through.
func (f *genFunc) emit(format string, args ...any) {
	if !f.dead {
		f.stmts = append(f.stmts, stmt{text: fmt.Sprintf(format, args...)})
	}
}

func (f *genFunc) comment(text string) {
	if !f.dead {
		f.stmts = append(f.stmts, stmt{text: "// " + text, comment: true})
	}
}

// set appends v = expr.
func (f *genFunc) set(v, expr string) {
	if !f.dead && v != expr {
		f.stmts = append(f.stmts, stmt{text: v + " = " + expr, assign: v})
	}
}

// jump appends goto l.
func (f *genFunc) jump(l *label) {
	if !f.dead {
		l.uses++
		f.stmts = append(f.stmts, stmt{text: "goto " + l.name})
		f.dead = true
	}
}

// jumpIf appends if cond { goto l }.
func (f *genFunc) jumpIf(cond string, l *label) {
	if !f.dead {
		l.uses++
		f.stmts = append(f.stmts, stmt{text: "if " + cond + " {\ngoto " + l.name + "\n}"})
	}
}

// place places the forward label l: the code after it is reached when
// something jumped to it.
func (f *genFunc) place(l *label) {
	if l.uses > 0 {
		f.stmts = append(f.stmts, stmt{label: l})
		f.dead = false
	}
}

// loopHead places l where a backward jump will go; it is dropped later if
// nothing does.
func (f *genFunc) loopHead(l *label) {
	if !f.dead {
		f.stmts = append(f.stmts, stmt{label: l})
	}
}

func capVar(slot int, end bool) string {
	if end {
		return "k" + strconv.Itoa(slot) + "e"
	}
	return "k" + strconv.Itoa(slot) + "s"
}

// snapshot saves the capture variables of slots and returns the variables
// that hold them.
func (f *genFunc) snapshot(slots []int) []string {
	var vs []string
	for _, s := range slots {
		a, b := f.newVar(), f.newVar()
		f.set(a, capVar(s, false))
		f.set(b, capVar(s, true))
		vs = append(vs, a, b)
	}
	return vs
}

func (f *genFunc) restore(slots []int, vs []string) {
	for i, s := range slots {
		f.set(capVar(s, false), vs[2*i])
		f.set(capVar(s, true), vs[2*i+1])
	}
}

func (f *genFunc) compile(name string, r *node) (string, error) {
	return f.compileAs(name, r, false)
}

// compileAs compiles the function name of r: an exported matcher of Add,
// or, when internal, the function of a named rule that other functions call
// (no bounds check, no captures).
func (f *genFunc) compileAs(name string, r *node, internal bool) (string, error) {
	f.top = !internal
	fail := f.newLabel()
	stored := f.commitPoint(r)
	f.node(r, fail)
	for s := 0; s < f.nslots; s++ {
		if !stored[s] {
			f.emit("%s", f.g.capStore(s, capVar(s, false), capVar(s, true)))
		}
	}
	f.emit("return p")
	f.dead = true
	f.place(fail)
	f.emit("return -1")
	if f.err != nil {
		return "", f.err
	}
	f.prune()

	var b strings.Builder
	label := docName(r)
	fmt.Fprintf(&b, "// %s matches %s at pos in in and returns the end offset of the match, or -1.\n", name, label)
	if internal {
		fmt.Fprintf(&b, "// pos is within in.\n")
		if r.rule != nil && r.abnf != "" {
			fmt.Fprintf(&b, "//\n//\t%s\n", r.abnf)
		}
		fmt.Fprintf(&b, "func %s(in string, pos int) int {\n", name)
	} else if f.nslots > 0 {
		if f.g.CapsType == "" {
			fmt.Fprintf(&b, "// On a match, caps[i] holds the span {start, end} of capture slot i, or {-1, -1}.\n")
		} else if f.g.CapsOneBased {
			fmt.Fprintf(&b, "// On a match, caps[i] holds %s(start+1, end) of capture slot i, or %s(0, 0).\n", f.g.CapsMake, f.g.CapsMake)
		} else {
			fmt.Fprintf(&b, "// On a match, caps[i] holds %s(start, end) of capture slot i, or %s(-1, -1).\n", f.g.CapsMake, f.g.CapsMake)
		}
		fmt.Fprintf(&b, "func %s(in string, pos int, caps *[%d]%s) int {\n", name, f.nslots, f.g.capsType())
	} else {
		fmt.Fprintf(&b, "func %s(in string, pos int) int {\n", name)
	}
	if !internal {
		// pos < 0 || pos > len(in) in one comparison.
		b.WriteString("if uint(pos) > uint(len(in)) {\nreturn -1\n}\n")
	}
	reads := f.reads()
	if reads["p"] > 0 {
		b.WriteString("p := pos\n")
	}
	var names, inits []string
	for s := 0; s < f.nslots; s++ {
		for _, v := range []string{capVar(s, false), capVar(s, true)} {
			if reads[v] > 0 {
				names, inits = append(names, v), append(inits, f.g.capNone())
			}
		}
	}
	if len(names) > 0 {
		fmt.Fprintf(&b, "%s := %s\n", strings.Join(names, ", "), strings.Join(inits, ", "))
	}
	f.writeBody(&b, reads)
	return b.String(), nil
}

// writeBody writes the declaration of the variables the body reads, the
// body and the closing brace of the function.
func (f *genFunc) writeBody(b *strings.Builder, reads map[string]int) {
	var vars []string
	for i := 1; i <= f.nvars; i++ {
		if v := "v" + strconv.Itoa(i); reads[v] > 0 {
			vars = append(vars, v)
		}
	}
	if len(vars) > 0 {
		fmt.Fprintf(b, "var %s int\n", strings.Join(vars, ", "))
	}
	for _, s := range f.stmts {
		if s.label != nil {
			b.WriteString(s.label.name + ":\n")
		} else {
			b.WriteString(s.text + "\n")
		}
	}
	b.WriteString("}\n")
}

var (
	quoted  = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`)
	varWord = regexp.MustCompile(`\b(?:p|v[0-9]+|k[0-9]+[se])\b`)
)

// reads counts the reads of each variable in the body: its occurrences but
// as the left of an assignment.
func (f *genFunc) reads() map[string]int {
	reads := map[string]int{}
	for _, s := range f.stmts {
		if s.label != nil || s.comment {
			continue
		}
		text := s.text
		if s.assign != "" {
			text = strings.TrimPrefix(text, s.assign+" =")
		}
		if strings.ContainsAny(text, "\"'") {
			text = quoted.ReplaceAllString(text, `""`)
		}
		for _, w := range varWord.FindAllString(text, -1) {
			reads[w]++
		}
	}
	return reads
}

// prune drops the labels nothing jumps to and the assignments of variables
// that nothing reads, until none is left.
func (f *genFunc) prune() {
	for {
		reads := f.reads()
		out := f.stmts[:0]
		changed := false
		for _, s := range f.stmts {
			if s.assign != "" && reads[s.assign] == 0 {
				changed = true
				continue
			}
			if s.label != nil && s.label.uses == 0 {
				continue
			}
			out = append(out, s)
		}
		f.stmts = out
		if !changed {
			return
		}
	}
}

// byteIn returns a Go condition that holds when the next byte is in set, or,
// when in is false, when it is not (or there is none). p < len(in) is
// written uint(p) < uint(len(in)), p being never negative, so that the
// compiler drops the bounds check of in[p]: a branch less at each test.
func (f *genFunc) byteIn(set c.CharSet, in bool) string {
	if c, ok := single(set); ok {
		if in {
			return fmt.Sprintf("uint(p) < uint(len(in)) && in[p] == %s", byteLit(c))
		}
		return fmt.Sprintf("uint(p) >= uint(len(in)) || in[p] != %s", byteLit(c))
	}
	t := f.g.table(set)
	if in {
		return fmt.Sprintf("uint(p) < uint(len(in)) && %s[in[p]] != 0", t)
	}
	return fmt.Sprintf("uint(p) >= uint(len(in)) || %s[in[p]] == 0", t)
}

// single reports whether set holds exactly one byte, and which.
func single(set c.CharSet) (byte, bool) {
	n, b := 0, byte(0)
	for c := 0; c < 256; c++ {
		if set.Contains(byte(c)) {
			n, b = n+1, byte(c)
		}
	}
	return b, n == 1
}

func byteLit(c byte) string {
	if c >= ' ' && c < 0x7f && c != '\'' && c != '\\' {
		return "'" + string(rune(c)) + "'"
	}
	return fmt.Sprintf("0x%02x", c)
}

// startsOwn reports whether the code of r begins by testing the next byte
// against r.first, so that a caller need not test it first.
func startsOwn(r *node) bool {
	if callable(r) {
		return false // a call: test the first byte before making it
	}
	switch {
	case r.fast == fUnit, r.fast == fRun && r.min > 0:
		return true
	case r.kind == kLit, r.kind == kLitFold, r.kind == kClass:
		return true
	case r.kind == kCap:
		return startsOwn(r.subs[0])
	case r.kind == kSeq && len(r.subs) > 0:
		return !r.subs[0].nullable && startsOwn(r.subs[0])
	}
	return false
}

// canSkip reports whether the first byte alone can rule r out: r cannot match
// empty and its first set is not everything.
func canSkip(r *node) bool {
	all := c.CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	return !r.nullable && r.first != all
}

// unitStep is the code of one unit of the fused node r: it advances p over a
// byte of r's set or a pct-encoded triplet, else runs orElse.
func (f *genFunc) unitStep(r *node, orElse string) string {
	var b strings.Builder
	t := f.g.table(r.set)
	fmt.Fprintf(&b, "if c := in[p]; %s[c] != 0 {\np++\n}", t)
	if r.pct {
		h := f.g.table(c.HexDigSet)
		fmt.Fprintf(&b, " else if c == '%%' && p+2 < len(in) && %s[in[p+1]] != 0 && %s[in[p+2]] != 0 {\np += 3\n}", h, h)
	}
	fmt.Fprintf(&b, " else {\n%s\n}", orElse)
	return b.String()
}

// runLoop is the loop of an unbounded run of the fused node r: the scan of
// the bytes of r's set (runScan) and, when r takes pct-encoded triplets,
// the test of a triplet after it, where a run seldom goes. The byte the
// run stopped at is tested first, in the form that lets the compiler drop
// its bounds check (uint(p) < uint(len(in))), and the length of a triplet
// only after a "%": a run mostly stops at the end of the input or at a
// delimiter, where slicing in[p:] cost five more instructions each time.
// The triplets that follow a triplet are taken in a loop of their own:
// percent-encoded UTF-8 comes in runs ("%E6%97%A5" is one character), and
// a step of the scan for each triplet, which stops at its "%" at once, made
// a query of percent-encoded words take twice the time.
func (f *genFunc) runLoop(r *node) string {
	loop := f.runScan(r.set)
	if !r.pct {
		return loop
	}
	h := f.g.table(c.HexDigSet)
	return fmt.Sprintf(`for {
%[1]s
if uint(p) >= uint(len(in)) || in[p] != '%%' || len(in)-p < 3 || %[2]s[in[p+1]] == 0 || %[2]s[in[p+2]] == 0 {
break
}
p += 3
for len(in)-p >= 3 && in[p] == '%%' && %[2]s[in[p+1]] != 0 && %[2]s[in[p+2]] != 0 {
p += 3
}
}`, loop, h)
}

// runScan is the scan of the run of the bytes of set from p, written out
// where it is used: eight bytes a step while eight are left, the step ANDing
// their eight table entries (one branch for eight bytes where bool tables
// took eight; it is why the tables hold uint8), then where the run stopped,
// in the step that failed or in the last eight bytes of in, found without
// a branch: Prefix + "Word" packs the entries of eight bytes, 0xff or 0,
// into a word and Prefix + "Stop" counts its trailing ones. Only an input
// shorter than eight bytes is scanned byte by byte.
//
// A loop that went on byte by byte to the stop, as this one did after a
// four-byte step, took a third of a parse's time on the corpus of
// BENCHMARKS.md: where a run ends is not predictable, and the loop's exit
// was mispredicted about once a run. The bytes are in[p:][:8], one bounds
// check (p <= len(in)) where in[p : p+8] took two, p+8 being able to
// overflow for all the compiler knows. A function holding this loop would
// not be inlined (the Go compiler's budget is 80; it costs about 200), so
// it is written out.
func (f *genFunc) runScan(set c.CharSet) string {
	f.g.runs = true
	t := f.g.table(set)
	var and []string
	for i := range 8 {
		and = append(and, fmt.Sprintf("%s[q[%d]]", t, i))
	}
	return fmt.Sprintf(`for {
if len(in)-p < 8 {
if n := len(in); n >= 8 {
p += %[1]sStop(%[1]sWord(in[n-8:], &%[2]s), n-p)
} else {
for uint(p) < uint(len(in)) && %[2]s[in[p]] != 0 {
p++
}
}
break
}
if q := in[p:][:8]; %[3]s == 0 {
p += %[1]sStop(%[1]sWord(q, &%[2]s), 8)
break
}
p += 8
}`, f.g.prefix(), t, strings.Join(and, "&"))
}

// runSource is the two functions that the scans of runScan call, each small
// enough for the compiler to inline (one holding both is not: cost 102).
// The bytes before the last r are shifted out of the word, and a 0xff at
// byte r stands for the end when all r are of set (none when r is 8: the
// count of trailing zeros of 0 is 64, eight bytes).
func (g *Generator) runSource() string {
	if !g.runs {
		return ""
	}
	return fmt.Sprintf(`// %[1]sWord packs the entries in set of the eight bytes of q, in their
// order from the lowest byte.
func %[1]sWord(q string, set *[256]uint8) uint64 {
	return uint64(set[q[0]]) | uint64(set[q[1]])<<8 | uint64(set[q[2]])<<16 | uint64(set[q[3]])<<24 |
		uint64(set[q[4]])<<32 | uint64(set[q[5]])<<40 | uint64(set[q[6]])<<48 | uint64(set[q[7]])<<56
}

// %[1]sStop returns the offset, in the last r of the eight bytes whose
// entries w packs, of the first byte not of the set, or r when all r are.
func %[1]sStop(w uint64, r int) int {
	return bits.TrailingZeros64(^w>>(uint(8-r)*8)|0xff<<(uint(r)*8)) >> 3
}

`, g.prefix())
}

// unitCond is the condition that one unit of the fused node r stands at p.
func (f *genFunc) unitCond(r *node) string {
	cond := fmt.Sprintf("%s[in[p]] != 0", f.g.table(r.set))
	if r.pct {
		h := f.g.table(c.HexDigSet)
		cond = fmt.Sprintf("(%s || in[p] == '%%' && p+2 < len(in) && %s[in[p+1]] != 0 && %s[in[p+2]] != 0)", cond, h, h)
	}
	return "uint(p) < uint(len(in)) && " + cond
}

// node emits the code of r: on a match it falls through with p at the end of
// the match; otherwise it jumps to fail.
func (f *genFunc) node(r *node, fail *label) {
	if f.dead {
		return
	}
	if callable(r) && r != f.self {
		name, err := f.g.matchFunc(r)
		if err != nil {
			if f.err == nil {
				f.err = err
			}
			return
		}
		fail.uses++
		f.emit("if e := %s(in, p); e >= 0 {\np = e\n} else {\ngoto %s\n}", name, fail.name)
		return
	}
	if r.name != "" {
		f.comment(r.name)
	}
	if r.fast != fNone {
		f.fused(r, fail)
		return
	}
	if r.rfast != fNone {
		f.runeFused(r, fail)
		return
	}
	switch r.kind {
	case kLit:
		switch n := len(r.lit); n {
		case 0:
		case 1:
			f.jumpIf(fmt.Sprintf("uint(p) >= uint(len(in)) || in[p] != %s", byteLit(r.lit[0])), fail)
			f.emit("p++")
		default:
			// in[p:][:n] is one bounds check, in[p:p+n] two.
			f.jumpIf(fmt.Sprintf("len(in)-p < %d || in[p:][:%d] != %s", n, n, strconv.Quote(r.lit)), fail)
			f.emit("p += %d", n)
		}
	case kLitFold:
		n := len(r.lit)
		if n == 0 {
			break
		}
		conds := []string{fmt.Sprintf("len(in)-p < %d", n)}
		for i := 0; i < n; i++ {
			c, at := r.lit[i], "in[p+"+strconv.Itoa(i)+"]"
			if i == 0 {
				at = "in[p]"
			}
			if lc := c | 0x20; lc >= 'a' && lc <= 'z' {
				conds = append(conds, fmt.Sprintf("%s|0x20 != %s", at, byteLit(lc)))
			} else {
				conds = append(conds, fmt.Sprintf("%s != %s", at, byteLit(c)))
			}
		}
		f.jumpIf(strings.Join(conds, " || "), fail)
		if n == 1 {
			f.emit("p++")
		} else {
			f.emit("p += %d", n)
		}
	case kClass:
		f.jumpIf(f.byteIn(r.set, false), fail)
		f.emit("p++")
	case kSeq:
		for _, s := range r.subs {
			f.node(s, fail)
			if s == f.commit && !f.commitsInAlt(s) {
				f.storeFinal()
			}
		}
	case kAlt:
		f.alt(r, fail)
	case kRep:
		f.rep(r, fail)
	case kCap:
		s := r.subs[0]
		if f.nocaps {
			f.node(s, fail)
			break
		}
		if capturesSlot(s, r.slot) {
			v := f.newVar()
			f.set(v, f.g.capStart())
			f.node(s, fail)
			f.set(capVar(r.slot, false), v)
		} else {
			f.set(capVar(r.slot, false), f.g.capStart())
			f.node(s, fail)
		}
		f.set(capVar(r.slot, true), "p")
	case kNot, kPeek:
		s := r.subs[0]
		if (s.fast == fUnit || s.rfast == fUnit) && !s.hasCaps {
			// A look-ahead at one unit is a test of the next bytes: no
			// position to save and restore.
			cond := f.lookCond(s)
			if r.kind == kPeek {
				cond = "!(" + cond + ")"
			}
			f.jumpIf(cond, fail)
			return
		}
		slots := f.slotsOf(s)
		save := f.newVar()
		f.set(save, "p")
		snap := f.snapshot(slots)
		subFail, ok := f.newLabel(), f.newLabel()
		f.node(s, subFail)
		f.set("p", save)
		f.restore(slots, snap)
		if r.kind == kNot {
			f.jump(fail)
		} else {
			f.jump(ok)
		}
		f.place(subFail)
		f.set("p", save)
		f.restore(slots, snap)
		if r.kind == kPeek {
			f.jump(fail)
		}
		f.place(ok)
	case kEnd:
		f.jumpIf("p != len(in)", fail)
	case kFunc:
		fn, ok := f.g.Funcs[r.name]
		if !ok {
			if f.err == nil {
				f.err = fmt.Errorf("codegen: generate: Func terminal %q has no Go name in Generator.Funcs", r.name)
			}
			return
		}
		f.emit("if e := %s(in, p); e >= p && e <= len(in) {\np = e\n} else {\ngoto %s\n}", fn, fail.name)
		fail.uses++
	case kRunes:
		f.runeClass(r, fail)
	default:
		if f.err == nil {
			f.err = errors.New("codegen: generate: unknown rule kind")
		}
	}
}

// alt emits an ordered choice: each alternative in turn from the same
// position and captures, the first that matches wins.
func (f *genFunc) alt(r *node, fail *label) {
	if len(r.subs) == 0 {
		f.jump(fail)
		return
	}
	slots := f.slotsOf(r)
	save := f.newVar()
	f.set(save, "p")
	snap := f.snapshot(slots)
	done := f.newLabel()
	for i, s := range r.subs {
		last := i == len(r.subs)-1
		next := fail
		if !last {
			next = f.newLabel()
		}
		if canSkip(s) && !startsOwn(s) {
			f.jumpIf(f.byteIn(s.first, false), next)
		}
		f.needle(s, next)
		f.node(s, next)
		if r == f.commit && f.commitsInAlt(r) {
			f.storeFinal()
		}
		if last {
			break
		}
		f.jump(done)
		f.place(next)
		if f.dead {
			break // s cannot fail: the alternatives after it are never tried
		}
		f.set("p", save)
		f.restoreSubset(slots, f.slotsOf(s), snap)
	}
	f.place(done)
}

// restoreSubset restores the slots sub of the snapshot snap of slots.
func (f *genFunc) restoreSubset(slots, sub []int, snap []string) {
	for _, s := range sub {
		for i, t := range slots {
			if t == s {
				f.set(capVar(s, false), snap[2*i])
				f.set(capVar(s, true), snap[2*i+1])
			}
		}
	}
}

// commitPoint finds, in the function of Add whose rule r is a sequence, an
// element at or after the last that can fail: once it has matched, so has
// r (the elements after it never fail, neverFails), and the captures of
// the slots that those elements do not set are final. It records that
// element and those slots in f.commit and f.final, and returns the slots whose stores at the
// end of the function are left out (storeFinal makes them). caps is
// written only where the match can no longer fail, so that a failed match
// leaves it as it was.
func (f *genFunc) commitPoint(r *node) map[int]bool {
	if f.nslots == 0 || f.nocaps || r.kind != kSeq || callable(r) || r.fast != fNone || r.rfast != fNone {
		return nil
	}
	k := len(r.subs) - 1
	for k >= 0 && neverFails(r.subs[k]) {
		k--
	}
	if k < 0 {
		return nil // nothing can fail: no gain
	}
	// From the last element that can fail on, any element will do: the one
	// that sets the most slots (hier-part, which never fails, rather than
	// the ":" before it), the first of those.
	j := k
	for i := k + 1; i < len(r.subs); i++ {
		if len(slotsOf(r.subs[i])) > len(slotsOf(r.subs[j])) {
			j = i
		}
	}
	if j == len(r.subs)-1 {
		// The end of the function (the last element can fail, or sets
		// the most slots): no gain.
		return nil
	}
	later := map[int]bool{}
	for _, s := range r.subs[j+1:] {
		for _, slot := range slotsOf(s) {
			later[slot] = true
		}
	}
	stored := map[int]bool{}
	for slot := 0; slot < f.nslots; slot++ {
		if !later[slot] {
			f.final = append(f.final, slot)
			stored[slot] = true
		}
	}
	f.commit = r.subs[j]
	return stored
}

// commitsInAlt reports whether the captures are stored at the end of each
// alternative of the commit node r, an ordered choice compiled inline (the
// hier-part of URI: each of its four alternatives stores them), rather than
// once after it: the values of the alternatives then need not be merged
// where they meet.
func (f *genFunc) commitsInAlt(r *node) bool {
	return r.kind == kAlt && !callable(r) && r.fast == fNone && r.rfast == fNone
}

// storeFinal stores the final captures into caps (commitPoint).
func (f *genFunc) storeFinal() {
	for _, slot := range f.final {
		f.emit("%s", f.g.capStore(slot, capVar(slot, false), capVar(slot, true)))
	}
}

// neverFails reports whether r matches at any position: an optional or
// repeated rule with no minimum, a sequence of such rules, a choice with
// one such alternative. It errs on the side of false.
func neverFails(r *node) bool {
	switch {
	case r.fast == fRun || r.rfast == fRun:
		return r.min == 0
	case r.fast != fNone || r.rfast != fNone:
		return false
	}
	switch r.kind {
	case kRep:
		return r.min == 0
	case kCap:
		return neverFails(r.subs[0])
	case kSeq:
		for _, s := range r.subs {
			if !neverFails(s) {
				return false
			}
		}
		return true
	case kAlt:
		for _, s := range r.subs {
			if neverFails(s) {
				return true
			}
		}
		return false
	case kLit, kLitFold:
		return r.lit == ""
	}
	return false
}

// rep emits a greedy repetition, which stops when its rule matches empty.
func (f *genFunc) rep(r *node, fail *label) {
	s := r.subs[0]
	if r.max == 0 {
		return
	}
	slots := f.slotsOf(s)
	counted := r.min > 0 || r.max != Unbounded && r.max != 1
	once := r.min == 0 && r.max == 1
	n := ""
	if counted {
		n = f.newVar()
		f.set(n, "0")
	}
	head, stop, iterFail, ok := f.newLabel(), f.newLabel(), f.newLabel(), f.newLabel()
	if !once {
		f.loopHead(head)
	}
	if counted && r.max != Unbounded {
		f.jumpIf(fmt.Sprintf("%s == %d", n, r.max), stop)
	}
	if canSkip(s) {
		f.jumpIf(f.byteIn(s.first, false), stop)
	}
	if once {
		f.needle(s, stop)
	}
	save := f.newVar()
	f.set(save, "p")
	snap := f.snapshot(slots)
	if !once {
		f.loops++
	}
	f.node(s, iterFail)
	if !once {
		f.loops--
	}
	if counted {
		f.emit("%s++", n)
	}
	if !once {
		if s.nullable {
			// The rule matched empty: it would again, as often as asked.
			f.jumpIf("p == "+save, ok)
		}
		f.jump(head)
	} else {
		f.jump(stop)
	}
	f.place(iterFail)
	f.set("p", save)
	f.restore(slots, snap)
	f.place(stop)
	if r.min > 0 {
		f.jumpIf(fmt.Sprintf("%s < %d", n, r.min), fail)
	}
	f.place(ok)
}

// needle emits, before a choice point tries r, a test that sends it to fail
// when r cannot match because a byte every match of r holds is not in the
// rest of the input: r is a sequence that starts with an unbounded run and
// holds a literal of one byte after it. That byte is one strings.IndexByte
// finds faster than the run could be scanned to no avail, which is what it
// saves: [ userinfo "@" ] before a host, say, where most inputs hold no "@"
// and the host would be scanned twice. The test reads the rest of the input,
// so it is made only where it runs once a match, for the cost to stay linear
// in the input: in the function of Add, which nothing calls in a loop, and
// not in a repetition.
func (f *genFunc) needle(r *node, fail *label) {
	if f.dead || !f.top || f.loops > 0 || f.nocaps || r.kind != kSeq || len(r.subs) < 2 {
		return
	}
	run := r.subs[0]
	for run.kind == kCap {
		run = run.subs[0]
	}
	if (run.fast != fRun && run.rfast != fRun) || run.max != Unbounded {
		return
	}
	for _, s := range r.subs[1:] {
		if s.byte1 {
			f.g.needles = true
			f.jumpIf(fmt.Sprintf("strings.IndexByte(in[p:], %s) < 0", byteLit(s.lit[0])), fail)
			return
		}
	}
}

// fused emits a node in its fused form: a byte test or a loop.
func (f *genFunc) fused(r *node, fail *label) {
	switch r.fast {
	case fUnit:
		if !r.pct {
			f.jumpIf(f.byteIn(r.set, false), fail)
			f.emit("p++")
			return
		}
		fail.uses++
		f.emit("if p >= len(in) {\ngoto %s\n}", fail.name)
		fail.uses++
		f.emit("%s", f.unitStep(r, "goto "+fail.name))
	case fRun:
		switch {
		case r.max == Unbounded && r.min <= 1:
			start := ""
			if r.min == 1 {
				start = f.newVar()
				f.set(start, "p")
			}
			f.emit("%s", f.runLoop(r))
			if r.min == 1 {
				f.jumpIf("p == "+start, fail)
			}
		case r.max == 0:
			// Zero units (path-empty = 0<pchar>): nothing to scan.
		default:
			n := f.newVar()
			f.set(n, "0")
			bound := "p < len(in)"
			if r.max != Unbounded {
				bound = fmt.Sprintf("%s != %d && p < len(in)", n, r.max)
			}
			f.emit("for %s {\n%s\n%s++\n}", bound, f.unitStep(r, "break"), n)
			if r.min > 0 {
				f.jumpIf(fmt.Sprintf("%s < %d", n, r.min), fail)
			}
		}
	case fSepRun:
		f.emit("if uint(p) < uint(len(in)) && in[p] == %s {\np++\n%s\n}", byteLit(r.sep), f.runLoop(r))
	default:
		if f.err == nil {
			f.err = errors.New("codegen: generate: unknown fused form")
		}
	}
}

// callable reports whether r is compiled to a function of its own that the
// functions using it call: a named rule that captures nothing and is not a
// fused scan, a literal, a class or a terminal, nor a sequence of those
// (straight), which are a few lines inline. Such a rule is written once,
// however often it is used, which keeps the output's size that of the
// grammar and not of its tree written out; the Go compiler inlines what is
// small.
func callable(r *node) bool {
	if r.name == "" || r.hasCaps || r.fast != fNone || r.rfast != fNone {
		return false
	}
	switch r.kind {
	case kSeq:
		return !straight(r)
	case kAlt, kRep, kNot, kPeek:
		return true
	}
	return false
}

// straight reports whether r is a sequence of byte tests and scans without
// a choice point: literals, classes and fused nodes (scheme = ALPHA *(
// ALPHA / DIGIT / "+" / "-" / "." ) is a test and a loop). Its code is as
// short as the call that would run it, which the Go compiler does not
// inline (its budget counts the loops of the runs), and a call from a
// function with captures spills and reloads their variables around it.
func straight(r *node) bool {
	if r.kind != kSeq || len(r.subs) == 0 {
		return false
	}
	for _, s := range r.subs {
		switch {
		case s.hasCaps:
			return false
		case s.fast != fNone, s.rfast != fNone:
		case s.kind == kLit, s.kind == kLitFold, s.kind == kClass:
		default:
			return false
		}
	}
	return true
}

// placeholder returns the text that stands for the name of the function
// numbered id of kind ('M' a matcher of a named rule, 'X' a diagnosis) until
// Source gives the functions their names, once every name of Add and
// AddExplain is known.
func placeholder(kind byte, id int) string {
	return "\x00" + string(kind) + strconv.Itoa(id) + "\x00"
}

// matchFunc returns the name (a placeholder) of the function of the
// callable rule r, compiling it the first time.
func (g *Generator) matchFunc(r *node) (string, error) {
	if g.ruleFunc == nil {
		g.ruleFunc = map[*node]int{}
	}
	if id, ok := g.ruleFunc[r]; ok {
		return placeholder('M', id), nil
	}
	id := len(g.ruleFuncs)
	g.ruleFunc[r] = id
	g.ruleFuncs = append(g.ruleFuncs, r)
	name := placeholder('M', id)
	f := &genFunc{g: g, self: r}
	src, err := f.compileAs(name, r, true)
	if err != nil {
		return "", err
	}
	g.funcs = append(g.funcs, src)
	return name, nil
}

// reserve records a name given to Add or AddExplain: the functions of named
// rules take other names.
func (g *Generator) reserve(name string) {
	if g.names == nil {
		g.names = map[string]bool{}
	}
	g.names[name] = true
}

// funcNames returns the replacements of the placeholders by the names of
// the functions of named rules: "match" and "explain" followed by the
// rule's name in Go (dec-octet: matchDecOctet), "Rule" added (and a number)
// where that is taken. They are given in the order the functions were made.
func (g *Generator) funcNames() *strings.Replacer {
	taken := map[string]bool{g.diagType(): true, g.prefix() + "Labels": true, g.prefix() + "Word": true,
		g.prefix() + "Stop": true}
	for n := range g.names {
		taken[n] = true
	}
	pick := func(base string) string {
		name := base
		for i := 1; taken[name]; i++ {
			name = base + "Rule"
			if i > 1 {
				name += strconv.Itoa(i)
			}
		}
		taken[name] = true
		return name
	}
	var pairs []string
	for id, r := range g.ruleFuncs {
		pairs = append(pairs, placeholder('M', id), pick("match"+goName(r.name)))
	}
	for id, r := range g.explainOrder {
		pairs = append(pairs, placeholder('X', id), pick("explain"+goName(r.name)))
	}
	return strings.NewReplacer(pairs...)
}

// goName returns an ABNF rule name as a Go identifier's tail: split at "-",
// each part with its first letter in upper case, other bytes dropped where
// an identifier cannot hold them ("IPv6address", "dec-octet": "DecOctet");
// "Rule" for an unnamed rule or one with nothing left.
func goName(name string) string {
	var b strings.Builder
	up := true
	for _, r := range name {
		switch {
		case r == '-' || r == '_' || r == ' ':
			up = true
		case unicode.IsLetter(r) || unicode.IsDigit(r) && b.Len() > 0:
			if up {
				r = unicode.ToUpper(r)
				up = false
			}
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "Rule"
	}
	return b.String()
}

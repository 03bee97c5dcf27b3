package codegen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

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
	looks  int   // how many look-aheads it is in, which keep no capture (look)
	cold   int   // how many rules of Generator.ColdRules it is in (coldRuns)

	assigned map[string]bool // the variables set so far (snapshot)
	nslots   int
	stmts    []stmt
	dead     bool // the next statement cannot be reached
	nvars    int
	labels   []*label
	err      error

	// commit is the node of the function's top sequence after which the
	// match cannot fail (what follows it never fails, commitPoint): once
	// it has matched, the captures of the slots in final hold their last
	// values and are stored into caps there, on each path, so that they
	// are not carried to the end of the function.
	commit     *node
	final      []int
	commitCall bool  // commit is a call of the function of its rule (capFunc)
	own        []int // a function of capFunc: the slots it stores, else nil
	prestored  []int // the final slots stored once before alternatives of commit (prestore)
	tested     *node // a one-byte test that pretest has made: not made again
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
		if f.assigned == nil {
			f.assigned = map[string]bool{}
		}
		f.assigned[v] = true
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
	for _, s := range f.slots() {
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
	if internal {
		f.internalHead(&b, name, r)
	} else {
		f.addedHead(&b, name, r)
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
			break
		}
	}
	f.mergeLabels()
}

var gotoLabel = regexp.MustCompile(`\bgoto (l[0-9]+)\b`)

// mergeLabels gives labels placed together one name, and drops a goto to
// the statement that follows it and the labels nothing jumps to then.
func (f *genFunc) mergeLabels() {
	rename := map[string]string{}
	out := f.stmts[:0]
	for _, s := range f.stmts {
		if s.label != nil && len(out) > 0 && out[len(out)-1].label != nil {
			rename[s.label.name] = out[len(out)-1].label.name
			continue
		}
		out = append(out, s)
	}
	f.stmts = out
	uses := map[string]int{}
	for i, s := range f.stmts {
		if s.label != nil {
			continue
		}
		s.text = outsideQuotes(s.text, func(code string) string {
			return gotoLabel.ReplaceAllStringFunc(code, func(g string) string {
				if to, ok := rename[g[len("goto "):]]; ok {
					return "goto " + to
				}
				return g
			})
		})
		if next := i + 1; next < len(f.stmts) && f.stmts[next].label != nil && s.text == "goto "+f.stmts[next].label.name {
			s.text = "" // falls through to it
		}
		outsideQuotes(s.text, func(code string) string {
			for _, m := range gotoLabel.FindAllStringSubmatch(code, -1) {
				uses[m[1]]++
			}
			return code
		})
		f.stmts[i] = s
	}
	out = f.stmts[:0]
	for _, s := range f.stmts {
		if s.label == nil && s.text == "" || s.label != nil && uses[s.label.name] == 0 {
			continue
		}
		out = append(out, s)
	}
	f.stmts = out
}

// internalHead writes the comment and the signature of the function of a
// named rule that other functions call: pos is within in.
func (f *genFunc) internalHead(b *strings.Builder, name string, r *node) {
	fmt.Fprintf(b, "// %s matches %s at pos, within in, and returns the end offset of the match, or -1.\n", name, docName(r))
	if r.rule != nil && (r.abnf != "" || r.shared) {
		fmt.Fprintf(b, "//\n//\t%s\n", docABNF(r))
	}
	fmt.Fprintf(b, "func %s(in string, pos int) int {\n", name)
}

// addedHead writes the comment and the signature of the function of Add,
// and the test of its bounds.
func (f *genFunc) addedHead(b *strings.Builder, name string, r *node) {
	fmt.Fprintf(b, "// %s matches %s at pos in in and returns the end offset of the match, or -1.\n", name, docName(r))
	if f.nslots > 0 {
		switch {
		case f.g.CapsType == "":
			fmt.Fprintf(b, "// On a match, caps[i] holds the span {start, end} of capture slot i, or {-1, -1}.\n")
		case f.g.CapsOneBased:
			fmt.Fprintf(b, "// On a match, caps[i] holds %s(start+1, end) of capture slot i, or %s(0, 0).\n", f.g.CapsMake, f.g.CapsMake)
		default:
			fmt.Fprintf(b, "// On a match, caps[i] holds %s(start, end) of capture slot i, or %s(-1, -1).\n", f.g.CapsMake, f.g.CapsMake)
		}
		fmt.Fprintf(b, "func %s(in string, pos int, caps *[%d]%s) int {\n", name, f.nslots, f.g.capsType())
	} else {
		fmt.Fprintf(b, "func %s(in string, pos int) int {\n", name)
	}
	// pos < 0 || pos > len(in) in one comparison.
	b.WriteString("if uint(pos) > uint(len(in)) {\nreturn -1\n}\n")
}

// outsideQuotes returns text with edit applied to its code between the Go
// string and rune literals it holds (a literal of the grammar can read
// "goto l1"), which stay as they are.
func outsideQuotes(text string, edit func(code string) string) string {
	if !strings.ContainsAny(text, "\"'") {
		return edit(text)
	}
	var b strings.Builder
	last := 0
	for _, q := range quoted.FindAllStringIndex(text, -1) {
		b.WriteString(edit(text[last:q[0]]))
		b.WriteString(text[q[0]:q[1]])
		last = q[1]
	}
	b.WriteString(edit(text[last:]))
	return b.String()
}

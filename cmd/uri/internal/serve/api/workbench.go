package api

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/properties/rulegen"
)

// GrammarRequest is the body of POST /api/grammar: an ABNF text (RFC 5234,
// RFC 7405; the rules of RFC 3986 Appendix A at hand, as `uri grammar
// -abnf` reads it), the rule to check the test strings against ("" for the
// text's first rule) and the rule to draw ("" for the same).
type GrammarRequest struct {
	Grammar string   `json:"grammar"`
	Rule    string   `json:"rule"`
	Tests   []string `json:"tests"`
	Diagram string   `json:"diagram"`
	// CharRules keeps in the trees the rules that match one character
	// (ALPHA, pchar, ...), which the page leaves out by default.
	CharRules bool `json:"charRules"`
}

// GrammarResponse is the answer of /api/grammar. It quotes nothing of the
// test strings: every place in one is an offset, which the page applies to
// the text it sent, so that no password in a test string comes back.
type GrammarResponse struct {
	Error   *CompileError `json:"error,omitempty"`
	Rules   []string      `json:"rules"` // the rules the text defines, in its order
	Rule    string        `json:"rule"`  // the rule the tests were checked against
	Results []TestResult  `json:"results"`
	Diagram *DiagramJSON  `json:"diagram,omitempty"`
	// RuleError says the rule asked for is not in the grammar.
	RuleError string `json:"ruleError,omitempty"`
}

// CompileError is an *abnf.Error: where the text is wrong, line and column
// from 1 (the column in characters), and what was expected there; or a
// problem of the grammar as a whole, with the place of each rule concerned.
type CompileError struct {
	Message  string         `json:"message"`
	Line     int            `json:"line,omitempty"`
	Column   int            `json:"column,omitempty"`
	Expected string         `json:"expected,omitempty"`
	Found    string         `json:"found,omitempty"`
	Hint     string         `json:"hint,omitempty"`
	Problem  string         `json:"problem,omitempty"`
	Rules    []abnf.RulePos `json:"rules,omitempty"`
}

// TestResult is what the rule makes of one test string.
type TestResult struct {
	Accepted bool     `json:"accepted"`
	Failure  *Failure `json:"failure,omitempty"`
	Tree     *Tree    `json:"tree,omitempty"`
	TreeNote string   `json:"treeNote,omitempty"` // why an accepted string has no tree
}

// Failure is the farthest failure of a refused string (combinator's
// SyntaxError): Start and End are the character at fault in UTF-16 code
// units of the string (JavaScript's indexes), Offset the same place in
// bytes.
type Failure struct {
	Offset   int      `json:"offset"`
	Start    int      `json:"start"`
	End      int      `json:"end"`
	Found    string   `json:"found"`
	In       string   `json:"in,omitempty"` // the innermost named rule in progress there
	Expected []string `json:"expected"`
	Message  string   `json:"message"`
}

// Tree is a named rule that matched, with its span in UTF-16 code units of
// the string, and the named rules that matched inside it.
type Tree struct {
	Name     string  `json:"name"`
	Start    int     `json:"start"`
	End      int     `json:"end"`
	Children []*Tree `json:"children,omitempty"`
}

// DiagramJSON is the railroad diagram of one rule.
type DiagramJSON struct {
	Rule string   `json:"rule"`
	ABNF string   `json:"abnf"` // the rule's definition as the engine prints it
	SVG  string   `json:"svg"`
	Refs []string `json:"refs"` // the rules it links to
}

// Bounds of what the workbench computes for one request.
const (
	maxTests     = 50
	maxTreeInput = 4 << 10 // a longer accepted string gets no tree
	maxTreeNodes = 2000
)

// compiled keeps the last grammars compiled, by text: the page sends the
// same grammar with each change of its test strings, and a worker of the
// server or the static build's engine answers many requests.
var compiled struct {
	sync.Mutex
	order []string
	by    map[string]compiledGrammar
}

type compiledGrammar struct {
	g   *abnf.Grammar
	err *CompileError
}

// maxCompiled is how many grammars compiled stays.
const maxCompiled = 8

// compile compiles an ABNF text with the rules of RFC 3986 at hand, or
// returns it compiled from the cache.
func compile(src string) (*abnf.Grammar, *CompileError) {
	compiled.Lock()
	cg, ok := compiled.by[src]
	compiled.Unlock()
	if ok {
		return cg.g, cg.err
	}
	cg.g, cg.err = compileText(src)
	compiled.Lock()
	defer compiled.Unlock()
	if compiled.by == nil {
		compiled.by = map[string]compiledGrammar{}
	}
	if _, ok := compiled.by[src]; !ok {
		if len(compiled.order) == maxCompiled {
			delete(compiled.by, compiled.order[0])
			compiled.order = compiled.order[1:]
		}
		compiled.order = append(compiled.order, src)
		compiled.by[src] = cg
	}
	return cg.g, cg.err
}

func compileText(src string) (*abnf.Grammar, *CompileError) {
	g, err := abnf.ParseWith(src, abnf.RFC3986())
	if err == nil {
		return g, nil
	}
	ce := &CompileError{Message: errtext.Clip(err.Error(), 2048)}
	var ae *abnf.Error
	if errors.As(err, &ae) {
		ce.Line, ce.Column, ce.Expected, ce.Found, ce.Hint = ae.Line, ae.Column, ae.Expected, ae.Found, ae.Hint
		ce.Problem, ce.Rules = ae.Problem, ae.Rules
	}
	return nil, ce
}

// pick returns the rule name of the text of g, or the text's first rule
// when it defines none of that name: the page keeps the rule it checked
// while the grammar is edited, and a rule of RFC 3986 that the text does
// not define (it may name them) is not one the page offers.
func pick(g *abnf.Grammar, name string) (*c.Rule, error) {
	names := g.Names()
	if len(names) == 0 {
		return nil, errors.New("the text defines no rule")
	}
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return g.Rule(n)
		}
	}
	return g.Rule(names[0])
}

// Grammar compiles req.Grammar, checks each test string against the rule,
// and draws the diagram of the rule asked for.
func Grammar(req GrammarRequest) GrammarResponse {
	resp := GrammarResponse{Rules: []string{}, Results: []TestResult{}}
	g, ce := compile(req.Grammar)
	if ce != nil {
		resp.Error = ce
		return resp
	}
	resp.Rules = g.Names()
	r, err := pick(g, req.Rule)
	if err != nil {
		resp.RuleError = errtext.Clip(err.Error(), 1024)
		return resp
	}
	resp.Rule = r.Name()
	keep := treeNames(r, req.CharRules)
	for i, s := range req.Tests {
		if i == maxTests {
			break
		}
		resp.Results = append(resp.Results, check(r, s, keep))
	}
	// The diagram may be of any rule the grammar knows, an imported one
	// that a diagram links to included; else it is the rule checked.
	d := r
	if req.Diagram != "" {
		if x, err := g.Rule(req.Diagram); err == nil {
			d = x
		}
	}
	svg, refs := Diagram(d)
	resp.Diagram = &DiagramJSON{Rule: d.Name(), ABNF: errtext.Clip(d.String(), 16<<10), SVG: svg, Refs: refs}
	return resp
}

// check matches s against r: the farthest failure, or the tree of the
// named rules keep.
func check(r *c.Rule, s string, keep []string) TestResult {
	se := r.Explain(s)
	if se != nil {
		return TestResult{Failure: failure(s, se)}
	}
	res := TestResult{Accepted: true}
	if len(s) > maxTreeInput {
		res.TreeNote = "no tree for a string of more than " + strconv.Itoa(maxTreeInput) + " bytes"
		return res
	}
	n, err := r.Tree(s, keep...)
	if err != nil {
		res.TreeNote = errtext.Clip(err.Error(), 1024)
		return res
	}
	count := 0
	res.Tree = toTree(s, n, &count)
	if count > maxTreeNodes {
		res.Tree, res.TreeNote = nil, "the tree has more than "+strconv.Itoa(maxTreeNodes)+" nodes: not drawn"
	}
	return res
}

func failure(s string, se *c.SyntaxError) *Failure {
	f := &Failure{Offset: se.Offset, Found: se.Found(), In: se.In, Expected: se.Expected}
	if f.Expected == nil {
		f.Expected = []string{}
	}
	if errtext.InPassword(s, se.Offset) {
		f.Found = errtext.PasswordFound
	}
	f.Start = utf16Len(s[:se.Offset])
	f.End = f.Start
	if se.Offset < len(s) {
		_, n := utf8.DecodeRuneInString(s[se.Offset:])
		f.End += utf16Len(s[se.Offset : se.Offset+n])
	}
	f.Message = f.Found + " at offset " + strconv.Itoa(se.Offset)
	if se.In != "" {
		f.Message += " in " + se.In
	}
	if se.Stopped != nil {
		f.Message += ": the match was stopped at a bound of the engine (" + errtext.Clip(se.Stopped.Error(), 200) + ")"
	} else {
		f.Message += ": expected " + c.JoinExpected(se.Expected)
	}
	return f
}

// toTree converts n to UTF-16 spans, counting its nodes; past maxTreeNodes
// it stops descending.
func toTree(s string, n *c.Node, count *int) *Tree {
	*count++
	t := &Tree{Name: n.Name, Start: utf16Len(s[:n.Start]), End: utf16Len(s[:n.End])}
	for _, ch := range n.Children {
		if *count > maxTreeNodes {
			break
		}
		t.Children = append(t.Children, toTree(s, ch, count))
	}
	return t
}

// treeNames returns the names of the named rules of r's grammar that a tree
// keeps: all of them with chars, else those that can match more than one
// character and are not a choice of characters (a tree of ALPHA and pchar
// under every character says little; pchar's pct-encoded stays).
func treeNames(r *c.Rule, chars bool) []string {
	var names []string
	seen := map[*c.Rule]bool{}
	one := map[*c.Rule]bool{}
	stack := []*c.Rule{r}
	for len(stack) > 0 && len(seen) < 100_000 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if x.Name() != "" && x.Op() != c.OpRef && x != r {
			if chars || !oneChar(x, one, 0) && !charChoice(x, one) {
				names = append(names, x.Name())
			}
		}
		if t := x.Target(); t != nil {
			stack = append(stack, t)
		}
		stack = append(stack, x.Subs()...)
	}
	if len(names) == 0 {
		// Tree keeps every rule when given no names: name the rule itself.
		names = append(names, r.Name())
	}
	return dedupe(names)
}

// oneChar reports whether every string r matches is one character long.
func oneChar(r *c.Rule, memo map[*c.Rule]bool, depth int) bool {
	if v, ok := memo[r]; ok {
		return v
	}
	if depth > 50 {
		return false
	}
	memo[r] = false // a recursion is not one character
	subs := r.Subs()
	v := false
	switch r.Op() {
	case c.OpClass, c.OpRunes:
		v = true
	case c.OpLit, c.OpLitFold:
		v = utf8.RuneCountInString(r.Literal()) == 1
	case c.OpAlt:
		v = len(subs) > 0
		for _, x := range subs {
			v = v && oneChar(x, memo, depth+1)
		}
	case c.OpSeq, c.OpCapture, c.OpExact:
		v = len(subs) == 1 && oneChar(subs[0], memo, depth+1)
	case c.OpRep:
		v = r.Min() == 1 && r.Max() == 1 && oneChar(subs[0], memo, depth+1)
	case c.OpRef:
		v = r.Target() != nil && oneChar(r.Target(), memo, depth+1)
	}
	memo[r] = v
	return v
}

// charChoice reports whether r is a choice whose alternatives are single
// characters and named rules, one at least a character, as pchar =
// unreserved / pct-encoded / sub-delims / ":" / "@" (RFC 3986 §3.3).
func charChoice(r *c.Rule, memo map[*c.Rule]bool) bool {
	if r.Op() == c.OpExact {
		r = r.Subs()[0]
	}
	if r.Op() != c.OpAlt {
		return false
	}
	chars := 0
	for _, x := range r.Subs() {
		switch {
		case oneChar(x, memo, 0):
			chars++
		case x.Name() == "":
			return false
		}
	}
	return chars > 0
}

func dedupe(names []string) []string {
	seen := map[string]bool{}
	out := names[:0]
	for _, n := range names {
		if !seen[strings.ToLower(n)] {
			seen[strings.ToLower(n)] = true
			out = append(out, n)
		}
	}
	return out
}

// GenerateRequest is the body of POST /api/generate: strings of a rule's
// language and near misses, drawn by properties/rulegen.
type GenerateRequest struct {
	Grammar string `json:"grammar"`
	Rule    string `json:"rule"`
	Count   int    `json:"count"`
	Seed    int    `json:"seed"`
}

// GenerateResponse is the answer of /api/generate.
type GenerateResponse struct {
	Error      *CompileError `json:"error,omitempty"`
	RuleError  string        `json:"ruleError,omitempty"`
	Rule       string        `json:"rule"`
	Examples   []string      `json:"examples"`
	NearMisses []string      `json:"nearMisses"`
	Note       string        `json:"note,omitempty"`
}

const maxGenerate = 20

// Generate draws req.Count strings of the rule and as many near misses,
// deterministically from req.Seed.
func Generate(req GenerateRequest) GenerateResponse {
	resp := GenerateResponse{Examples: []string{}, NearMisses: []string{}}
	g, ce := compile(req.Grammar)
	if ce != nil {
		resp.Error = ce
		return resp
	}
	r, err := pick(g, req.Rule)
	if err != nil {
		resp.RuleError = errtext.Clip(err.Error(), 1024)
		return resp
	}
	resp.Rule = r.Name()
	n := min(max(req.Count, 1), maxGenerate)
	var errs []string
	resp.Examples, errs = draw(func(seed int) string { return rulegen.Strings(r).Example(seed) }, n, req.Seed)
	var errs2 []string
	resp.NearMisses, errs2 = draw(func(seed int) string { return rulegen.NearMisses(r).Example(seed) }, n, req.Seed)
	if errs = append(errs, errs2...); len(errs) > 0 {
		resp.Note = "some draws failed: " + errtext.Clip(errs[0], 300)
	}
	return resp
}

// draw calls gen with n seeds from seed, and keeps each distinct string;
// a draw that panics (rapid gives up on a rule that needs a Func terminal,
// say) is reported instead.
func draw(gen func(int) string, n, seed int) (out []string, errs []string) {
	out = []string{}
	seen := map[string]bool{}
	for i := 0; i < 3*n && len(out) < n; i++ {
		s, err := safely(gen, seed+i)
		if err != nil {
			errs = append(errs, err.Error())
			break
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, errtext.Clip(s, 4096))
		}
	}
	return out, errs
}

func safely(gen func(int) string, seed int) (s string, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	return gen(seed), nil
}

package codegen

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// The Check functions of GenerateAutomata: where a string stops matching
// a rule, and what was expected there, from the rule's automaton alone.
//
// The offset is the automaton's: the first byte that leads to the dead
// state, or the end of the input in a state that does not accept. That is
// the offset Rule.Check reports (the first byte that cannot be part of the
// rule), for every input. What was expected is Check's own, asked at
// generation time for each state of the automaton, on the shortest input
// that reaches it followed by a byte that cannot come there, and, for a
// state that loops on itself, on that input with one byte of the loop
// more: the Check function says the second when the last byte it read
// kept it in its state (inside a query, Check names pchar, "/" and "?";
// on entering it, query). A state of the minimized automaton stands for
// all the inputs that reach it, and Check may say it of another in other
// words: the same labels in another order, another rule. Past a budget of bytes so asked (large
// automata), a state says what it expects as the bytes that can come
// there.

// checkBudget bounds the bytes of the inputs that generation gives to
// Rule.Check, so that generation stays linear in the states written.
const checkBudget = 1 << 20

// syntaxErrorSource is the type the Check functions return, written once
// a file.
const syntaxErrorSource = `
import (
	"strconv"
	"unicode/utf8"
)

// SyntaxError is the error of the Check functions of this file: where
// Input stops matching Rule and what could have come there, as
// combinator's Rule.Check reports them.
type SyntaxError struct {
	Input    string   // the input, as given
	Offset   int      // the first byte that cannot be part of Rule (len(Input) at its end)
	Rule     string   // the rule matched
	In       string   // the innermost named rule in progress at Offset, "" when none inside Rule
	Expected []string // what could have matched at Offset
	tail     string   // the message after the offset
}

// Error returns a message such as
//
//	invalid character ' ' at offset 8 in segment: expected pchar, "/", "?", "#" or end of input
func (e *SyntaxError) Error() string {
	return e.found() + " at offset " + strconv.Itoa(e.Offset) + e.tail
}

// found describes what stands at Offset.
func (e *SyntaxError) found() string {
	s, off := e.Input, e.Offset
	if off >= len(s) || off < 0 {
		return "unexpected end of input"
	}
	const hex = "0123456789ABCDEF"
	if s[off] < utf8.RuneSelf {
		if s[off] == '\'' {
			return "invalid character '\\''"
		}
		return "invalid character " + strconv.QuoteRune(rune(s[off]))
	}
	r, size := utf8.DecodeRuneInString(s[off:])
	if r == utf8.RuneError && size <= 1 {
		return "invalid byte 0x" + string([]byte{hex[s[off]>>4], hex[s[off]&15]})
	}
	d := "invalid character " + strconv.QuoteRune(r) + " (UTF-8"
	for i := off; i < off+size; i++ {
		d += " 0x" + string([]byte{hex[s[i]>>4], hex[s[i]&15]})
	}
	return d + ")"
}

// automatonDiag is what a state of an automaton expects.
type automatonDiag struct {
	in       string
	expected []string
	tail     string
}
`

// diag is what a state of the automaton expects, as a SyntaxError of the
// generated file will say it.
type diag struct {
	in       string
	expected []string
	tail     string
}

// writeCheck writes the Check function of f, the automaton a's: the same
// walk as the Match function, which returns a *SyntaxError at the dead
// state or at the end of the input in a state that does not accept.
func writeCheck(b *strings.Builder, f AutomatonFunc, a *c.Automaton, labelled bool) {
	n, m := len(a.Accept), a.NumClasses
	st := stateType(n)
	match := strings.ToLower(f.Name[:1]) + f.Name[1:]
	lower := strings.ToLower(f.Check[:1]) + f.Check[1:]
	of, diags := diagnoses(f.Rule, a, labelled)
	fmt.Fprintf(b, "\n// %s returns nil when s matches %s, else a *SyntaxError with the offset\n", f.Check, f.Rule.Name())
	b.WriteString("// of the first byte of s that cannot be part of it (len(s) at its end) and\n")
	fmt.Fprintf(b, "// what was expected there, as the rule's Check reports them. It walks %s's\n// automaton.\n", f.Name)
	fmt.Fprintf(b, "func %s(s string) error {\n", f.Check)
	fmt.Fprintf(b, "\tst, looped := %s(%d), 0\n", st, a.Start)
	writeWalk(b, match, m, "looped = 1")
	fmt.Fprintf(b, "\t\tif next == 0 {\n\t\t\treturn %sError(s, i, 2*int(st)+looped)\n\t\t}\n\t\tst, looped = next, 0\n\t}\n", lower)
	fmt.Fprintf(b, "\tif !%sAccept[st] {\n\t\treturn %sError(s, len(s), 2*int(st)+looped)\n\t}\n\treturn nil\n}\n", match, lower)
	fmt.Fprintf(b, "\nfunc %sError(s string, off, k int) error {\n", lower)
	fmt.Fprintf(b, "\td := &%sDiags[%sDiagOf[k]]\n", lower, lower)
	fmt.Fprintf(b, "\treturn &SyntaxError{Input: s, Offset: off, Rule: %s, In: d.in, Expected: d.expected, tail: d.tail}\n}\n", strconv.Quote(f.Rule.Name()))
	dt := "uint16"
	if len(diags) >= 1<<16 {
		dt = "uint32"
	}
	fmt.Fprintf(b, "\n// %sDiagOf is, for each state, its entry in %sDiags, then the entry when\n// the state was reached by its own loop.\nvar %sDiagOf = [%d]%s{", lower, lower, lower, 2*n, dt)
	writeInts(b, 2*n, func(i int) int { return of[i] })
	fmt.Fprintf(b, "\n// %sDiags is what the states expect.\nvar %sDiags = [%d]automatonDiag{\n", lower, lower, len(diags))
	for _, d := range diags {
		var exp []string
		for _, e := range d.expected {
			exp = append(exp, strconv.Quote(e))
		}
		fmt.Fprintf(b, "\t{%s, []string{%s}, %s},\n", strconv.Quote(d.in), strings.Join(exp, ", "), strconv.Quote(d.tail))
	}
	b.WriteString("}\n")
}

// stateType is the smallest unsigned type that numbers n states.
func stateType(n int) string {
	switch {
	case n <= 1<<8:
		return "uint8"
	case n <= 1<<16:
		return "uint16"
	}
	return "uint32"
}

// automatonOf returns the automaton of f's rule, and whether its Check
// function says what is expected with Check's labels: unless asking them
// takes more than checkBudget bytes of input (large automata).
func automatonOf(f AutomatonFunc) (*c.Automaton, bool, error) {
	a, err := f.Rule.Automaton()
	if err != nil || f.Check == "" {
		return a, false, err
	}
	depth := make([]int, len(a.Accept)) // the length of the shortest input to each state
	for i := range depth {
		depth[i] = -1
	}
	depth[a.Start] = 0
	queue, total := []int32{a.Start}, 0
	for k := 0; k < len(queue); k++ {
		s := queue[k]
		total += depth[s] + 1
		for cl := 0; cl < a.NumClasses; cl++ {
			if t := a.Next[int(s)*a.NumClasses+cl]; t != 0 && depth[t] < 0 {
				depth[t] = depth[s] + 1
				queue = append(queue, t)
			}
		}
	}
	return a, total <= checkBudget, nil
}

// diagnoses returns, for each state of a, its entry in the list of what
// the states expect: Check's for the shortest input that reaches the state
// (a walk breadth first) when labelled, else the bytes that can come.
func diagnoses(r *c.Rule, a *c.Automaton, labelled bool) ([]int, []diag) {
	n, m := len(a.Accept), a.NumClasses
	rep := make([]byte, m) // a byte of each class
	for i := 255; i >= 0; i-- {
		rep[a.Classes[i]] = byte(i)
	}
	parent, via := make([]int32, n), make([]byte, n)
	for i := range parent {
		parent[i] = -2
	}
	parent[a.Start] = -1
	queue := []int32{a.Start}
	for k := 0; k < len(queue); k++ {
		s := queue[k]
		for cl := 0; cl < m; cl++ {
			if t := a.Next[int(s)*m+cl]; t != 0 && parent[t] == -2 {
				parent[t], via[t] = s, rep[cl]
				queue = append(queue, t)
			}
		}
	}
	of := make([]int, 2*n)
	diags := []diag{{}}
	index := map[string]int{"\x00\x00": 0}
	add := func(d diag) int {
		key := d.in + "\x00" + strings.Join(d.expected, "\x00") + "\x00" + d.tail
		k, seen := index[key]
		if !seen {
			k = len(diags)
			index[key] = k
			diags = append(diags, d)
		}
		return k
	}
	for _, s := range queue {
		if !labelled {
			of[2*s] = add(byteDiag(r, a, s))
			of[2*s+1] = of[2*s]
			continue
		}
		fail, loop := -1, -1
		for cl := m - 1; cl >= 0; cl-- {
			switch a.Next[int(s)*m+cl] {
			case 0:
				fail = int(rep[cl])
			case s:
				loop = int(rep[cl])
			}
		}
		in := pathTo(s, parent, via)
		d, _ := askCheck(r, in, fail)
		of[2*s], of[2*s+1] = add(d), add(d)
		if loop >= 0 {
			// Reached by its loop (inside a segment, a query, a port),
			// where Check names what the rule repeats, not the rule.
			d, _ = askCheck(r, in+string([]byte{byte(loop)}), fail)
			of[2*s+1] = add(d)
		}
	}
	return of, diags
}

// pathTo returns the input that the walk reached s by.
func pathTo(s int32, parent []int32, via []byte) string {
	var b []byte
	for ; parent[s] >= 0; s = parent[s] {
		b = append(b, via[s])
	}
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// askCheck asks r's Check what the state reached by in expects: after in
// and the byte fail, which cannot come there, or, when every byte can
// (fail -1), at the end of in. It reports false when Check does not fail
// at len(in) (a state that accepts and takes every byte, which never
// fails).
func askCheck(r *c.Rule, in string, fail int) (diag, bool) {
	probe := in
	if fail >= 0 {
		probe += string([]byte{byte(fail)})
	}
	var se *c.SyntaxError
	err := r.Check(probe)
	if err == nil || !errors.As(err, &se) || se.Offset != len(in) || se.Stopped != nil {
		return diag{}, false
	}
	head := se.Found() + " at offset " + strconv.Itoa(se.Offset)
	msg := se.Error()
	if !strings.HasPrefix(msg, head) {
		return diag{}, false
	}
	return diag{in: se.In, expected: se.Expected, tail: msg[len(head):]}, true
}

// byteDiag is what state s expects, said as the bytes that can come there
// and the end of input when it accepts.
func byteDiag(r *c.Rule, a *c.Automaton, s int32) diag {
	var set c.CharSet
	for i := 0; i < 256; i++ {
		if a.Next[int(s)*a.NumClasses+int(a.Classes[i])] != 0 {
			set = set.Union(c.ByteRange(byte(i), byte(i)))
		}
	}
	var exp []string
	if !set.IsEmpty() {
		exp = append(exp, set.String())
	}
	if a.Accept[s] {
		exp = append(exp, "end of input")
	}
	return diag{expected: exp, tail: " in " + r.Name() + ": expected " + c.JoinExpected(exp)}
}

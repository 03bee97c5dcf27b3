//go:build ignore

// Command mutation-report reads the JSON reports gremlins wrote (-o) and the
// list of equivalent mutants, and prints, per package, the efficacy (killed
// over killed and lived) and the mutant coverage (covered over all) with the
// equivalent mutants left out of both. It exits 1 when a package is below a
// threshold, or when an equivalent mutant listed was killed or not found
// (the list is stale: the line changed).
//
// An entry of the list names a mutant by its file, its type and the text of
// its line, trimmed, as a Go string literal (back-quoted or double-quoted),
// not by line number, so that an edit elsewhere in the file leaves it
// valid; the text is read from the source file when the report is made.
// See the top of .ci/mutation-equivalent.txt for the format.
//
// gremlins v0.6.0 reports every mutant of a case expression ("case a <= b:")
// as NOT COVERED, however well the tests cover it: Go's coverage blocks
// start after the case's colon, and gremlins only runs a mutant whose
// position lies in a covered block. The same holds for a package-level var
// or const declaration ("var NoSpan = Span{-1, -1}"), which no coverage
// block holds. Such mutants are counted apart, as unmeasured, and out of the
// mutant coverage.
//
// Usage:
//
//	go run .ci/mutation-report.go [-efficacy 95] [-mcover 95] [-partial]
//		[-equivalent .ci/mutation-equivalent.txt] [PKG=]report.json...
//
// A report's package is PKG when given (a directory from the module root:
// "uri", "combinator/codegen"), else the report's file name without
// ".json", a "_" in it read as "/" (.ci/mutation writes the report of
// combinator/codegen to combinator_codegen.json). With -partial (reports of runs restricted to some files), an
// entry of a file no report names is not checked.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

type mutation struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type report struct {
	Files []struct {
		Name      string     `json:"file_name"`
		Mutations []mutation `json:"mutations"`
	} `json:"files"`
}

// entry is one line of the list of equivalent mutants.
type entry struct {
	where string // the list's file and line, for messages
	file  string // relative to the module root, "uri/percent.go"
	typ   string // "CONDITIONALS_BOUNDARY"
	text  string // the mutant's source line, trimmed
	nth   int    // 1-based among the mutants of group(file, typ, text); 0: all, on one line
	seen  bool
}

// group names the mutants an entry can match: those of one type on the
// lines of a file whose trimmed text is the same.
type group struct{ file, typ, text string }

func (e *entry) group() group { return group{e.file, e.typ, e.text} }

// literal returns text as the list writes it: back-quoted when it can be.
func literal(text string) string {
	if strings.ContainsRune(text, '`') || !strconv.CanBackquote(text) {
		return strconv.Quote(text)
	}
	return "`" + text + "`"
}

func (e *entry) String() string {
	s := e.file + " " + e.typ + " " + literal(e.text)
	if e.nth > 0 {
		s += " @" + strconv.Itoa(e.nth)
	}
	return s
}

// parseEntry parses `FILE TYPE "TEXT" [@N] # why`.
func parseEntry(line string) (*entry, error) {
	file, rest, ok1 := strings.Cut(line, " ")
	rest = strings.TrimLeft(rest, " \t")
	typ, rest, ok2 := strings.Cut(rest, " ")
	rest = strings.TrimLeft(rest, " \t")
	if !ok1 || !ok2 || file == "" || typ == "" {
		return nil, errors.New("want FILE TYPE \"TEXT\" [@N] # why")
	}
	lit, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return nil, fmt.Errorf("the line's text must be a Go string literal: %v", err)
	}
	text, _ := strconv.Unquote(lit)
	e := &entry{file: file, typ: typ, text: text}
	rest = strings.TrimLeft(rest[len(lit):], " \t")
	if n, ok := strings.CutPrefix(rest, "@"); ok {
		digits := n[:len(n)-len(strings.TrimLeft(n, "0123456789"))]
		if e.nth, err = strconv.Atoi(digits); err != nil || e.nth < 1 {
			return nil, errors.New("@N must be a number from 1")
		}
		rest = strings.TrimLeft(n[len(digits):], " \t")
	}
	if why, ok := strings.CutPrefix(rest, "#"); !ok || strings.TrimSpace(why) == "" {
		return nil, errors.New("an entry ends with # and why the mutant is equivalent")
	}
	return e, nil
}

func readList(path string) ([]*entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var list []*entry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := parseEntry(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		e.where = fmt.Sprintf("%s:%d", path, n)
		list = append(list, e)
	}
	return list, sc.Err()
}

// sourceLines returns the lines of a file, trimmed; nil if it cannot be read.
func sourceLines(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	lines := strings.Split(string(data), "\n")
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	return lines
}

// unmeasurable returns, for the Go file at path, the line:column of every
// position inside the expression list of a case clause or inside a
// package-level declaration other than a function.
func unmeasurable(path string) func(line, col int) bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return func(int, int) bool { return false }
	}
	type rng struct{ from, to token.Position }
	var rs []rng
	for _, d := range f.Decls {
		if gd, ok := d.(*ast.GenDecl); ok {
			rs = append(rs, rng{fset.Position(gd.Pos()), fset.Position(gd.End())})
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if cc, ok := n.(*ast.CaseClause); ok && len(cc.List) > 0 {
			rs = append(rs, rng{fset.Position(cc.List[0].Pos()), fset.Position(cc.List[len(cc.List)-1].End())})
		}
		return true
	})
	before := func(l1, c1, l2, c2 int) bool { return l1 < l2 || l1 == l2 && c1 <= c2 }
	return func(line, col int) bool {
		for _, r := range rs {
			if before(r.from.Line, r.from.Column, line, col) && before(line, col, r.to.Line, r.to.Column) {
				return true
			}
		}
		return false
	}
}

// located is a mutant with its file and the trimmed text of its line.
type located struct {
	mutation
	pkg, file, text string
	nth             int // 1-based in its group, in line then column order
	groupSize       int
	groupLines      int // the lines its group spans
	equivalent      *entry
}

func (m *located) pos() string { return fmt.Sprintf("%s:%d:%d", m.file, m.Line, m.Column) }

// entryFor returns the list entry that would name m.
func (m *located) entryFor() string {
	e := entry{file: m.file, typ: m.Type, text: m.text}
	if m.groupLines > 1 || m.groupSize > 1 {
		e.nth = m.nth
	}
	return e.String()
}

func main() {
	efficacy := flag.Float64("efficacy", 95, "the least efficacy, in percent")
	mcover := flag.Float64("mcover", 95, "the least mutant coverage, in percent")
	eqFile := flag.String("equivalent", ".ci/mutation-equivalent.txt", "the list of equivalent mutants")
	partial := flag.Bool("partial", false, "the reports cover some files only: leave entries of other files unchecked")
	flag.Parse()

	list, err := readList(*eqFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}

	type pkgReport struct {
		pkg     string
		mutants []*located
	}
	var reports []pkgReport
	reported := map[string]bool{} // files and packages the reports name
	groups := map[group][]*located{}
	for _, arg := range flag.Args() {
		pkg, path, ok := strings.Cut(arg, "=")
		if !ok {
			path = arg
			pkg = strings.ReplaceAll(strings.TrimSuffix(filepath.Base(path), ".json"), "_", "/")
		}
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		var r report
		if err := json.Unmarshal(data, &r); err != nil {
			fmt.Fprintln(os.Stderr, path+":", err)
			os.Exit(2)
		}
		pr := pkgReport{pkg: pkg}
		reported[pkg] = true
		for _, file := range r.Files {
			name := file.Name
			if !strings.HasPrefix(name, pkg+"/") {
				name = pkg + "/" + name
			}
			reported[name] = true
			lines := sourceLines(name)
			if lines == nil {
				fmt.Fprintf(os.Stderr, "%s: cannot read the source, run from the module root\n", name)
				os.Exit(2)
			}
			for _, m := range file.Mutations {
				lm := &located{mutation: m, pkg: pkg, file: name}
				if m.Line >= 1 && m.Line <= len(lines) {
					lm.text = lines[m.Line-1]
				}
				pr.mutants = append(pr.mutants, lm)
				g := group{name, m.Type, lm.text}
				groups[g] = append(groups[g], lm)
			}
		}
		reports = append(reports, pr)
	}
	for _, ms := range groups {
		sort.Slice(ms, func(i, j int) bool {
			return ms[i].Line < ms[j].Line || ms[i].Line == ms[j].Line && ms[i].Column < ms[j].Column
		})
		lines := map[int]bool{}
		for _, m := range ms {
			lines[m.Line] = true
		}
		for i, m := range ms {
			m.nth, m.groupSize, m.groupLines = i+1, len(ms), len(lines)
		}
	}

	fail := false
	for _, e := range list {
		ms := groups[e.group()]
		switch {
		case len(ms) == 0:
			continue // not found: reported below
		case e.nth > len(ms):
			e.seen = true
			fmt.Printf("%s: %s: only %d mutants of its type are on lines that read so: update the list\n", e.where, e, len(ms))
			fail = true
			continue
		case e.nth == 0 && ms[0].groupLines > 1:
			e.seen = true
			fmt.Printf("%s: %s: %d lines of %s read so, with %d such mutants: add @N (1 to %d, in line then column order)\n",
				e.where, e, ms[0].groupLines, e.file, len(ms), len(ms))
			fail = true
			continue
		}
		if e.nth > 0 {
			ms = ms[e.nth-1 : e.nth]
		}
		e.seen = true
		for _, m := range ms {
			if m.equivalent != nil {
				fmt.Printf("%s: %s: listed twice (also %s)\n", e.where, e, m.equivalent.where)
				fail = true
			}
			m.equivalent = e
			if m.Status == "KILLED" {
				fmt.Printf("%s: %s (%s) is listed as equivalent, but KILLED: take it off the list\n", e.where, e, m.pos())
				fail = true
			}
		}
	}

	for _, pr := range reports {
		var killed, lived, notCovered, timedOut, eq, unmeasured, runnable int
		inBlind := map[string]func(int, int) bool{}
		for _, m := range pr.mutants {
			if m.equivalent != nil {
				eq++
				continue
			}
			switch m.Status {
			case "KILLED":
				killed++
			case "LIVED":
				lived++
				fmt.Printf("%s %s LIVED (as an entry: %s)\n", m.pos(), m.Type, m.entryFor())
			case "NOT COVERED":
				if inBlind[m.file] == nil {
					inBlind[m.file] = unmeasurable(m.file)
				}
				if inBlind[m.file](m.Line, m.Column) {
					unmeasured++
					continue
				}
				notCovered++
				fmt.Printf("%s %s NOT COVERED (as an entry: %s)\n", m.pos(), m.Type, m.entryFor())
			case "TIMED OUT":
				timedOut++ // a mutant that hangs the tests is caught by them
				killed++
			case "RUNNABLE":
				runnable++ // a dry run: covered, not run
			}
		}
		eff, cov := 100.0, 100.0
		if killed+lived > 0 {
			eff = 100 * float64(killed) / float64(killed+lived)
		}
		if covered := killed + lived + runnable; covered+notCovered > 0 {
			cov = 100 * float64(covered) / float64(covered+notCovered)
		}
		if runnable > 0 {
			fmt.Printf("%s: a dry run: %d mutants covered, not run\n", pr.pkg, runnable)
		}
		fmt.Printf("%s: killed %d (timed out %d), lived %d, not covered %d, equivalent %d, unmeasured (case expressions, package-level declarations) %d: efficacy %.1f%%, mutant coverage %.1f%%\n",
			pr.pkg, killed, timedOut, lived, notCovered, eq, unmeasured, eff, cov)
		if eff < *efficacy || cov < *mcover {
			fmt.Printf("%s: below the thresholds (efficacy %.0f%%, mutant coverage %.0f%%)\n", pr.pkg, *efficacy, *mcover)
			fail = true
		}
	}

	for _, e := range list {
		pkg := filepath.ToSlash(filepath.Dir(e.file)) // "combinator/codegen" for combinator/codegen/gen.go
		if e.seen || !reported[pkg] || *partial && !reported[e.file] {
			continue
		}
		fmt.Printf("%s: %s: listed as equivalent, but gremlins made no such mutant (the line changed?): update the list\n", e.where, e)
		fail = true
	}
	if fail {
		os.Exit(1)
	}
}

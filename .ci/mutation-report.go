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
	in, err := readReports(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	in.number()
	fail := in.markEquivalent(list)
	for _, pr := range in.reports {
		if !pr.figures(*efficacy, *mcover) {
			fail = true
		}
	}
	if in.reportUnfound(list, *partial) {
		fail = true
	}
	if fail {
		os.Exit(1)
	}
}

// pkgReport is the mutants of one package's report.
type pkgReport struct {
	pkg     string
	mutants []*located
}

// reports is what the reports hold: the mutants per package, the files and
// packages they name, and the mutants per group.
type reports struct {
	reports  []pkgReport
	reported map[string]bool
	groups   map[group][]*located
}

// readReports reads the reports named by args, each [PKG=]report.json, and
// the source line of each mutant (relative to the module root, the
// current directory).
func readReports(args []string) (*reports, error) {
	in := &reports{reported: map[string]bool{}, groups: map[group][]*located{}}
	for _, arg := range args {
		pkg, path, ok := strings.Cut(arg, "=")
		if !ok {
			path = arg
			pkg = strings.ReplaceAll(strings.TrimSuffix(filepath.Base(path), ".json"), "_", "/")
		}
		pr, err := in.read(pkg, path)
		if err != nil {
			return nil, err
		}
		in.reports = append(in.reports, pr)
	}
	return in, nil
}

// read reads the report at path of package pkg.
func (in *reports) read(pkg, path string) (pkgReport, error) {
	pr := pkgReport{pkg: pkg}
	data, err := os.ReadFile(path)
	if err != nil {
		return pr, err
	}
	var r report
	if err := json.Unmarshal(data, &r); err != nil {
		return pr, fmt.Errorf("%s: %v", path, err)
	}
	in.reported[pkg] = true
	for _, file := range r.Files {
		name := file.Name
		if !strings.HasPrefix(name, pkg+"/") {
			name = pkg + "/" + name
		}
		in.reported[name] = true
		lines := sourceLines(name)
		if lines == nil {
			return pr, fmt.Errorf("%s: cannot read the source, run from the module root", name)
		}
		for _, m := range file.Mutations {
			lm := &located{mutation: m, pkg: pkg, file: name}
			if m.Line >= 1 && m.Line <= len(lines) {
				lm.text = lines[m.Line-1]
			}
			pr.mutants = append(pr.mutants, lm)
			g := group{name, m.Type, lm.text}
			in.groups[g] = append(in.groups[g], lm)
		}
	}
	return pr, nil
}

// number gives each mutant its place in its group, in line then column
// order, and the size and lines of the group.
func (in *reports) number() {
	for _, ms := range in.groups {
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
}

// markEquivalent marks the mutants each entry of the list names, and
// reports whether an entry is wrong: naming more mutants than there are,
// ambiguous without @N, listed twice, or naming a mutant that was killed.
func (in *reports) markEquivalent(list []*entry) (fail bool) {
	for _, e := range list {
		ms := in.groups[e.group()]
		switch {
		case len(ms) == 0:
			continue // not found: reported by reportUnfound
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
	return fail
}

// counts are the mutants of a package by what became of them.
type counts struct {
	killed, lived, notCovered, timedOut, eq, unmeasured, runnable int
}

// count counts the mutants of pr, printing each that lived or was not
// covered with the entry that would name it.
func (pr pkgReport) count() counts {
	var n counts
	inBlind := map[string]func(int, int) bool{}
	for _, m := range pr.mutants {
		if m.equivalent != nil {
			n.eq++
			continue
		}
		switch m.Status {
		case "KILLED":
			n.killed++
		case "LIVED":
			n.lived++
			fmt.Printf("%s %s LIVED (as an entry: %s)\n", m.pos(), m.Type, m.entryFor())
		case "NOT COVERED":
			if inBlind[m.file] == nil {
				inBlind[m.file] = unmeasurable(m.file)
			}
			if inBlind[m.file](m.Line, m.Column) {
				n.unmeasured++
				continue
			}
			n.notCovered++
			fmt.Printf("%s %s NOT COVERED (as an entry: %s)\n", m.pos(), m.Type, m.entryFor())
		case "TIMED OUT":
			n.timedOut++ // a mutant that hangs the tests is caught by them
			n.killed++
		case "RUNNABLE":
			n.runnable++ // a dry run: covered, not run
		}
	}
	return n
}

// figures prints the efficacy and mutant coverage of pr and reports
// whether both reach their thresholds.
func (pr pkgReport) figures(efficacy, mcover float64) bool {
	n := pr.count()
	eff, cov := 100.0, 100.0
	if n.killed+n.lived > 0 {
		eff = 100 * float64(n.killed) / float64(n.killed+n.lived)
	}
	if covered := n.killed + n.lived + n.runnable; covered+n.notCovered > 0 {
		cov = 100 * float64(covered) / float64(covered+n.notCovered)
	}
	if n.runnable > 0 {
		fmt.Printf("%s: a dry run: %d mutants covered, not run\n", pr.pkg, n.runnable)
	}
	fmt.Printf("%s: killed %d (timed out %d), lived %d, not covered %d, equivalent %d, unmeasured (case expressions, package-level declarations) %d: efficacy %.1f%%, mutant coverage %.1f%%\n",
		pr.pkg, n.killed, n.timedOut, n.lived, n.notCovered, n.eq, n.unmeasured, eff, cov)
	if eff < efficacy || cov < mcover {
		fmt.Printf("%s: below the thresholds (efficacy %.0f%%, mutant coverage %.0f%%)\n", pr.pkg, efficacy, mcover)
		return false
	}
	return true
}

// reportUnfound prints each entry of a reported package (of a reported
// file, with partial) that named no mutant, and reports whether there was
// one.
func (in *reports) reportUnfound(list []*entry, partial bool) (fail bool) {
	for _, e := range list {
		pkg := filepath.ToSlash(filepath.Dir(e.file)) // "combinator/codegen" for combinator/codegen/gen.go
		if e.seen || !in.reported[pkg] || partial && !in.reported[e.file] {
			continue
		}
		fmt.Printf("%s: %s: listed as equivalent, but gremlins made no such mutant (the line changed?): update the list\n", e.where, e)
		fail = true
	}
	return fail
}

//go:build ignore

// Command mutation-report reads the JSON reports gremlins wrote (-o) and the
// list of equivalent mutants, and prints, per package, the efficacy (killed
// over killed and lived) and the mutant coverage (covered over all) with the
// equivalent mutants left out of both. It exits 1 when a package is below a
// threshold, or when an equivalent mutant listed was killed or not found
// (the list is stale: a line moved).
//
// gremlins v0.6.0 reports every mutant of a case expression ("case a <= b:")
// as NOT COVERED, however well the tests cover it: Go's coverage blocks
// start after the case's colon, and gremlins only runs a mutant whose
// position lies in a covered block. Such mutants are counted apart, as
// unmeasured, and out of the mutant coverage.
//
// Usage: go run .ci/mutation-report.go -efficacy 95 -mcover 95 -equivalent .ci/mutation-equivalent.txt report.json...
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

type report struct {
	Files []struct {
		Name      string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}

// key names a mutant as the list does: file:line:column TYPE, the file
// relative to the module root.
func key(file string, line, col int, typ string) string {
	return file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + " " + typ
}

// caseExprs returns, for the Go file at path, the line:column of every
// position inside the expression list of a case clause.
func caseExprs(path string) func(line, col int) bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return func(int, int) bool { return false }
	}
	type rng struct{ from, to token.Position }
	var rs []rng
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

func main() {
	efficacy := flag.Float64("efficacy", 95, "the least efficacy, in percent")
	mcover := flag.Float64("mcover", 95, "the least mutant coverage, in percent")
	eqFile := flag.String("equivalent", ".ci/mutation-equivalent.txt", "the list of equivalent mutants")
	flag.Parse()

	equivalent := map[string]bool{} // key → seen
	f, err := os.Open(*eqFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, _, _ := strings.Cut(line, "#")
		equivalent[strings.Join(strings.Fields(k), " ")] = false
	}
	f.Close()

	fail := false
	for _, path := range flag.Args() {
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
		pkg := strings.TrimSuffix(filepath.Base(path), ".json")
		var killed, lived, notCovered, timedOut, eq, unmeasured int
		for _, file := range r.Files {
			name := file.Name
			if !strings.HasPrefix(name, pkg+"/") {
				name = pkg + "/" + name
			}
			inCase := caseExprs(name)
			for _, m := range file.Mutations {
				k := key(name, m.Line, m.Column, m.Type)
				if _, ok := equivalent[k]; ok {
					equivalent[k] = true
					eq++
					if m.Status == "KILLED" {
						fmt.Printf("%s: listed as equivalent, but KILLED: take it off the list\n", k)
						fail = true
					}
					continue
				}
				switch m.Status {
				case "KILLED":
					killed++
				case "LIVED":
					lived++
					fmt.Printf("%s LIVED\n", k)
				case "NOT COVERED":
					if inCase(m.Line, m.Column) {
						unmeasured++
						continue
					}
					notCovered++
					fmt.Printf("%s NOT COVERED\n", k)
				case "TIMED OUT":
					timedOut++ // a mutant that hangs the tests is caught by them
					killed++
				}
			}
		}
		eff, cov := 100.0, 100.0
		if killed+lived > 0 {
			eff = 100 * float64(killed) / float64(killed+lived)
		}
		if killed+lived+notCovered > 0 {
			cov = 100 * float64(killed+lived) / float64(killed+lived+notCovered)
		}
		fmt.Printf("%s: killed %d (timed out %d), lived %d, not covered %d, equivalent %d, unmeasured case expressions %d: efficacy %.1f%%, mutant coverage %.1f%%\n",
			pkg, killed, timedOut, lived, notCovered, eq, unmeasured, eff, cov)
		if eff < *efficacy || cov < *mcover {
			fmt.Printf("%s: below the thresholds (efficacy %.0f%%, mutant coverage %.0f%%)\n", pkg, *efficacy, *mcover)
			fail = true
		}
	}
	for k, seen := range equivalent {
		pkg, _, _ := strings.Cut(k, "/")
		for _, path := range flag.Args() {
			if strings.TrimSuffix(filepath.Base(path), ".json") == pkg && !seen {
				fmt.Printf("%s: listed as equivalent, but gremlins made no such mutant: update the list\n", k)
				fail = true
			}
		}
	}
	if fail {
		os.Exit(1)
	}
}

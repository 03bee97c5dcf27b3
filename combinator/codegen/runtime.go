package codegen

import (
	"embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// diagSource returns the type of the diagnosis record, its methods and the
// table of labels, when the output has a diagnosis: the declarations of
// package internal/diagrt, renamed after the prefix, with the numbers of
// this output in place of the constants of its stubs.
func (g *Generator) diagSource() string {
	if len(g.explained) == 0 {
		return ""
	}
	hexID := 0
	if g.hexdig {
		hexID = g.labelID(c.HEXDIG.Label())
	}
	var b strings.Builder
	b.WriteString(runtimeDecls("diag.go"))
	if g.hexdig {
		b.WriteString(runtimeDecls("hexdig.go"))
	}
	if g.useLit {
		b.WriteString(runtimeDecls("lit.go"))
	}
	if g.useByte {
		b.WriteString(runtimeDecls("byte.go"))
	}
	var hexTable string
	if g.hexdig {
		hexTable = g.table(c.HexDigSet)
	}
	src := runtimeIdent.ReplaceAllStringFunc(b.String(), func(id string) string {
		switch id {
		case "genDiag":
			return g.diagType()
		case "genRun":
			return g.prefix() + "Run"
		case "genLabels":
			return g.prefix() + "Labels"
		case "genLabelCount":
			return strconv.Itoa(len(g.labels))
		case "genSeenWords":
			return strconv.Itoa((len(g.labels) + 63) / 64)
		case "genHexdigLabel":
			return strconv.Itoa(hexID)
		case "genHexdig":
			return hexTable
		}
		if strings.HasPrefix(id, "genHalt") {
			return g.prefix() + strings.TrimPrefix(id, "gen")
		}
		return id
	})
	b.Reset()
	b.WriteString(src)
	fmt.Fprintf(&b, "\n// %sRun is the diagnosis run of the rule explained numbered root, from 0.\nfunc %sRun(in string, root int, d *%s) int {\nswitch root {\n", g.prefix(), g.prefix(), g.diagType())
	for _, r := range g.roots {
		fmt.Fprintf(&b, "case %d:\nreturn %s(in, 0, d)\n", r.id, r.name)
	}
	b.WriteString("}\nreturn -1\n}\n")
	fmt.Fprintf(&b, "\n// %s are the labels of the rules a diagnosis records.\nvar %s = [...]string{\n", g.prefix()+"Labels", g.prefix()+"Labels")
	for _, l := range g.labels {
		fmt.Fprintf(&b, "%s,\n", strconv.Quote(l))
	}
	b.WriteString("}\n")
	return b.String()
}

// runtime holds the source of the diagnosis runtime, internal/diagrt.
//
//go:embed internal/diagrt/diag.go internal/diagrt/hexdig.go internal/diagrt/lit.go internal/diagrt/byte.go internal/diagrt/halt.go
var runtime embed.FS

// runtimeMark starts what is copied of a runtime file.
const runtimeMark = "// codegen: copy from here.\n"

// runtimeIdent matches the identifiers of the runtime that an output renames.
var runtimeIdent = regexp.MustCompile(`\bgen(?:Diag|Labels|LabelCount|SeenWords|HexdigLabel|Hexdig|Run|Halt[A-Za-z]*)\b`)

// runtimeDecls returns the declarations of the runtime file name: what
// follows its mark.
func runtimeDecls(name string) string {
	src, err := runtime.ReadFile("internal/diagrt/" + name)
	if err != nil {
		panic("codegen: the runtime file " + name + " is not embedded")
	}
	_, decls, ok := strings.Cut(string(src), runtimeMark)
	if !ok {
		panic("codegen: the runtime file " + name + " has no mark")
	}
	return "\n" + decls
}

// rootFunc is the diagnosis function of a rule given to AddExplain, and its
// number.
type rootFunc struct {
	id   int
	name string
}

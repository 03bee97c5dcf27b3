package codegen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	c "github.com/seed42851778/rfc3986/combinator"
)

// TestGoName checks the Go names of ABNF rule names against the examples of
// DESIGN.md §5 and the rules of RFC 3987 §2.2.
func TestGoName(t *testing.T) {
	for name, want := range map[string]string{
		"URI-reference": "URIReference", "absolute-URI": "AbsoluteURI", "hier-part": "HierPart",
		"path-abempty": "PathAbempty", "segment-nz-nc": "SegmentNZNC", "IP-literal": "IPLiteral",
		"IPv6address": "IPv6Address", "pct-encoded": "PctEncoded", "ls32": "LS32", "h16": "H16",
		"dec-octet": "DecOctet", "reg-name": "RegName", "ALPHA": "ALPHA",
		"IRI-reference": "IRIReference", "irelative-ref": "IRelativeRef", "iuserinfo": "IUserinfo",
		"ipath-abempty": "IPathAbempty", "ucschar": "Ucschar", "iprivate": "IPrivate",
		"": "Rule", "-": "Rule", "a b_c": "ABC", "9lives": "Lives",
	} {
		if got := goName(name); got != want {
			t.Errorf("goName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestNamesDifferBeyondCase checks that the functions of an output never
// differ in case alone: the function of irelative-ref, beside an added
// function explainIRelativeRef, is explainIRelativeRefRule.
func TestNamesDifferBeyondCase(t *testing.T) {
	r := c.Named("irelative-ref", c.Alt(c.Seq(c.Lit("a"), c.Lit("b")), c.Lit("c")))
	top := c.Named("top", c.Seq(r, c.Lit(";"), r))
	g := &Generator{Package: "p"}
	if err := g.AddExplain("explainIRelativeRef", top); err != nil {
		t.Fatal(err)
	}
	src, err := g.Source()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	var funcs []string
	for _, line := range strings.Split(string(src), "\n") {
		name, ok := strings.CutPrefix(line, "func ")
		if !ok || strings.HasPrefix(name, "(") {
			continue
		}
		name, _, _ = strings.Cut(name, "(")
		funcs = append(funcs, name)
		if o, ok := seen[strings.ToLower(name)]; ok {
			t.Errorf("%s and %s differ in case alone", o, name)
		}
		seen[strings.ToLower(name)] = name
	}
	want := []string{"explainIRelativeRefRule", "explainTop", "explainIRelativeRef", "explainIRelativeRefDiag", "genRun"}
	if diff := cmp.Diff(want, funcs); diff != "" {
		t.Errorf("functions (-want +got):\n%s", diff)
	}
}

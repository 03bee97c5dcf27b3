package combinator

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestView checks the read-only view against what the constructors were
// given and what RFC 3986 says the rules match: first bytes, whether empty
// is matched, and the fused form of the scans.
func TestView(t *testing.T) {
	type view struct {
		Op       Op
		Name     string
		Literal  string
		Set      CharSet
		Min, Max int
		Slot     int
		NSubs    int
		First    CharSet
		Nullable bool
		Caps     bool
		Fused    Fused
	}
	viewOf := func(r *Rule) view {
		return view{r.Op(), r.Name(), r.Literal(), r.Set(), r.Min(), r.Max(), r.Slot(), len(r.Subs()),
			r.First(), r.Nullable(), r.HasCaptures(), r.Fused()}
	}
	for _, tc := range []struct {
		name string
		rule *Rule
		want view
	}{
		{"Lit", Lit("//"), view{Op: OpLit, Literal: "//", First: Chars("/")}},
		{"LitFold", LitFold("v"), view{Op: OpLitFold, Literal: "v", First: Chars("vV")}},
		{"empty Lit", Lit(""), view{Op: OpLit, Nullable: true}},
		// DIGIT = %x30-39 (RFC 5234 B.1): a class, one unit.
		{"DIGIT", DIGIT, view{Op: OpClass, Name: "DIGIT", Set: DigitSet, First: DigitSet,
			Fused: Fused{Kind: FusedUnit, Set: DigitSet}}},
		// port = *DIGIT (§3.2.3): a run, nullable.
		{"port", Port, view{Op: OpRep, Name: "port", Min: 0, Max: Unbounded, NSubs: 1, First: DigitSet,
			Nullable: true, Fused: Fused{Kind: FusedRun, Set: DigitSet}}},
		// pct-encoded = "%" HEXDIG HEXDIG (§2.1): one unit, a triplet.
		{"pct-encoded", PctEncoded, view{Op: OpSeq, Name: "pct-encoded", NSubs: 3, First: Chars("%"),
			Fused: Fused{Kind: FusedUnit, Pct: true}}},
		// path-abempty = *( "/" segment ) (§3.3): runs of pchar after "/".
		{"path-abempty", PathAbempty, view{Op: OpRep, Name: "path-abempty", Max: Unbounded, NSubs: 1,
			First: Chars("/"), Nullable: true, Fused: Fused{Kind: FusedSepRun, Set: PathSet, Pct: true, Sep: '/'}}},
		// host = IP-literal / IPv4address / reg-name (§3.2.2): reg-name may be empty.
		{"host", Host, view{Op: OpAlt, Name: "host", NSubs: 3, First: RegNameSet.Union(Chars("%[")), Nullable: true}},
		{"Capture", Capture(3, Lit("a")), view{Op: OpCapture, Slot: 3, NSubs: 1, First: Chars("a"), Caps: true}},
		{"Not", Not(Lit("a")), view{Op: OpNot, NSubs: 1, Nullable: true}},
		{"Peek", Peek(Lit("a")), view{Op: OpPeek, NSubs: 1, Nullable: true}},
		{"End", End, view{Op: OpEnd, Nullable: true}},
		{"Rep", Rep(2, 3, Lit("ab")), view{Op: OpRep, Min: 2, Max: 3, NSubs: 1, First: Chars("a")}},
	} {
		if diff := cmp.Diff(tc.want, viewOf(tc.rule)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
	f := Func("digits", DIGIT.MatchAt)
	if f.Op() != OpFunc || f.Func() == nil || f.Name() != "digits" || f.First() != (CharSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}) || !f.Nullable() {
		t.Errorf("Func: op %v first %v nullable %v", f.Op(), f.First(), f.Nullable())
	}
	// Subs returns a copy: changing it changes nothing.
	subs := URI.Subs()
	subs[0] = nil
	if URI.Subs()[0] != Scheme {
		t.Error("Subs exposed the rule's own slice")
	}
}

// TestLabel checks the labels that error messages use.
func TestLabel(t *testing.T) {
	for _, tc := range []struct {
		rule *Rule
		want string
	}{
		{Host, "host"},
		{Lit("//"), `"//"`},
		{Lit("a"), `%s"a"`},
		{LitFold("v"), `"v"`},
		{Class(ByteRange('0', '9')), "%x30-39"},
		{End, "end of input"},
		{Seq(Lit("["), Host), `"[" host`},
	} {
		if got := tc.rule.Label(); got != tc.want {
			t.Errorf("Label of %v = %q, want %q", tc.rule, got, tc.want)
		}
	}
	for op, want := range map[Op]string{OpLit: "Lit", OpCapture: "Capture", OpFunc: "Func", Op(200): "Op(?)"} {
		if op.String() != want {
			t.Errorf("Op %d prints %q, want %q", op, op.String(), want)
		}
	}
}

// TestOpStringPastTheLast: the Op after the last constructor's, OpRef+1,
// has no name: "Op(?)", as Op(200) has.
func TestOpStringPastTheLast(t *testing.T) {
	if got := (OpRef + 1).String(); got != "Op(?)" {
		t.Errorf("(OpRef + 1).String() = %q, want \"Op(?)\"", got)
	}
	if got := OpRunes.String(); got != "RuneClass" {
		t.Errorf("OpRunes.String() = %q, want \"RuneClass\"", got)
	}
}

package abnf

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/combinator"
)

// rfc5322 returns RFC 5322's sections 3 and 4 compiled (the copy of the
// cost table, checked rule by rule against the RFC).
func rfc5322(t *testing.T) *Grammar {
	t.Helper()
	src, err := os.ReadFile("testdata/cost/rfc5322.abnf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse(string(src))
	if err != nil {
		t.Fatalf("RFC 5322 does not compile: %v", err)
	}
	return g
}

// TestRFC5322EveryRuleCompiles: every rule of RFC 5322's sections 3 and 4
// compiles and runs, the recursive ones through comment included: on
// main's engine before it called shared definitions, mailbox-list,
// group-list, group, address, obs-addr-list, address-list and more were
// refused as too big for an automaton.
func TestRFC5322EveryRuleCompiles(t *testing.T) {
	g := rfc5322(t)
	names := g.Names()
	if len(names) < 130 {
		t.Fatalf("%d rules, want the 134 of sections 3 and 4 and the core rules", len(names))
	}
	for _, name := range names {
		r, err := g.Rule(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		r.Match("")
		if err := r.Check("\x80"); err == nil {
			t.Errorf("%s accepts %%x80", name)
		}
	}
}

// rfc5322Addresses are address lists of RFC 5322's Appendix A (A.1.2,
// A.1.3, A.5, A.6.1), each with the tree of the groups, mailboxes,
// addr-specs and comments in it as derived by hand from sections 3.4 and
// 4.4: a space after a comma belongs to the address that follows it, a
// comment after an addr-spec to its domain, after an angle-addr to it.
var rfc5322Addresses = []struct{ in, tree string }{
	{"Mary Smith <mary@x.test>, jdoe@example.org, Who? <one@y.test>", `
mailbox "Mary Smith <mary@x.test>"
 addr-spec "mary@x.test"
mailbox " jdoe@example.org"
 addr-spec " jdoe@example.org"
mailbox " Who? <one@y.test>"
 addr-spec "one@y.test"`},
	{"A Group:Ed Jones <c@a.test>,joe@where.test,John <jdoe@one.test>;", `
group "A Group:Ed Jones <c@a.test>,joe@where.test,John <jdoe@one.test>;"
 mailbox "Ed Jones <c@a.test>"
  addr-spec "c@a.test"
 mailbox "joe@where.test"
  addr-spec "joe@where.test"
 mailbox "John <jdoe@one.test>"
  addr-spec "jdoe@one.test"`},
	{" Undisclosed recipients:;", `
group " Undisclosed recipients:;"`},
	{"A Group(Some people)\r\n     :Chris Jones <c@(Chris's host.)public.example>,\r\n" +
		"         joe@example.org,\r\n  John <jdoe@one.test> (my dear friend); (the end of the group)", `
group "A Group(Some people)\r\n     :Chris Jones <c@(Chris's host.)public.example>,\r\n         joe@example.org,\r\n  John <jdoe@one.test> (my dear friend); (the end of the group)"
 comment "(Some people)"
 mailbox "Chris Jones <c@(Chris's host.)public.example>"
  addr-spec "c@(Chris's host.)public.example"
   comment "(Chris's host.)"
 mailbox "\r\n         joe@example.org"
  addr-spec "\r\n         joe@example.org"
 mailbox "\r\n  John <jdoe@one.test> (my dear friend)"
  addr-spec "jdoe@one.test"
  comment "(my dear friend)"
 comment "(the end of the group)"`},
	{"Mary Smith <@node.test:mary@example.net>, , jdoe@test  . example", `
mailbox "Mary Smith <@node.test:mary@example.net>"
 addr-spec "mary@example.net"
mailbox " jdoe@test  . example"
 addr-spec " jdoe@test  . example"`},
}

// render writes the children of n, one a line, indented by depth.
func render(b *strings.Builder, n *combinator.Node, depth int) {
	for _, c := range n.Children {
		fmt.Fprintf(b, "\n%s%s %q", strings.Repeat(" ", depth), c.Name, c.Text)
		render(b, c, depth+1)
	}
}

// TestRFC5322AddressesMatchAndTree: the address lists of RFC 5322's
// examples match address-list (or obs-addr-list, A.6.1's empty element),
// each group or mailbox of them matches its own rule, and Tree gives
// their structure.
func TestRFC5322AddressesMatchAndTree(t *testing.T) {
	g := rfc5322(t)
	list, group, mailbox := g.MustRule("address-list"), g.MustRule("group"), g.MustRule("mailbox")
	for _, tc := range rfc5322Addresses {
		if err := list.Check(tc.in); err != nil {
			t.Errorf("address-list refuses %q: %v", tc.in, err)
			continue
		}
		n, err := list.Tree(tc.in, "group", "mailbox", "addr-spec", "comment")
		if err != nil {
			t.Errorf("Tree(%q): %v", tc.in, err)
			continue
		}
		var b strings.Builder
		render(&b, n, 0)
		if diff := cmp.Diff(tc.tree, b.String()); diff != "" {
			t.Errorf("Tree(%q) (-want +got):\n%s", tc.in, diff)
		}
		for _, c := range n.Children {
			if r := map[string]*combinator.Rule{"group": group, "mailbox": mailbox}[c.Name]; !r.Match(c.Text) {
				t.Errorf("%s refuses %q", c.Name, c.Text)
			}
		}
	}
	for _, tc := range []struct{ rule, in string }{
		{"mailbox", "Pete(A nice \\) chap) <pete(his account)@silly.test(his host)>"}, // A.5
		{"mailbox", `"Joe Q. Public" <john.q.public@example.com>`},                    // A.1.2
		{"mailbox", "Joe Q. Public <john.q.public@example.com>"},                      // A.6.1, obs-phrase
		{"obs-addr-list", "Mary Smith <@node.test:mary@example.net>, , jdoe@test  . example"},
		{"address", "A Group:;"},
	} {
		if err := g.MustRule(tc.rule).Check(tc.in); err != nil {
			t.Errorf("%s refuses %q: %v", tc.rule, tc.in, err)
		}
	}
	for _, tc := range []struct{ rule, in string }{
		{"address-list", "A Group:joe@where.test"}, // a group ends with ";"
		{"mailbox", "mary@"},
		{"mailbox", "Pete(A nice ) chap) <pete@silly.test>"}, // ")" unquoted in a comment
		{"group", "mary@x.test"},
	} {
		if g.MustRule(tc.rule).Match(tc.in) {
			t.Errorf("%s accepts %q", tc.rule, tc.in)
		}
	}
}

// TestRFC5322MessageMatchAndTree: the message of RFC 5322's A.1.1
// matches message, and Tree gives a tree of it: its fields in input order,
// each matching its rule. Which tree is a choice: the grammar is
// ambiguous, as Ambiguity says, since optional-field (3.6.8) takes any
// field name, "Message-ID" too, and its obs-unstruct (4.5.3) takes line
// ends, the body's too.
func TestRFC5322MessageMatchAndTree(t *testing.T) {
	g := rfc5322(t)
	msg := "From: John Doe <jdoe@machine.example>\r\n" +
		"To: Mary Smith <mary@example.net>\r\n" +
		"Subject: Saying Hello\r\n" +
		"Date: Fri, 21 Nov 1997 09:55:06 -0600\r\n" +
		"Message-ID: <1234@local.machine.example>\r\n" +
		"\r\n" +
		"This is a message just to say hello.\r\n" +
		"So, \"Hello\".\r\n"
	r := g.MustRule("message")
	if err := r.Check(msg); err != nil {
		t.Fatalf("message refuses A.1.1: %v", err)
	}
	fields := []string{"from", "to", "subject", "orig-date", "message-id", "optional-field", "obs-optional", "body"}
	n, err := r.Tree(msg, fields...)
	if err != nil {
		t.Fatal(err)
	}
	if n.Text != msg || len(n.Children) == 0 || n.Children[0].Start != 0 {
		t.Fatalf("Tree: root %q with %d children", n.Text, len(n.Children))
	}
	end := 0
	for _, c := range n.Children {
		if c.Start < end || !g.MustRule(c.Name).Match(c.Text) || c.Text != msg[c.Start:c.End] {
			t.Errorf("Tree: %s %d:%d %q, after %d", c.Name, c.Start, c.End, c.Text, end)
		}
		end = c.End
	}
	if end != len(msg) {
		t.Errorf("Tree: the fields end at %d of %d", end, len(msg))
	}
	a, err := r.Ambiguity(msg)
	if err != nil || a == nil {
		t.Fatalf("Ambiguity = %v, %v; want two trees", a, err)
	}
	if a.Trees[0].Text != msg || a.Trees[1].Text != msg {
		t.Errorf("Ambiguity: trees of %q and %q", a.Trees[0].Text, a.Trees[1].Text)
	}
}

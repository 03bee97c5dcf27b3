package abnf

import (
	"testing"
)

// allStrings returns every string of up to n pieces of alphabet.
func allStrings(alphabet []string, n int) []string {
	out, layer := []string{""}, []string{""}
	for i := 0; i < n; i++ {
		var next []string
		for _, s := range layer {
			for _, a := range alphabet {
				next = append(next, s+a)
			}
		}
		out, layer = append(out, next...), next
	}
	return out
}

// TestListsExpandAsRFC9110Says: a #list read with Lists matches what
// RFC 9110 §5.6.1 writes it as, on every string of up to seven pieces.
func TestListsExpandAsRFC9110Says(t *testing.T) {
	tests := []struct {
		form       ListForm
		list, want string // the rule l, with #, and as RFC 9110 writes it
	}{
		{ListSender, `l = 1#e`, `l = e *( OWS "," OWS e )`},
		{ListSender, `l = #e`, `l = [ e *( OWS "," OWS e ) ]`},
		{ListSender, `l = 2#3e`, `l = e 1*2( OWS "," OWS e )`},
		{ListSender, `l = 0#2e`, `l = [ e *1( OWS "," OWS e ) ]`},
		{ListSender, `l = 1#1e`, `l = e`},
		{ListSender, `l = 0#0e`, `l = ""`},
		// RFC 9110 Appendix A: Accept = #( media-range [ weight ] ), collected
		// as [ ( media-range [ weight ] ) *( OWS "," OWS ( media-range [ weight ] ) ) ].
		{ListSender, `l = #( e [ ";" e ] )`, `l = [ ( e [ ";" e ] ) *( OWS "," OWS ( e [ ";" e ] ) ) ]`},
		{ListRecipient, `l = #e`, `l = [ e ] *( OWS "," OWS [ e ] )`},
		{ListRecipient, `l = 1#e`, `l = *( "," OWS ) e *( OWS "," [ OWS e ] )`},
		// Counts other than those two: elements counted, empty ones not.
		{ListRecipient, `l = 2#3e`, `l = *( "," OWS ) e 1*2( 1*( OWS "," ) OWS e ) *( OWS "," )`},
		{ListRecipient, `l = 0#1e`, `l = *( "," OWS ) e *( OWS "," ) / *( OWS "," OWS )`},
	}
	inputs := allStrings([]string{"a", ",", " ", ";"}, 7)
	for _, tt := range tests {
		got, err := ParseWith(tt.list+"\ne = \"a\"\n", Lists(tt.form))
		if err != nil {
			t.Fatalf("%s: %v", tt.list, err)
		}
		want, err := Parse(tt.want + "\ne = \"a\"\nOWS = *( SP / HTAB )\n")
		if err != nil {
			t.Fatalf("%s: %v", tt.want, err)
		}
		for _, s := range inputs {
			if g, w := got.MustRule("l").Match(s), want.MustRule("l").Match(s); g != w {
				t.Errorf("%v %s: Match(%q) = %v, %s says %v", tt.form, tt.list, s, g, tt.want, w)
				break
			}
		}
	}
}

// TestListsOfRFC9110Examples: RFC 9110 §5.6.1.2's example-list, with the
// values it calls valid and invalid for a recipient; a sender's list is
// stricter.
func TestListsOfRFC9110Examples(t *testing.T) {
	src := "example-list      = 1#example-list-elmt\nexample-list-elmt = token ; see Section 5.6.2\ntoken = 1*ALPHA\n"
	recipient, err := ParseWith(src, Lists(ListRecipient))
	if err != nil {
		t.Fatal(err)
	}
	sender, err := ParseWith(src, Lists(ListSender))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		in                string
		recipient, sender bool
	}{
		{"foo,bar", true, true},
		{"foo ,bar,", true, false},
		{"foo , ,bar,charlie", true, false},
		{"", false, false},
		{",", false, false},
		{",   ,", false, false},
		{"foo, bar", true, true},
	} {
		if got := recipient.MustRule("example-list").Match(tt.in); got != tt.recipient {
			t.Errorf("recipient: Match(%q) = %v", tt.in, got)
		}
		if got := sender.MustRule("example-list").Match(tt.in); got != tt.sender {
			t.Errorf("sender: Match(%q) = %v", tt.in, got)
		}
	}
	// A grammar's own OWS is the one a list uses.
	g, err := ParseWith("l = 1#e\ne = \"a\"\nOWS = *\"_\"\n", Lists(ListSender))
	if err != nil || !g.MustRule("l").Match("a_,_a") || g.MustRule("l").Match("a ,a") {
		t.Errorf("the text's OWS: %v", err)
	}
}

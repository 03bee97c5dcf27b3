package uri_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
)

// TestRepairInPassword checks which repairs fall in the password: the
// userinfo after its first ":" (§3.2.1), up to the last "@" of the
// authority, as the WHATWG URL parser splits it.
func TestRepairInPassword(t *testing.T) {
	tests := []struct {
		in   string
		want []uri.Repair
	}{
		{"https://bob:pä ss@h/", []uri.Repair{
			{Offset: 13, Old: "ä ", New: "%C3%A4%20", InPassword: true}}},
		{"https://b ob:x@h/", []uri.Repair{{Offset: 9, Old: " ", New: "%20"}}},
		{"https://b ob@h/ä", []uri.Repair{{Offset: 9, Old: " ", New: "%20"}, {Offset: 15, Old: "ä", New: "%C3%A4"}}},
		{"https://bob:a:b c@h/", []uri.Repair{{Offset: 15, Old: " ", New: "%20", InPassword: true}}},
		{"https://bob:p\tw@x@h/", []uri.Repair{
			{Offset: 13, Old: "\tw@", New: "w%40", InPassword: true}}},
		{"https://bob:pw@h/ä:b c", []uri.Repair{
			{Offset: 17, Old: "ä:b ", New: "%C3%A4:b%20"}}},
		{"https://:ö@h/", []uri.Repair{{Offset: 9, Old: "ö", New: "%C3%B6", InPassword: true}}},
	}
	for _, tt := range tests {
		_, reps, err := uri.ParseRepaired(tt.in)
		if err != nil {
			t.Errorf("ParseRepaired(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, reps); diff != "" {
			t.Errorf("ParseRepaired(%q) repairs (-want +got):\n%s", tt.in, diff)
		}
	}
}

// TestRepairPrintsNoPassword checks every printed form of a repair in the
// password (the "offset 14: "ä" → "%C3%A4"") for the password's
// characters and their encodings: fmt's verbs, slog's handlers.
func TestRepairPrintsNoPassword(t *testing.T) {
	_, reps, err := uri.ParseRepaired("https://bob:sä cret@example.com/")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, f := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		fmt.Fprintf(&b, f+"\n", reps)
		for _, r := range reps {
			fmt.Fprintf(&b, f+"\n", r)
		}
	}
	fmt.Fprintln(&b, reps)
	slog.New(slog.NewJSONHandler(&b, nil)).Info("repaired", "repairs", reps, "first", reps[0])
	slog.New(slog.NewTextHandler(&b, nil)).Info("repaired", "first", reps[0])
	out := b.String()
	for _, secret := range []string{"ä", "%C3", "%c3", "%A4", `\u00e4`, `\xc3`, "%20"} {
		if strings.Contains(out, secret) {
			t.Errorf("printed repairs show %q:\n%s", secret, out)
		}
	}
	if !strings.Contains(out, "of the password") {
		t.Errorf("printed repairs do not name the password:\n%s", out)
	}
}

func TestRepairStringInPassword(t *testing.T) {
	tests := []struct {
		r    uri.Repair
		want string
	}{
		{uri.Repair{Offset: 13, Old: "ä", New: "%C3%A4", InPassword: true}, "offset 13: 2 bytes of the password percent-encoded"},
		{uri.Repair{Offset: 13, Old: " ", New: "%20", InPassword: true}, "offset 13: 1 byte of the password percent-encoded"},
		{uri.Repair{Offset: 13, Old: "\t\n", InPassword: true}, "offset 13: 2 bytes of the password removed"},
		{uri.Repair{Offset: 13, Old: "ä", New: "%C3%A4"}, `offset 13: "ä" → "%C3%A4"`},
	}
	for _, tt := range tests {
		if got := tt.r.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.r, got, tt.want)
		}
	}
	got := fmt.Sprintf("%#v", uri.Repair{Offset: 13, Old: "ä", New: "%C3%A4", InPassword: true})
	if want := `uri.Repair{Offset:13, Old:"xxxxx", New:"xxxxx", InPassword:true}`; got != want {
		t.Errorf("%%#v = %s, want %s", got, want)
	}
	got = fmt.Sprintf("%#v", uri.Repair{Offset: 1, Old: " "})
	if want := `uri.Repair{Offset:1, Old:" ", New:"", InPassword:false}`; got != want {
		t.Errorf("%%#v = %s, want %s", got, want)
	}
}

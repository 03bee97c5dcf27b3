package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// do calls Do with v as the JSON body and decodes the answer into out; it
// returns the raw answer.
func do(t *testing.T, path string, v, out any) (int, string) {
	t.Helper()
	body, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	status, answer := Do(path, body)
	if out != nil && status == http.StatusOK {
		if err := json.Unmarshal(answer, out); err != nil {
			t.Fatalf("answer is not JSON: %v\n%s", err, answer)
		}
	}
	return status, string(answer)
}

// TestReadingsHidePasswordsOfEveryReading sends texts whose password some
// reading sees (RFC 3986 §3.2.1: not to be rendered) and checks that no
// answer holds it, in any form: the URL Standard reads "\" as "/" in a
// special URL and skips the slashes after its scheme, so
// "https:\\user:s3cr3t@host/" has a password to a browser, while net/url
// reads a path that holds it.
func TestReadingsHidePasswordsOfEveryReading(t *testing.T) {
	for _, tc := range []struct{ input, base string }{
		{`http://user:s3cr3t@host/`, ""},
		{`https:\\user:s3cr3t@host/`, ""},
		{`http:user:s3cr3t@host/`, ""},
		{`https:/\user:s3cr3t@host/`, ""},
		{`  HTTP://user:s3cr3t@host/`, ""},
		{`\\user:s3cr3t@host/p`, "http://a/b"},
		{`//user:s3cr3t@host/p`, "https://a/b"},
		{`http://user:s3%63r3t@host/`, ""},
		{`http://user:s3cr3t@a b/`, ""},
		{`http://user:s3 cr3t@host/`, ""},
		{`http://user:s3cr3t\@evil.com/`, ""},
		{`http://user:s3cr3t@host:99999/`, ""},
		{`ftp://user:s3cr3t@[::1/`, ""},
		{`ws://user:s3cr3t@host/?q=s3cr3t`, ""},
		{`../x`, "http://user:s3cr3t@host/a/b"},
		{`x`, `https:\\user:s3cr3t@host/`},
		{"http://user:s3cr3t@ho\tst/", ""},
		{`foo://user:s3cr3t@host/`, ""},
	} {
		status, answer := do(t, PathReadings, ReadingsRequest{Input: tc.input, Base: tc.base}, nil)
		if status != http.StatusOK {
			t.Errorf("%q against %q: status %d: %s", tc.input, tc.base, status, answer)
			continue
		}
		var decoded ReadingsResponse
		if err := json.Unmarshal([]byte(answer), &decoded); err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(decoded)
		for _, pw := range []string{"s3cr3t", "s3%63r3t", "s3 cr3t"} {
			if strings.Contains(answer, pw) || strings.Contains(string(again), pw) {
				t.Errorf("%q against %q: the answer shows the password %q:\n%s", tc.input, tc.base, pw, answer)
			}
		}
	}
}

// TestReadingsHideShortPasswords checks a password of two characters: it
// is hidden where it stands as a password, and other text that holds its
// letters is left alone.
func TestReadingsHideShortPasswords(t *testing.T) {
	var r ReadingsResponse
	do(t, PathReadings, ReadingsRequest{Input: `http:u:pw@host/pwd`}, &r)
	if r.Input != "http:u:xxxxx@host/pwd" {
		t.Errorf("input shown as %q, want %q", r.Input, "http:u:xxxxx@host/pwd")
	}
	// RFC 3986 and net/url read the path "u:pw@host/pwd", which holds the
	// password of the URL Standard's reading.
	if got := r.Readings[0].Parts[4].Value; got != "u:xxxxx@host/pwd" {
		t.Errorf("RFC 3986's path shown as %q, want %q", got, "u:xxxxx@host/pwd")
	}
	if got := r.Readings[1].Parts[1].Value; got != "u:xxxxx" {
		t.Errorf("the URL Standard's userinfo shown as %q, want %q", got, "u:xxxxx")
	}
}

// TestReadingsMarkHazards checks the texts of weburl.CompareReadings' doc
// where the readings connect to different places.
func TestReadingsMarkHazards(t *testing.T) {
	for _, tc := range []struct {
		input string
		part  string
		mark  *Mark
	}{
		// The URL Standard reads "\" as "/": browsers dial example.com,
		// while RFC 3986 repaired takes "example.com%5C" for a userinfo
		// and dials evil.com. The mark is on the backslash, offset 18.
		{`http://example.com\@evil.com/`, "authority", &Mark{Text: "input", Start: 18, End: 19}},
		// The URL Standard reads the host as 127.0.0.1 (an IPv4 address
		// in hexadecimal and a 24-bit part), RFC 3986 and net/url as the
		// name "0x7f.1".
		{`http://0x7f.1/`, "host", nil},
		// The URL Standard reads host evil.example; the others a path.
		{`https:/\evil.example`, "host", nil},
	} {
		var r ReadingsResponse
		do(t, PathReadings, ReadingsRequest{Input: tc.input}, &r)
		var found *Hazard
		for i := range r.Hazards {
			if r.Hazards[i].Part == tc.part {
				found = &r.Hazards[i]
			}
		}
		if found == nil {
			t.Errorf("%q: no hazard on the %s: %+v", tc.input, tc.part, r.Hazards)
			continue
		}
		if tc.mark != nil {
			if diff := cmp.Diff(tc.mark, found.Mark); diff != "" {
				t.Errorf("%q: hazard mark (-want +got):\n%s", tc.input, diff)
			}
		}
	}
	var r ReadingsResponse
	do(t, PathReadings, ReadingsRequest{Input: "http://example.com/a"}, &r)
	if len(r.Hazards) != 0 {
		t.Errorf("http://example.com/a: hazards %+v, want none", r.Hazards)
	}
}

// TestReadingsPartsAndDial checks the columns of a text all three read
// alike, against RFC 3986 §3's components and the default port of http.
func TestReadingsPartsAndDial(t *testing.T) {
	var r ReadingsResponse
	do(t, PathReadings, ReadingsRequest{Input: "http://user@Example.com/a?q#f"}, &r)
	want := []PartJSON{
		{Value: "http", Defined: true},
		{Value: "user", Defined: true},
		// The URL Standard folds the host's case: the part differs, but
		// all three dial the same host.
		{Value: "Example.com", Defined: true, Differs: true},
		{},
		{Value: "/a", Defined: true},
		{Value: "q", Defined: true},
		{Value: "f", Defined: true},
	}
	if diff := cmp.Diff(want, r.Readings[0].Parts); diff != "" {
		t.Errorf("RFC 3986's parts (-want +got):\n%s", diff)
	}
	var dials []string
	for _, x := range r.Readings {
		dials = append(dials, x.Dial)
	}
	// RFC 3986 keeps the host's case (§3.2.2), the URL Standard folds it.
	if diff := cmp.Diff([]string{"Example.com:80", "example.com:80", "Example.com:80"}, dials); diff != "" {
		t.Errorf("dial addresses (-want +got):\n%s", diff)
	}
	do(t, PathReadings, ReadingsRequest{Input: "https://[::1]/"}, &r)
	if r.Readings[1].Dial != "[::1]:443" {
		t.Errorf("https://[::1]/ dials %q by the URL Standard, want [::1]:443", r.Readings[1].Dial)
	}
}

// TestReadingsMarksAreUTF16 checks that a mark counts UTF-16 code units, as
// JavaScript indexes the text: "é" is two bytes and one unit, "😀" four
// bytes and two units.
func TestReadingsMarksAreUTF16(t *testing.T) {
	var r ReadingsResponse
	do(t, PathReadings, ReadingsRequest{Input: "http://h/é😀 x"}, &r)
	e := r.Readings[0].Error
	if e == nil || e.Mark == nil {
		t.Fatalf("RFC 3986 gives no placed error: %+v", r.Readings[0])
	}
	// RFC 3986 refuses the "é" first (byte 9): UTF-16 index 9, one unit.
	if diff := cmp.Diff(&Mark{Text: "input", Start: 9, End: 10}, e.Mark); diff != "" {
		t.Errorf("mark (-want +got):\n%s", diff)
	}
	do(t, PathReadings, ReadingsRequest{Input: "http://h/😀 x", Base: ""}, &r)
	if m := r.Readings[0].Error.Mark; m.Start != 9 || m.End != 11 {
		t.Errorf("mark of the emoji: %+v, want 9 to 11", m)
	}
}

// TestReadingsMarkInPassword checks that an error inside a password points
// at its "xxxxx" and names no character of it.
func TestReadingsMarkInPassword(t *testing.T) {
	var r ReadingsResponse
	do(t, PathReadings, ReadingsRequest{Input: "http://u:a b@h/"}, &r)
	e := r.Readings[0].Error
	if e == nil || e.Mark == nil || !e.Mark.Password {
		t.Fatalf("error %+v, want one marked in the password", e)
	}
	if got := r.Input[e.Mark.Start:e.Mark.End]; got != "xxxxx" {
		t.Errorf("the mark covers %q, want the redaction", got)
	}
	if strings.Contains(e.Message, "' '") {
		t.Errorf("message %q names the character of the password", e.Message)
	}
}

// TestDoBoundsRequests checks that a long text gets a clear error at once.
func TestDoBoundsRequests(t *testing.T) {
	mb := strings.Repeat("a", 1<<20)
	for _, tc := range []struct {
		name, path string
		body       []byte
		status     int
		says       string
	}{
		{"1 MiB input", PathReadings, mustJSON(ReadingsRequest{Input: "http://" + mb[:900<<10]}), http.StatusRequestEntityTooLarge, "at most 65,536 bytes"},
		{"body over 1 MiB", PathReadings, []byte(`{"input":"` + mb + `"}`), http.StatusRequestEntityTooLarge, "at most 1,048,576 bytes"},
		{"long grammar", PathGrammar, mustJSON(GrammarRequest{Grammar: "a = " + strings.Repeat(`"x" `, 20000)}), http.StatusRequestEntityTooLarge, "grammar"},
		{"too many tests", PathGrammar, mustJSON(GrammarRequest{Grammar: "a = %x61", Tests: make([]string, 51)}), http.StatusRequestEntityTooLarge, "at most 50"},
		{"unknown field", PathReadings, []byte(`{"inptu":"x"}`), http.StatusBadRequest, "not the JSON"},
		{"not JSON", PathGrammar, []byte(`<script>`), http.StatusBadRequest, "not the JSON"},
		{"unknown path", "nothing", []byte(`{}`), http.StatusNotFound, "no such API"},
	} {
		start := time.Now()
		status, answer := Do(tc.path, tc.body)
		if took := time.Since(start); took > time.Second {
			t.Errorf("%s: answered in %v", tc.name, took)
		}
		var e ErrorJSON
		if err := json.Unmarshal(answer, &e); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if status != tc.status || !strings.Contains(e.Error, tc.says) {
			t.Errorf("%s: %d %q, want %d and a message with %q", tc.name, status, e.Error, tc.status, tc.says)
		}
	}
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// TestDoEscapesMarkup checks that no byte of the input comes back as
// markup: JSON escapes "<", ">" and "&".
func TestDoEscapesMarkup(t *testing.T) {
	_, answer := do(t, PathReadings, ReadingsRequest{Input: `http://h/<script>alert(1)</script>&`, Base: `<img src=x>`}, nil)
	for _, s := range []string{"<", ">", "&"} {
		if strings.Contains(answer, s) {
			t.Errorf("the answer holds %q:\n%s", s, answer)
		}
	}
}

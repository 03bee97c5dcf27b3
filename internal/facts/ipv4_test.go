package facts_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/seed42851778/rfc3986/internal/facts"
)

// event is a validation error of the IPv4 parser with its offset.
type event struct {
	Type string
	At   int
}

// The IPv4 parser on the Standard's examples (§1.1 "Writing", the table of
// validation errors; §3.5 "Host parsing") and on the edges: a part of 255
// and 256, "0x" alone, a final dot, the last part's range for one to four
// parts, 2^32 - 1 and 2^32, and numbers too long for any integer.
func TestParseIPv4(t *testing.T) {
	tests := []struct {
		in     string
		want   string // the address, or the failure's name and offset
		events []event
	}{
		// The Standard's examples.
		{"127.0.0.1.", "127.0.0.1", []event{{"IPv4-empty-part", 9}}},
		{"1.2.3", "1.2.0.3", []event{{"IPv4-too-few-parts", 0}}},
		{"1.2.3.4.5", "IPv4-too-many-parts@0", nil},
		{"test.42", "IPv4-non-numeric-part@0", []event{{"IPv4-too-few-parts", 0}}},
		{"127.0.0x0.1", "127.0.0.1", []event{{"IPv4-non-decimal-part", 6}}},
		{"255.255.4000.1", "IPv4-out-of-range-part@0", []event{{"IPv4-out-of-range-part", 0}}},
		{"0", "0.0.0.0", []event{{"IPv4-too-few-parts", 0}}},
		{"0xffffffff", "255.255.255.255", []event{{"IPv4-too-few-parts", 0}, {"IPv4-non-decimal-part", 0}, {"IPv4-out-of-range-part", 0}}},
		{"09", "IPv4-non-numeric-part@0", []event{{"IPv4-too-few-parts", 0}}},
		// Parts of 255 and 256.
		{"255.255.255.255", "255.255.255.255", nil},
		{"255.255.255.256", "IPv4-out-of-range-part@0", []event{{"IPv4-out-of-range-part", 0}}},
		{"256.0.0.1", "IPv4-out-of-range-part@0", []event{{"IPv4-out-of-range-part", 0}}},
		{"1.2.255", "1.2.0.255", []event{{"IPv4-too-few-parts", 0}}},
		{"1.2.65535", "1.2.255.255", []event{{"IPv4-too-few-parts", 0}, {"IPv4-out-of-range-part", 0}}},
		{"1.2.65536", "IPv4-out-of-range-part@0", []event{{"IPv4-too-few-parts", 0}, {"IPv4-out-of-range-part", 0}}},
		{"1.16777215", "1.255.255.255", []event{{"IPv4-too-few-parts", 0}, {"IPv4-out-of-range-part", 0}}},
		{"1.16777216", "IPv4-out-of-range-part@0", []event{{"IPv4-too-few-parts", 0}, {"IPv4-out-of-range-part", 0}}},
		// "0x" is 0; "0" before digits is octal.
		{"0x.0x.0x.0x", "0.0.0.0", []event{{"IPv4-non-decimal-part", 0}, {"IPv4-non-decimal-part", 3}, {"IPv4-non-decimal-part", 6}, {"IPv4-non-decimal-part", 9}}},
		{"0X7F.1", "127.0.0.1", []event{{"IPv4-too-few-parts", 0}, {"IPv4-non-decimal-part", 0}}},
		{"0177.0.0.1", "127.0.0.1", []event{{"IPv4-non-decimal-part", 0}}},
		{"1.2.3.08", "IPv4-non-numeric-part@6", nil},
		{"0xg.1", "IPv4-non-numeric-part@0", []event{{"IPv4-too-few-parts", 0}}},
		// A final dot, once; a second makes an empty part.
		{"1.", "0.0.0.1", []event{{"IPv4-empty-part", 1}, {"IPv4-too-few-parts", 0}}},
		{"1.2.3.4.", "1.2.3.4", []event{{"IPv4-empty-part", 7}}},
		{"1..", "IPv4-non-numeric-part@2", []event{{"IPv4-empty-part", 2}, {"IPv4-too-few-parts", 0}}},
		{"1..2", "IPv4-non-numeric-part@2", []event{{"IPv4-too-few-parts", 0}}},
		// One number: 2^32 - 1 and 2^32, and past any integer.
		{"4294967295", "255.255.255.255", []event{{"IPv4-too-few-parts", 0}, {"IPv4-out-of-range-part", 0}}},
		{"4294967296", "IPv4-out-of-range-part@0", []event{{"IPv4-too-few-parts", 0}, {"IPv4-out-of-range-part", 0}}},
		{"0x100000000", "IPv4-out-of-range-part@0", []event{{"IPv4-too-few-parts", 0}, {"IPv4-non-decimal-part", 0}, {"IPv4-out-of-range-part", 0}}},
		{"99999999999999999999999999", "IPv4-out-of-range-part@0", []event{{"IPv4-too-few-parts", 0}, {"IPv4-out-of-range-part", 0}}},
		{"1.2.3.0x" + strings.Repeat("f", 40), "IPv4-out-of-range-part@0", []event{{"IPv4-non-decimal-part", 6}, {"IPv4-out-of-range-part", 0}}},
	}
	for _, tt := range tests {
		var got []event
		addr, fail, at := facts.ParseIPv4(tt.in, func(e facts.IPv4Error, at int) { got = append(got, event{e.String(), at}) })
		result := ipv4String(addr)
		if fail != 0 {
			result = fmt.Sprintf("%s@%d", fail, at)
		}
		if result != tt.want {
			t.Errorf("ParseIPv4(%q) = %s, want %s", tt.in, result, tt.want)
		}
		if diff := cmp.Diff(tt.events, got); diff != "" {
			t.Errorf("ParseIPv4(%q) validation errors (-want +got):\n%s", tt.in, diff)
		}
		if a, f, _ := facts.ParseIPv4(tt.in, nil); a != addr || f != fail {
			t.Errorf("ParseIPv4(%q, nil) differs from the call with a report", tt.in)
		}
	}
}

func ipv4String(a uint32) string {
	return fmt.Sprintf("%d.%d.%d.%d", a>>24, a>>16&255, a>>8&255, a&255)
}

// The IPv4 number parser (§3.5): the radix from the prefix, "0x" alone 0,
// "0" alone decimal, a digit outside the radix a failure, and a value past
// 32 bits IPv4Overflow.
func TestParseIPv4Number(t *testing.T) {
	tests := []struct {
		in         string
		n          uint64
		nonDecimal bool
		ok         bool
	}{
		{"", 0, false, false},
		{"0", 0, false, true},
		{"00", 0, true, true},
		{"0x", 0, true, true},
		{"0X", 0, true, true},
		{"0xFf", 255, true, true},
		{"010", 8, true, true},
		{"08", 0, false, false},
		{"0x0g", 0, false, false},
		{"1a", 0, false, false},
		{"-1", 0, false, false},
		{"+1", 0, false, false},
		{" 1", 0, false, false},
		{"255", 255, false, true},
		{"4294967295", 1<<32 - 1, false, true},
		{"4294967296", facts.IPv4Overflow, false, true},
		{"0x100000000", facts.IPv4Overflow, true, true},
		{"040000000000", facts.IPv4Overflow, true, true},
		{strings.Repeat("9", 100), facts.IPv4Overflow, false, true},
	}
	for _, tt := range tests {
		n, nd, ok := facts.ParseIPv4Number(tt.in)
		if n != tt.n || nd != tt.nonDecimal || ok != tt.ok {
			t.Errorf("ParseIPv4Number(%q) = %d, %t, %t; want %d, %t, %t", tt.in, n, nd, ok, tt.n, tt.nonDecimal, tt.ok)
		}
	}
}

// The ends in a number checker (§3.5) and its notes: "09" ends in a number
// (the IPv4 parser refuses it later), and so does "0x" with hex digits.
func TestEndsInANumber(t *testing.T) {
	for in, want := range map[string]bool{
		"1": true, "09": true, "a.1": true, "a.1.": true, "0x": true, "a.0XfF": true, "a.0x1g": false,
		"a.1..": false, "a": false, "1.a": false, ".": false, "a.": false, "1a": false, "x1": false,
	} {
		if got := facts.EndsInANumber(in); got != want {
			t.Errorf("EndsInANumber(%q) = %t, want %t", in, got, want)
		}
	}
}

// The special-scheme URLs of WPT's urltestdata whose host is ASCII and
// stands alone ("http://HOST" with a path or nothing after it): where the
// URL parses, the host ends as an IPv4 address exactly when WPT's hostname
// is one, and is that address; where it fails, the host is the reason.
func TestReadASCIIDomainOnWPT(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "weburl", "testdata", "wpt", "urltestdata.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	shape := regexp.MustCompile(`^(?:https?|wss?|ftp)://([!-~]+?)(?:/[ -~]*)?$`)
	dotted := regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$`)
	ipv4s, fails := 0, 0
	for _, r := range raw {
		var tc struct {
			Input    string
			Hostname string
			Failure  bool
		}
		if json.Unmarshal(r, &tc) != nil {
			continue
		}
		m := shape.FindStringSubmatch(tc.Input)
		if m == nil || strings.ContainsAny(m[1], `/?#\@:%[]`) {
			continue
		}
		got := readDomain(m[1])
		switch {
		case tc.Failure:
			fails++
			if got != "failure" {
				t.Errorf("%q: ReadASCIIDomain(%q) = %s, WPT: failure", tc.Input, m[1], got)
			}
		case dotted.MatchString(tc.Hostname):
			ipv4s++
			if got != tc.Hostname {
				t.Errorf("%q: ReadASCIIDomain(%q) = %s, WPT: %s", tc.Input, m[1], got, tc.Hostname)
			}
		case got != "domain":
			t.Errorf("%q: ReadASCIIDomain(%q) = %s, WPT: the domain %s", tc.Input, m[1], got, tc.Hostname)
		}
	}
	if ipv4s < 14 || fails < 40 {
		t.Errorf("read %d IPv4 hosts and %d failures from urltestdata.json, want at least 14 and 40", ipv4s, fails)
	}
}

// EndsInANumber agrees with the Standard's steps, written out to the letter
// (the last label is digits, or the IPv4 number parser reads it), on "a."
// followed by every string of up to four pieces of the bytes that matter.
func TestEndsInANumberIsTheStandardsSteps(t *testing.T) {
	alphabet := []string{"", "0", "1", "9", "x", "X", "a", "f", "g", ".", "-"}
	standard := func(s string) bool {
		parts := strings.Split(s, ".")
		if parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
		if len(parts) == 0 {
			return false
		}
		last := parts[len(parts)-1]
		if last != "" && strings.Trim(last, "0123456789") == "" {
			return true
		}
		_, _, ok := facts.ParseIPv4Number(last)
		return ok
	}
	n := 0
	for _, a := range alphabet {
		for _, b := range alphabet {
			for _, c := range alphabet {
				for _, d := range alphabet {
					s := "a." + a + b + c + d
					if got, want := facts.EndsInANumber(s), standard(s); got != want {
						t.Errorf("EndsInANumber(%q) = %t, the Standard's steps say %t", s, got, want)
					}
					n++
				}
			}
		}
	}
	if n < 10000 {
		t.Fatalf("checked %d strings", n)
	}
}

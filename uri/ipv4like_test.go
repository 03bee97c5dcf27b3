package uri_test

import (
	"encoding/json"
	"net/netip"
	"os"
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// TestHostIPv4 checks the hosts and the corners of both readers.
// The inet_aton column is what glibc's inet_aton returned for each host
// (Python's socket.inet_aton, which calls it); the WHATWG column follows
// the IPv4 parser and ends-in-a-number checker of the URL Standard.
func TestHostIPv4(t *testing.T) {
	both, whatwg := uri.InetAton|uri.WHATWG, uri.WHATWG
	tests := []struct {
		host string
		want string // "" for none
		by   uri.IPv4Reader
	}{
		{"0x7f.1", "127.0.0.1", both},
		{"2130706433", "127.0.0.1", both},
		{"127.1", "127.0.0.1", both},
		{"0177.0.0.1", "127.0.0.1", both},
		{"0x7F.0X1", "127.0.0.1", both},
		{"00000000177.1", "127.0.0.1", both},
		{"127.0.1", "127.0.0.1", both},
		{"1.2.65535", "1.2.255.255", both},
		{"0", "0.0.0.0", both},
		{"0xa.0xb.0xc.0xd", "10.11.12.13", both},
		{"4294967295", "255.255.255.255", both},
		{"0xffffffff", "255.255.255.255", both},
		{"01.2.3.4", "1.2.3.4", both}, // a reg-name to RFC 3986 (§3.2.2)
		{"127.0.0.1.", "127.0.0.1", whatwg},
		{"1.", "0.0.0.1", whatwg},
		{"0x", "0.0.0.0", whatwg},
		{"0x.1", "0.0.0.1", whatwg},
		{"12.0x", "12.0.0.0", whatwg},
		{"%30x7f.1", "127.0.0.1", both}, // percent-decoded first by both (Hostname)
		{"1.2.65536", "", 0},
		{"08", "", 0},
		{"1.2.3.256", "", 0},
		{"1.2.3.4.5", "", 0},
		{"4294967296", "", 0},
		{"0x100000000", "", 0},
		{"9999999999999999999999", "", 0},
		{"1..2", "", 0},
		{".1", "", 0},
		{"1e2", "", 0},
		{"example.com", "", 0},
		{"127.0.0.1.example", "", 0},
		{"", "", 0},
	}
	for _, tt := range tests {
		u := uri.MustParse("http://" + tt.host + "/")
		a, by := u.HostIPv4()
		want := netip.Addr{}
		if tt.want != "" {
			want = netip.MustParseAddr(tt.want)
		}
		if a != want || by != tt.by {
			t.Errorf("HostIPv4 of %q = %v, %v; want %v, %v", tt.host, a, by, want, tt.by)
		}
	}
	for _, s := range []string{"http://1.2.3.4/", "http://127.0.0.1:80/"} {
		a, by := uri.MustParse(s).HostIPv4()
		if want, ok := uri.MustParse(s).Addr(); !ok || by != both || a != want {
			t.Errorf("HostIPv4 of %q = %v, %v", s, a, by)
		}
	}
	for _, s := range []string{"http://[::1]/", "http://[v1.x]/", "mailto:x@y", "/a"} {
		if a, by := uri.MustParseReference(s).HostIPv4(); a.IsValid() || by != 0 {
			t.Errorf("HostIPv4 of %q = %v, %v; want none", s, a, by)
		}
	}
}

func TestIPv4ReaderString(t *testing.T) {
	for r, want := range map[uri.IPv4Reader]string{0: "none", uri.InetAton: "inet_aton", uri.WHATWG: "WHATWG",
		uri.InetAton | uri.WHATWG: "inet_aton+WHATWG", 4: "IPv4Reader(?)"} {
		if got := r.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", r, got, want)
		}
	}
}

// TestHostIPv4WPT checks the WHATWG reading against the web-platform-tests'
// URL data (testdata/wpt_special_hosts.md): for every special URL it parses (through ParseRepaired, which
// maps the host as UTS #46 does), the host is an IPv4 address to a browser
// exactly when HostIPv4 says WHATWG, with the address the data gives.
func TestHostIPv4WPT(t *testing.T) {
	data, err := os.ReadFile("testdata/wpt_special_hosts.json")
	if err != nil {
		t.Fatal(err)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, raw := range entries {
		var e struct {
			Input    string  `json:"input"`
			Base     *string `json:"base"`
			Hostname string  `json:"hostname"`
			Protocol string  `json:"protocol"`
			Failure  bool    `json:"failure"`
		}
		if json.Unmarshal(raw, &e) != nil || e.Failure || e.Hostname == "" || strings.HasPrefix(e.Hostname, "[") {
			continue
		}
		switch e.Protocol {
		case "http:", "https:", "ws:", "wss:", "ftp:":
		default:
			continue
		}
		u, _, err := uri.ParseRepaired(e.Input)
		if err != nil || u.Host() == "" || !u.SchemeIs(strings.TrimSuffix(e.Protocol, ":")) {
			continue
		}
		a, by := u.HostIPv4()
		want, werr := netip.ParseAddr(e.Hostname)
		isV4 := werr == nil && want.Is4()
		if isV4 != (by&uri.WHATWG != 0) || isV4 && a != want {
			t.Errorf("%q (%q): HostIPv4 = %v, %v; the URL Standard's hostname is %q", e.Input, u, a, by, e.Hostname)
		}
		checked++
	}
	if checked < 50 {
		t.Errorf("only %d entries checked", checked)
	}
	t.Logf("%d entries checked", checked)
}

// FuzzHostIPv4 checks that HostIPv4 never panics, that what inet_aton reads
// the WHATWG parser reads the same (its syntax is a subset), and that an
// address comes with a reader.
func FuzzHostIPv4(f *testing.F) {
	for _, s := range []string{"0x7f.1", "2130706433", "127.1", "0177.0.0.1", "1.", "0x", "08", "%30x7f.1", "１２７．１"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		u, err := uri.Parse("http://" + host + "/")
		if err != nil {
			return
		}
		a, by := u.HostIPv4()
		if a.IsValid() != (by != 0) || a.IsValid() && !a.Is4() {
			t.Fatalf("HostIPv4 of %q = %v, %v", host, a, by)
		}
		if by == uri.InetAton {
			// inet_aton's numbers are a subset of the WHATWG parser's.
			t.Fatalf("HostIPv4 of %q = %v, inet_aton only", host, a)
		}
	})
}

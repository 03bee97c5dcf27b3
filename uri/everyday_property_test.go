package uri_test

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/properties"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// pctDecode decodes every %HH of s, independently of the uri package.
func pctDecode(t *rapid.T, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				t.Fatalf("bad triplet in %q", s)
			}
			b.WriteByte(byte(v))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Hostname and Addr agree with net/netip on every IP host, whatever its
// form (the nine of IPv6address, embedded IPv4 included), and report no
// address for the other hosts.
func TestPropertyHostnameAddr(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		host := rapid.OneOf(properties.IPv4Address(), properties.IPLiteral(), properties.RegName()).Draw(t, "host")
		u, err := uri.Parse("http://" + host + ":80/p")
		if err != nil {
			t.Fatalf("host %q: %v", host, err)
		}
		addr, ok := u.Addr()
		if inner, lit := strings.CutPrefix(host, "["); lit {
			inner = strings.TrimSuffix(inner, "]")
			if u.Hostname() != inner {
				t.Fatalf("Hostname of %q = %q, want %q", host, u.Hostname(), inner)
			}
			want, err := netip.ParseAddr(inner)
			if strings.HasPrefix(inner, "v") || strings.HasPrefix(inner, "V") { // IPvFuture
				if ok || err == nil {
					t.Fatalf("Addr of IPvFuture %q = %v, %v (netip: %v)", host, addr, ok, err)
				}
				return
			}
			if err != nil || !want.Is6() || !ok || addr != want {
				t.Fatalf("Addr of %q = %v, %v; netip.ParseAddr = %v, %v", host, addr, ok, want, err)
			}
			return
		}
		if want, err := netip.ParseAddr(host); err == nil && want.Is4() {
			if !ok || addr != want || u.Hostname() != host {
				t.Fatalf("IPv4 %q: Addr %v, %v, Hostname %q; netip %v", host, addr, ok, u.Hostname(), want)
			}
			return
		}
		if ok {
			t.Fatalf("reg-name %q: Addr = %v", host, addr)
		}
		if want := pctDecode(t, host); u.Hostname() != want {
			t.Fatalf("Hostname of reg-name %q = %q, want %q", host, u.Hostname(), want)
		}
	})
}

// formPieces are raw query text, valid query syntax, that meet what form
// decoders treat specially.
var formPieces = []string{
	"a", "b", "=", "&", "&&", "+", "%2B", "%20", ";", "%3B", "%26", "%3D", "%61", "%C3%A9",
	"%FF", "%00", "/", "?", ":", "@", "!", "$", "'", "(", ")", "*", ",", "-", "~", "%25",
}

// FormValues equals net/url's ParseQuery on every generated query that
// ParseQuery accepts.
func TestPropertyFormValuesIsParseQuery(t *testing.T) {
	accepted := 0
	rapid.Check(t, func(t *rapid.T) {
		q := rapid.OneOf(
			rapid.Custom(func(t *rapid.T) string {
				return strings.Join(rapid.SliceOfN(rapid.SampledFrom(formPieces), 0, 16).Draw(t, "pieces"), "")
			}),
			properties.Query(),
		).Draw(t, "query")
		u, err := uri.ParseReference("?" + q)
		if err != nil {
			t.Fatalf("query %q: %v", q, err)
		}
		got := u.FormValues()
		want, err := url.ParseQuery(q)
		if err != nil {
			return // a ";" (the test of FormValues covers what it does then)
		}
		accepted++
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("FormValues of %q (-ParseQuery +got):\n%s", q, diff)
		}
	})
	if accepted == 0 {
		t.Error("ParseQuery accepted no generated query: the property checked nothing")
	}
}

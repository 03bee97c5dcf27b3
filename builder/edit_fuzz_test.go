package builder

import (
	"errors"
	"net"
	"slices"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

// FuzzEdit edits a parsed URI with HostPort, AppendSegments, SetQueryParam
// and DelQueryParam on any text: nothing panics, every refusal is a
// *BuildError, and what succeeds holds what was set: the host and port
// net.SplitHostPort reads from the text (a non-ASCII name in its IDNA
// A-label form), the segments at the end of the
// path, the value of the key, or no such key.
func FuzzEdit(f *testing.F) {
	f.Add("http://h/a/?q=red+shoes&page=1&flag", "example.com:8080", "page", "2", "b", "c d", uint8(0xff))
	f.Add("", "[::1]:443", "a&b", "1+2;3", "", "a:b", uint8(0b1010))
	f.Add("s:", "::1", "%61", "x", ".", "..", uint8(0b1111))
	f.Add("//u@h?&&a=1&", "h/x:80", "a", "", "/", "%", uint8(0b0101))
	f.Fuzz(func(t *testing.T, base, hostport, key, value, seg1, seg2 string, mask uint8) {
		u, err := uri.ParseReference(base)
		if err != nil {
			return
		}
		b := From(u)
		if mask&1 != 0 {
			b = b.HostPort(hostport)
		}
		if mask&2 != 0 {
			b = b.AppendSegments(seg1, seg2)
		}
		if mask&4 != 0 {
			b = b.SetQueryParam(key, value)
		}
		if mask&8 != 0 {
			b = b.DelQueryParam(key)
		}
		got, err := b.BuildRepaired()
		if err != nil {
			var be *BuildError
			if !errors.As(err, &be) {
				t.Fatalf("error %T %v is not a *BuildError", err, err)
			}
			if mask&1 == 0 && (mask&2 == 0 || (seg1 != "." && seg1 != ".." && seg2 != "." && seg2 != "..")) {
				t.Fatalf("%q: refused %v, though only setters that cannot fail were called", base, err)
			}
			return
		}
		if p, err := uri.ParseReference(got.String()); err != nil || p != got {
			t.Fatalf("%q does not parse back the same", got)
		}
		if mask&1 != 0 {
			if host, port, err := net.SplitHostPort(hostport); err == nil {
				if !isASCII(host) {
					// A non-ASCII name is set as its IDNA A-label form
					// (see Host), which is what Hostname reads back.
					if host, err = idnaToASCII(host); err != nil {
						t.Fatalf("HostPort(%q) built %q, though IDNA refuses the name: %v", hostport, got, err)
					}
				}
				if got.Hostname() != host || got.Port() != port || !got.HasPort() {
					t.Fatalf("HostPort(%q) gives %q: Hostname %q, Port %q; net.SplitHostPort %q, %q", hostport, got, got.Hostname(), got.Port(), host, port)
				}
			}
		}
		if mask&2 != 0 {
			segs := slices.Collect(got.DecodedSegments())
			if len(segs) < 2 || segs[len(segs)-2] != seg1 || segs[len(segs)-1] != seg2 {
				t.Fatalf("AppendSegments(%q, %q) gives %q, segments %q", seg1, seg2, got, segs)
			}
		}
		switch vs := got.QueryValues(key); {
		case mask&8 != 0:
			if vs != nil {
				t.Fatalf("DelQueryParam(%q) gives %q, values %q", key, got, vs)
			}
		case mask&4 != 0:
			if len(vs) != 1 || vs[0] != value {
				t.Fatalf("SetQueryParam(%q, %q) gives %q, values %q", key, value, got, vs)
			}
		}
	})
}

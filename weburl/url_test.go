package weburl

import "testing"

// TestGettersDoNotAllocate checks that the getters return substrings of the
// href, Origin included for a URL without credentials.
func TestGettersDoNotAllocate(t *testing.T) {
	u, err := Parse("https://example.com:8443/a/b?c=d#e")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	allocs := testing.AllocsPerRun(100, func() {
		for _, s := range []string{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(),
			u.Port(), u.Pathname(), u.Search(), u.Hash(), u.Origin()} {
			n += len(s)
		}
	})
	if allocs != 0 {
		t.Errorf("getters: %v allocations, want 0", allocs)
	}
}

// TestOriginOfEachScheme pins Origin (§4.7): a tuple origin without
// credentials or default port for http, https, ws, wss and ftp; a blob URL's
// inner http(s) origin; "null" otherwise.
func TestOriginOfEachScheme(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://u:p@example.com:443/x", "https://example.com"},
		{"ws://[::1]:81/", "ws://[::1]:81"},
		{"ftp://0x7f.1/", "ftp://127.0.0.1"},
		{"blob:https://a.example:1/x?y", "https://a.example:1"},
		{"blob:file:///x", "null"},
		{"blob:sc://h/", "null"},
		{"blob:not a url", "null"},
		{"file://host/x", "null"},
		{"sc://h/", "null"},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.Origin(); got != tt.want {
			t.Errorf("Parse(%q).Origin() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

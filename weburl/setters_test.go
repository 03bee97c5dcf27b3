package weburl

import "testing"

// TestSettersFollowStateOverride pins setter results that follow from the
// state override text of the basic URL parser (§4.4) and the API section
// (§6.1), in corners setters_tests.json does not reach.
func TestSettersFollowStateOverride(t *testing.T) {
	tests := []struct {
		href, setter, value, want string
	}{
		// The hostname state at the end of input with an empty buffer sets an
		// empty host on a non-special URL that has no credentials or port,
		// also when it had no host at all.
		{"sc:/path", "hostname", "", "sc:///path"},
		{"sc:/path", "host", "?q", "sc:///path"},
		// A port after the host in the host setter is read by the port state.
		{"sc:/path", "host", "EXAMPLE.org:81", "sc://EXAMPLE.org:81/path"},
		{"http://h/", "host", "x.example:8080/ignored", "http://x.example:8080/"},
		// A ':' with nothing before it is host-missing: no change.
		{"sc://h/", "host", ":8", "sc://h/"},
		// The port state with state override fails on a first code point that
		// is not a digit, and the port stays.
		{"ftp://h:8080/", "port", "x1", "ftp://h:8080/"},
		{"ftp://h:8080/", "port", "\t", "ftp://h:8080/"},
		{"ftp://h:8080/", "port", "21", "ftp://h/"},
		// ".." at the end of a path leaves an empty segment (the path state's
		// note: "/usr/.." is "/").
		{"sc:/a", "pathname", "..", "sc:/"},
		{"sc://h/a", "pathname", "b/..", "sc://h/"},
		// A path that starts with an empty segment on a URL without a host
		// gets "/." in front (§4.5).
		{"sc:/a", "pathname", "//x", "sc:/.//x"},
		{"sc:/.//x", "host", "h", "sc://h//x"},
		// '?' and '#' are percent-encoded by the pathname setter, '#' by the
		// search setter.
		{"http://h/", "pathname", "a?b#c", "http://h/a%3Fb%23c"},
		{"http://h/", "search", "a#b", "http://h/?a%23b"},
		// The username and password setters do not run the parser: a tab is
		// percent-encoded, not removed.
		{"http://h/", "username", "a\tb", "http://a%09b@h/"},
		// The file host state turns localhost into the empty host.
		{"file://h/p", "host", "LOCALHOST", "file:///p"},
	}
	set := map[string]func(URL, string) URL{
		"host": URL.WithHost, "hostname": URL.WithHostname, "port": URL.WithPort,
		"pathname": URL.WithPathname, "search": URL.WithSearch, "username": URL.WithUsername,
	}
	for _, tt := range tests {
		u, err := Parse(tt.href)
		if err != nil {
			t.Fatal(err)
		}
		if got := set[tt.setter](u, tt.value).Href(); got != tt.want {
			t.Errorf("Parse(%q) %s = %q: got %q, want %q", tt.href, tt.setter, tt.value, got, tt.want)
		}
	}
}

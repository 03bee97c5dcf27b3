package uri

import (
	"strings"
	"testing"

	"github.com/seed42851778/rfc3986/internal/corpus"
)

// componentAtRef is componentAt as it was before it stopped looking for the
// end of an authority past the offset: it finds the end first and names the
// part of the authority cut there (authorityPartRef). TestComponentAtRef
// and FuzzComponentAtRef check that the two agree on every input.
func componentAtRef(s string, off int, rule topRule) string {
	i := 0
	j, scheme := 0, len(s) > 0 && byteClass[s[0]]&clsAlpha != 0
	for ; j < len(s); j++ {
		k := byteClass[s[j]]
		if k&clsSchemeStop != 0 {
			break
		}
		scheme = scheme && k&clsScheme != 0
	}
	hasScheme := j > 0 && j < len(s) && s[j] == ':'
	switch rule {
	case ruleRelativeRef:
		hasScheme = false
	case ruleURIReference:
		hasScheme = hasScheme && scheme
	case ruleURI, ruleAbsoluteURI:
		if !hasScheme {
			return "scheme"
		}
	}
	if hasScheme {
		if off <= j {
			return "scheme"
		}
		i = j + 1
	}
	if len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		start := i + 2
		end := len(s)
		if k := indexStop(s[start:], clsAuthorityStop); k >= 0 {
			end = start + k
		}
		if off <= end {
			if off < start {
				return "authority"
			}
			return authorityPartRef(s[start:end], off-start)
		}
		i = end
	}
	rest := s[i:min(off, len(s))]
	switch {
	case strings.IndexByte(rest, '#') >= 0:
		return "fragment"
	case strings.IndexByte(rest, '?') >= 0:
		return "query"
	}
	return "path"
}

// authorityPartRef names the part of the authority a (the whole of it, cut
// at its end) that off falls in.
func authorityPartRef(a string, off int) string {
	host := 0
	if j := strings.IndexByte(a, '@'); j >= 0 && userinfoBytes(a[:min(off, j)]) {
		if off <= j {
			return "userinfo"
		}
		host = j + 1
	}
	from := host
	if strings.HasPrefix(a[host:], "[") {
		from = len(a)
		if j := strings.IndexByte(a[host:], ']'); j >= 0 {
			from = host + j
		}
	}
	if j := strings.IndexByte(a[from:], ':'); j >= 0 && off > from+j {
		return "port"
	}
	return "host"
}

var topRules = []topRule{ruleURIReference, ruleURI, ruleAbsoluteURI, ruleRelativeRef}

// checkComponentAtRef checks componentAt against componentAtRef on s at
// every offset, for the four top rules.
func checkComponentAtRef(t *testing.T, s string) {
	t.Helper()
	for off := 0; off <= len(s); off++ {
		for _, r := range topRules {
			if got, want := componentAt(s, off, r), componentAtRef(s, off, r); got != want {
				t.Fatalf("componentAt(%q, %d, %s) = %q, the reference %q", s, off, r.Name(), got, want)
			}
		}
	}
}

// TestComponentAtRef checks componentAt against the reference on every
// string of up to six bytes over the delimiters of an authority and a
// letter, and on the corpus.
func TestComponentAtRef(t *testing.T) {
	const alphabet = ":/?#@[]a"
	n := 6
	if testing.Short() {
		n = 5
	}
	var walk func(s string)
	walk = func(s string) {
		checkComponentAtRef(t, s)
		checkComponentAtRef(t, "s://"+s)
		if len(s) < n {
			for i := 0; i < len(alphabet); i++ {
				walk(s + alphabet[i:i+1])
			}
		}
	}
	walk("")
	for _, l := range corpus.Lines(t, "urls.txt") {
		checkComponentAtRef(t, l)
	}
}

func FuzzComponentAtRef(f *testing.F) {
	for _, s := range []string{"http://u@h:1/p", "//[::1]:80@x/", "a://b@c]:d#e", "s://a:b@[v1.x]:9?q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			s = s[:256]
		}
		checkComponentAtRef(t, s)
	})
}

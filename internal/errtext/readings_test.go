package errtext_test

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/seed42851778/rfc3986/internal/errtext"
	"github.com/seed42851778/rfc3986/internal/readingtest"
)

// marker is the password the texts of TestURIPasswordCoversEveryReading
// plant; no piece of readingtest holds it.
const marker = "Qz7Kp"

// pieces are the bits of the texts not shaped like a URL.
var pieces = []string{
	"http", "HTTPS", "ws", "file", "blob", "s", ":", ":", "/", "//", "\\", "\\\\", "\t", "\n", " ", "\x01",
	"@", "@", "u", "host", "?", "#", "%40", ".", "[::1]", "80",
}

// TestURIPasswordCoversEveryReading builds texts, shaped like URLs (the
// pieces of readingtest) or of random pieces, with a planted password, and
// checks that wherever a reading sees that password (uri, weburl and a blob
// URL's inner URL, net/url; alone or against a base), RedactURI hides it,
// and so does HidePasswords, in the text alone and inside a message.
func TestURIPasswordCoversEveryReading(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var i [7]uint8
		for k := range i {
			i[k] = rapid.Uint8().Draw(t, "piece")
		}
		tail := strings.Join(rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 3).Draw(t, "tail"), "")
		s := readingtest.Shaped(i, marker, tail)
		if rapid.Bool().Draw(t, "pieces") {
			before := rapid.SliceOfN(rapid.SampledFrom(pieces), 0, 8).Draw(t, "before")
			s = strings.Join(before, "") + marker + tail
		}
		base := rapid.SampledFrom([]string{"https://b/", "s://b/", "blob:https://b/"}).Draw(t, "base")
		if !readingtest.Sees(s, base, marker) {
			return
		}
		if r, _ := errtext.RedactURI(s, 0); strings.Contains(r, marker) {
			t.Fatalf("RedactURI(%q) = %q shows the password", s, r)
		}
		if r := errtext.HidePasswords("x " + s); strings.Contains(r, marker) {
			t.Fatalf("HidePasswords(%q) = %q shows the password", "x "+s, r)
		}
	})
}

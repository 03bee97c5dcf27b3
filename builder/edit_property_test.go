package builder

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// queryPieces are raw query text, each valid query syntax (§3.4), chosen to
// meet the delimiters of forms and the encodings of keys.
var queryPieces = []string{
	"a", "b", "k", "=", "&", "&&", "+", "%2B", "%20", ";", "%3B", "%26", "%3D", "%61",
	"%C3%A9", "%FF", "/", "?", ":", "@", "!", "$", "'", "(", ")", "*", ",", "-", "~",
}

// rawQueryGen draws a valid raw query.
var rawQueryGen = rapid.Custom(func(t *rapid.T) string {
	return strings.Join(rapid.SliceOfN(rapid.SampledFrom(queryPieces), 0, 12).Draw(t, "query pieces"), "")
})

// keyGen draws a decoded key: often one the query holds, sometimes any text.
func keyGen(t *rapid.T, query string) string {
	if rapid.Bool().Draw(t, "key from the query?") {
		pieces := strings.Split(query, "&")
		k, _, _ := strings.Cut(rapid.SampledFrom(pieces).Draw(t, "piece"), "=")
		if d, ok := pctDecode(k); ok {
			return d
		}
	}
	return textGen.Draw(t, "key")
}

// without returns the pieces of query between "&" (none for ""), less those
// whose key percent-decodes to key: what SetQueryParam and DelQueryParam must
// keep byte for byte, in order, empty pieces included.
func without(query, key string) []string {
	if query == "" {
		return nil
	}
	var out []string
	for _, p := range strings.Split(query, "&") {
		k, _, _ := strings.Cut(p, "=")
		if d, ok := pctDecode(k); p != "" && ok && d == key {
			continue
		}
		out = append(out, p)
	}
	return out
}

// After SetQueryParam(k, v), QueryValues(k) is [v], and every other piece
// of the query is as it was, in order.
func TestPropertySetQueryParam(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		text := "http://h/p"
		q := ""
		hasQuery := rapid.Bool().Draw(t, "query?")
		if hasQuery {
			q = rawQueryGen.Draw(t, "query")
			text += "?" + q
		}
		k, v := keyGen(t, q), textGen.Draw(t, "value")
		u, err := From(uri.MustParse(text)).SetQueryParam(k, v).Build()
		if err != nil {
			t.Fatalf("SetQueryParam(%q, %q) on %q: %v", k, v, text, err)
		}
		if diff := cmp.Diff([]string{v}, u.QueryValues(k)); diff != "" {
			t.Fatalf("%q: QueryValues(%q) (-want +got):\n%s", u, k, diff)
		}
		if diff := cmp.Diff(without(q, k), without(u.Query(), k)); diff != "" {
			t.Fatalf("%q -> %q: the other pieces changed (-before +after):\n%s", text, u, diff)
		}
		if u.Path() != "/p" || u.Host() != "h" || u.Scheme() != "http" {
			t.Fatalf("%q -> %q: another component changed", text, u)
		}
	})
}

// DelQueryParam leaves every other piece byte for byte; with no parameter
// left, no query.
func TestPropertyDelQueryParam(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		q := rawQueryGen.Draw(t, "query")
		text := "http://h/p?" + q + "#f"
		k := keyGen(t, q)
		u, err := From(uri.MustParse(text)).DelQueryParam(k).Build()
		if err != nil {
			t.Fatalf("DelQueryParam(%q) on %q: %v", k, text, err)
		}
		kept := without(q, k)
		if !slices.ContainsFunc(kept, func(p string) bool { return p != "" }) {
			if u.HasQuery() {
				t.Fatalf("%q -> %q: no parameter left, the query stays", text, u)
			}
			return
		}
		if diff := cmp.Diff(kept, strings.Split(u.Query(), "&")); diff != "" {
			t.Fatalf("%q -> %q (-kept +got):\n%s", text, u, diff)
		}
		if u.QueryValues(k) != nil || u.Fragment() != "f" || u.Path() != "/p" {
			t.Fatalf("%q -> %q: %q still there, or another component changed", text, u, k)
		}
	})
}

// AppendSegments(x...) then DecodedSegments ends with x, for any base and
// any segments but dot segments (refused, ErrDotSegment); the path hazards
// of §3.3 and §4.2 are repaired by BuildRepaired, as for Path.
func TestPropertyAppendSegments(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := uriGen.Draw(t, "base")
		u, err := uri.ParseReference(base)
		if err != nil {
			t.Skip("not a URI reference")
		}
		x := rapid.SliceOfN(textGen, 1, 4).Draw(t, "segments")
		b := From(u).AppendSegments(x...)
		got, err := b.BuildRepaired()
		if slices.Contains(x, ".") || slices.Contains(x, "..") {
			if !errors.Is(err, ErrDotSegment) {
				t.Fatalf("%q + %q: error %v, want ErrDotSegment", base, x, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%q + %q: %v", base, x, err)
		}
		segs := slices.Collect(got.DecodedSegments())
		if len(segs) < len(x) || !slices.Equal(segs[len(segs)-len(x):], x) {
			t.Fatalf("%q + %q = %q, whose segments %q do not end with them", base, x, got, segs)
		}
		if got.Query() != u.Query() || got.HasQuery() != u.HasQuery() || got.Authority() != u.Authority() {
			t.Fatalf("%q + %q = %q: another component changed", base, x, got)
		}
	})
}

package uri

import (
	"slices"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSegments(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"s:", nil},
		{"http://h", nil},
		{"http://h/", []string{""}},
		{"/", []string{""}},
		{"/a", []string{"a"}},
		{"/a/b/", []string{"a", "b", ""}},
		{"/a//b", []string{"a", "", "b"}},
		{"a", []string{"a"}},
		{"a/b", []string{"a", "b"}},
		{"mailto:John.Doe@example.com", []string{"John.Doe@example.com"}},
		{"../../g", []string{"..", "..", "g"}},
		{"./", []string{".", ""}},
		{"///", []string{""}},
		{"http://a/b/c/d;p?q", []string{"b", "c", "d;p"}},
		{"/a%2Fb/c", []string{"a%2Fb", "c"}},
	} {
		got := slices.Collect(MustParseReference(tc.in).Segments())
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("Segments of %q (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestDecodedSegments(t *testing.T) {
	got := slices.Collect(MustParseReference("/a%2Fb/%C3%A9/%25/").DecodedSegments())
	want := []string{"a/b", "é", "%", ""}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DecodedSegments (-want +got):\n%s", diff)
	}
	for range MustParseReference("/a/b").DecodedSegments() {
		break // an early stop must not panic
	}
}

type kv struct{ K, V string }

func collect2(seq func(func(string, string) bool)) []kv {
	var out []kv
	for k, v := range seq {
		out = append(out, kv{k, v})
	}
	return out
}

func TestQueryParams(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []kv
	}{
		{"s:", nil},
		{"s:?", nil},
		{"?a=1", []kv{{"a", "1"}}},
		{"?a=1&b=2&a=3", []kv{{"a", "1"}, {"b", "2"}, {"a", "3"}}},
		{"?a", []kv{{"a", ""}}},
		{"?a=", []kv{{"a", ""}}},
		{"?=b", []kv{{"", "b"}}},
		{"?a=b=c", []kv{{"a", "b=c"}}},
		{"?&a=1&&b&", []kv{{"a", "1"}, {"b", ""}}},
		{"?&", nil},
		{"?a%3D=%26", []kv{{"a%3D", "%26"}}},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", []kv{{"objectClass?one", ""}}},
		{"?q=a+b#x=y", []kv{{"q", "a+b"}}},
	} {
		got := collect2(MustParseReference(tc.in).QueryParams())
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("QueryParams of %q (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestDecodedQueryParams(t *testing.T) {
	got := collect2(MustParseReference("?a%3D=%26&%C3%A9=x+y&k").DecodedQueryParams())
	want := []kv{{"a=", "&"}, {"é", "x+y"}, {"k", ""}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DecodedQueryParams (-want +got):\n%s", diff)
	}
	for range MustParseReference("?a&b").DecodedQueryParams() {
		break
	}
}

func TestQueryValue(t *testing.T) {
	u := MustParseReference("?a=1&b=2&a=3&%63=%34&e&k%26=v%20w")
	for _, tc := range []struct {
		key, want string
		ok        bool
	}{
		{"a", "1", true}, // the first one
		{"b", "2", true},
		{"c", "4", true}, // keys compare decoded
		{"e", "", true},
		{"k&", "v w", true},
		{"k%26", "", false},
		{"z", "", false},
	} {
		got, ok := u.QueryValue(tc.key)
		if got != tc.want || ok != tc.ok {
			t.Errorf("QueryValue(%q) = %q, %v; want %q, %v", tc.key, got, ok, tc.want, tc.ok)
		}
	}
}

func TestIteratorsNoAlloc(t *testing.T) {
	u := MustParse("http://h/a/b/c?x=1&y=2&z")
	n := testing.AllocsPerRun(100, func() {
		for s := range u.Segments() {
			_ = s
		}
		for k, v := range u.QueryParams() {
			_, _ = k, v
		}
		_, _ = u.QueryValue("z")
	})
	if n != 0 {
		t.Errorf("iterating raw pieces allocates %v times, want 0", n)
	}
}

// An iterator is a value: each range over it walks the whole path or query
// again, after a full walk, after a break, and from several goroutines at once
// (go test -race).
func TestIteratorsReusable(t *testing.T) {
	u := MustParse("s:/a/b/c?x=1&y=2")
	segs, params := u.Segments(), u.QueryParams()
	walk := func() (got []string) {
		for s := range segs {
			got = append(got, s)
		}
		for k, v := range params {
			got = append(got, k+"="+v)
		}
		return got
	}
	want := []string{"a", "b", "c", "x=1", "y=2"}
	for range segs {
		break
	}
	for range params {
		break
	}
	for i := range 2 {
		if d := cmp.Diff(want, walk()); d != "" {
			t.Errorf("walk %d (-want +got):\n%s", i, d)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if d := cmp.Diff(want, walk()); d != "" {
				t.Errorf("concurrent walk (-want +got):\n%s", d)
			}
		})
	}
	wg.Wait()
}

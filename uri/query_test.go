package uri

import (
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// QueryValues reads RFC 3986 text: pieces between "&", cut at the first "=",
// percent-decoded; "+" has no meaning in RFC 3986 (§3.4) and stays.
func TestQueryValues(t *testing.T) {
	for _, tc := range []struct {
		query, key string
		want       []string
	}{
		{"q=a+b%2Bc", "q", []string{"a+b+c"}}, // "+" and "%2B" both read "+"
		{"a=1&b=2&a=3", "a", []string{"1", "3"}},
		{"a=1&b=2&a=3", "b", []string{"2"}},
		{"a=1", "c", nil},
		{"flag&a=1", "flag", []string{""}}, // no "=": an empty value
		{"flag=&a=1", "flag", []string{""}},
		{"%61=1&a=2", "a", []string{"1", "2"}}, // keys compare decoded
		{"a%3Db=c", "a=b", []string{"c"}},
		{"a=b=c", "a", []string{"b=c"}}, // the first "=" cuts
		{"=x", "", []string{"x"}},
		{"a=1&&a=2&", "a", []string{"1", "2"}}, // empty pieces are no parameter
		{"a=1;b=2", "a", []string{"1;b=2"}},    // ";" separates nothing
		{"a+b=1", "a b", nil},
		{"a+b=1", "a+b", []string{"1"}},
		{"", "", nil},
	} {
		u := MustParseReference("?" + tc.query)
		if diff := cmp.Diff(tc.want, u.QueryValues(tc.key)); diff != "" {
			t.Errorf("QueryValues(%q) of ?%s (-want +got):\n%s", tc.key, tc.query, diff)
		}
	}
	if got := MustParse("s:x").QueryValues(""); got != nil {
		t.Errorf("QueryValues without a query = %q, want nil", got)
	}
}

// FormValues reads application/x-www-form-urlencoded. The expected maps are
// what net/url's ParseQuery documents ("a list of key=value settings
// separated by ampersands. A setting without an equals sign is interpreted
// as a key set to an empty value"; "+" is a space, QueryUnescape), and the
// test checks ParseQuery gives them too wherever it accepts the query.
func TestFormValues(t *testing.T) {
	for _, tc := range []struct {
		query     string
		want      url.Values
		parseFail bool // ParseQuery refuses the query (a ";")
	}{
		{"x=1&y=2&y=3", url.Values{"x": {"1"}, "y": {"2", "3"}}, false}, // ParseQuery's example
		{"q=red+shoes&page=1&flag", url.Values{"q": {"red shoes"}, "page": {"1"}, "flag": {""}}, false},
		{"q=a+b%2Bc", url.Values{"q": {"a b+c"}}, false},
		{"a%20b+c=%26%3D", url.Values{"a b c": {"&="}}, false},
		{"a=1&&b=2&", url.Values{"a": {"1"}, "b": {"2"}}, false},
		{"=x&=", url.Values{"": {"x", ""}}, false},
		{"a=b=c", url.Values{"a": {"b=c"}}, false},
		{"k=%C3%A9%FF", url.Values{"k": {"é\xff"}}, false},
		{"p=/a?b:c@d", url.Values{"p": {"/a?b:c@d"}}, false},
		{"", url.Values{}, false},
		{"&", url.Values{}, false},
		// ParseQuery refuses a piece with ";"; FormValues keeps it as data.
		{"a=1;b=2&c=3", url.Values{"a": {"1;b=2"}, "c": {"3"}}, true},
		{"a%3Bb=1", url.Values{"a;b": {"1"}}, false},
	} {
		got := MustParseReference("?" + tc.query).FormValues()
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("FormValues of ?%s (-want +got):\n%s", tc.query, diff)
		}
		pq, err := url.ParseQuery(tc.query)
		if (err != nil) != tc.parseFail {
			t.Errorf("url.ParseQuery(%q) error %v; want failure %v", tc.query, err, tc.parseFail)
		}
		if err == nil {
			if diff := cmp.Diff(pq, got); diff != "" {
				t.Errorf("FormValues of ?%s differs from url.ParseQuery (-ParseQuery +got):\n%s", tc.query, diff)
			}
		}
	}
	if got := MustParse("s:x").FormValues(); got == nil || len(got) != 0 {
		t.Errorf("FormValues without a query = %#v, want an empty map", got)
	}
}

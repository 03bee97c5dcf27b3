package builder

import (
	"net/url"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/uri"
	"pgregory.net/rapid"
)

// TestFormParam checks the form encoding: the expected texts are net/url's
// Values.Encode for the same pairs (application/x-www-form-urlencoded, a
// space as "+"), but for the bytes RFC 3986 lets a query hold as they are
// ("!", "'", "(", ")", "*", ",", ":", "@", "/", "?", "~"), which every form
// decoder reads as themselves.
func TestFormParam(t *testing.T) {
	tests := []struct {
		base       string
		key, value string
		want       string
	}{
		{"https://h/search", "q", "a b", "https://h/search?q=a+b"},
		{"https://h/search", "q", "1+1=2 & more", "https://h/search?q=1%2B1%3D2+%26+more"},
		{"https://h/search", "full name", "Jürgen", "https://h/search?full+name=J%C3%BCrgen"},
		{"https://h/search", "q", "100% ;)", "https://h/search?q=100%25+%3B)"},
		{"https://h/search", "q", "%20", "https://h/search?q=%2520"},
		{"https://h/search?a=1", "q", "x y", "https://h/search?a=1&q=x+y"},
		{"https://h/search?", "q", "", "https://h/search?q="},
		{"https://h/search#f", "q", " ", "https://h/search?q=+#f"},
	}
	for _, tt := range tests {
		got, err := from(tt.base).FormParam(tt.key, tt.value).Build()
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.FormParam(%q, %q) = %q, %v; want %q", tt.base, tt.key, tt.value, got, err, tt.want)
		}
	}
	// The order of a chain is kept with QueryParam's pending parameters.
	got := New().Path("/s").QueryParam("a", "x y").FormParam("b", "x y").QueryParam("c", "z").MustBuild()
	if want := "/s?a=x%20y&b=x+y&c=z"; got.String() != want {
		t.Errorf("chain = %q, want %q", got, want)
	}
}

func TestSetFormParam(t *testing.T) {
	tests := []struct{ base, key, value, want string }{
		{"https://h/?q=old&page=2", "q", "new value", "https://h/?q=new+value&page=2"},
		{"https://h/?full+name=a&x=1", "full name", "b c", "https://h/?full+name=b+c&x=1"},
		{"https://h/?full%20name=a", "full name", "b", "https://h/?full%20name=b"},
		{"https://h/?a=1", "b c", "d", "https://h/?a=1&b+c=d"},
		{"https://h/", "q", "x", "https://h/?q=x"},
		{"https://h/?q=1&q=2", "q", "3", "https://h/?q=3"},
	}
	for _, tt := range tests {
		got, err := from(tt.base).SetFormParam(tt.key, tt.value).Build()
		if err != nil || got.String() != tt.want {
			t.Errorf("%q.SetFormParam(%q, %q) = %q, %v; want %q", tt.base, tt.key, tt.value, got, err, tt.want)
		}
	}
	// SetFormParam twice with a key holding a space finds its own key.
	got := New().SetFormParam("a b", "1").SetFormParam("a b", "2").MustBuild()
	if want := "?a+b=2"; got.String() != want {
		t.Errorf("SetFormParam twice = %q, want %q", got, want)
	}
}

// TestPropertyFormParamReadsBack checks that FormValues and net/url's
// ParseQuery read back exactly the pairs FormParam wrote, whatever bytes
// they hold.
func TestPropertyFormParamReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 4).Draw(t, "n")
		b := New().Path("/f")
		want := url.Values{}
		for i := range n {
			k := rapid.String().Draw(t, "k")
			v := rapid.String().Draw(t, "v")
			if k == "" && i == 0 {
				k = "k"
			}
			b = b.FormParam(k, v)
			want.Add(k, v)
		}
		u, err := b.Build()
		if err != nil {
			t.Fatalf("Build: %v", err)
		}
		if diff := cmp.Diff(want, u.FormValues()); diff != "" {
			t.Fatalf("%q: FormValues (-want +got):\n%s", u, diff)
		}
		got, err := url.ParseQuery(u.Query())
		if err != nil {
			t.Fatalf("ParseQuery(%q): %v", u.Query(), err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q: ParseQuery (-want +got):\n%s", u, diff)
		}
		if _, err := uri.Parse("s:" + u.String()); err != nil {
			t.Fatal(err)
		}
	})
}

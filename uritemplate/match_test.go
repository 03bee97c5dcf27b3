package uritemplate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMatch(t *testing.T) {
	tests := []struct {
		template, in string
		want         map[string]any // nil: no match
	}{
		{"/users/{id}", "/users/42", map[string]any{"id": "42"}},
		{"/users/{id}", "/users/a%20b", map[string]any{"id": "a b"}},
		{"/users/{id}", "/users/a%2fb", map[string]any{"id": "a/b"}}, // hex digits in either case
		{"/users/{id}", "/users/a/b", nil},
		{"/users/{id}", "/user/42", nil},
		{"/users/{id}", "/users/", map[string]any{}},
		{"/users/{id}/posts{?page,q}", "/users/7/posts?page=2&q=go", map[string]any{"id": "7", "page": "2", "q": "go"}},
		{"/users/{id}/posts{?page,q}", "/users/7/posts?q=go", map[string]any{"id": "7", "q": "go"}},
		{"/users/{id}/posts{?page,q}", "/users/7/posts?q=go&page=2", nil}, // order of the template
		{"/users/{id}/posts{?page,q}", "/users/7/posts", map[string]any{"id": "7"}},
		{"/users/{id}/posts{?page,q}", "/users/7/posts?page=", map[string]any{"id": "7", "page": ""}},
		{"/users/{id}/posts{?page,q}", "/users/7/posts?page", nil},
		{"/users/{id}/posts{?page,q}", "/users/7/posts?other=1", nil},
		{"{/id}{?token,tab}", "/admin?token=12345&tab=overview", map[string]any{"id": "admin", "token": "12345", "tab": "overview"}},
		{"{/id}{?token,tab}", "?token=1", map[string]any{"token": "1"}},
		{"/search.{format}{?q,geocode}", "/search.json?q=URI%20Templates&geocode=37.76,-122.427",
			map[string]any{"format": "json", "q": "URI Templates", "geocode": []string{"37.76", "-122.427"}}},
		{"{+base}index", "http://example.com/home/index", map[string]any{"base": "http://example.com/home/"}},
		{"{+path}/here", "/foo/bar/here", map[string]any{"path": "/foo/bar"}},
		{"here?ref={+path}", "here?ref=/foo/bar", map[string]any{"path": "/foo/bar"}},
		{"{+hello}", "Hello%20World!", map[string]any{"hello": "Hello World!"}},
		{"{+id}", "admin%2F", map[string]any{"id": "admin%2F"}}, // a reserved triplet stays
		{"{+x}", "%25foo", map[string]any{"x": "%25foo"}},
		{"X{#hello}", "X#Hello%20World!", map[string]any{"hello": "Hello World!"}},
		{"X{#hello}", "X#", map[string]any{"hello": ""}},
		{"X{#hello}", "X", map[string]any{}},
		{"map?{x,y}", "map?1024,768", map[string]any{"x": "1024", "y": "768"}},
		{"{x,hello,y}", "1024,Hello%20World%21,768", map[string]any{"x": "1024", "hello": "Hello World!", "y": "768"}},
		{"?{x,empty}", "?1024,", map[string]any{"x": "1024", "empty": ""}},
		{"{x,y}", "1,2,3", nil},
		{"X{.var}", "X.value", map[string]any{"var": "value"}},
		{"X{.var}", "X.a.b", map[string]any{"var": "a.b"}},
		{"X{.var}", "X.", map[string]any{"var": ""}},
		{"{/var,x}/here", "/value/1024/here", map[string]any{"var": "value", "x": "1024"}},
		{"{/var,x}/here", "/value/here", map[string]any{"var": "value"}},
		{"{;x,y,empty}", ";x=1024;y=768;empty", map[string]any{"x": "1024", "y": "768", "empty": ""}},
		{"{;v,bar,who}", ";v=6;who=fred", map[string]any{"v": "6", "who": "fred"}},
		{"{?x,y,empty}", "?x=1024&y=768&empty=", map[string]any{"x": "1024", "y": "768", "empty": ""}},
		{"?fixed=yes{&x}", "?fixed=yes&x=1024", map[string]any{"x": "1024"}},
		{"{?list}", "?list=red,green,blue", map[string]any{"list": []string{"red", "green", "blue"}}},
		{"{/list}", "/red,green,blue", map[string]any{"list": []string{"red", "green", "blue"}}},
		{"{var:3}", "val", map[string]any{"var": "val"}},
		{"{var:3}", "valu", nil},
		{"{;hello:5}", ";hello=Hello", map[string]any{"hello": "Hello"}},
		{"{x}/{x}", "a/a", map[string]any{"x": "a"}},
		{"{x}/{x}", "a/b", nil},
		{"{;x}/{?x}", ";x=a,b/?x=a,b", map[string]any{"x": []string{"a", "b"}}},
		{"{;x}/{?x}", ";x=a,b/?x=a,c", nil},
		{"{;x}/{?x}", ";x=a,b/?x=a", nil},
		{"{;x}/{?x}", ";x=a/?x=a,b", nil},
		{"/service{?word}", "/service?word=dr%C3%BCcken", map[string]any{"word": "drücken"}},
		{"/lookup{?Stra%C3%9Fe}", "/lookup?Stra%C3%9Fe=Gr%C3%BCner%20Weg", map[string]any{"Stra%C3%9Fe": "Grüner Weg"}},
		{"ü/{x}", "%C3%BC/y", map[string]any{"x": "y"}},
		{"/{x}", "/%zz", nil},
		{"/{x}", "/a b", nil},
		// unsupported templates never match
		{"{x}{y}", "ab", nil},
		{"{/a}{/b}", "/x/y", nil},
		{"{?a}{&b}", "?a=1&b=2", nil},
		{"{list*}", "a,b", nil},
		{"{+x,y}", "a,b", nil},
		{"{.x,y}", ".a.b", nil},
		{"{+path}/x/{y}", "/a/x/b", nil},
		{"{x}.{y}", "a.b", nil},
	}
	for _, tt := range tests {
		got, ok := MustParse(tt.template).Match(tt.in)
		if ok != (tt.want != nil) {
			t.Errorf("%s Match(%q) = %v, %v; want %v", tt.template, tt.in, got, ok, tt.want)
			continue
		}
		if diff := cmp.Diff(tt.want, got); ok && diff != "" {
			t.Errorf("%s Match(%q) (-want +got):\n%s", tt.template, tt.in, diff)
		}
	}
}

// The templates Match supports, as its doc lists them.
func TestMatchSupport(t *testing.T) {
	for _, s := range []string{
		"", "/plain", "{x}", "/users/{id}/posts{?page}", "{/id}{?token,tab}", "{+base}index",
		"{x,y}", "{/a,b}", "{;a,b}{?c,d}", "{var:3}", "here?ref={+path}", "X{#a}", "{/a}{#b}",
		"{a}/{b}", "{a};{b}", "{.a}/x",
	} {
		if why := MustParse(s).matchErr; why != "" {
			t.Errorf("%s: unsupported (%s)", s, why)
		}
	}
	for _, s := range []string{
		"{x}{y}", "{/a}{/b}", "{?a}{&b}", "{a*}", "{+a,b}", "{#a,b}", "{.a,b}", "{+path}/x/{y}",
		"{x}.{y}", "{x}-{y}", "{x}%20{y}", "{/a}{.b}", "{a}{?b}{c}", "{a};{b}x{+c}{d}",
	} {
		if MustParse(s).matchErr == "" {
			t.Errorf("%s: supported", s)
		}
	}
}

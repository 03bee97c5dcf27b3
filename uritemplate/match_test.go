package uritemplate

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
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
		{"{/list*,x}", "/a/b", nil},
		{"{?a*,b*}", "?a=1&b=2", nil},
		{"{+path}/x/{y}", "/a/x/b", nil},
		{"{x}.{y}", "a.b", nil},
	}
	for _, tt := range tests {
		checkMatch(t, tt.template, tt.in, tt.want)
	}
}

// checkMatch checks Match(in) against want, nil for no match.
func checkMatch(t *testing.T, template, in string, want map[string]any) {
	t.Helper()
	got, ok := MustParse(template).Match(in)
	if ok != (want != nil) {
		t.Errorf("%s Match(%q) = %v, %v; want %v", template, in, got, ok, want)
		return
	}
	if diff := cmp.Diff(want, got); ok && diff != "" {
		t.Errorf("%s Match(%q) (-want +got):\n%s", template, in, diff)
	}
}

// The templates Match supports, as its doc lists them.
func TestMatchSupport(t *testing.T) {
	for _, s := range []string{
		"", "/plain", "{x}", "/users/{id}/posts{?page}", "{/id}{?token,tab}", "{+base}index",
		"{x,y}", "{/a,b}", "{;a,b}{?c,d}", "{var:3}", "here?ref={+path}", "X{#a}", "{/a}{#b}",
		"{a}/{b}", "{a};{b}", "{.a}/x", "{a*}", "{+a,b}", "{#a,b}", "{.a,b}", "{/path*}{?q*}", "{;a*,b}",
		"{?a,b*}", "{a,b*}", "{/a,b*}",
	} {
		if why := MustParse(s).prepared().err; why != "" {
			t.Errorf("%s: unsupported (%s)", s, why)
		}
	}
	for _, s := range []string{
		"{x}{y}", "{/a}{/b}", "{?a}{&b}", "{a*,b}", "{/a*,b}", "{;a*,b*}", "{+path}/x/{y}", "{/a*}{.b}",
		"{x}.{y}", "{x}-{y}", "{x}%20{y}", "{/a}{.b}", "{a}{?b}{c}", "{a};{b}x{+c}{d}",
	} {
		if MustParse(s).prepared().err == "" {
			t.Errorf("%s: supported", s)
		}
	}
}

// TestMatchLevel4 reads back the expansions of RFC 6570 §3.2's Level 4
// examples (explode and prefix modifiers, and several variables under "+",
// "#" and "."), with its variables: list := ("red", "green", "blue"),
// keys := [("semi",";"),("dot","."),("comma",",")], var := "value",
// path := "/foo/bar", hello := "Hello World!", x := "1024", y := "768".
// Where the expansion could come from other values, the value Match chooses
// is given (its doc); Match checks that it expands to the same text.
func TestMatchLevel4(t *testing.T) {
	list := []string{"red", "green", "blue"}
	keys := Pairs{{"semi", ";"}, {"dot", "."}, {"comma", ","}}
	tests := []struct {
		template, in string
		want         map[string]any
	}{
		{"{list*}", "red,green,blue", map[string]any{"list": list}},
		{"{keys*}", "semi=%3B,dot=.,comma=%2C", map[string]any{"keys": keys}},
		{"{+list*}", "red,green,blue", map[string]any{"list": list}},
		{"{+keys*}", "semi=;,dot=.,comma=,", map[string]any{"keys": []string{"semi=;", "dot=.", "comma=", ""}}}, // a list of the same expansion
		{"{#list*}", "#red,green,blue", map[string]any{"list": list}},
		{"X{.list*}", "X.red.green.blue", map[string]any{"list": list}},
		{"X{.keys*}", "X.semi=%3B.dot=..comma=%2C", nil}, // "." in a value under ".": no split re-expands
		{"{/list*}", "/red/green/blue", map[string]any{"list": list}},
		{"{/keys*}", "/semi=%3B/dot=./comma=%2C", map[string]any{"keys": keys}},
		{"{;list*}", ";list=red;list=green;list=blue", map[string]any{"list": list}},
		{"{;keys*}", ";semi=%3B;dot=.;comma=%2C", map[string]any{"keys": keys}},
		{"{?list*}", "?list=red&list=green&list=blue", map[string]any{"list": list}},
		{"{?keys*}", "?semi=%3B&dot=.&comma=%2C", map[string]any{"keys": keys}},
		{"{&list*}", "&list=red&list=green&list=blue", map[string]any{"list": list}},
		{"{&keys*}", "&semi=%3B&dot=.&comma=%2C", map[string]any{"keys": keys}},
		{"{/list*,path:4}", "/red/green/blue/%2Ffoo", nil}, // explode before the last: not supported
		// Prefix modifiers (§3.2, Level 4).
		{"{var:3}", "val", map[string]any{"var": "val"}},
		{"{var:30}", "value", map[string]any{"var": "value"}},
		{"{+path:6}/here", "/foo/b/here", map[string]any{"path": "/foo/b"}},
		{"{#path:6}/here", "#/foo/b/here", map[string]any{"path": "/foo/b"}},
		{"X{.var:3}", "X.val", map[string]any{"var": "val"}},
		{"{/var:1,var}", "/v/value", map[string]any{"var": "value"}},
		{"{/var:1,var}", "/v/other", nil},
		{"{;hello:5}", ";hello=Hello", map[string]any{"hello": "Hello"}},
		{"{?var:3}", "?var=val", map[string]any{"var": "val"}},
		{"{&var:3}", "&var=val", map[string]any{"var": "val"}},
		// Several variables under "+", "#" and "." (§3.2.3, §3.2.4, §3.2.5).
		{"{+x,hello,y}", "1024,Hello%20World!,768", map[string]any{"x": "1024", "hello": "Hello World!", "y": "768"}},
		{"{+path,x}/here", "/foo/bar,1024/here", map[string]any{"path": "/foo/bar", "x": "1024"}},
		{"{#x,hello,y}", "#1024,Hello%20World!,768", map[string]any{"x": "1024", "hello": "Hello World!", "y": "768"}},
		{"{#path,x}/here", "#/foo/bar,1024/here", map[string]any{"path": "/foo/bar", "x": "1024"}},
		{"X{.x,y}", "X.1024.768", map[string]any{"x": "1024", "y": "768"}},
		{"{+x,y}", "a,b,c", map[string]any{"x": "a", "y": "b,c"}}, // the surplus stays in the last
		// The issue's: {/path*} on /a/b; an exploded variable with others.
		{"{/path*}", "/a/b", map[string]any{"path": []string{"a", "b"}}},
		{"{/path*}", "/a", map[string]any{"path": "a"}},
		{"{/path*}{?q*}", "/a/b?x=1&y=2", map[string]any{"path": []string{"a", "b"}, "q": Pairs{{"x", "1"}, {"y", "2"}}}},
		{"/files{/path*}", "/files/a%20b/c%2Fd", map[string]any{"path": []string{"a b", "c/d"}}},
		{"{/v,list*}", "/6/red/green", map[string]any{"v": "6", "list": []string{"red", "green"}}},
		{"{?v,list*}", "?v=6&list=red&list=green", map[string]any{"v": "6", "list": []string{"red", "green"}}},
		{"{?list*,v}", "?list=red&list=green&v=6", map[string]any{"v": "6", "list": []string{"red", "green"}}},
		{"{?v,keys*}", "?v=6&a=1&b=", map[string]any{"v": "6", "keys": Pairs{{"a", "1"}, {"b", ""}}}},
		{"{;list*}", ";list=red;list;list=blue", map[string]any{"list": []string{"red", "", "blue"}}},
		{"{?list*}", "?list=red&list", nil}, // "?" writes "list=" for ""
	}
	for _, tt := range tests {
		checkMatch(t, tt.template, tt.in, tt.want)
	}
}

// TestMatchReservedPercent pins what reserved expansion gives back (Match's
// doc): a "%" that starts no triplet is written "%25" and comes back "%25";
// a triplet of a byte outside unreserved and reserved comes back decoded.
func TestMatchReservedPercent(t *testing.T) {
	for _, tt := range []struct{ x, expanded, back string }{
		{"%", "%25", "%25"},
		{"50%", "50%25", "50%25"},
		{"%C3%BC", "%C3%BC", "ü"},
		{"ü", "%C3%BC", "ü"},
		{"%2F", "%2F", "%2F"},
		{"/", "/", "/"},
	} {
		tp := MustParse("{+x}")
		s, err := tp.Expand(map[string]any{"x": tt.x})
		if err != nil || s != tt.expanded {
			t.Fatalf("Expand(%q) = %q, %v; want %q", tt.x, s, err, tt.expanded)
		}
		m, ok := tp.Match(s)
		if !ok || m["x"] != tt.back {
			t.Errorf("Match(%q) = %v, %v; want %q", s, m, ok, tt.back)
		}
	}
}

// TestPropertyMatchExplode checks that Match gives back the members of an
// exploded list of two or more non-empty strings, and the pairs of an
// exploded associative array with non-empty names, under each operator
// whose separator and "=" a value's expansion encodes.
func TestPropertyMatchExplode(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		op := rapid.SampledFrom([]string{"", "/", ";", "?", "&"}).Draw(t, "op")
		member := rapid.StringN(1, 8, -1)
		if rapid.Bool().Draw(t, "assoc") {
			n := rapid.IntRange(1, 3).Draw(t, "n")
			pairs := make(Pairs, n)
			for i := range pairs {
				pairs[i] = Pair{member.Draw(t, "name"), rapid.String().Draw(t, "value")}
			}
			if op != "" && op != "/" && hasName(pairs, "v") {
				return // a name that is the variable's reads as a list member
			}
			tp := MustParse("{" + op + "v*}")
			s, err := tp.Expand(map[string]any{"v": pairs})
			if err != nil {
				t.Fatal(err)
			}
			m, ok := tp.Match(s)
			if !ok {
				t.Fatalf("{%sv*} Match(%q): no match", op, s)
			}
			if diff := cmp.Diff(pairs, m["v"]); diff != "" {
				t.Fatalf("{%sv*} Match(%q) (-want +got):\n%s", op, s, diff)
			}
			return
		}
		list := rapid.SliceOfN(member, 2, 4).Draw(t, "list")
		tp := MustParse("{" + op + "v*}")
		s, err := tp.Expand(map[string]any{"v": list})
		if err != nil {
			t.Fatal(err)
		}
		m, ok := tp.Match(s)
		if !ok {
			t.Fatalf("{%sv*} Match(%q): no match", op, s)
		}
		if diff := cmp.Diff(list, m["v"]); diff != "" {
			t.Fatalf("{%sv*} Match(%q) (-want +got):\n%s", op, s, diff)
		}
	})
}

func hasName(p Pairs, name string) bool {
	for _, x := range p {
		if x.Name == name {
			return true
		}
	}
	return false
}

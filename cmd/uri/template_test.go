package main

import "testing"

func TestTemplateCommand(t *testing.T) {
	for _, tc := range []struct {
		name           string
		args           []string
		stdout, stderr string
		status         int
	}{
		// RFC 6570 §3.2.8 and §3.2.6, with §3.2's values.
		{"expand", []string{"template", "/users{/who}{?x,y,empty}", "who=fred", "x=1024", "y=768", "empty="},
			"/users/fred?x=1024&y=768&empty=\n", "", 0},
		{"list", []string{"template", "{/count*}{?count}", "count=one", "count=two", "count=three"},
			"/one/two/three?count=one,two,three\n", "", 0},
		{"undefined", []string{"template", "X{.undef}{#frag}"}, "X\n", "", 0},
		{"uri ok", []string{"template", "-uri", "http://example.com{+path}", "path=/a b"}, "http://example.com/a%20b\n", "", 0},
		{"uri refused", []string{"template", "-uri", "http://example.com{+path}", "path=/[x]"}, "",
			"uri: invalid character '[' at offset 19 in path: expected pchar, \"/\", \"?\", \"#\" or end of input; \"[\" is allowed only around an IP literal in the host: percent-encode it as \"%5B\"\n", 1},
		{"match", []string{"template", "-match", "/users/fred/posts?tags=a,b", "/users/{id}/posts{?page,tags}"},
			"id=fred\ntags=a\ntags=b\n", "", 0},
		{"no match", []string{"template", "-match", "/groups/x", "/users/{id}"}, "",
			"uri template: \"/groups/x\" does not match /users/{id}\n", 1},
		{"parse error", []string{"template", "/users/{user id}"}, "", `uritemplate: invalid character ' ' at offset 12 in expression
  /users/{user id}
              ^
expected ".", varchar, modifier-level4, "," or "}"
a varname cannot hold a space
`, 1},
		{"prefix on a list", []string{"template", "{x:1}", "x=a", "x=b"}, "",
			"uritemplate: variable \"x\" at offset 1: a prefix modifier applies to a string value, not to []string (RFC 6570 §2.4.1)\n", 1},
		{"not key=value", []string{"template", "{x}", "x"}, "",
			"uri template: \"x\" is not key=value\nusage: uri template [flags] TEMPLATE [key=value ...]\nRun 'uri template -h' for details.\n", 2},
		{"unknown key", []string{"template", "{x}", "y=1"}, "",
			"uri template: \"y\" is not a variable of the template; its variables are x\nusage: uri template [flags] TEMPLATE [key=value ...]\nRun 'uri template -h' for details.\n", 2},
		{"no template", []string{"template"}, "",
			"uri template: no TEMPLATE\nusage: uri template [flags] TEMPLATE [key=value ...]\nRun 'uri template -h' for details.\n", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, status := runCmd(t, "", tc.args...)
			check3(t, tc.args, out, errOut, status, tc.stdout, tc.stderr, tc.status)
		})
	}
}

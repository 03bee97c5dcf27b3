package uritemplate

import (
	"fmt"
	"net/url"
	"testing"
)

// The benchmark of issue 15: a Level 4 template of five variables, parsed
// once and expanded, beside the same URI made with fmt.Sprintf,
// url.PathEscape and url.Values (which sorts its keys and writes a space as
// "+", so its query differs in order and in that byte).
const benchTemplate = "{+base}/repos{/owner,repo}/issues{?state,labels*}"

var benchVars = map[string]any{
	"base":   "https://api.example.com",
	"owner":  "golang",
	"repo":   "go",
	"state":  "open",
	"labels": []string{"bug", "help wanted"},
}

const benchWant = "https://api.example.com/repos/golang/go/issues?state=open&labels=bug&labels=help%20wanted"

var sink string

func BenchmarkExpand(b *testing.B) {
	b.Run("uritemplate", func(b *testing.B) {
		t := MustParse(benchTemplate)
		if s, err := t.Expand(benchVars); s != benchWant || err != nil {
			b.Fatalf("%q, %v", s, err)
		}
		b.ReportAllocs()
		for b.Loop() {
			sink, _ = t.Expand(benchVars)
		}
	})
	b.Run("fmt+net/url", func(b *testing.B) {
		base, owner, repo := "https://api.example.com", "golang", "go"
		state, labels := "open", []string{"bug", "help wanted"}
		const want = "https://api.example.com/repos/golang/go/issues?labels=bug&labels=help+wanted&state=open"
		f := func() string {
			q := url.Values{"state": {state}, "labels": labels}
			return fmt.Sprintf("%s/repos/%s/%s/issues?%s", base, url.PathEscape(owner), url.PathEscape(repo), q.Encode())
		}
		if s := f(); s != want {
			b.Fatalf("%q", s)
		}
		b.ReportAllocs()
		for b.Loop() {
			sink = f()
		}
	})
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		t, _ := Parse(benchTemplate)
		sink = t.raw
	}
}

func BenchmarkMatch(b *testing.B) {
	t := MustParse("/users/{id}/posts{?page,tags}")
	const u = "/users/fred/posts?page=2&tags=go,rfc"
	if _, ok := t.Match(u); !ok {
		b.Fatal("no match")
	}
	b.ReportAllocs()
	for b.Loop() {
		t.Match(u)
	}
}

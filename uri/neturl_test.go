package uri

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed42851778/rfc3986/internal/corpus"
	"pgregory.net/rapid"
)

func TestNetURL(t *testing.T) {
	for _, tc := range []struct {
		in     string
		losses []string
	}{
		{"foo://example.com:8042/over/there?name=ferret#nose", nil},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", nil},
		{"mailto:John.Doe@example.com", nil},
		{"telnet://192.0.2.16:80/", nil},
		{"HTTP://Example.COM/", nil}, // the scheme as written
		{"s:", nil},
		{"s:?", nil}, // ForceQuery
		{"s:?#f", nil},
		{"s:/p", nil}, // OmitHost
		{"//@h", nil}, // url.User("") writes "@"
		{"//h:", nil}, // Host "h:"
		{"//h:/p", nil},
		{"s://:", nil},
		{"file:///etc/hosts", nil},
		{"//u@", nil},
		{"/a%2Fb/%C3%A9", nil}, // RawPath
		{"a:b/c%3a", nil},      // Opaque
		{"./a:b", nil},
		{"#a%20b", nil},
		{"#%c3%a9", nil}, // RawFragment keeps lower-case hex
		{"?q=a+b&c=%zz"[:9], nil},
		{"http://h%C3%A9/", nil},
		{"http://h%25/", nil},
		{"http://user:pass@h/", nil},
		{"http://u%40x:p%3Ax@h/", nil},
		{"s:#", []string{LossEmptyFragment}},
		{"#", []string{LossEmptyFragment}},
		{"s://", []string{LossEmptyAuthority}},
		{"//", []string{LossEmptyAuthority}},
		{"///x", []string{LossEmptyAuthority}},
		{"//?q", []string{LossEmptyAuthority}},
		{"http://[v1.x]/", []string{LossIPvFuture}},
		{"http://[V7.a:b]:80/", []string{LossIPvFuture}},
		{"http://u!:p@h/", []string{LossUserInfoEncoding}},  // net/url writes u%21
		{"http://u:p:w@h/", []string{LossUserInfoEncoding}}, // net/url writes p%3Aw
		{"http://u%7e@h/", []string{LossUserInfoEncoding}},  // net/url writes u~
		{"http://h%41/", []string{LossHostEncoding}},        // net/url writes hA
		{"http://%c3%a9/", []string{LossHostEncoding}},      // net/url writes %C3%A9
		{"//u'@h%41#", []string{LossUserInfoEncoding, LossHostEncoding, LossEmptyFragment}},
	} {
		u := MustParseReference(tc.in)
		v, err := u.NetURL()
		if v == nil {
			t.Errorf("NetURL of %q returned nil", tc.in)
			continue
		}
		if tc.losses == nil {
			if err != nil {
				t.Errorf("NetURL of %q: %v", tc.in, err)
			} else if got := v.String(); got != tc.in {
				t.Errorf("NetURL of %q: url.URL.String() = %q", tc.in, got)
			}
			continue
		}
		var ce *ConversionError
		if !errors.As(err, &ce) {
			t.Errorf("NetURL of %q: error %v, want a *ConversionError", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.losses, ce.Losses); diff != "" {
			t.Errorf("NetURL of %q: losses (-want +got):\n%s", tc.in, diff)
		}
	}
}

func TestNetURLFields(t *testing.T) {
	v, err := MustParse("Foo://u:p%40@example.com:8042/a%2Fb?q=1#f%20g").NetURL()
	if err != nil {
		t.Fatal(err)
	}
	pw, _ := v.User.Password()
	got := [...]string{v.Scheme, v.User.Username(), pw, v.Host, v.Hostname(), v.Port(), v.Path, v.RawPath,
		v.RawQuery, v.Fragment, v.RawFragment}
	want := [...]string{"Foo", "u", "p@", "example.com:8042", "example.com", "8042", "/a/b", "/a%2Fb",
		"q=1", "f g", ""}
	if got != want {
		t.Errorf("fields %q, want %q", got, want)
	}
	v, err = MustParse("mailto:John.Doe@example.com?subject=hi").NetURL()
	if err != nil || v.Opaque != "John.Doe@example.com" || v.RawQuery != "subject=hi" {
		t.Errorf("opaque: %+v, %v", v, err)
	}
	v, err = MustParse("s:/p?").NetURL()
	if err != nil || !v.OmitHost || !v.ForceQuery || v.Path != "/p" {
		t.Errorf("OmitHost, ForceQuery: %+v, %v", v, err)
	}
}

func TestConversionErrorMessage(t *testing.T) {
	_, err := MustParse("http://[v1.x]/#").NetURL()
	want := "uri: conversion to or from net/url loses: IPvFuture host, empty fragment"
	if err == nil || err.Error() != want {
		t.Errorf("message %v, want %s", err, want)
	}
}

func TestFromNetURL(t *testing.T) {
	for _, in := range []string{
		"http://user:pass@example.com:8080/a/b?q=1#f",
		"mailto:John.Doe@example.com",
		"//h:",
		"s:?",
		"/a%2Fb",
	} {
		v, err := url.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		u, err := FromNetURL(v)
		if err != nil || u.String() != in {
			t.Errorf("FromNetURL(url.Parse(%q)) = %q, %v", in, u, err)
		}
	}
	// net/url's String encodes what it must: a space in Path, "{" in Host.
	for _, tc := range []struct {
		v    *url.URL
		want string
	}{
		{&url.URL{Scheme: "http", Host: "h", Path: "/a b"}, "http://h/a%20b"},
		{&url.URL{Scheme: "http", Host: "a{b"}, "http://a%7Bb"},
		{&url.URL{Path: "a:b"}, "./a:b"},
		// What net/url writes on purpose: "/" before a rootless path after a
		// host (§3.3), "//" before an absolute path after a scheme.
		{&url.URL{Host: "h", Path: "x"}, "//h/x"},
		{&url.URL{Scheme: "s", Path: "/y"}, "s:///y"},
		{&url.URL{Scheme: "s", Path: "/y", OmitHost: true}, "s:/y"},
	} {
		u, err := FromNetURL(tc.v)
		if err != nil || u.String() != tc.want {
			t.Errorf("FromNetURL(%#v) = %q, %v; want %q", tc.v, u, err, tc.want)
		}
	}
}

func TestFromNetURLErrors(t *testing.T) {
	for _, tc := range []struct {
		v      *url.URL
		loss   string
		offset int // of the *ParseError, -1 for none
	}{
		{&url.URL{Scheme: "s", Opaque: "a b"}, LossNotRFC3986, 3},
		{&url.URL{RawQuery: "q=%zz"}, LossNotRFC3986, 4},
		{&url.URL{Scheme: "http", Host: "a<b"}, LossNotRFC3986, 8},
		{&url.URL{Scheme: "http", Host: "[::1%en0]", Path: "/"}, LossNotRFC3986, 11},
		{&url.URL{Scheme: "1a", Host: "h"}, LossNotRFC3986, 2},
		{&url.URL{Path: "//x"}, LossAuthorityInPath, -1},
		{&url.URL{Scheme: "s", Opaque: "//x"}, LossAuthorityInPath, -1},
		{&url.URL{Scheme: "s", Path: "x/y"}, LossAuthorityInPath, -1},       // "s://x/y"
		{&url.URL{User: url.User("u"), Path: "x"}, LossAuthorityInPath, -1}, // "//u@x"
		{&url.URL{Scheme: "s", Opaque: "x", Host: "h"}, LossBesideOpaque, -1},
		{&url.URL{Scheme: "s", Opaque: "x", User: url.User("u")}, LossBesideOpaque, -1},
		{&url.URL{Scheme: "s", Opaque: "x", Path: "/p"}, LossBesideOpaque, -1},
		{nil, LossOther, -1},
	} {
		u, err := FromNetURL(tc.v)
		var ce *ConversionError
		if !errors.As(err, &ce) || len(ce.Losses) != 1 || ce.Losses[0] != tc.loss {
			t.Errorf("FromNetURL(%v) = %q, %v; want a *ConversionError with %q", tc.v, u, err, tc.loss)
			continue
		}
		var pe *ParseError
		if tc.offset >= 0 && (!errors.As(err, &pe) || pe.Offset != tc.offset) {
			t.Errorf("FromNetURL(%v): %v, want a *ParseError at offset %d", tc.v, err, tc.offset)
		}
		if tc.offset >= 0 && !errors.Is(err, ErrInvalid) {
			t.Errorf("FromNetURL(%v): errors.Is(err, ErrInvalid) = false", tc.v)
		}
	}
}

// checkNetURL is the law of NetURL: without a reported loss, the url.URL
// writes exactly u's text, and FromNetURL brings u back; LossOther never
// shows (every loss has a name).
func checkNetURL(t interface {
	Helper()
	Errorf(string, ...any)
}, u URI) {
	t.Helper()
	v, err := u.NetURL()
	if v == nil {
		t.Errorf("NetURL(%q) = nil", u)
		return
	}
	if err != nil {
		var ce *ConversionError
		if !errors.As(err, &ce) || len(ce.Losses) == 0 {
			t.Errorf("NetURL(%q): %v", u, err)
		} else if containsString(ce.Losses, LossOther) {
			t.Errorf("NetURL(%q): unnamed loss: net/url writes %q", u, v.String())
		}
		return
	}
	if got := v.String(); got != u.String() {
		t.Errorf("NetURL(%q).String() = %q", u, got)
		return
	}
	w, err := FromNetURL(v)
	if err != nil || w.String() != u.String() {
		t.Errorf("FromNetURL(NetURL(%q)) = %q, %v", u, w, err)
	}
}

func TestNetURLCorpus(t *testing.T) {
	n := 0
	for _, line := range corpus.Lines(t, "urls.txt") {
		u, err := ParseReference(line)
		if err != nil {
			continue
		}
		n++
		checkNetURL(t, u)
	}
	for _, tc := range rfcExamples {
		checkNetURL(t, MustParseReference(tc.in))
	}
	t.Logf("%d valid URIs of the corpus", n)
}

func TestNetURLProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		checkNetURL(t, genURI().Draw(t, "uri"))
	})
}

// genURI generates URI references component by component, with the
// characters that make conversions hard: sub-delims, ":", "@", percent-encoded
// triplets in either case, and empty components.
func genURI() *rapid.Generator[URI] {
	piece := func(extra ...string) *rapid.Generator[string] {
		atoms := append([]string{"a", "Z", "0", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")",
			"*", "+", ",", ";", "=", "%41", "%7e", "%2F", "%25", "%C3%A9", "%c3%a9", "%20", "%3A"}, extra...)
		return rapid.Map(rapid.SliceOfN(rapid.SampledFrom(atoms), 0, 6), func(s []string) string {
			return strings.Join(s, "")
		})
	}
	pchars := piece(":", "@")
	return rapid.Custom(func(t *rapid.T) URI {
		var b strings.Builder
		if rapid.Bool().Draw(t, "scheme") {
			b.WriteString(rapid.SampledFrom([]string{"s", "http", "HTTP", "a+b.c-d"}).Draw(t, "s") + ":")
		}
		auth := rapid.Bool().Draw(t, "authority")
		if auth {
			b.WriteString("//")
			if rapid.Bool().Draw(t, "userinfo") {
				b.WriteString(piece(":").Draw(t, "ui") + "@")
			}
			b.WriteString(rapid.OneOf(piece(), rapid.SampledFrom([]string{"1.2.3.4", "[::1]",
				"[2001:db8::7]", "[v1.x]", "[V7.a:b]", ""})).Draw(t, "host"))
			if rapid.Bool().Draw(t, "port") {
				b.WriteString(":" + rapid.SampledFrom([]string{"", "80", "0080", "99999"}).Draw(t, "p"))
			}
		}
		segs := rapid.SliceOfN(pchars, 0, 4).Draw(t, "segs")
		p := strings.Join(segs, "/")
		if auth || rapid.Bool().Draw(t, "absolute") {
			if len(segs) > 0 {
				p = "/" + p
			}
		}
		b.WriteString(p)
		if rapid.Bool().Draw(t, "query") {
			b.WriteString("?" + piece(":", "@", "/", "?").Draw(t, "q"))
		}
		if rapid.Bool().Draw(t, "fragment") {
			b.WriteString("#" + piece(":", "@", "/", "?").Draw(t, "f"))
		}
		u, err := ParseReference(b.String())
		if err != nil {
			t.Skipf("not a reference: %q", b.String()) // "//" paths, ":" in a first segment
		}
		return u
	})
}

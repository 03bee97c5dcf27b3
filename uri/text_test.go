package uri

import (
	"encoding/json"
	"errors"
	"flag"
	"io"
	"testing"
)

func TestJSONRoundTrip(t *testing.T) {
	type config struct {
		Endpoint URI  `json:"endpoint"`
		Base     *URI `json:"base,omitempty"`
	}
	base := MustParse("http://a/b/c/d;p?q")
	in := config{Endpoint: MustParse("foo://example.com:8042/over/there?name=ferret#nose"), Base: &base}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"endpoint":"foo://example.com:8042/over/there?name=ferret#nose","base":"http://a/b/c/d;p?q"}`
	if string(b) != want {
		t.Errorf("json.Marshal = %s, want %s", b, want)
	}
	var out config
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.Endpoint.String() != in.Endpoint.String() || out.Base.String() != base.String() {
		t.Errorf("round trip: %+v", out)
	}
	if out.Endpoint.Port() != "8042" || out.Base.Query() != "q" {
		t.Errorf("round trip lost components: %+v", out)
	}
}

func TestJSONInvalid(t *testing.T) {
	var out struct{ U URI }
	out.U = MustParse("s:keep")
	err := json.Unmarshal([]byte(`{"U":"http://a b"}`), &out)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Offset != 8 {
		t.Errorf("json.Unmarshal error = %v, want a *ParseError at offset 8", err)
	}
	if out.U.String() != "s:keep" {
		t.Errorf("a failed UnmarshalText changed the URI to %q", out.U)
	}
}

func TestUnmarshalTextKeepsValue(t *testing.T) {
	u := MustParse("s:keep")
	if err := u.UnmarshalText([]byte("%zz")); err == nil {
		t.Fatal("UnmarshalText accepted %zz")
	}
	if u.String() != "s:keep" {
		t.Errorf("UnmarshalText changed the value on error: %q", u)
	}
	if err := u.UnmarshalText([]byte("../g?q")); err != nil || u.Path() != "../g" || u.Query() != "q" {
		t.Errorf("UnmarshalText of a relative reference: %v, %q", err, u)
	}
}

func TestMarshalText(t *testing.T) {
	for _, in := range []string{"", "s:", "s:?#", "//@h:", "http://u:p@h/"} {
		b, err := MustParseReference(in).MarshalText()
		if err != nil || string(b) != in {
			t.Errorf("MarshalText of %q = %q, %v", in, b, err)
		}
		b, err = MustParseReference(in).AppendText([]byte("x"))
		if err != nil || string(b) != "x"+in {
			t.Errorf("AppendText of %q = %q, %v", in, b, err)
		}
	}
}

func TestFlagTextVar(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var u URI
	fs.TextVar(&u, "endpoint", MustParse("http://localhost:8080/"), "the endpoint")
	if u.String() != "http://localhost:8080/" {
		t.Errorf("default = %q", u)
	}
	if err := fs.Parse([]string{"-endpoint", "ldap://[2001:db8::7]/c=GB?objectClass?one"}); err != nil {
		t.Fatal(err)
	}
	if u.HostKind() != IPv6 || u.Query() != "objectClass?one" {
		t.Errorf("flag value = %q", u)
	}
	if f := fs.Lookup("endpoint"); f.DefValue != "http://localhost:8080/" {
		t.Errorf("DefValue = %q", f.DefValue)
	}
	fs2 := flag.NewFlagSet("test", flag.ContinueOnError)
	fs2.SetOutput(io.Discard)
	var v URI
	fs2.TextVar(&v, "endpoint", URI{}, "")
	if err := fs2.Parse([]string{"-endpoint", "http://a b"}); err == nil {
		t.Error("flag accepted http://a b")
	}
}

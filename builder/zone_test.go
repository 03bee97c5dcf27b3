package builder

import (
	"errors"
	"testing"

	"github.com/seed42851778/rfc3986/uri"
)

var zoneOK = uri.ParseOptions{IPv6Zone: true}

// TestBuildWithZone checks the hosts of RFC 6874 §2 ("fe80::a%en1" is
// written "[fe80::a%25en1]") from each setter.
func TestBuildWithZone(t *testing.T) {
	tests := []struct {
		b    Builder
		want string
	}{
		{New().Scheme("http").Host("fe80::a%en1"), "http://[fe80::a%25en1]"},
		{New().Scheme("http").Host("fe80::1%en0").Port(8080).Path("/x"), "http://[fe80::1%25en0]:8080/x"},
		{New().Scheme("http").Host("[fe80::1%25en0]").Path("/x"), "http://[fe80::1%25en0]/x"},
		{New().Scheme("http").RawHost("[fe80::1%25eth0.1]").UserInfo("u"), "http://u@[fe80::1%25eth0.1]"},
		{New().Scheme("http").Host("fe80::1%eth 0"), "http://[fe80::1%25eth%200]"},
		{New().Scheme("http").Host("example.com"), "http://example.com"},
		{From(uri.MustParse("http://[::1]/")), "http://[::1]/"},
	}
	for _, tt := range tests {
		u, err := tt.b.BuildWith(zoneOK)
		if err != nil || u.String() != tt.want {
			t.Errorf("BuildWith = %q, %v; want %q", u, err, tt.want)
			continue
		}
		if v, err := uri.ParseReferenceWith(tt.want, zoneOK); err != nil || v != u {
			t.Errorf("BuildWith = %q, not what ParseReferenceWith reads: %v", u, err)
		}
	}
	// Without the option, a zone stays refused.
	var be *BuildError
	if _, err := New().Scheme("http").Host("fe80::1%en0").BuildWith(uri.ParseOptions{}); !errors.As(err, &be) || !errors.Is(err, ErrInvalidHost) {
		t.Errorf("BuildWith without the option: %v", err)
	}
	for _, h := range []string{"example.com%en0", "[v1.x%25e]", "fe80::1%"} {
		if u, err := New().Scheme("http").Host(h).BuildWith(zoneOK); !errors.As(err, &be) {
			t.Errorf("Host(%q).BuildWith = %q, %v; want a *BuildError", h, u, err)
		}
	}
}

// TestBuildWithZoneFrom edits a URI parsed with a zone: the zone stays.
func TestBuildWithZoneFrom(t *testing.T) {
	u, err := uri.ParseReferenceWith("http://u@[fe80::1%25en0]:8080/a?q", zoneOK)
	if err != nil {
		t.Fatal(err)
	}
	got, err := From(u).Path("/b").SetQueryParam("q", "1").BuildWith(zoneOK)
	if want := "http://u@[fe80::1%25en0]:8080/b?q=1"; err != nil || got.String() != want {
		t.Errorf("BuildWith = %q, %v; want %q", got, err, want)
	}
	if _, err := From(u).Build(); err == nil {
		t.Error("Build accepted a zone")
	}
}

func TestBuildWithZeroOptions(t *testing.T) {
	b := New().Scheme("http").Host("h").Path("/a b")
	u, err := b.BuildWith(uri.ParseOptions{})
	w, werr := b.Build()
	if u != w || (err == nil) != (werr == nil) {
		t.Errorf("BuildWith = %q, %v; Build = %q, %v", u, err, w, werr)
	}
}

package geo

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Geo
	}{
		// RFC 5870 §1 and §6.
		{"geo:13.4125,103.8667", Geo{Lat: 13.4125, Lon: 103.8667, CRS: "wgs84"}},
		{"geo:48.2010,16.3695,183", Geo{Lat: 48.2010, Lon: 16.3695, Alt: 183, HasAlt: true, CRS: "wgs84"}},
		{"geo:48.198634,16.371648;crs=wgs84;u=40", Geo{Lat: 48.198634, Lon: 16.371648, CRS: "wgs84", Uncertainty: 40, HasUncertainty: true}},
		// RFC 5870 §3.4.3 and §3.4.4: poles, case, unknown parameters.
		{"geo:90,-22.43;crs=WGS84", Geo{Lat: 90, Lon: -22.43, CRS: "wgs84"}},
		{"GEO:-0.5,180;U=0.5;foo=bar%20baz;flag", Geo{Lat: -0.5, Lon: 180, CRS: "wgs84", Uncertainty: 0.5, HasUncertainty: true,
			Params: []Param{{"foo", "bar%20baz", true}, {"flag", "", false}}}},
		{"geo:300,400;crs=my-crs", Geo{Lat: 300, Lon: 400, CRS: "my-crs"}},
		// A second crs is a parameter like any other (RFC 5870 §3.3).
		{"geo:0,0;Crs=wgs84;Crs=0", Geo{CRS: "wgs84", Params: []Param{{"Crs", "0", true}}}},
		// pvalue's unreserved is RFC 2396's: mark holds "!*'()" (RFC 5870 §3.3).
		{"geo:1,2;a=b!c*(d)'~", Geo{Lat: 1, Lon: 2, CRS: "wgs84", Params: []Param{{"a", "b!c*(d)'~", true}}}},
		// p-unreserved = "[" / "]" / ... (RFC 5870 §3.3): RFC 3986 allows
		// neither in a path, and an earlier grammar refused them for its
		// sake; RFC 5870's grammar rules.
		{"geo:1,2;a=[x]", Geo{Lat: 1, Lon: 2, CRS: "wgs84", Params: []Param{{"a", "[x]", true}}}},
		// The range is on the decimal text: 0090.000 is 90 (RFC 5870 §3.4.2).
		{"geo:-0090.000,180.0", Geo{Lat: -90, Lon: 180, CRS: "wgs84"}},
	} {
		got, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if d := cmp.Diff(tc.want, got); d != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tc.in, d)
		}
		if again, err := Parse(got.String()); err != nil || !cmp.Equal(got, again) {
			t.Errorf("Parse(%q).String() = %q parses as %+v, %v", tc.in, got.String(), again, err)
		}
		if !GeoURI.Match(tc.in) {
			t.Errorf("GeoURI does not match %q", tc.in)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in     string
		offset int
		err    error
	}{
		{"geo:", 4, nil},
		{"geo:1", 5, nil},
		{"geo:1,", 6, nil},
		{"geo:1,2,", 8, nil},
		{"geo:1,2;", 8, nil},
		{"geo:1.,2", 5, nil}, // num takes "1"; then "," is expected
		{"geo:1,2;crs=", 12, nil},
		{"geo:1,2 ", 7, nil},
		{"geo:91,0", 4, ErrRange},
		{"geo:0,-180.5", 6, ErrRange},
		{"geo:90.00000000000000001,0", 4, ErrRange}, // a float64 rounds it to 90
		{"geo:0,180.0000000000000001", 6, ErrRange},
		{"geo:0,1000", 6, ErrRange},
		{"geo:0,0,1" + strings.Repeat("0", 309), 8, ErrRange}, // beyond a float64
		{"geo:0.1" + strings.Repeat("0", 309) + ",0;crs=x;u=1" + strings.Repeat("0", 309), 327, ErrRange},
	} {
		_, err := Parse(tc.in)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, want a *ParseError", tc.in, err)
			continue
		}
		if pe.Offset != tc.offset || pe.Err != tc.err {
			t.Errorf("Parse(%q) = %v (offset %d), want offset %d, %v", tc.in, err, pe.Offset, tc.offset, tc.err)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"geo:48.198634,16.371648;crs=wgs84;u=40", "geo:-0,0,0;u=1;x;u=abc", "geo:1,2;crs=x;y=%41", "geo:0,0;Crs=wgs84;Crs=0", "geo:0,0;crs=wgs84;crs=x;u=5", "geo:1,2;a=[x]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if GeoURI.Match(s) != (err == nil || errors.Is(err, ErrRange)) {
			t.Fatalf("GeoURI.Match(%q) disagrees with Parse: %v", s, err)
		}
		if err != nil {
			return
		}
		// The goparsec grammar accepts only what RFC 5870's ABNF derives.
		if !GeoURIABNF.Match(s) {
			t.Fatalf("Parse(%q) accepts what RFC 5870 §3.3's ABNF does not", s)
		}
		again, err := Parse(g.String())
		if err != nil {
			t.Fatalf("Parse(%q).String() = %q does not parse: %v", s, g.String(), err)
		}
		if d := cmp.Diff(g, again); d != "" {
			t.Fatalf("%q recomposed as %q parses differently:\n%s", s, g.String(), d)
		}
	})
}

func ExampleParse() {
	g, err := Parse("geo:48.2010,16.3695,183;u=40")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Lat, g.Lon, g.Alt, g.CRS, g.Uncertainty)
	_, err = Parse("geo:48.2010;u=40")
	fmt.Println(err)
	// Output:
	// 48.201 16.3695 183 wgs84 40
	// geo: invalid character ';' at offset 11: expected ,
}

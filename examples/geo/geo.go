// Package geo parses "geo" URIs by RFC 5870, and shows how to write a
// grammar in goparsec over the RFC 3986 rules of the combinator package: the
// terminals are combinator rules turned into goparsec parsers with ToParsec
// of package combinator/parsec, the structure is goparsec's And, Maybe,
// Kleene and OrdChoice, and the whole runs on that package's Scanner. The
// goparsec parser is turned back into a rule with FromParsec (GeoURI), so
// that it composes with the other rules.
//
//	g, err := geo.Parse("geo:48.2010,16.3695,183;crs=wgs84;u=40")
//	// g.Lat == 48.2010, g.Lon == 16.3695, g.Alt == 183, g.Uncertainty == 40
//
// The goparsec traps met here: Atom and Token skip white space (the Exact
// forms are used), Kleene with a separator would eat a trailing ";" (each
// parameter carries its own ";" instead), a choice commits to its first
// success (so ";crs=" and ";u=" are tried before the generic parameter), and
// Maybe with a nil callback wraps its node in a slice of one.
//
// The parameters need no splitting: goparsec's node callbacks build them,
// which is what combinator's Rule.Tree and Rule.Events give a grammar of
// combinator rules. To those, GeoURI is one leaf (a Func terminal): the
// engine does not see into a goparsec parser, so this package keeps
// goparsec's results and stays as long as it was.
//
// The terminals are the rules of RFC 5870 §3.3 compiled from its ABNF as
// printed (geo.abnf, by package combinator/abnf); the structure stays
// goparsec's, which is the point of this example. p-unreserved of RFC 5870
// admits "[" and "]", which RFC 3986 does not allow in a path (§3.3): Parse
// follows RFC 5870, so that such a geo URI is not an RFC 3986 URI as written.
package geo

import (
	_ "embed"
	"errors"
	"strconv"
	"strings"

	parsec "github.com/prataprc/goparsec"
	c "github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
	cparsec "github.com/seed42851778/rfc3986/combinator/parsec"
	"github.com/seed42851778/rfc3986/uri"
)

//go:embed geo.abnf
var grammarText string

// grammar is RFC 5870 §3.3's ABNF, compiled from geo.abnf as the RFC prints
// it: the terminals of the goparsec grammar are its rules, and GeoURIABNF is
// the whole of it, which the goparsec grammar is tested against.
var grammar = func() *abnf.Grammar {
	g, err := abnf.Parse(grammarText)
	if err != nil {
		panic("geo: geo.abnf: " + err.Error())
	}
	return g
}()

// Alphanum matches a letter or digit (RFC 5870 §3.3):
//
//	alphanum = ALPHA / DIGIT
var Alphanum = grammar.MustRule("alphanum")

// PNum matches an unsigned decimal number (RFC 5870 §3.3):
//
//	pnum = 1*DIGIT [ "." 1*DIGIT ]
var PNum = grammar.MustRule("pnum")

// Num matches a signed decimal number (RFC 5870 §3.3):
//
//	num = [ "-" ] pnum
var Num = grammar.MustRule("num")

// LabelText matches a parameter name or a CRS label (RFC 5870 §3.3):
//
//	labeltext = 1*( alphanum / "-" )
var LabelText = grammar.MustRule("labeltext")

// PValue matches a parameter value (RFC 5870 §3.3). RFC 5870 takes
// unreserved from RFC 2396: its mark holds "!", "*", "'", "(" and ")",
// which RFC 3986 counts as sub-delims; its p-unreserved holds "[" and "]",
// which RFC 3986 does not allow in a path:
//
//	pvalue = 1*paramchar
//	paramchar = p-unreserved / unreserved / pct-encoded
//	p-unreserved = "[" / "]" / ":" / "&" / "+" / "$"
//	unreserved = alphanum / mark
//	mark = "-" / "_" / "." / "!" / "~" / "*" / "'" / "(" / ")"
var PValue = grammar.MustRule("pvalue")

// GeoURIABNF matches a geo URI as RFC 5870 §3.3's ABNF reads it, compiled
// from its text: every string Parse accepts (FuzzParse checks it), and
// those Parse refuses for their coordinates' range:
//
//	geo-URI = geo-scheme ":" geo-path
var GeoURIABNF = grammar.MustRule("geo-URI")

// goparsec terminals made of our rules.
var (
	pNum       = cparsec.ToParsec(Num)
	pPNum      = cparsec.ToParsec(PNum)
	pLabelText = cparsec.ToParsec(LabelText)
	pPValue    = cparsec.ToParsec(PValue)
	pComma     = parsec.AtomExact(",", "COMMA")
	pScheme    = cparsec.ToParsec(c.Named(`"geo:"`, c.LitFold("geo:")))
	pCRS       = cparsec.ToParsec(c.Named(`";crs="`, c.LitFold(";crs=")))
	pU         = cparsec.ToParsec(c.Named(`";u="`, c.LitFold(";u=")))
	pSemi      = parsec.AtomExact(";", "SEMI")
	pEquals    = parsec.AtomExact("=", "EQUALS")
)

type (
	crsNode string
	uNode   string
	coords  []string
	params  struct {
		crs, u string
		list   []Param
	}
)

func term(n parsec.ParsecNode) string {
	if t, ok := n.(*parsec.Terminal); ok {
		return t.Value
	}
	return ""
}

// first and second are goparsec callbacks that keep one node: Maybe with a
// nil callback wraps its node in a []ParsecNode of one, and And with a nil
// callback returns all of them.
func first(ns []parsec.ParsecNode) parsec.ParsecNode  { return ns[0] }
func second(ns []parsec.ParsecNode) parsec.ParsecNode { return ns[1] }

// The goparsec grammar of RFC 5870 §3.3.
var (
	// coordinates = coord-a "," coord-b [ "," coord-c ]
	pCoordinates = parsec.And(func(ns []parsec.ParsecNode) parsec.ParsecNode {
		cs := coords{term(ns[0]), term(ns[2])}
		if alt := term(ns[3]); alt != "" {
			cs = append(cs, alt)
		}
		return cs
	}, pNum, pComma, pNum, parsec.Maybe(first, parsec.And(second, pComma, pNum)))
	// crsp = ";crs=" crslabel
	pCRSP = parsec.And(func(ns []parsec.ParsecNode) parsec.ParsecNode { return crsNode(term(ns[1])) }, pCRS, pLabelText)
	// uncp = ";u=" uval
	pUNCP = parsec.And(func(ns []parsec.ParsecNode) parsec.ParsecNode { return uNode(term(ns[1])) }, pU, pPNum)
	// parameter = ";" pname [ "=" pvalue ]
	pParameter = parsec.And(func(ns []parsec.ParsecNode) parsec.ParsecNode {
		p := Param{Name: term(ns[1])}
		if _, none := ns[2].(parsec.MaybeNone); !none {
			p.Value, p.HasValue = term(ns[2]), true
		}
		return p
	}, pSemi, pLabelText, parsec.Maybe(first, parsec.And(second, pEquals, pPValue)))
	// p = [ crsp ] [ uncp ] *parameter
	pP = parsec.And(func(ns []parsec.ParsecNode) parsec.ParsecNode {
		var p params
		if s, ok := ns[0].(crsNode); ok {
			p.crs = string(s)
		}
		if s, ok := ns[1].(uNode); ok {
			p.u = string(s)
		}
		if list, ok := ns[2].([]parsec.ParsecNode); ok {
			for _, n := range list {
				p.list = append(p.list, n.(Param))
			}
		}
		return p
	}, parsec.Maybe(first, pCRSP), parsec.Maybe(first, pUNCP), parsec.Kleene(nil, pParameter))
	// geo-URI = geo-scheme ":" geo-path ; geo-path = coordinates p
	pGeoURI = parsec.And(func(ns []parsec.ParsecNode) parsec.ParsecNode {
		return []parsec.ParsecNode{ns[1], ns[2]}
	}, pScheme, pCoordinates, pP)
)

// GeoURI matches a geo URI (RFC 5870 §3.3). It is the goparsec grammar of
// this package as a combinator rule (combinator/parsec.FromParsec):
//
//	geo-URI = geo-scheme ":" geo-path
//	geo-path = coordinates p
//	coordinates = coord-a "," coord-b [ "," coord-c ]
//	p = [ crsp ] [ uncp ] *parameter
//	crsp = ";crs=" crslabel ; uncp = ";u=" uval ; parameter = ";" pname [ "=" pvalue ]
var GeoURI = cparsec.FromParsec("geo-URI", pGeoURI)

// Param is a parameter after the coordinates, crs and u aside, as written.
type Param struct {
	Name     string // compare it case-insensitively (RFC 5870 §3.4.4)
	Value    string // still percent-encoded
	HasValue bool   // whether there is an "="
}

// Geo is a parsed geo URI.
type Geo struct {
	Lat, Lon       float64 // coord-a and coord-b: for wgs84, latitude and longitude in decimal degrees
	Alt            float64 // coord-c, the altitude in meters; see HasAlt
	HasAlt         bool
	CRS            string  // the coordinate reference system, in lower case: "wgs84" when not given
	Uncertainty    float64 // the u parameter, in meters; see HasUncertainty
	HasUncertainty bool
	Params         []Param // the other parameters, in order
}

// ErrRange is the error, under a *ParseError, of a coordinate outside the
// range of its CRS: for wgs84, latitude in -90..90 and longitude in
// -180..180 (RFC 5870 §3.4.2), compared on the decimal text, before any
// rounding. A number too large for a float64 is out of range too.
var ErrRange = errors.New("number out of range")

// ParseError is the error of Parse.
type ParseError struct {
	Input    string
	Offset   int
	Expected []string // what the grammar expected at Offset; empty for ErrRange
	Err      error    // nil for a syntax error, else ErrRange
}

// Error returns a message such as
//
//	geo: invalid character 'x' at offset 9: expected num
func (e *ParseError) Error() string {
	if e.Err != nil {
		return "geo: " + e.Err.Error() + " at offset " + strconv.Itoa(e.Offset)
	}
	return "geo: " + c.DescribeAt(e.Input, e.Offset) + " at offset " + strconv.Itoa(e.Offset) +
		": expected " + c.JoinExpected(e.Expected)
}

// Unwrap returns Err.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse parses s as a geo URI (RFC 5870) with the goparsec grammar.
func Parse(s string) (Geo, error) {
	sc := cparsec.NewScanner(s)
	n, rest := pGeoURI(sc)
	if n == nil || !rest.Endof() {
		off, exp := sc.Farthest(), sc.Expected()
		if n != nil && rest.GetCursor() >= off {
			off, exp = rest.GetCursor(), []string{`";"`, "end of input"}
		}
		if off < 0 {
			off = 0
		}
		return Geo{}, &ParseError{Input: s, Offset: off, Expected: exp}
	}
	ns := n.([]parsec.ParsecNode)
	cs, p := ns[0].(coords), ns[1].(params)
	g := Geo{CRS: "wgs84", Params: p.list}
	if p.crs != "" {
		g.CRS = strings.ToLower(p.crs)
	}
	// The grammar fixes where each part stands: "geo:" coordinates
	// [";crs=" label] [";u=" number].
	errAt := -1
	num := func(t string, at int, limit int) float64 {
		v, err := strconv.ParseFloat(t, 64)
		if errAt < 0 && (err != nil || limit > 0 && beyond(t, limit)) {
			errAt = at
		}
		return v
	}
	limit := func(l int) int {
		if g.CRS == "wgs84" {
			return l
		}
		return 0
	}
	at := len("geo:")
	g.Lat = num(cs[0], at, limit(90))
	at += len(cs[0]) + 1
	g.Lon = num(cs[1], at, limit(180))
	at += len(cs[1])
	if len(cs) == 3 {
		g.Alt, g.HasAlt = num(cs[2], at+1, 0), true
		at += 1 + len(cs[2])
	}
	if p.crs != "" {
		at += len(";crs=") + len(p.crs)
	}
	if p.u != "" {
		g.Uncertainty, g.HasUncertainty = num(p.u, at+len(";u="), 0), true
	}
	if errAt >= 0 {
		return Geo{}, &ParseError{Input: s, Offset: errAt, Err: ErrRange}
	}
	return g, nil
}

// beyond reports whether the decimal num (RFC 5870 §3.3) is greater than
// limit in absolute value, reading its digits: 90.00000000000000001 is
// beyond 90, although it rounds to 90 as a float64.
func beyond(num string, limit int) bool {
	num = strings.TrimPrefix(num, "-")
	whole, frac, _ := strings.Cut(num, ".")
	whole = strings.TrimLeft(whole, "0")
	l := strconv.Itoa(limit)
	if len(whole) != len(l) {
		return len(whole) > len(l)
	}
	if whole != l {
		return whole > l
	}
	return strings.Trim(frac, "0") != ""
}

// String returns g as a geo URI; Parse gives back the same parts. The crs
// parameter is written when it is not wgs84, or when a parameter named crs
// would otherwise be read as the crs (RFC 5870 §3.3 p = [ crsp ] [ uncp ]
// *parameter).
func (g Geo) String() string {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	var b strings.Builder
	b.WriteString("geo:" + f(g.Lat) + "," + f(g.Lon))
	if g.HasAlt {
		b.WriteString("," + f(g.Alt))
	}
	crsAhead := !g.HasUncertainty && len(g.Params) > 0 && strings.EqualFold(g.Params[0].Name, "crs")
	if g.CRS != "" && (g.CRS != "wgs84" || crsAhead) {
		b.WriteString(";crs=" + g.CRS)
	}
	if g.HasUncertainty {
		b.WriteString(";u=" + f(g.Uncertainty))
	}
	for _, p := range g.Params {
		b.WriteString(";" + p.Name)
		if p.HasValue {
			b.WriteString("=" + p.Value)
		}
	}
	return b.String()
}

// URI returns g as a uri.URI: a geo URI is a URI (RFC 3986 §3).
func (g Geo) URI() uri.URI { return uri.MustParse(g.String()) }

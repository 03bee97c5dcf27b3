package properties

import (
	"fmt"
	"strings"

	"pgregory.net/rapid"
)

// NearMiss is an invalid string close to a valid one: Input fails to match the
// RFC 3986 Appendix A rule named Rule (e.g. "URI-reference"), and Reason says
// which single mutation of a valid string produced it.
type NearMiss struct {
	Input, Reason string
	Rule          string
}

// forbiddenBytes are bytes that no rule of RFC 3986 Appendix A allows anywhere:
// every rule is built from unreserved, reserved and "%", and these are none
// of them (§2).
var forbiddenBytes = func() []byte {
	b := []byte(" \"<>\\^`{|}\x7f")
	for c := 0; c < 0x20; c++ {
		b = append(b, byte(c))
	}
	for _, c := range []int{0x80, 0xa0, 0xc3, 0xe9, 0xff} {
		b = append(b, byte(c))
	}
	return b
}()

// insertAt inserts ins into s at a drawn offset.
func insertAt(t *rapid.T, s, ins string) (string, int) {
	i := rapid.IntRange(0, len(s)).Draw(t, "offset")
	return s[:i] + ins + s[i:], i
}

// isHex reports whether b is an HEXDIG.
func isHex(b byte) bool {
	return '0' <= b && b <= '9' || 'a' <= b && b <= 'f' || 'A' <= b && b <= 'F'
}

// Each near-miss generator below is invalid by construction for its Rule (the
// argument is in its comment); Invalid additionally filters every value with
// the regexp oracle MatchRule, so a NearMiss it yields never matches Rule.
var nearMissGens = []*rapid.Generator[NearMiss]{
	// A byte allowed nowhere in a URI, inserted anywhere: no rule can match a
	// string holding it.
	rapid.Custom(func(t *rapid.T) NearMiss {
		b := rapid.SampledFrom(forbiddenBytes).Draw(t, "byte")
		s, i := insertAt(t, URIReference().Draw(t, "valid"), string([]byte{b}))
		return NearMiss{Input: s, Rule: "URI-reference", Reason: fmt.Sprintf("inserted byte 0x%02X at offset %d", b, i)}
	}),
	// A "%" not followed by two HEXDIGs: "%" occurs in the grammar only as
	// the start of pct-encoded. "%" and "%4" are inserted only where the next
	// byte is not a hex digit (or at the end), so they cannot complete to a
	// valid triplet; "%G1" is bad wherever it goes.
	rapid.Custom(func(t *rapid.T) NearMiss {
		bad := rapid.SampledFrom([]string{"%", "%4", "%G1", "%g", "%4G"}).Draw(t, "bad percent")
		valid := URIReference().Draw(t, "valid")
		var ok []int
		for i := 0; i <= len(valid); i++ {
			if i == len(valid) || !isHex(valid[i]) || strings.ContainsAny(bad, "Gg") {
				ok = append(ok, i)
			}
		}
		i := rapid.SampledFrom(ok).Draw(t, "offset")
		return NearMiss{Input: valid[:i] + bad + valid[i:], Rule: "URI-reference",
			Reason: fmt.Sprintf("inserted bad percent-encoding %q at offset %d", bad, i)}
	}),
	// One unbalanced square bracket: brackets occur only in IP-literal, one
	// "[" and one "]" each, so a valid string holds as many of each and one
	// extra bracket makes the counts differ.
	rapid.Custom(func(t *rapid.T) NearMiss {
		br := rapid.SampledFrom([]string{"[", "]"}).Draw(t, "bracket")
		s, i := insertAt(t, URIReference().Draw(t, "valid"), br)
		return NearMiss{Input: s, Rule: "URI-reference", Reason: fmt.Sprintf("inserted unbalanced %q at offset %d", br, i)}
	}),
	// A colon in the first segment of a relative-path reference (§4.2): the
	// reference has no "//" and no leading "/", so only path-noscheme or
	// path-empty could start it, and neither allows ":" before the first "/"
	// ("?" or "#"). The result may be a valid URI (the prefix may be a
	// scheme), so the rule it misses is relative-ref.
	rapid.Custom(func(t *rapid.T) NearMiss {
		path := PathNoScheme().Draw(t, "path")
		first := len(path)
		if i := strings.IndexByte(path, '/'); i >= 0 {
			first = i
		}
		i := rapid.IntRange(0, first).Draw(t, "offset")
		s := path[:i] + ":" + path[i:] + suffix(t, true)
		return NearMiss{Input: s, Rule: "relative-ref", Reason: fmt.Sprintf("inserted ':' at offset %d, in the first segment of a relative-path reference", i)}
	}),
	// A scheme starting with a digit (§3.1): as a URI the scheme is bad, and
	// as a relative-ref the first segment (which reaches at least to the
	// scheme's ":") holds a colon, so no URI-reference matches.
	rapid.Custom(func(t *rapid.T) NearMiss {
		d := digitGen.Draw(t, "digit")
		u := URI().Draw(t, "valid")
		s := d + u
		if rapid.Bool().Draw(t, "replace?") {
			s = d + u[1:]
		}
		return NearMiss{Input: s, Rule: "URI-reference", Reason: fmt.Sprintf("scheme made to start with digit %q", d)}
	}),
	// A port with a letter (§3.2.3): the authority runs to the first "/", "?",
	// "#" or the end; its last ":" is then followed by a non-digit, and
	// neither reg-name nor IPv4address allows ":", so it is not an authority.
	rapid.Custom(func(t *rapid.T) NearMiss {
		port := Port().Draw(t, "port")
		letter := alphaGen.Draw(t, "letter")
		i := rapid.IntRange(0, len(port)).Draw(t, "offset")
		port = port[:i] + letter + port[i:]
		auth := "//" + Host().Draw(t, "host") + ":" + port
		if u, ok := optional(t, UserInfo(), "userinfo"); ok {
			auth = "//" + u + "@" + auth[2:]
		}
		prefix := ""
		if sc, ok := optional(t, Scheme(), "scheme"); ok {
			prefix = sc + ":"
		}
		s := prefix + auth + PathAbempty().Draw(t, "path") + suffix(t, true)
		return NearMiss{Input: s, Rule: "URI-reference", Reason: fmt.Sprintf("port %q holds a letter", port)}
	}),
	// An IPv6 literal with too many groups (nine, or eight beside "::") or with
	// two "::": no IPv6address form allows either, and the text does not start
	// with "v", so it is no IPvFuture either.
	rapid.Custom(func(t *rapid.T) NearMiss {
		var lit, why string
		switch rapid.IntRange(0, 2).Draw(t, "kind") {
		case 0:
			lit, why = h16s(t, 9, false, "h16"), "nine groups"
		case 1:
			lit = h16s(t, 8, false, "h16")
			i := rapid.IntRange(0, 8).Draw(t, "gap")
			parts := strings.Split(lit, ":")
			lit, why = strings.Join(parts[:i], ":")+"::"+strings.Join(parts[i:], ":"), "eight groups and \"::\""
		default:
			a := h16s(t, rapid.IntRange(0, 2).Draw(t, "n1"), false, "h16")
			b := h16s(t, rapid.IntRange(0, 2).Draw(t, "n2"), false, "h16")
			c := h16s(t, rapid.IntRange(0, 2).Draw(t, "n3"), false, "h16")
			lit, why = a+"::"+b+"::"+c, "two \"::\""
		}
		prefix := ""
		if sc, ok := optional(t, Scheme(), "scheme"); ok {
			prefix = sc + ":"
		}
		s := prefix + "//[" + lit + "]" + PathAbempty().Draw(t, "path") + suffix(t, true)
		return NearMiss{Input: s, Rule: "URI-reference", Reason: "IPv6 literal with " + why}
	}),
}

// Invalid generates near-miss invalid strings: most are a valid string from
// this package's generators changed by one documented mutation (a byte
// allowed nowhere in a URI, a bad percent-encoding, an unbalanced bracket, a
// colon in the first segment of a relative-path reference, a scheme starting
// with a digit), the others are built invalid (a port holding a letter, an
// IPv6 literal with too many groups or two "::"). Each is invalid by
// construction for the NearMiss's Rule, and every value is also checked with
// the regexp oracle (MatchRule) and rejected if it matched, so Input never
// matches Rule. Input may still match a wider rule: a string that is no
// relative-ref ("g:#") can be a URI-reference. Filter on MatchRule for the
// rule you test, as CheckRejects does.
func Invalid() *rapid.Generator[NearMiss] {
	return rapid.OneOf(nearMissGens...).Filter(func(n NearMiss) bool {
		m, _ := MatchRule(n.Rule, n.Input)
		return !m
	})
}

package weburl

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

//go:generate go run gen_idnadelta.go

// The standard's "domain parser ToASCII" (§3.3 "IDNA") is UTS #46 ToASCII
// with CheckHyphens = beStrict, CheckBidi = true, CheckJoiners = true,
// UseSTD3ASCIIRules = beStrict, Transitional_Processing = false,
// VerifyDnsLength = beStrict and IgnoreInvalidPunycode = false.
//
// x/net/idna's MapForLookup turns on the UTS #46 mapping, label validation
// (which also sets CheckHyphens and CheckJoiners) and STD3 rules; the options
// after it override those, so their order matters. x/net/idna never ignores
// invalid Punycode, which is what IgnoreInvalidPunycode = false asks.
var (
	lenientIDNA = idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.StrictDomainName(false),
		idna.CheckHyphens(false),
		idna.CheckJoiners(true),
		idna.VerifyDNSLength(false),
	)
	strictIDNA = idna.New(
		idna.MapForLookup(),
		idna.BidiRule(),
		idna.Transitional(false),
		idna.StrictDomainName(true),
		idna.CheckHyphens(true),
		idna.CheckJoiners(true),
		idna.VerifyDNSLength(true),
	)
)

// domainToASCII is "domain parser ToASCII" with beStrict false on a domain
// that is not ASCII. It returns the ASCII domain, or a hint saying why
// UTS #46 refuses the domain.
func domainToASCII(domain string) (string, string) {
	return uts46ToASCII(lenientIDNA, domain, false)
}

// uts46ToASCII runs UTS #46 ToASCII on domain with profile, whose
// VerifyDnsLength flag is verifyDNSLength.
//
// x/net/idna implements UTS #46 as it was before Unicode 16 with Unicode
// 15.0 tables (for the Go releases before 1.27); the URL Standard cites the
// current UTS #46 (Unicode 17.0). This function makes up for the
// difference:
//   - The code points whose mapping changed (idnaDelta) are mapped first.
//   - The plain code points that became valid (idnaNewValid, mostly new
//     characters) are hidden behind placeholders of their Bidi class while
//     x/net/idna maps and checks the domain, and put back before the labels
//     are encoded.
//   - Labels that map to "xn--…" are decoded and checked here
//     (checkACELabels), for what x/net/idna lets through or refuses wrongly.
//   - Punycode is encoded here, in O(n log n) (x/net/idna's encoder is
//     quadratic in a label's length); x/net/idna's ToUnicode maps,
//     normalizes and checks the labels exactly as its ToASCII does before
//     encoding.
func uts46ToASCII(profile *idna.Profile, domain string, verifyDNSLength bool) (string, string) {
	decoded, hint := checkACELabels(applyIDNADelta(domain))
	if hint != "" {
		return "", hint
	}
	probe, hidden := hideNewCodePoints(decoded)
	u, err := profile.ToUnicode(probe)
	if err != nil {
		if hidden != nil {
			// x/net/idna's message would show the placeholders.
			return "", "UTS #46 ToASCII refuses the domain"
		}
		return "", "UTS #46 ToASCII refuses the domain: " + strings.TrimPrefix(err.Error(), "idna: ")
	}
	if hidden != nil {
		// The placeholders come out in the order they went in: mapping
		// changes none, and NFC neither composes nor moves them.
		n := 0
		for _, r := range u {
			if isPlaceholder(r) {
				n++
			}
		}
		if n != len(hidden) {
			return "", "the domain holds code points new since Unicode 15.0 in a form this package cannot check"
		}
		composes := false
		for _, r := range hidden {
			composes = composes || idnaNewComposing(r)
		}
		u = strings.Map(func(r rune) rune {
			if isPlaceholder(r) {
				r, hidden = hidden[0], hidden[1:]
			}
			return r
		}, u)
		if composes {
			u = composeNew(u)
		}
	}
	out := make([]byte, 0, len(u)+16)
	var buf [smallLabel]rune
	runes := buf[:0]
	first := true
	for label := range strings.SplitSeq(u, ".") {
		if !first {
			out = append(out, '.')
		}
		first = false
		start := len(out)
		if isASCII(label) {
			out = append(out, label...)
		} else {
			runes = runes[:0]
			for _, r := range label {
				runes = append(runes, r)
			}
			var ok bool
			if out, ok = appendPunycode(append(out, "xn--"...), runes); !ok {
				return "", "a label is too long for Punycode (its encoding overflows)"
			}
		}
		if verifyDNSLength && (len(out) == start || len(out)-start > 63) {
			return "", "a label is empty or longer than 63 bytes"
		}
	}
	// Since Unicode 16, VerifyDnsLength also refuses an empty root label.
	if verifyDNSLength && len(out) > 253 {
		return "", "the domain is longer than 253 bytes"
	}
	return string(out), ""
}

// The placeholders stand for the code points of idnaNewValid while
// x/net/idna maps and checks a domain, one for each Bidi class those code
// points have, so that the Bidi rule reads a label as it would with them:
// U+A000 YI SYLLABLE IT (L), U+2605 BLACK STAR (ON) and U+20BF BITCOIN SIGN
// (ET). Each is valid, plain (as idnaNewValid's code points are), stable
// under NFC, and no code point maps to it.
const (
	placeholderL  = '\uA000'
	placeholderON = '\u2605'
	placeholderET = '\u20BF'
)

// placeholderFor returns the placeholder for r, a code point of
// idnaNewValid.
func placeholderFor(r rune) rune {
	switch {
	case unicode.Is(idnaNewValidON, r):
		return placeholderON
	case unicode.Is(idnaNewValidET, r):
		return placeholderET
	}
	return placeholderL
}

// isPlaceholder reports whether r is one of the placeholders.
func isPlaceholder(r rune) bool {
	return r == placeholderL || r == placeholderON || r == placeholderET
}

// hideNewCodePoints returns s with each code point of idnaNewValid replaced
// by its placeholder, and the replaced code points in order, which
// uts46ToASCII puts back into the Unicode labels before it encodes them;
// s itself and nil when there is none, or when s holds a placeholder
// already (the domain then fails as x/net/idna sees it).
func hideNewCodePoints(s string) (string, []rune) {
	var hidden []rune
	for _, r := range s {
		if isPlaceholder(r) {
			return s, nil
		}
		if r >= idnaNewValidMin && unicode.Is(idnaNewValid, r) {
			hidden = append(hidden, r)
		}
	}
	if hidden == nil {
		return s, nil
	}
	return strings.Map(func(r rune) rune {
		if r >= idnaNewValidMin && unicode.Is(idnaNewValid, r) {
			return placeholderFor(r)
		}
		return r
	}, s), hidden
}

// idnaNewComposing reports whether r takes part in a composition of
// idnaNewCompositions, as a composite or as its first code point.
func idnaNewComposing(r rune) bool {
	for pair, c := range idnaNewCompositions {
		if r == pair[0] || r == c {
			return true
		}
	}
	return false
}

// composeNew makes the canonical compositions of idnaNewCompositions in u,
// which x/net/idna's normalization (Unicode 15.0) cannot know: it
// decomposes their composites, then composes each pair whose code points
// are next to each other, left to right, as NFC does for a first code point
// of combining class 0 (all of theirs are) and a second that follows it
// directly. A second code point of a non-zero class that marks of a lower
// class separate from the first is not composed, where NFC would.
func composeNew(u string) string {
	decompose := make(map[rune][2]rune, len(idnaNewCompositions))
	for pair, c := range idnaNewCompositions {
		decompose[c] = pair
	}
	var d []rune
	var expand func(r rune)
	expand = func(r rune) {
		if pair, ok := decompose[r]; ok {
			expand(pair[0])
			d = append(d, pair[1])
			return
		}
		d = append(d, r)
	}
	for _, r := range u {
		expand(r)
	}
	out := d[:0]
	for _, r := range d {
		if n := len(out); n > 0 {
			if c, ok := idnaNewCompositions[[2]rune{out[n-1], r}]; ok {
				out[n-1] = c
				continue
			}
		}
		out = append(out, r)
	}
	return string(out)
}

// applyIDNADelta rewrites the code points whose UTS #46 mapping changed
// between x/net/idna's Unicode 15.0 table and its Unicode 17.0 one (see
// idnadelta.go) to their Unicode 17.0 mapping, so that x/net/idna maps the
// rest. It returns domain itself when no code point changes.
func applyIDNADelta(domain string) string {
	var b []byte
	last := 0 // domain[last:] is not yet copied to b
	for i, r := range domain {
		if r < idnaDeltaMin {
			continue
		}
		m, ok := idnaDelta[r]
		if !ok {
			continue
		}
		b = append(b, domain[last:i]...)
		b = append(b, m...)
		last = i + utf8.RuneLen(r)
	}
	if b == nil && last == 0 {
		return domain
	}
	return string(append(b, domain[last:]...))
}

// checkACELabels checks the labels of domain that UTS #46 maps to a label
// starting with "xn--" and replaces each by its decoding, so that
// x/net/idna maps and checks it as any other label. x/net/idna would decode
// them itself, but lets through a label with a non-ASCII code point (it
// reads one before the last '-' as a basic code point), an empty Punycode
// part (which it decodes to an empty label), and a label that decodes to
// one starting with "xn--" (validity criterion 4 with CheckHyphens false);
// it refuses labels that decode to more than 1,024 code points, a bound
// UTS #46 does not set, and labels with code points new since Unicode
// 15.0. It returns domain, so changed, or a hint saying why UTS #46
// refuses it.
func checkACELabels(domain string) (string, string) {
	// A label can map to "xn--…" only with two hyphens: '-', U+FE63 and
	// U+FF0D are the code points that map to '-'.
	if strings.Count(domain, "-")+strings.Count(domain, "\uFE63")+strings.Count(domain, "\uFF0D") < 2 {
		return domain, ""
	}
	labels := splitLabels(domain)
	changed := false
	for i, label := range labels {
		if len(label) < 4 {
			continue
		}
		// A letter in front keeps ToUnicode from decoding the label, and
		// cannot combine with the 'x' a label starting "xn--" starts with.
		m, _ := lenientIDNA.ToUnicode("a" + label)
		ace, ok := strings.CutPrefix(m, "axn--")
		if !ok {
			continue
		}
		if ace == "" {
			return "", "the label \"xn--\" has no Punycode after it"
		}
		if !isASCII(ace) {
			return "", "a Punycode label (xn--) holds a code point that is not ASCII"
		}
		u, ok := decodePunycode(ace)
		if !ok {
			return "", "the label xn--" + quoteShort(ace) + " is not valid Punycode"
		}
		if hasPrefixRunes(u, "xn--") {
			return "", "the label xn--" + quoteShort(ace) + " is Punycode for a label that starts with \"xn--\""
		}
		// The decoded label is valid when UTS #46 maps it to itself
		// without error (it is then NFC, and every code point valid; the
		// compositions x/net/idna does not know are checked apart), as
		// x/net/idna checks the labels it decodes. It then stands for
		// itself in the domain, where code points new since Unicode 15.0
		// can be hidden from x/net/idna like any others.
		s := string(u)
		probe, _ := hideNewCodePoints(s)
		if v, err := lenientIDNA.ToUnicode(probe); err != nil || v != probe || isASCII(s) || composeNew(s) != s {
			return "", "the label xn--" + quoteShort(ace) + " decodes to a label that is not valid"
		}
		labels[i] = s
		changed = true
	}
	if !changed {
		return domain, ""
	}
	return strings.Join(labels, "."), ""
}

// hasPrefixRunes reports whether the code points of u start with prefix,
// an ASCII string.
func hasPrefixRunes(u []rune, prefix string) bool {
	if len(u) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if u[i] != rune(prefix[i]) {
			return false
		}
	}
	return true
}

// splitLabels splits a domain where UTS #46 maps a code point to '.': the
// only code points that map to a string with '.' are U+3002, U+FF0E and
// U+FF61, which map to '.' alone.
func splitLabels(domain string) []string {
	var labels []string
	start := 0
	for i, r := range domain {
		if r == '.' || r == '\u3002' || r == '\uFF0E' || r == '\uFF61' {
			labels = append(labels, domain[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	return append(labels, domain[start:])
}

// checkStrictDomain adds the domain-to-ASCII validation error when the
// domain parser's strict ToASCII (step 1, which does not return) fails.
func checkStrictDomain(domain string, v *validations) {
	if _, hint := uts46ToASCII(strictIDNA, domain, true); hint != "" {
		v.add("domain-to-ASCII", 0)
	}
}

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
//
// x/net/idna implements UTS #46 as it was before Unicode 16 with Unicode
// 15.0 tables (for the Go releases before 1.27); the URL Standard cites the
// current UTS #46 (Unicode 17.0). This function makes up for the
// difference in four steps:
//   - The code points whose mapping changed (idnaDelta) are mapped first.
//   - The plain code points that became valid (idnaNewValid, mostly new
//     characters) are hidden behind a placeholder while x/net/idna maps and
//     checks the domain, and put back before the labels are encoded.
//   - A label "xn--" whose Punycode is empty: x/net/idna decodes it to an
//     empty label and goes on; UTS #46 (step 4.1 of Processing) records an
//     error.
//   - A label that decodes from Punycode to a label starting with "xn--":
//     with CheckHyphens false, UTS #46's validity criterion 4 forbids it;
//     x/net/idna checks it only as part of CheckHyphens.
func domainToASCII(domain string) (string, string) {
	mapped := applyIDNADelta(domain)
	probe, hidden := hideNewCodePoints(mapped)
	// ToUnicode maps, normalizes, decodes and checks the labels exactly as
	// ToASCII does; the Punycode encoding that ToASCII would add is done
	// here (appendPunycode), in O(n log n) where x/net/idna's is quadratic
	// in a label's length.
	u, err := lenientIDNA.ToUnicode(probe)
	if err != nil {
		return "", "UTS #46 ToASCII refuses the domain: " + strings.TrimPrefix(err.Error(), "idna: ")
	}
	if hidden != nil {
		if strings.Count(u, string(idnaPlaceholder)) != len(hidden) {
			return "", "the domain holds code points new since Unicode 15.0 in a form this package cannot check"
		}
		u = strings.Map(func(r rune) rune {
			if r == idnaPlaceholder {
				r, hidden = hidden[0], hidden[1:]
			}
			return r
		}, u)
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
		if isASCII(label) {
			out = append(out, label...)
			continue
		}
		runes = runes[:0]
		for _, r := range label {
			runes = append(runes, r)
		}
		var ok bool
		if out, ok = appendPunycode(append(out, "xn--"...), runes); !ok {
			return "", "a label is too long for Punycode (its encoding overflows)"
		}
	}
	ascii := string(out)
	if hint := checkACELabels(probe, ascii); hint != "" {
		return "", hint
	}
	return ascii, ""
}

// idnaPlaceholder stands in for a code point of idnaNewValid while
// x/net/idna maps and checks a domain: U+A000 YI SYLLABLE IT is valid, plain
// (as idnaNewValid's code points are), left to right, stable under NFC, and
// no code point maps to it.
const idnaPlaceholder = '\uA000'

// hideNewCodePoints returns s with each code point of idnaNewValid replaced
// by idnaPlaceholder, and the replaced code points in order, which
// domainToASCII puts back into the Unicode labels before it encodes them;
// s itself and nil when there is none, or when s holds the placeholder
// already (the domain then fails as x/net/idna sees it).
func hideNewCodePoints(s string) (string, []rune) {
	var hidden []rune
	for _, r := range s {
		if r >= idnaNewValidMin && unicode.Is(idnaNewValid, r) {
			hidden = append(hidden, r)
		}
	}
	if hidden == nil || strings.ContainsRune(s, idnaPlaceholder) {
		return s, nil
	}
	return strings.Map(func(r rune) rune {
		if r >= idnaNewValidMin && unicode.Is(idnaNewValid, r) {
			return idnaPlaceholder
		}
		return r
	}, s), hidden
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

// checkACELabels checks the labels of out, what x/net/idna's ToASCII made
// of domain, for the two rules x/net/idna leaves out (see domainToASCII).
func checkACELabels(domain, out string) string {
	var in []string // domain's labels, split where UTS #46 maps to '.'
	i := 0
	for label := range strings.SplitSeq(out, ".") {
		if strings.HasPrefix(label, "xn--") {
			// Punycode keeps the ASCII code points of a label in order
			// and puts them before the last '-', so a label that decodes
			// to one starting with "xn--" has "xn--" there first.
			if basic := label[4 : max(strings.LastIndexByte(label[4:], '-'), 0)+4]; strings.HasPrefix(basic, "xn--") {
				if u, err := idna.Punycode.ToUnicode(label); err == nil && strings.HasPrefix(u, "xn--") {
					return "the label " + label + " is Punycode for a label that starts with \"xn--\""
				}
			}
		} else if label == "" {
			// An empty label in out is an empty label in domain, a label
			// of code points UTS #46 ignores, or a label that maps to
			// "xn--", which x/net/idna decodes to "". The only code points
			// that map to a string with '.' are U+3002, U+FF0E and
			// U+FF61, which map to '.' alone, so domain's labels are
			// out's labels one for one.
			if in == nil {
				in = splitLabels(domain)
			}
			if i < len(in) && in[i] != "" {
				// A letter in front keeps ToUnicode from decoding the label.
				if m, _ := lenientIDNA.ToUnicode("a" + in[i]); m == "axn--" {
					return "the label \"xn--\" has no Punycode after it"
				}
			}
		}
		i++
	}
	return ""
}

// splitLabels splits a domain where UTS #46 maps a code point to '.'.
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
	mapped, _ := hideNewCodePoints(applyIDNADelta(domain))
	out, err := strictIDNA.ToASCII(mapped)
	// Since Unicode 16, VerifyDnsLength also refuses an empty root label;
	// x/net/idna's Unicode 15.0 code does not.
	if err != nil || strings.HasSuffix(out, ".") || checkACELabels(mapped, out) != "" {
		v.add("domain-to-ASCII", 0)
	}
}

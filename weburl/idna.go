package weburl

import (
	"strings"
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
// x/net/idna implements UTS #46 as it was before Unicode 16 (its tables are
// Unicode 15.0 for the Go releases before 1.27), and differs from the
// current text, which the URL Standard cites, where this function checks
// again:
//   - A label "xn--" whose Punycode is empty: x/net/idna decodes it to an
//     empty label and goes on; UTS #46 (step 4.1 of Processing) records an
//     error.
//   - A label that decodes from Punycode to a label starting with "xn--":
//     with CheckHyphens false, UTS #46's validity criterion 4 forbids it;
//     x/net/idna checks it only as part of CheckHyphens.
func domainToASCII(domain string) (string, string) {
	mapped := applyIDNADelta(domain)
	out, err := lenientIDNA.ToASCII(mapped)
	if err != nil {
		return "", "UTS #46 ToASCII refuses the domain: " + strings.TrimPrefix(err.Error(), "idna: ")
	}
	if hint := checkACELabels(mapped, out); hint != "" {
		return "", hint
	}
	return out, ""
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
	if !strings.Contains(out, "xn--") && !strings.Contains("."+out+".", "..") {
		return ""
	}
	var in []string // domain's labels, split where UTS #46 maps to '.'
	for i, label := range strings.Split(out, ".") {
		if strings.HasPrefix(label, "xn--") {
			if u, err := idna.Punycode.ToUnicode(label); err == nil && strings.HasPrefix(u, "xn--") {
				return "the label " + label + " is Punycode for a label that starts with \"xn--\""
			}
			continue
		}
		if label != "" {
			continue
		}
		// An empty label in out is an empty label in domain, a label of
		// code points UTS #46 ignores, or a label that maps to "xn--",
		// which x/net/idna decodes to "". The only code points that map to
		// a string with '.' are U+3002, U+FF0E and U+FF61, which map to
		// '.' alone, so domain's labels are out's labels one for one.
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
	mapped := applyIDNADelta(domain)
	out, err := strictIDNA.ToASCII(mapped)
	// Since Unicode 16, VerifyDnsLength also refuses an empty root label;
	// x/net/idna's Unicode 15.0 code does not.
	if err != nil || strings.HasSuffix(out, ".") || checkACELabels(mapped, out) != "" {
		v.add("domain-to-ASCII", 0)
	}
}

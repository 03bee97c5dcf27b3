package weburl

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

//go:generate go run gen_idnadelta.go

// The standard's "domain parser ToASCII" (§3.3 "IDNA") is UTS #46 ToASCII
// with CheckHyphens = beStrict, CheckBidi = true, CheckJoiners = true,
// UseSTD3ASCIIRules = beStrict, Transitional_Processing = false,
// VerifyDnsLength = beStrict and IgnoreInvalidPunycode = false. This file
// implements it on the Unicode 17.0 data of idnadelta.go, in UTS #46's
// order: map and normalize the domain, split it into labels, decode the
// Punycode ones, validate each label (CheckBidi on the labels so mapped
// and decoded), encode the labels that are not ASCII.
//
// Mapping and NFC work label by label: the only code points that map to a
// string with a dot are the three full stops that map to "." (gen_idnadelta
// checks it), and NFC neither composes nor reorders across a dot (a
// starter that composes with nothing), so the labels are known before
// mapping. An ASCII label is only lower-cased (every other ASCII code point
// is valid and maps to itself); a label that is not ASCII is mapped and
// normalized into a buffer of code points and encoded from it into the
// output.

// The bits of a props value (idnaProps), which gen_idnadelta.go writes.
const (
	propCCC       = 0xFF // the canonical combining class
	propBidiShift = 8    // 4 bits: the Bidi class, bidiL to bidiOther
	propJoinShift = 12   // 3 bits: the joining type, joinU to joinT
	propMark      = 1 << 15
	propValid     = 1 << 16 // valid or deviation (nontransitional processing)
	propDecomp    = 1 << 17 // has a canonical decomposition in idnaDecompKeys
	propMaybe     = 1 << 18 // NFC_Quick_Check=Maybe: the second of a composition

	// idnaMapped marks a leaf of the table that is a mapping's index.
	idnaMapped = 0x8000
)

// Bidi classes (UAX #9) as props values hold them; bidiOther stands for B,
// S, WS and the explicit formatting classes, which no label may hold.
const (
	bidiL = iota
	bidiR
	bidiAL
	bidiAN
	bidiEN
	bidiES
	bidiCS
	bidiET
	bidiON
	bidiBN
	bidiNSM
	bidiOther
)

// Joining types (Unicode's ArabicShaping.txt) as props values hold them;
// joinU also stands for C (join causing), which RFC 5892's rule for
// ZERO WIDTH NON-JOINER does not name.
const (
	joinU = iota
	joinL
	joinD
	joinR
	joinT
)

const (
	zwnj      = '\u200C'
	zwj       = '\u200D'
	cccVirama = 9
)

// idnaLeaf returns the leaf of idnadelta.go's table for r, a scalar value
// (from valid UTF-8, or from Punycode, which appendDecodedPunycode checks):
// a props index, or idnaMapped and a mapping's index.
func idnaLeaf(r rune) uint16 {
	b := idnaL2[int(idnaL1[r>>idnaShift1])<<idnaShift2|int(r>>idnaShift3&idnaMask2)]
	return idnaL3[int(b)<<idnaShift3|int(r&idnaMask3)]
}

// idnaPropsOf returns the props of r; a mapped code point, which no label
// holds once mapped, has none: not valid, a starter, Bidi class L.
func idnaPropsOf(r rune) uint32 {
	leaf := idnaLeaf(r)
	if leaf&idnaMapped != 0 {
		return 0
	}
	return idnaProps[leaf]
}

// idnaMapping returns the UTF-8 mapping of a mapped leaf.
func idnaMapping(leaf uint16) string {
	i := leaf &^ idnaMapped
	return idnaMapData[idnaMapIndex[i]:idnaMapIndex[i+1]]
}

// idnaConv is the state of one conversion: its options, and what the Bidi
// check needs of the domain.
//
// The buffer of code points goes from call to call as a value, never
// stored through a pointer, and the pool's buffers are reached through a
// pointer to a variable of appendToASCII: so the compiler keeps
// appendToASCII's own array, which holds a label of DNS size, on the stack.
//
// An ASCII label (beStrict false, not an A-label) meets every criterion but
// perhaps the Bidi rule, which applies only to a Bidi domain name, one
// with a label that holds a code point of class R, AL or AN, which no ASCII
// label does. So with lazy a first conversion leaves ASCII labels
// unchecked (deferred says it did), and only a domain that turns out to be
// a Bidi domain name is converted again with every label checked.
type idnaConv struct {
	strict   bool
	lazy     bool      // ASCII labels' Bidi facts are left out (see above)
	deferred bool      // lazy left some out
	rtl      bool      // the domain holds a code point of Bidi class R, AL or AN
	bidiErr  idnaError // the first label that breaks the Bidi rule
	label    [2]int    // where the label being converted starts and ends
	big      **idnaBig // the buffers of long labels: see grow
}

// idnaBig holds buffers for labels longer than smallLabel bytes, kept in
// idnaPool for reuse so that a long label costs no allocation once the
// pool holds them.
type idnaBig struct {
	runes, aux []rune
	puny       punyScratch
}

var idnaPool = sync.Pool{New: func() any { return new(idnaBig) }}

// checkStrictDomain adds the domain-to-ASCII validation error when the
// domain parser's strict ToASCII (step 1, which does not return) fails.
func checkStrictDomain(domain string, v *validations) {
	var buf [256]byte
	if _, err := appendToASCII(buf[:0], domain, true); err.code != 0 {
		v.add("domain-to-ASCII", 0)
	}
}

// appendToASCII appends UTS #46 ToASCII of domain to dst, with the URL
// Standard's flags and beStrict strict (see the top of this file). On
// failure it returns dst unchanged and why. A domain that is not valid
// UTF-8 fails (its bad bytes decode as U+FFFD, which is disallowed).
func appendToASCII(dst []byte, domain string, strict bool) ([]byte, idnaError) {
	var arr [smallLabel]rune
	var big *idnaBig
	c := idnaConv{strict: strict, lazy: !strict, big: &big}
	runes := arr[:0]
	start := len(dst)
	var err idnaError
	for {
		dst, runes, err = c.appendLabels(dst, domain, runes)
		if err.code != 0 || !c.rtl || !c.deferred {
			break
		}
		// A Bidi domain name whose ASCII labels went unchecked: again,
		// checking them (rare, and no slower than checking them at once).
		c = idnaConv{strict: strict, big: &big}
		dst = dst[:start]
	}
	if big != nil {
		idnaPool.Put(big)
	}
	switch {
	case err.code != 0:
	case c.rtl && c.bidiErr.code != 0:
		err = c.bidiErr
	case strict && len(dst)-start > 253:
		err = idnaError{code: errDomainLength, end: len(domain)}
	default:
		return dst, idnaError{}
	}
	return dst[:start], err
}

// appendLabels converts the labels of domain one by one and appends them
// to dst, up to the first that fails.
func (c *idnaConv) appendLabels(dst []byte, domain string, runes []rune) ([]byte, []rune, idnaError) {
	var err idnaError
	for i := 0; i <= len(domain) && err.code == 0; {
		if i > 0 {
			dst = append(dst, '.')
		}
		p := len(dst)
		// Most labels are ASCII: found and copied without labelEnd, whose
		// full stops that are not ASCII no ASCII label holds. (Labels are
		// short: a loop a byte beats scanRun's words.)
		j := i
		for j < len(domain) && domain[j] != '.' && domain[j] < utf8.RuneSelf {
			j++
		}
		if j == len(domain) || domain[j] == '.' {
			c.label = [2]int{i, j}
			dst = append(dst, domain[i:j]...)
			lowerASCII(dst[p:])
			dst, runes, err = c.checkASCIILabel(dst, p, runes)
			i = j + 1
		} else {
			end, next := labelEnd(domain, j)
			c.label = [2]int{i, end}
			dst, runes, err = c.appendLabel(dst, domain[i:end], runes)
			i = next
		}
		if err.code == 0 && c.strict && (len(dst) == p || len(dst)-p > 63) {
			err = c.fail(errLabelLength, 0)
		}
	}
	return dst, runes, err
}

// labelEnd returns where the label that goes on at j in domain ends, at
// the next full stop (U+002E, or U+3002, U+FF0E or U+FF61, which map to
// it), and where the next label starts (len(domain)+1 when none does).
// domain need not be valid UTF-8.
func labelEnd(domain string, j int) (end, next int) {
	for ; j < len(domain); j++ {
		// A byte 0xE3 or 0xEF starts three in valid UTF-8; in invalid
		// UTF-8 the label fails anyway (mapLabel decodes U+FFFD).
		switch c := domain[j]; {
		case c == '.':
			return j, j + 1
		case j+2 >= len(domain):
		case c == 0xE3 && domain[j+1] == 0x80 && domain[j+2] == 0x82, // U+3002
			c == 0xEF && domain[j+1] == 0xBC && domain[j+2] == 0x8E, // U+FF0E
			c == 0xEF && domain[j+1] == 0xBD && domain[j+2] == 0xA1: // U+FF61
			return j, j + 3
		}
	}
	return len(domain), len(domain) + 1
}

// grow returns a buffer with room for a label of n bytes: runes, or for a
// label longer than smallLabel the pool's, with room for four code points
// a byte (should mapping need more, append grows it).
func (c *idnaConv) grow(n int, runes []rune) []rune {
	if n <= smallLabel {
		return runes[:0]
	}
	if *c.big == nil {
		*c.big = idnaPool.Get().(*idnaBig)
	}
	big := *c.big
	if cap(big.runes) < 4*n {
		big.runes = make([]rune, 0, 4*n)
		big.aux = make([]rune, 0, 4*n)
	}
	return big.runes[:0]
}

// aux returns scratch space for NFC: the pool's when a long label took
// buffers from it, else nil.
func (c *idnaConv) aux() []rune {
	if *c.big != nil {
		return (*c.big).aux[:0]
	}
	return nil
}

// scratch returns the buffers for Punycode's long labels.
func (c *idnaConv) scratch() *punyScratch {
	if *c.big != nil {
		return &(*c.big).puny
	}
	return nil
}

// checkASCIILabel checks dst[p:], a label that is ASCII, lower-cased
// already, which is all the mapping does to ASCII; an A-label it decodes,
// checks, and writes again.
func (c *idnaConv) checkASCIILabel(dst []byte, p int, runes []rune) ([]byte, []rune, idnaError) {
	if l := dst[p:]; len(l) >= 4 && l[0] == 'x' && l[1] == 'n' && l[2] == '-' && l[3] == '-' {
		return c.appendDecoded(dst, p, runes)
	}
	if c.lazy {
		c.deferred = true
		return dst, runes, idnaError{}
	}
	return dst, runes, checkLabel(c, dst[p:])
}

// appendLabel converts a label that is not ASCII (Processing steps 1 to 4
// and ToASCII step 3 of UTS #46) and appends it to dst.
func (c *idnaConv) appendLabel(dst []byte, label string, runes []rune) ([]byte, []rune, idnaError) {
	runes, f := mapLabel(label, c.grow(len(label), runes))
	if f.quick && !c.strict && !f.joiner && len(runes) > 0 && f.props&propValid != 0 &&
		f.first&propMark == 0 && !hasACEPrefix(runes) {
		// In NFC already, so mapped is final: what mapLabel saw meets the
		// criteria checkLabel would check (beStrict false, no joiner), and
		// leaves the Bidi rule's facts to record.
		c.noteBidi(f.first>>propBidiShift&0xF, f.last, f.seen)
		dst, err := c.appendEncoded(dst, runes, f.ascii)
		return dst, runes, err
	}
	if !f.quick {
		runes = c.normalize(runes)
	}
	if !hasACEPrefix(runes) {
		if err := checkLabel(c, runes); err.code != 0 {
			return dst, runes, err
		}
		dst, err := c.appendEncoded(dst, runes, isASCIIRunes(runes))
		return dst, runes, err
	}
	// A label that maps to "xn--…" is an A-label too: it must be ASCII.
	p := len(dst)
	for _, r := range runes {
		if r >= utf8.RuneSelf {
			return dst[:p], runes, c.fail(errACENotASCII, r)
		}
		dst = append(dst, byte(r))
	}
	return c.appendDecoded(dst, p, runes)
}

// appendDecoded decodes the A-label dst[p:] (lower case), checks the
// U-label it stands for, and writes its Punycode again in its place.
func (c *idnaConv) appendDecoded(dst []byte, p int, runes []rune) ([]byte, []rune, idnaError) {
	ace := unsafe.String(unsafe.SliceData(dst[p+4:]), len(dst)-p-4)
	runes, ok := appendDecodedPunycode(c.grow(len(ace), runes), ace, c.scratch())
	var code idnaCode
	switch {
	case !ok:
		code = errACEInvalid
	case len(runes) == 0:
		code = errACEEmpty
	case isASCIIRunes(runes):
		code = errACEASCII
	case !c.strict && hasACEPrefix(runes):
		code = errACEPrefix // validity criterion 4
	case !c.isNFC(runes):
		code = errACENotNFC
	}
	if code != 0 {
		return dst[:p], runes, c.fail(code, 0)
	}
	if err := checkLabel(c, runes); err.code != 0 {
		return dst[:p], runes, err
	}
	dst, err := c.appendEncoded(dst[:p], runes, false)
	return dst, runes, err
}

// appendEncoded appends label, checked, to dst: as it is when it is ASCII
// (ascii), else as "xn--" and its Punycode.
func (c *idnaConv) appendEncoded(dst []byte, label []rune, ascii bool) ([]byte, idnaError) {
	if ascii {
		for _, r := range label {
			dst = append(dst, byte(r))
		}
		return dst, idnaError{}
	}
	p := len(dst)
	dst, ok := appendPunycode(append(dst, "xn--"...), label, c.scratch())
	if !ok {
		return dst[:p], c.fail(errPunycodeOverflow, 0)
	}
	return dst, idnaError{}
}

// hasACEPrefix reports whether label starts with "xn--".
func hasACEPrefix(label []rune) bool {
	return len(label) >= 4 && label[0] == 'x' && label[1] == 'n' && label[2] == '-' && label[3] == '-'
}

// isASCIIRunes reports whether every code point of label is ASCII.
func isASCIIRunes(label []rune) bool {
	for _, r := range label {
		if r >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// labelFacts is what mapLabel learns of a label as it maps it, which for
// a label in NFC is what checkLabel would learn of it again.
type labelFacts struct {
	// quick: the label passes the NFC quick check: no code point may
	// compose with the one before it and the combining classes of each
	// run of marks do not decrease. Then it is in NFC.
	quick  bool
	joiner bool   // it holds U+200C or U+200D
	ascii  bool   // every code point is ASCII
	props  uint32 // the props of every code point, ANDed
	first  uint32 // the props of the first code point
	last   uint32 // the Bidi class of the last that is not NSM, or bidiOther
	seen   uint16 // the Bidi classes of the label, as bits
}

// mapLabel maps label (UTS #46 Processing step 1) into rs and returns what
// it learnt of the mapped label on the way. An ASCII byte is only
// lower-cased, without a lookup: every other ASCII code point is valid. A
// byte sequence that is not UTF-8 maps to U+FFFD, which is disallowed.
func mapLabel(label string, rs []rune) ([]rune, labelFacts) {
	f := labelFacts{quick: true, ascii: true, props: ^uint32(0), last: bidiOther}
	start, lastCCC := len(rs), uint32(0)
	add := func(r rune, p uint32) {
		if len(rs) == start {
			f.first = p
		}
		f.quick = f.quick && !breaksNFC(p, lastCCC)
		f.joiner = f.joiner || uint32(r-zwnj) <= zwj-zwnj
		f.ascii = f.ascii && r < utf8.RuneSelf
		f.props &= p
		class := p >> propBidiShift & 0xF
		f.seen |= 1 << class
		if class != bidiNSM {
			f.last = class
		}
		lastCCC = p & propCCC
		rs = append(rs, r)
	}
	for i := 0; i < len(label); {
		if c := label[i]; c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			add(rune(c), idnaASCIIProps[c])
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(label[i:])
		i += size
		leaf := idnaLeaf(r)
		if leaf&idnaMapped == 0 {
			add(r, idnaProps[leaf])
			continue
		}
		for _, m := range idnaMapping(leaf) {
			add(m, runeProps(m))
		}
	}
	return rs, f
}

// normalize replaces rs by its NFC (UTS #46 Processing step 2).
func (c *idnaConv) normalize(rs []rune) []rune {
	var arr [smallLabel]rune
	aux := c.aux()
	if aux == nil {
		aux = arr[:0]
	}
	return append(rs[:0], appendNFC(aux, rs)...)
}

// breaksNFC reports whether a code point with props p after one of
// combining class lastCCC fails the NFC quick check (UAX #15): it may
// compose with what precedes it (NFC_Quick_Check=Maybe), or it is a mark
// of a lower class than the mark before it. (No code point that UTS #46
// leaves unmapped has NFC_Quick_Check=No.)
func breaksNFC(p, lastCCC uint32) bool {
	ccc := p & propCCC
	return p&propMaybe != 0 || ccc != 0 && ccc < lastCCC
}

// isNFC reports whether label is in NFC (validity criterion 1 of a
// decoded label). A mapped code point has no props and passes the quick
// check; the label fails with it anyway.
func (c *idnaConv) isNFC(label []rune) bool {
	lastCCC := uint32(0)
	for _, r := range label {
		p := idnaPropsOf(r)
		if breaksNFC(p, lastCCC) {
			var arr [smallLabel]rune
			aux := c.aux()
			if aux == nil {
				aux = arr[:0]
			}
			return slices.Equal(appendNFC(aux, label), label)
		}
		lastCCC = p & propCCC
	}
	return true
}

// runeProps is idnaPropsOf with a table for ASCII, which a label that is
// not ASCII often holds too.
func runeProps(r rune) uint32 {
	if r < utf8.RuneSelf {
		return idnaASCIIProps[r]
	}
	return idnaPropsOf(r)
}

// checkLabel checks a label, its code points as runes or, for an ASCII
// label, as bytes, against the validity criteria of UTS #46 §4.1 that do
// not depend on its form (those are left to appendDecoded): no hyphen in
// the third and fourth places nor at either end (CheckHyphens, when
// strict), no combining mark first, every code point valid, ASCII letters,
// digits and hyphens only (UseSTD3ASCIIRules, when strict), the ContextJ
// rules (CheckJoiners); and it records what CheckBidi needs.
func checkLabel[E byte | rune](c *idnaConv, label []E) idnaError {
	if len(label) == 0 {
		return idnaError{} // an empty label meets every criterion, RFC 5893's too
	}
	if c.strict {
		if len(label) >= 4 && label[2] == '-' && label[3] == '-' {
			return c.fail(errHyphen34, 0)
		}
		if label[0] == '-' || label[len(label)-1] == '-' {
			return c.fail(errHyphenEnd, 0)
		}
	}
	first := runeProps(rune(label[0]))
	if first&propMark != 0 {
		return c.fail(errLeadingMark, rune(label[0]))
	}
	var seen uint16 // the Bidi classes of the label, as bits
	last := uint32(bidiOther)
	for i := range label {
		r := rune(label[i])
		p := runeProps(r)
		switch {
		case p&propValid == 0:
			return c.fail(errDisallowed, r)
		case c.strict && r < utf8.RuneSelf && !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-'):
			return c.fail(errSTD3, r)
		case (r == zwnj || r == zwj) && !joinerAllowed(label, i):
			return c.fail(errJoiner, r)
		}
		class := p >> propBidiShift & 0xF
		seen |= 1 << class
		if class != bidiNSM {
			last = class
		}
	}
	c.noteBidi(first>>propBidiShift&0xF, last, seen)
	return idnaError{}
}

// noteBidi records what CheckBidi needs of the label being converted, not
// empty, whose first code point has Bidi class first, whose last one that
// is not NSM has class last (bidiOther when none is), and that holds the
// classes seen (as bits).
func (c *idnaConv) noteBidi(first, last uint32, seen uint16) {
	if seen&(1<<bidiR|1<<bidiAL|1<<bidiAN) != 0 {
		c.rtl = true
	}
	if rule := bidiRule(first, last, seen); rule != 0 && c.bidiErr.code == 0 {
		c.bidiErr = c.fail(errBidi, rune(rule))
	}
}

// joinerAllowed reports whether the ZERO WIDTH JOINER or NON-JOINER at
// label[i] meets its ContextJ rule (RFC 5892 Appendix A.1 and A.2): after a
// virama; or, for the non-joiner, between a letter that joins to the right
// (joining type L or D) and one that joins to the left (R or D), with
// transparent ones (T) between.
func joinerAllowed[E byte | rune](label []E, i int) bool {
	if i > 0 && runeProps(rune(label[i-1]))&propCCC == cccVirama {
		return true
	}
	if rune(label[i]) == zwj {
		return false
	}
	join := func(j int) uint32 { return runeProps(rune(label[j])) >> propJoinShift & 7 }
	j := i - 1
	for j >= 0 && join(j) == joinT {
		j--
	}
	if j < 0 || join(j) != joinL && join(j) != joinD {
		return false
	}
	k := i + 1
	for k < len(label) && join(k) == joinT {
		k++
	}
	return k < len(label) && (join(k) == joinR || join(k) == joinD)
}

// bidiRule returns 0 when a label whose first code point has Bidi class
// first, whose last one that is not NSM has class last (bidiOther when
// none is), and that holds the classes seen (as bits) meets the Bidi rule
// of RFC 5893 §2, else the number of the first condition it breaks.
func bidiRule(first, last uint32, seen uint16) int {
	const (
		rtlAllowed = 1<<bidiR | 1<<bidiAL | 1<<bidiAN | 1<<bidiEN | 1<<bidiES | 1<<bidiCS |
			1<<bidiET | 1<<bidiON | 1<<bidiBN | 1<<bidiNSM
		ltrAllowed = 1<<bidiL | 1<<bidiEN | 1<<bidiES | 1<<bidiCS | 1<<bidiET | 1<<bidiON |
			1<<bidiBN | 1<<bidiNSM
	)
	switch {
	case first == bidiR || first == bidiAL:
		switch {
		case seen&^rtlAllowed != 0:
			return 2
		case last != bidiR && last != bidiAL && last != bidiEN && last != bidiAN:
			return 3
		case seen&(1<<bidiEN) != 0 && seen&(1<<bidiAN) != 0:
			return 4
		}
	case first != bidiL:
		return 1
	case seen&^ltrAllowed != 0:
		return 5
	case last != bidiL && last != bidiEN:
		return 6
	}
	return 0
}

// Hangul syllables compose and decompose by arithmetic (Unicode §3.12).
const (
	hangulS      = 0xAC00
	hangulL      = 0x1100
	hangulV      = 0x1161
	hangulT      = 0x11A7
	hangulLCount = 19
	hangulVCount = 21
	hangulTCount = 28
	hangulSCount = hangulLCount * hangulVCount * hangulTCount
)

// appendNFC appends the NFC of s to dst (UAX #15: the full canonical
// decomposition, the canonical ordering of each run of marks, then the
// canonical composition).
func appendNFC(dst, s []rune) []rune {
	start := len(dst)
	for _, r := range s {
		dst = appendDecomposed(dst, r)
	}
	d := dst[start:]
	for i := 0; i < len(d); {
		// A run of non-starters, sorted stably by combining class.
		j := i
		for j < len(d) && idnaPropsOf(d[j])&propCCC != 0 {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(d[i:j], func(a, b rune) int {
				return int(idnaPropsOf(a)&propCCC) - int(idnaPropsOf(b)&propCCC)
			})
		}
		i = j + 1
	}
	return dst[:start+compose(d)]
}

// appendDecomposed appends the full canonical decomposition of r to dst.
func appendDecomposed(dst []rune, r rune) []rune {
	if s := r - hangulS; 0 <= s && s < hangulSCount {
		dst = append(dst, hangulL+s/(hangulVCount*hangulTCount), hangulV+s%(hangulVCount*hangulTCount)/hangulTCount)
		if t := s % hangulTCount; t != 0 {
			dst = append(dst, hangulT+t)
		}
		return dst
	}
	if idnaPropsOf(r)&propDecomp == 0 {
		return append(dst, r)
	}
	i, _ := slices.BinarySearch(idnaDecompKeys[:], uint32(r))
	for _, d := range idnaDecompData[idnaDecompIndex[i]:idnaDecompIndex[i+1]] {
		dst = append(dst, d)
	}
	return dst
}

// compose makes the canonical compositions of d, decomposed and in
// canonical order, in place, and returns the length of the result.
func compose(d []rune) int {
	starter := -1        // where the last starter is in the output
	lastCCC := uint32(0) // the combining class of the last code point written
	w := 0
	for _, r := range d {
		// Only the second code point of a primary composite, which has
		// NFC_Quick_Check=Maybe, composes with a starter before it; a
		// mapped code point, which has no props, is looked up anyway.
		leaf := idnaLeaf(r)
		p := uint32(propMaybe)
		if leaf&idnaMapped == 0 {
			p = idnaProps[leaf]
		}
		ccc := p & propCCC
		// r is blocked from the starter when a code point between them has
		// class 0 or one at least r's; in canonical order the last one
		// written has the highest.
		if p&propMaybe != 0 && starter >= 0 && (w == starter+1 || lastCCC != 0 && lastCCC < ccc) {
			if c, ok := composePair(d[starter], r); ok {
				d[starter] = c
				continue
			}
		}
		if ccc == 0 {
			starter = w
		}
		lastCCC = ccc
		d[w] = r
		w++
	}
	return w
}

// composePair returns the primary composite of a and b, if there is one.
func composePair(a, b rune) (rune, bool) {
	if l, v := a-hangulL, b-hangulV; 0 <= l && l < hangulLCount && 0 <= v && v < hangulVCount {
		return hangulS + (l*hangulVCount+v)*hangulTCount, true
	}
	if s, t := a-hangulS, b-hangulT; 0 <= s && s < hangulSCount && s%hangulTCount == 0 && 0 < t && t < hangulTCount {
		return a + t, true
	}
	key := uint64(a)<<42 | uint64(b)<<21
	i, _ := slices.BinarySearch(idnaCompositions[:], key)
	if i < len(idnaCompositions) && idnaCompositions[i]&^(1<<21-1) == key {
		return rune(idnaCompositions[i] & (1<<21 - 1)), true
	}
	return 0, false
}

// idnaCode says why UTS #46 refuses a domain.
type idnaCode uint8

const (
	errDisallowed idnaCode = iota + 1
	errLeadingMark
	errJoiner
	errBidi
	errACENotASCII
	errACEInvalid
	errACEEmpty
	errACEASCII
	errACEPrefix
	errACENotNFC
	errPunycodeOverflow
	errHyphen34
	errHyphenEnd
	errSTD3
	errLabelLength
	errDomainLength
)

// idnaError is why ToASCII refuses a domain: the code, the code point at
// fault (or the Bidi rule broken) and the label at fault, as offsets in
// the domain. Its zero value is no error. The message is made only when
// asked for, so that CanParse never builds one.
type idnaError struct {
	code    idnaCode
	r       rune
	at, end int
}

// fail returns the error code about the label being converted.
func (c *idnaConv) fail(code idnaCode, r rune) idnaError {
	return idnaError{code: code, r: r, at: c.label[0], end: c.label[1]}
}

// hint words e for a host error; domain is the domain it is about.
func (e idnaError) hint(domain string) string {
	label := quoteShort(domain[e.at:e.end])
	switch e.code {
	case errDisallowed:
		return "the label " + label + " holds " + cp(e.r) + ", which UTS #46 does not allow in a domain"
	case errLeadingMark:
		return "the label " + label + " starts with the combining mark " + cp(e.r)
	case errJoiner:
		if e.r == zwj {
			return "in the label " + label + ", U+200D ZERO WIDTH JOINER does not follow a virama (RFC 5892 Appendix A.2)"
		}
		return "in the label " + label + ", U+200C ZERO WIDTH NON-JOINER neither follows a virama nor stands between joining letters (RFC 5892 Appendix A.1)"
	case errBidi:
		return "the label " + label + " breaks rule " + strconv.Itoa(int(e.r)) + " of the Bidi rule (RFC 5893 §2), which every label of a domain with right-to-left letters must meet"
	case errACENotASCII:
		return "the Punycode label " + label + " holds " + cp(e.r) + ", which is not ASCII"
	case errACEInvalid:
		return "the label " + label + " starts with \"xn--\" but is not valid Punycode"
	case errACEEmpty:
		return "the label " + label + " has no Punycode after \"xn--\""
	case errACEASCII:
		return "the Punycode label " + label + " decodes to ASCII only"
	case errACEPrefix:
		return "the Punycode label " + label + " decodes to a label that starts with \"xn--\""
	case errACENotNFC:
		return "the Punycode label " + label + " decodes to a label that is not in NFC"
	case errPunycodeOverflow:
		return "the label " + label + " is too long for Punycode (its encoding overflows)"
	case errHyphen34:
		return "the label " + label + " has hyphens in its third and fourth places"
	case errHyphenEnd:
		return "the label " + label + " starts or ends with a hyphen"
	case errSTD3:
		return "the label " + label + " holds " + cp(e.r) + " (UseSTD3ASCIIRules allows letters, digits and hyphens)"
	case errLabelLength:
		return "the label " + label + " is empty or longer than 63 bytes in ASCII"
	}
	return "the domain is longer than 253 bytes in ASCII"
}

// cp writes r as U+ and at least four hex digits, then quoted.
func cp(r rune) string {
	hex := strings.ToUpper(strconv.FormatUint(uint64(r), 16))
	return "U+" + strings.Repeat("0", max(0, 4-len(hex))) + hex + " " + strconv.QuoteRune(r)
}

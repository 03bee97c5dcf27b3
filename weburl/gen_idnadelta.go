//go:build ignore

// gen_idnadelta writes idnadelta.go: the Unicode 17.0 data of UTS #46 that
// the host parser's domain-to-ASCII (idna.go) reads, which the tables Go
// 1.26 builds x/net/idna, x/text/unicode/bidi and x/text/unicode/norm with
// lack (they select their Unicode 17.0 tables from Go 1.27 on):
//   - per code point, its IDNA status and mapping (x/net/idna's Unicode
//     17.0 table, read with the URL Standard's flags: nontransitional, so a
//     deviation is valid; Unicode 16 dropped the STD3 statuses), whether it
//     is a combining mark (General_Category=Mark) and its joining type (the
//     same table's attributes), its Bidi class (x/text's Unicode 17.0 Bidi
//     table) and its canonical combining class (x/text's Unicode 17.0
//     normalization table);
//   - the canonical decompositions and compositions NFC needs (the same
//     normalization table).
//
// It reads the table files of the x/net and x/text versions go.mod
// requires, by building them with a small dumper in a temporary module: the
// module does not depend on their Unicode 17.0 build. It checks the
// assumptions idna.go makes about the data and fails when one no longer
// holds.
//
// Run with go generate in package weburl; -o names another file to write
// (idnadelta_test.go writes one to compare with idnadelta.go).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// dumper prints one line per scalar value: hex code point, IDNA status
// (valid, mapped, ignored or disallowed, with the URL Standard's flags),
// whether it is a combining mark (M or -), its joining type (U, L, D, R or
// T), its Bidi class, its canonical combining class, its full canonical
// decomposition (hex code points joined by ",", or - when it has none or
// NFC changes it), the pair it composes from if it is a primary composite
// (or -), and its mapping in Go syntax.
const dumper = `package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"dump/bidi"
	"dump/norm"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for r := rune(0); r <= 0x10FFFF; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		s := string(r)
		v, _ := trie.lookupString(s)
		x := info(v)
		status, m := "disallowed", ""
		switch x.category() {
		case valid, validNV8, validXV8, deviation:
			status = "valid"
		case mapped:
			status = "mapped"
			m = string(x.appendMapping(nil, s))
		case ignored:
			status = "ignored"
		case disallowed, unknown:
		default:
			status = "unknown"
		}
		mark := "-"
		if !x.isMapped() && x.isModifier() {
			mark = "M"
		}
		join := "U"
		if !x.isMapped() {
			join = [...]string{"U", "L", "D", "T", "R", "U", "U", "U"}[x.joinType()]
		}
		p, _ := bidi.LookupRune(r)
		ccc := norm.NFC.PropertiesString(s).CCC()
		nfd, pair := "-", "-"
		if d := []rune(norm.NFD.String(s)); len(d) > 1 || d[0] != r {
			if norm.NFC.String(s) == s {
				nfd = hexList(d)
				if first := []rune(norm.NFC.String(string(d[:len(d)-1]))); len(first) == 1 && len(d) > 1 {
					pair = hexList([]rune{first[0], d[len(d)-1]})
				}
			} else {
				nfd = "changed"
			}
		}
		fmt.Fprintf(w, "%X %s %s %s %s %d %s %s %q\n", r, status, mark, join, bidiClasses[p.Class()], ccc, nfd, pair, m)
	}
}

func hexList(rs []rune) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%X", r)
	}
	return b.String()
}

var bidiClasses = map[bidi.Class]string{
	bidi.L: "L", bidi.R: "R", bidi.EN: "EN", bidi.ES: "ES", bidi.ET: "ET", bidi.AN: "AN",
	bidi.CS: "CS", bidi.B: "B", bidi.S: "S", bidi.WS: "WS", bidi.ON: "ON", bidi.BN: "BN",
	bidi.NSM: "NSM", bidi.AL: "AL", bidi.LRO: "LRO", bidi.RLO: "RLO", bidi.LRE: "LRE",
	bidi.RLE: "RLE", bidi.PDF: "PDF", bidi.LRI: "LRI", bidi.RLI: "RLI", bidi.FSI: "FSI",
	bidi.PDI: "PDI",
}

func (c info) appendMapping(b []byte, s string) []byte {
	index := int(c >> indexShift)
	if c&xorBit == 0 {
		return append(b, mappings[mappingIndex[index]:mappingIndex[index+1]]...)
	}
	b = append(b, s...)
	if c&inlineXOR == inlineXOR {
		b[len(b)-1] ^= byte(index)
	} else {
		for p := len(b) - int(xorData[index]); p < len(b); p++ {
			index++
			b[p] ^= xorData[index]
		}
	}
	return b
}
`

// cpInfo is a dumper line.
type cpInfo struct {
	r       rune
	status  string
	mark    bool
	join    string
	bidi    string
	ccc     int
	nfd     []rune // nil when none
	changed bool   // NFC changes the code point
	pair    []rune // the primary composite's pair, nil when none
	mapping string
}

// The bits of a props value; idna.go declares the same constants.
const (
	propCCC       = 0xFF // canonical combining class
	propBidiShift = 8    // 4 bits: the Bidi class, bidiL to bidiOther
	propJoinShift = 12   // 3 bits: the joining type, joinU to joinT
	propMark      = 1 << 15
	propValid     = 1 << 16
	propDecomp    = 1 << 17 // a canonical decomposition in idnaDecomp
	propMaybe     = 1 << 18 // NFC_Quick_Check=Maybe: the second of a pair
)

// bidiCodes and joinCodes number the classes as idna.go does.
var (
	bidiCodes = map[string]uint32{"L": 0, "R": 1, "AL": 2, "AN": 3, "EN": 4, "ES": 5, "CS": 6,
		"ET": 7, "ON": 8, "BN": 9, "NSM": 10}
	joinCodes = map[string]uint32{"U": 0, "L": 1, "D": 2, "R": 3, "T": 4}
)

const bidiOther = 11

func main() {
	dest := flag.String("o", "idnadelta.go", "the file to write")
	flag.Parse()
	netDir, netVersion := module("golang.org/x/net")
	textDir, textVersion := module("golang.org/x/text")
	cps := parse(dump(filepath.Join(netDir, "idna"), textDir))
	check(cps)

	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by go run gen_idnadelta.go from golang.org/x/net %s and golang.org/x/text %s; DO NOT EDIT.\n\n",
		netVersion, textVersion)
	b.WriteString("package weburl\n\n")
	leaves, props, mapIndex, mapData := leafValues(cps)
	writeTrie(&b, leaves)
	ascii := make([]uint32, 0x80)
	for r := range ascii {
		if leaves[r]&0x8000 == 0 {
			ascii[r] = props[leaves[r]]
		}
	}
	writeUints(&b, "idnaASCIIProps", "holds the props values of ASCII, 0 for the capital letters, which\n// are mapped", "uint32", ascii)
	writeUints(&b, "idnaProps", "holds the props values of the code points that are not mapped, each\n// once: a leaf below idnaMapped indexes it", "uint32", props)
	writeUints(&b, "idnaMapIndex", "holds where each mapping starts in idnaMapData, and where the last\n// ends: the leaf idnaMapped|i maps to idnaMapData[idnaMapIndex[i]:idnaMapIndex[i+1]]", "uint16", mapIndex)
	fmt.Fprintf(&b, "// idnaMapData holds the mappings, in UTF-8.\nconst idnaMapData = %q\n\n", mapData)
	writeDecompositions(&b, cps)
	writeCompositions(&b, cps)
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*dest, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// module returns the folder and version of the module path that go.mod
// requires.
func module(path string) (dir, version string) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}} {{.Version}}", path).Output()
	if err != nil {
		log.Fatal(err)
	}
	dir, version, _ = strings.Cut(strings.TrimSpace(string(out)), " ")
	return dir, version
}

// parse reads the dumper's lines.
func parse(lines []string) []cpInfo {
	cps := make([]cpInfo, 0, len(lines))
	for _, line := range lines {
		f := strings.SplitN(line, " ", 9)
		m, err := strconv.Unquote(f[8])
		if err != nil {
			log.Fatalf("%s: %v", line, err)
		}
		c := cpInfo{r: hexRune(f[0]), status: f[1], mark: f[2] == "M", join: f[3], bidi: f[4], mapping: m}
		if c.ccc, err = strconv.Atoi(f[5]); err != nil {
			log.Fatal(err)
		}
		switch f[6] {
		case "-":
		case "changed":
			c.changed = true
		default:
			c.nfd = hexRunes(f[6])
		}
		if f[7] != "-" {
			c.pair = hexRunes(f[7])
		}
		cps = append(cps, c)
	}
	return cps
}

func hexRune(s string) rune {
	n, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		log.Fatal(err)
	}
	return rune(n)
}

func hexRunes(s string) []rune {
	var rs []rune
	for f := range strings.SplitSeq(s, ",") {
		rs = append(rs, hexRune(f))
	}
	return rs
}

// check fails when the data breaks an assumption of idna.go.
func check(cps []cpInfo) {
	byRune := make(map[rune]*cpInfo, len(cps))
	for i := range cps {
		byRune[cps[i].r] = &cps[i]
	}
	for _, c := range cps {
		switch {
		case c.status == "unknown":
			log.Fatalf("%U: a status other than valid, deviation, mapped, ignored and disallowed", c.r)
		case c.r < 0x80 && 'A' <= c.r && c.r <= 'Z':
			if c.status != "mapped" || c.mapping != string(c.r+'a'-'A') {
				log.Fatalf("%U: an ASCII capital that does not map to its small letter", c.r)
			}
		case c.r < 0x80 && c.status != "valid":
			// An ASCII label is valid without a lookup (UseSTD3ASCIIRules
			// is checked apart).
			log.Fatalf("%U: an ASCII code point that is not valid", c.r)
		case c.changed && c.status != "mapped" && c.status != "ignored":
			// NFC then never changes what mapping leaves, but by
			// composing.
			log.Fatalf("%U: NFC changes it, yet UTS #46 does not map it", c.r)
		case c.status == "mapped" && strings.Contains(c.mapping, ".") && c.mapping != ".":
			// Labels are split before mapping, at the code points that
			// map to ".".
			log.Fatalf("%U: maps to %q, a string with a dot", c.r, c.mapping)
		}
		for _, m := range c.mapping {
			if byRune[m].status != "valid" {
				log.Fatalf("%U: maps to %U, which is %s", c.r, m, byRune[m].status)
			}
		}
		if c.pair != nil && byRune[c.pair[0]].ccc != 0 {
			log.Fatalf("%U: composes from %U, which is not a starter", c.r, c.pair[0])
		}
		if c.pair != nil && c.pair[1] < 0x80 {
			// An ASCII code point is taken for a starter that composes
			// with nothing before it.
			log.Fatalf("%U: composes from %U, an ASCII code point", c.r, c.pair[1])
		}
	}
}

// leafValues returns each code point's leaf value (idnaMapped|i for the
// i-th mapping, ignored code points mapping to ""; else the index of its
// props value), the props values, and the mappings.
func leafValues(cps []cpInfo) (leaves []uint32, props []uint32, mapIndex []uint32, mapData string) {
	leaves = make([]uint32, 0x110000)
	propIndex := map[uint32]uint32{}
	mapIdx := map[string]uint32{}
	var data strings.Builder
	maybe := map[rune]bool{}
	for _, c := range cps {
		if c.pair != nil {
			maybe[c.pair[1]] = true
		}
	}
	// Hangul: each vowel and trailing jamo composes with what precedes it.
	for r := rune(0x1161); r <= 0x1175; r++ {
		maybe[r] = true
	}
	for r := rune(0x11A8); r <= 0x11C2; r++ {
		maybe[r] = true
	}
	// The disallowed code points outside the scalar values (surrogates)
	// get the leaf of U+10FFFF's kind: disallowed, nothing else.
	for i := range leaves {
		leaves[i] = 0xFFFF
	}
	for _, c := range cps {
		if c.status == "mapped" || c.status == "ignored" {
			i, ok := mapIdx[c.mapping]
			if !ok {
				i = uint32(len(mapIndex))
				mapIdx[c.mapping] = i
				mapIndex = append(mapIndex, uint32(data.Len()))
				data.WriteString(c.mapping)
			}
			leaves[c.r] = 0x8000 | i
			continue
		}
		bidi, ok := bidiCodes[c.bidi]
		if !ok {
			bidi = bidiOther
		}
		p := uint32(c.ccc) | bidi<<propBidiShift | joinCodes[c.join]<<propJoinShift
		if c.mark {
			p |= propMark
		}
		if c.status == "valid" {
			p |= propValid
		}
		if c.nfd != nil && !(0xAC00 <= c.r && c.r <= 0xD7A3) {
			p |= propDecomp
		}
		if maybe[c.r] {
			p |= propMaybe
		}
		i, ok := propIndex[p]
		if !ok {
			i = uint32(len(props))
			propIndex[p] = i
			props = append(props, p)
		}
		leaves[c.r] = i
	}
	mapIndex = append(mapIndex, uint32(data.Len()))
	if len(mapIndex) > 0x8000 || data.Len() > 0xFFFF || len(props) > 0x8000 {
		log.Fatalf("%d mappings of %d bytes and %d props values do not fit the leaves", len(mapIndex), data.Len(), len(props))
	}
	// The surrogates: disallowed, as a props value of their own.
	sur := uint32(bidiOther << propBidiShift)
	i, ok := propIndex[sur]
	if !ok {
		i = uint32(len(props))
		props = append(props, sur)
	}
	for r := 0xD800; r <= 0xDFFF; r++ {
		leaves[r] = i
	}
	return leaves, props, mapIndex, data.String()
}

// writeTrie writes the leaves as a three-level table, each level's blocks
// shared where equal, with the block sizes that make it smallest.
func writeTrie(b *bytes.Buffer, leaves []uint32) {
	best := -1
	var bestL1, bestL2, bestL3 []uint32
	var bestS2, bestS3 uint
	for s3 := uint(4); s3 <= 8; s3++ {
		for s2 := uint(3); s2+s3 <= 13; s2++ {
			l3, idx3 := blocks(leaves, 1<<s3)
			l2, idx2 := blocks(idx3, 1<<s2)
			size := 2*len(l3) + 2*len(l2) + 2*len(idx2)
			if best < 0 || size < best {
				best, bestL1, bestL2, bestL3, bestS2, bestS3 = size, idx2, l2, l3, s2, s3
			}
		}
	}
	b.WriteString("// The leaf of code point r is\n//\n")
	b.WriteString("//\tidnaL3[idnaL2[idnaL1[r>>idnaShift1]<<idnaShift2|r>>idnaShift3&idnaMask2]<<idnaShift3|r&idnaMask3]\n//\n")
	fmt.Fprintf(b, "// (%d bytes): a value of idnaProps, or idnaMapped|i for the i-th mapping.\n", best)
	fmt.Fprintf(b, "const (\n\tidnaShift1 = %d\n\tidnaShift2 = %d\n\tidnaShift3 = %d\n\tidnaMask2 = %#x\n\tidnaMask3 = %#x\n)\n\n",
		bestS2+bestS3, bestS2, bestS3, 1<<bestS2-1, 1<<bestS3-1)
	writeUints(b, "idnaL1", "holds the first level of the leaves' table", "uint16", bestL1)
	writeUints(b, "idnaL2", "holds the second level of the leaves' table", "uint16", bestL2)
	writeUints(b, "idnaL3", "holds the leaves", "uint16", bestL3)
}

// blocks cuts vs into blocks of n and returns the distinct blocks, one
// after the other, and for each block of vs the index of its copy.
func blocks(vs []uint32, n int) (out, index []uint32) {
	seen := map[string]uint32{}
	for i := 0; i < len(vs); i += n {
		block := vs[i:min(i+n, len(vs))]
		for len(block) < n {
			block = append(slices.Clip(block), 0xFFFF)
		}
		key := fmt.Sprint(block)
		k, ok := seen[key]
		if !ok {
			k = uint32(len(out) / n)
			seen[key] = k
			out = append(out, block...)
		}
		index = append(index, k)
	}
	if len(out)/n > 0xFFFF {
		log.Fatalf("%d blocks of %d", len(out)/n, n)
	}
	return out, index
}

// writeDecompositions writes the full canonical decompositions of the code
// points that have one and that UTS #46 neither maps nor ignores (a mapped
// code point never reaches NFC but in a Punycode label, which fails with
// it anyway), Hangul syllables apart, sorted.
func writeDecompositions(b *bytes.Buffer, cps []cpInfo) {
	var keys, index []uint32
	var data strings.Builder
	for _, c := range cps {
		if c.nfd == nil || c.status == "mapped" || c.status == "ignored" || 0xAC00 <= c.r && c.r <= 0xD7A3 {
			continue
		}
		keys = append(keys, uint32(c.r))
		index = append(index, uint32(data.Len()))
		data.WriteString(string(c.nfd))
	}
	index = append(index, uint32(data.Len()))
	writeUints(b, "idnaDecompKeys", "holds, sorted, the code points with the props bit propDecomp", "uint32", keys)
	writeUints(b, "idnaDecompIndex", "holds where the decomposition of idnaDecompKeys[i] starts in\n// idnaDecompData, and where the last ends", "uint16", index)
	fmt.Fprintf(b, "// idnaDecompData holds the full canonical decompositions, in UTF-8.\nconst idnaDecompData = %q\n\n", data.String())
}

// writeCompositions writes the primary composites (Hangul apart) as
// first<<42 | second<<21 | composite, sorted.
func writeCompositions(b *bytes.Buffer, cps []cpInfo) {
	var pairs []uint64
	for _, c := range cps {
		if c.pair != nil && !(0xAC00 <= c.r && c.r <= 0xD7A3) {
			pairs = append(pairs, uint64(c.pair[0])<<42|uint64(c.pair[1])<<21|uint64(c.r))
		}
	}
	slices.Sort(pairs)
	writeUintsPer(b, "idnaCompositions", "holds the primary composites as\n// first<<42 | second<<21 | composite, sorted", "uint64", pairs, 4)
}

// writeUints writes vs as an array of typ named name, 12 values a line.
func writeUints(b *bytes.Buffer, name, doc, typ string, vs []uint32) {
	writeUintsPer(b, name, doc, typ, vs, 12)
}

// writeUintsPer writes vs as an array of typ named name, perLine values a
// line.
func writeUintsPer[T uint32 | uint64](b *bytes.Buffer, name, doc, typ string, vs []T, perLine int) {
	fmt.Fprintf(b, "// %s %s.\n", name, doc)
	fmt.Fprintf(b, "var %s = [%d]%s{", name, len(vs), typ)
	for i, v := range vs {
		if i%perLine == 0 {
			b.WriteString("\n\t")
		} else {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, "%#x,", v)
	}
	b.WriteString("\n}\n\n")
}

var (
	buildTag      = regexp.MustCompile(`(?m)^//go:build .*$`)
	importComment = regexp.MustCompile(`(?m)^package (\w+) // import .*$`)
)

// copyFiles copies the files names of folder from into folder to, as
// package pkg, without build tags or import comments, importing
// x/text/transform as dump/transform.
func copyFiles(from, to, pkg string, names ...string) {
	if err := os.MkdirAll(to, 0o755); err != nil {
		log.Fatal(err)
	}
	for _, name := range names {
		src, err := os.ReadFile(filepath.Join(from, name))
		if err != nil {
			log.Fatal(err)
		}
		src = buildTag.ReplaceAll(src, nil)
		src = importComment.ReplaceAll(src, []byte("package $1"))
		src = regexp.MustCompile(`(?m)^package \w+$`).ReplaceAll(src, []byte("package "+pkg))
		src = bytes.ReplaceAll(src, []byte(`"golang.org/x/text/transform"`), []byte(`"dump/transform"`))
		if err := os.WriteFile(filepath.Join(to, name), src, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// dump builds x/net/idna's Unicode 17.0 table, with x/text's Unicode 17.0
// Bidi and normalization tables, into the dumper and returns its lines,
// one per scalar value.
func dump(idnaDir, textDir string) []string {
	tmp, err := os.MkdirTemp("", "idnadelta")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	copyFiles(idnaDir, tmp, "main", "tables17.0.0.go", "trie.go", "trieval.go")
	copyFiles(filepath.Join(textDir, "unicode", "bidi"), filepath.Join(tmp, "bidi"), "bidi",
		"bidi.go", "bracket.go", "core.go", "prop.go", "trieval.go", "tables17.0.0.go")
	copyFiles(filepath.Join(textDir, "unicode", "norm"), filepath.Join(tmp, "norm"), "norm",
		"composition.go", "forminfo.go", "input.go", "iter.go", "normalize.go",
		"readwriter.go", "tables17.0.0.go", "transform.go", "trie.go")
	copyFiles(filepath.Join(textDir, "transform"), filepath.Join(tmp, "transform"), "transform", "transform.go")
	files := map[string]string{"main.go": dumper, "go.mod": "module dump\n\ngo 1.21\n"}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		log.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

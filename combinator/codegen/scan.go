package codegen

import (
	"fmt"
	"strings"

	c "github.com/seed42851778/rfc3986/combinator"
)

// runLoop is the loop of an unbounded run of the fused node r: the scan of
// the bytes of r's set (runScan) and, when r takes pct-encoded triplets,
// the test of a triplet after it, where a run seldom goes. The byte the
// run stopped at is tested first, in the form that lets the compiler drop
// its bounds check (uint(p) < uint(len(in))), and the length of a triplet
// only after a "%": a run mostly stops at the end of the input or at a
// delimiter, where slicing in[p:] first costs more. The triplets that
// follow a triplet are taken in a loop of their own: percent-encoded UTF-8
// comes in runs ("%E6%97%A5" is one character), and a step of the scan for
// each triplet stops at its "%" at once (measured: see BENCHMARKS.md,
// "Session 12, second part").
func (f *genFunc) runLoop(r *node) string {
	if r.pct && f.coldRuns() {
		f.g.runs, f.g.scanFunc, f.g.scanPct = true, true, true
		return fmt.Sprintf("p = %sScanPct(in, p, &%s, &%s)", f.g.prefix(), f.g.table(r.set), f.g.table(c.HexDigSet))
	}
	loop := f.runScan(r.set)
	if !r.pct {
		return loop
	}
	h := f.g.table(c.HexDigSet)
	return fmt.Sprintf(`for {
%[1]s
if uint(p) >= uint(len(in)) || in[p] != '%%' || len(in)-p < 3 || %[2]s[in[p+1]] == 0 || %[2]s[in[p+2]] == 0 {
break
}
p += 3
for len(in)-p >= 3 && in[p] == '%%' && %[2]s[in[p+1]] != 0 && %[2]s[in[p+2]] != 0 {
p += 3
}
}`, loop, h)
}

// runScan is the scan of the run of the bytes of set from p, written out
// where it is used: eight bytes a step while eight are left, the step ANDing
// their eight table entries (one branch for eight bytes where bool tables
// took eight; it is why the tables hold uint8). Where the step fails, the
// run stopped in it: the entries are 1 for a byte of the set, 0 for any
// other, so the ANDs of the first one, two, ... seven entries, which the
// compiler keeps from the step's own chain of ANDs, are 1 as long as the
// bytes so far are of the set, and their sum is the number of bytes of the
// set before the stop, found without a branch and without reading the
// bytes again. A run that reaches the last eight bytes of in, the run that
// ends the input as most do, tests them as a step does: all of the set, the
// run ends at the end of in; else a call of Prefix + "Scan" finds where,
// packing the entries of the last eight bytes into a word (Prefix + "Word")
// whose trailing ones Prefix + "Stop" counts (only an input shorter than
// eight bytes is scanned byte by byte). That call, seldom made, saves the
// size of that code written out at every run, which is what a program that
// parses URIs links (measured: see BENCHMARKS.md, "Noise" and "What a
// program links").
//
// It finds the stop without a loop because where a run ends is not
// predictable: a loop to the stop byte by byte has its exit mispredicted
// about once a run (measured: see BENCHMARKS.md, "Issue 14, session 9").
// The bytes are in[p:][:8], one bounds check (p <= len(in)) where
// in[p : p+8] takes two, p+8 being able to overflow for all the compiler
// knows. A function holding this loop is over the Go compiler's inlining
// budget, and a call a run shows in the parse of every URI (measured: see
// BENCHMARKS.md, "Issue 14, session 6", and this generator's commit log),
// so it is written out; the runs of ColdRules, seldom met, and of the
// diagnoses are calls (scanSource).
func (f *genFunc) runScan(set c.CharSet) string {
	f.g.runs = true
	if f.coldRuns() {
		f.g.scanFunc = true
		return fmt.Sprintf("p = %sScan(in, p, &%s)", f.g.prefix(), f.g.table(set))
	}
	t := f.g.table(set)
	f.g.scanFunc = true
	return fmt.Sprintf(`for {
if len(in)-p < 8 {
if n := len(in); n >= 8 && %[1]sAll(in[n-8:], &%[2]s) {
p = n
} else {
p = %[1]sScan(in, p, &%[2]s)
}
break
}
if q := in[p:][:8]; %[3]s == 0 {
%[4]s
break
}
p += 8
}`, f.g.prefix(), t, andEntries(t), leadSum(t, "p"))
}

// andEntries is the AND of the entries in the table t of the eight bytes
// of q, first to last: the compiler computes it as a chain, whose first
// links leadSum reads.
func andEntries(t string) string {
	var and []string
	for i := range 8 {
		and = append(and, fmt.Sprintf("%s[q[%d]]", t, i))
	}
	return strings.Join(and, "&")
}

// leadSum is the code that adds to v the number of bytes of the table t
// that begin q, which are not all eight: the sum of the ANDs of the first
// one to seven entries (runScan), one expression whose common parts the
// compiler computes once.
func leadSum(t, v string) string {
	var terms []string
	and := ""
	for i := range 7 {
		if i > 0 {
			and += "&"
		}
		and += fmt.Sprintf("%s[q[%d]]", t, i)
		terms = append(terms, and)
	}
	return fmt.Sprintf("%s += int(%s)", v, strings.Join(terms, " + "))
}

// runSource is the functions that the scans of runScan call, each small
// enough for the compiler to inline, which one holding them all is not.
// The bytes before the last r are shifted out of the word, and a 1 at
// byte r stands for the end when all r are of set (none when r is 8: a
// shift by 64 is 0, and the count of trailing zeros of 0 is 64, eight
// bytes).
func (g *Generator) runSource() string {
	if !g.runs {
		return ""
	}
	return g.scanSource() + fmt.Sprintf(`// %[1]sAll reports whether the eight bytes of q are all of set.
func %[1]sAll(q string, set *[256]uint8) bool {
	return set[q[0]]&set[q[1]]&set[q[2]]&set[q[3]]&set[q[4]]&set[q[5]]&set[q[6]]&set[q[7]] != 0
}

// %[1]sWord packs the entries in set of the eight bytes of q, in their
// order from the lowest byte.
func %[1]sWord(q string, set *[256]uint8) uint64 {
	return uint64(set[q[0]]) | uint64(set[q[1]])<<8 | uint64(set[q[2]])<<16 | uint64(set[q[3]])<<24 |
		uint64(set[q[4]])<<32 | uint64(set[q[5]])<<40 | uint64(set[q[6]])<<48 | uint64(set[q[7]])<<56
}

// %[1]sStop returns the offset, in the last r of the eight bytes whose
// entries w packs, of the first byte not of the set, or r when all r are.
func %[1]sStop(w uint64, r int) int {
	return bits.TrailingZeros64((^w&0x0101010101010101)>>(uint(8-r)*8)|1<<(uint(r)*8)) >> 3
}

`, g.prefix())
}

// coldRuns reports whether the runs of the code being emitted are scanned
// by a call of Prefix + "Scan" rather than written out (runScan): in a
// diagnosis, and in the rules of Generator.ColdRules.
func (f *genFunc) coldRuns() bool {
	return f.nocaps || f.cold > 0
}

// scanSource is the functions that scan a run where it is not written out
// (coldRuns): the loop of runScan, and of runLoop where a run takes
// pct-encoded triplets.
func (g *Generator) scanSource() string {
	var b strings.Builder
	if g.scanFunc {
		fmt.Fprintf(&b, `// %[1]sScan returns the end of the run of the bytes of set from p in in,
// as the runs written out in the matchers find it: eight bytes a step, then
// where the run stopped without a branch (in the last eight bytes of in, by
// %[1]sWord and %[1]sStop).
func %[1]sScan(in string, p int, set *[256]uint8) int {
	for {
		if len(in)-p < 8 {
			if n := len(in); n >= 8 {
				return p + %[1]sStop(%[1]sWord(in[n-8:], set), n-p)
			}
			for uint(p) < uint(len(in)) && set[in[p]] != 0 {
				p++
			}
			return p
		}
		if q := in[p:][:8]; %[2]s == 0 {
			%[3]s
			return p
		}
		p += 8
	}
}

`, g.prefix(), andEntries("set"), leadSum("set", "p"))
	}
	if g.scanPct {
		fmt.Fprintf(&b, `// %[1]sScanPct is %[1]sScan of a run that takes pct-encoded triplets too,
// whose hexadecimal digits are the bytes of hex.
func %[1]sScanPct(in string, p int, set, hex *[256]uint8) int {
	for {
		p = %[1]sScan(in, p, set)
		if uint(p) >= uint(len(in)) || in[p] != '%%' || len(in)-p < 3 || hex[in[p+1]] == 0 || hex[in[p+2]] == 0 {
			return p
		}
		p += 3
	}
}

`, g.prefix())
	}
	return b.String()
}

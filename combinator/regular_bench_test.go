package combinator_test

import (
	"runtime"
	"testing"

	"github.com/seed42851778/rfc3986/combinator"
	"github.com/seed42851778/rfc3986/combinator/abnf"
	"github.com/seed42851778/rfc3986/properties/rulegen"
)

// BenchmarkRegularRules measures Match on every regular rule (one that runs
// on an automaton: combinator.IsRegular) of every grammar shipped with
// combinator/abnf, on strings drawn from it by rulegen, one sub-benchmark a
// rule, named grammar/rule, each reporting cpu-ns/B over the bytes of its
// strings. Issue 40 asks for at most 20 ns a byte on every regular rule of
// RFC grammars; the worst rows are
//
//	go test -run '^$' -bench RegularRules -cpu 1 -benchtime 200x ./combinator |
//	  awk '/cpu-ns\/B/ {print $(NF-1)/1, $1}' | sort -rn | head
//
// A rule is measured once, in the first grammar (by name) that defines it
// with that text: the core rules of RFC 5234 are imported by most.
func BenchmarkRegularRules(b *testing.B) {
	seen := map[string]bool{}
	for _, name := range abnf.RFCs() {
		g := abnf.MustRFC(name)
		for _, rn := range g.Names() {
			r := g.MustRule(rn)
			key := rn + "\x00" + r.Grammar()
			if seen[key] || !combinator.IsRegular(r) {
				continue
			}
			seen[key] = true
			ins, size := regularInputs(b, r)
			if size == 0 {
				continue // only the empty string (path-empty): no byte to measure
			}
			b.Run(name+"/"+rn, func(b *testing.B) {
				b.SetBytes(int64(size))
				cpu := cpuTime()
				for b.Loop() {
					for _, s := range ins {
						r.Match(s)
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/float64(size), "cpu-ns/B")
			})
		}
	}
}

// regularInputs draws 64 strings of r (rulegen.Strings, seeds 0 to 63),
// checking that r matches each, and returns them with their bytes summed.
func regularInputs(b *testing.B, r *combinator.Rule) ([]string, int) {
	gen := rulegen.Strings(r)
	var ins []string
	size := 0
	for seed := 0; seed < 64; seed++ {
		s := gen.Example(seed)
		if !r.Match(s) {
			b.Fatalf("%s does not match %q, drawn from it", r.Name(), s)
		}
		ins = append(ins, s)
		size += len(s)
	}
	runtime.GC()
	return ins, size
}

package combinator

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// automatonCases are regular definitions beside the Go regular expressions
// of their languages, an independent reading: two small enough for
// compileDFA to build whole (smallDFA), one whose automaton must stay lazy
// (the 13th byte from the end is an "a": 2^13 states), and one past
// maxStates, whose matches flush the cache.
var automatonCases = []struct {
	name  string
	body  *Rule
	re    string
	whole bool
}{
	{"ALPHA", Class(ByteRange('A', 'Z').Union(ByteRange('a', 'z'))), `^[A-Za-z]$`, true},
	{"time", Seq(Rep(2, 2, Class(ByteRange('0', '9'))), Lit(":"), Rep(2, 2, Class(ByteRange('0', '9')))), `^[0-9]{2}:[0-9]{2}$`, true},
	{"a-12-from-end", Seq(Star(Class(Chars("ab"))), Lit("a"), Rep(12, 12, Class(Chars("ab")))), `^[ab]*a[ab]{12}$`, false},
	{"a-16-from-end", Seq(Star(Class(Chars("ab"))), Lit("a"), Rep(16, 16, Class(Chars("ab")))), `^[ab]*a[ab]{16}$`, false},
}

// TestSmallAutomatonIsBuiltWhole: compileDFA builds every transition of an
// automaton within smallDFA, so that its matches take no lock, and leaves a
// larger one to be built as matches need it.
func TestSmallAutomatonIsBuiltWhole(t *testing.T) {
	for _, tc := range automatonCases {
		d := compileDFA(tc.body)
		if d == nil {
			t.Fatalf("%s: no automaton", tc.name)
		}
		c := d.cache.Load()
		if c.complete != tc.whole {
			t.Errorf("%s: complete = %v, want %v (%d states)", tc.name, c.complete, tc.whole, len(c.sets))
		}
		if !c.complete {
			continue
		}
		for i, v := range c.trans {
			if v == 0 {
				t.Errorf("%s: transition %d of a complete automaton not built", tc.name, i)
			}
		}
		for s := range c.sets {
			loops := false
			for k := 0; k < d.ncls; k++ {
				loops = loops || d.state(c.trans[s*d.ncls+k]) == int32(s)
			}
			if s > 0 && loops != (c.loops[s] != nil) {
				t.Errorf("%s: state %d loops %v, table %v", tc.name, s, loops, c.loops[s] != nil)
			}
		}
	}
}

// TestAutomatonMatchesConcurrently matches each case's automaton from
// several goroutines at once, complete ones without the lock and lazy ones
// adding states and flushing, against the regular expression: under -race
// it also shows that a complete cache is only read.
func TestAutomatonMatchesConcurrently(t *testing.T) {
	inputs := automatonInputs()
	for _, tc := range automatonCases {
		d := compileDFA(tc.body)
		re := regexp.MustCompile(tc.re)
		var wg sync.WaitGroup
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range inputs {
					s := inputs[(i*7+g*13)%len(inputs)]
					if got, want := d.longest(s, 0) == len(s), re.MatchString(s); got != want {
						t.Errorf("%s: match of %q = %v, want %v", tc.name, s, got, want)
						return
					}
				}
			}()
		}
		wg.Wait()
		if tc.name == "a-16-from-end" && d.flushes.Load() == 0 {
			t.Errorf("%s: no flush of the cache (%d states)", tc.name, len(d.cache.Load().sets))
		}
	}
}

// automatonInputs returns strings over "ab09:Z" of every length to 3, and
// longer random strings of "a" and "b" that the lazy cases read deep into:
// more windows of 17 bytes than maxStates, so that the last case flushes.
func automatonInputs() []string {
	ins := []string{""}
	for n := 1; n <= 3; n++ {
		for _, s := range ins {
			if len(s) == n-1 {
				for _, c := range "ab09:Z" {
					ins = append(ins, s+string(c))
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 600; i++ {
		var b strings.Builder
		for j := 0; j < 14+i%50; j++ {
			b.WriteByte("ab"[r.IntN(2)])
		}
		ins = append(ins, b.String(), "12:34", "1:234")
	}
	return ins
}

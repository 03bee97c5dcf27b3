package combinator

import (
	"sync"
	"testing"
)

// TestPrepareConcurrent matches fresh grammars that share a subtree from
// several goroutines at once, so that their preparations race: under the
// race detector (go test -race) this checks that preparation is safe for
// concurrent use, and in any case that every goroutine sees a prepared tree.
func TestPrepareConcurrent(t *testing.T) {
	for round := 0; round < 20; round++ {
		shared := Seq(Plus(Class(PCharSet)), Star(Seq(Lit("/"), Star(Alt(Class(PCharSet), Seq(Lit("%"), HEXDIG, HEXDIG))))))
		a := Seq(Lit("a:"), shared, End)
		b := Alt(Seq(Lit("b:"), shared), Named("x", Capture(0, shared)))
		var wg sync.WaitGroup
		errs := make(chan string, 16)
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if !a.Match("a:x/y%41") || a.Match("a:x/%4") {
					errs <- "a"
				}
				var sp [1]Span
				if !b.Captures("q/r", sp[:]) || sp[0] != (Span{0, 3}) {
					errs <- "b"
				}
				if !shared.First().Contains('x') || shared.Nullable() {
					errs <- "view"
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("round %d: %s matched wrongly", round, e)
		}
	}
}

// TestConstructorsDoNotPrepare checks that building a rule computes nothing
// until it is used: the node is not ready, and no table is made.
func TestConstructorsDoNotPrepare(t *testing.T) {
	r := Star(Class(PCharSet))
	if r.ready.Load() || r.tab != nil {
		t.Fatal("a constructor prepared its node")
	}
	if !r.Match("abc") || !r.ready.Load() || !r.subs[0].ready.Load() || r.fast != fRun {
		t.Fatal("a match did not prepare the tree")
	}
}

// TestPreparedAllocs checks that a match of a prepared rule allocates
// nothing.
func TestPreparedAllocs(t *testing.T) {
	URIReference.Match("")
	if n := testing.AllocsPerRun(100, func() { URIReference.Match("http://a/b?c#d") }); n != 0 {
		t.Fatalf("%v allocations per match", n)
	}
}

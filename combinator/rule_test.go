package combinator

import (
	"math"
	"testing"
)

// TestCaptureSlotRange: Capture takes the slots 0 to math.MaxInt16, both
// ends usable (Captures fills the last one), and panics on a slot past
// either end, as on any mistake in a grammar written once.
func TestCaptureSlotRange(t *testing.T) {
	for _, slot := range []int{0, math.MaxInt16} {
		spans := make([]Span, slot+1)
		if !Seq(Lit("x"), Capture(slot, Lit("ab"))).Captures("xab", spans) || spans[slot] != (Span{1, 3}) {
			t.Errorf("Capture(%d): spans[%d] = %v, want {1 3}", slot, slot, spans[slot])
		}
	}
	for _, slot := range []int{-1, math.MaxInt16 + 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Capture(%d) did not panic", slot)
				}
			}()
			Capture(slot, Lit("a"))
		}()
	}
}

func TestRepPanicsOnBadBounds(t *testing.T) {
	for _, b := range [][2]int{{-1, 1}, {2, 1}, {0, -2}, {5, 4}, {-1, Unbounded}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Rep(%d, %d) did not panic", b[0], b[1])
				}
			}()
			Rep(b[0], b[1], Lit("a"))
		}()
	}
	for _, b := range [][2]int{{0, 0}, {0, Unbounded}, {3, 3}, {1, 2}} {
		Rep(b[0], b[1], Lit("a"))
	}
	for _, slot := range []int{-1, 1 << 20} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Capture(%d) did not panic", slot)
				}
			}()
			Capture(slot, Lit("a"))
		}()
	}
}

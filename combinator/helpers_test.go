package combinator

import "testing"

// ok asserts that each input matches rule r as a whole.
func ok(t *testing.T, r *Rule, inputs ...string) {
	t.Helper()
	for _, s := range inputs {
		if !r.Match(s) {
			t.Errorf("%s: %q should match: %v", r.Name(), s, r.Check(s))
		}
	}
}

// bad asserts that no input matches rule r as a whole.
func bad(t *testing.T, r *Rule, inputs ...string) {
	t.Helper()
	for _, s := range inputs {
		if r.Match(s) {
			t.Errorf("%s: %q should not match", r.Name(), s)
		}
	}
}

// plainMatch matches r at pos of s with the unprepared matcher: no fused
// forms and no skipping by first bytes, the ABNF-literal reading of the
// constructors. It records captures into spans (reset to NoSpan first).
func plainMatch(r *Rule, s string, pos int, spans []Span) int {
	r.prepared()
	size := 16
	for {
		for i := range spans {
			spans[i] = NoSpan
		}
		m := matcher{mode: modePlain, spans: spans, undo: make([]undoEntry, size)}
		e := m.match(r, s, pos)
		if !m.overflow {
			return e
		}
		size *= 4
	}
}

package builder

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"pgregory.net/rapid"
)

// params writes k0=v0&k1=v1&… for i in [from, to): the query a chain of
// QueryParam("k<i>", "v<i>") calls makes, by hand.
func params(from, to int) string {
	var parts []string
	for i := from; i < to; i++ {
		parts = append(parts, "k"+strconv.Itoa(i)+"=v"+strconv.Itoa(i))
	}
	return strings.Join(parts, "&")
}

// Two chains branched from one Builder, at every step of a long chain, see
// none of each other's parameters or segments: the growable text is shared
// copy-on-write, and a Builder's path and query never change.
func TestChainBranchesAreIndependent(t *testing.T) {
	const n = 200
	chain := make([]Builder, n+1)
	chain[0] = New().Scheme("s").Host("h")
	for i := range n {
		chain[i+1] = chain[i].QueryParam("k"+strconv.Itoa(i), "v"+strconv.Itoa(i)).AppendSegments(strconv.Itoa(i))
	}
	path := func(to int) string {
		var b strings.Builder
		for i := range to {
			b.WriteString("/" + strconv.Itoa(i))
		}
		return b.String()
	}
	// Branch from every step, last first, so that each branch appends
	// where the longer chain's bytes already stand.
	branch := make([]Builder, n+1)
	for i := n; i >= 0; i-- {
		b := chain[i]
		for range 4 { // more than the pending slots hold: the text is written
			b = b.QueryParam("x", "y").AppendSegments("z")
		}
		branch[i] = b
	}
	for i := 0; i <= n; i++ {
		want := "s://h" + path(i)
		if i > 0 {
			want += "?" + params(0, i)
		}
		if got := chain[i].MustBuild().String(); got != want {
			t.Fatalf("chain[%d] = %q, want %q", i, got, want)
		}
		q := params(0, i)
		if q != "" {
			q += "&"
		}
		if got, want := branch[i].MustBuild().String(), "s://h"+path(i)+"/z/z/z/z?"+q+"x=y&x=y&x=y&x=y"; got != want {
			t.Fatalf("branch[%d] = %q, want %q", i, got, want)
		}
	}
}

// Builders made by the same calls compare equal with == (the Builder's
// doc), long chains included: the texts compare by their bytes.
func TestChainSameCallsEqual(t *testing.T) {
	make1 := func() Builder {
		b := New().Scheme("s").Host("h")
		for i := range 50 {
			b = b.QueryParam("k", strconv.Itoa(i)).AppendSegments("p")
		}
		return b
	}
	if a, b := make1(), make1(); a != b {
		t.Error("two chains of the same calls differ")
	}
}

// Goroutines branching from one Builder at once each get their own chain
// (run with -race: the claims on the shared text are atomic).
func TestChainConcurrentBranches(t *testing.T) {
	base := New().Scheme("s").Host("h")
	for i := range 20 {
		base = base.QueryParam("k"+strconv.Itoa(i), "v"+strconv.Itoa(i))
	}
	const workers = 8
	got := make([]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			b := base
			for i := range 100 {
				b = b.QueryParam("w"+strconv.Itoa(w), strconv.Itoa(i))
			}
			got[w] = b.MustBuild().String()
		})
	}
	wg.Wait()
	for w := range workers {
		var want strings.Builder
		want.WriteString("s://h?" + params(0, 20))
		for i := range 100 {
			want.WriteString("&w" + strconv.Itoa(w) + "=" + strconv.Itoa(i))
		}
		if got[w] != want.String() {
			t.Errorf("worker %d: %q", w, got[w])
		}
	}
	if got, want := base.MustBuild().String(), "s://h?"+params(0, 20); got != want {
		t.Errorf("base changed: %q", got)
	}
}

// A chain of n QueryParam or AppendSegments calls allocates O(n) bytes, not
// the O(n²) of writing the whole component at each call: at most 200 bytes
// a call at n = 20,000, seven segments a call included (quadratic, one
// segment a call took about 20 KiB a call at 10,000).
func TestChainAllocatesLinearly(t *testing.T) {
	const n = 20_000
	for _, tc := range []struct {
		name string
		step func(Builder) Builder
	}{
		{"QueryParam", func(b Builder) Builder { return b.QueryParam("k", "v") }},
		{"AppendSegments", func(b Builder) Builder { return b.AppendSegments("seg") }},
		// More segments than the pending slots hold: written at once.
		{"AppendSegments of 7", func(b Builder) Builder { return b.AppendSegments("a", "b", "c", "d", "e", "f", "g") }},
		// After six pending segments a parameter is written at once.
		{"QueryParam after Segments", func(b Builder) Builder { return b.QueryParam("k", "v") }},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		b := New().Scheme("s").Host("h")
		if strings.HasSuffix(tc.name, "after Segments") {
			b = b.Segments("a", "b", "c", "d", "e", "f")
		}
		for range n {
			b = tc.step(b)
		}
		if _, err := b.Build(); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 200 {
			t.Errorf("%s: %d bytes a call", tc.name, per)
		}
	}
}

// A tree of Builders grown by random QueryParam, AppendSegments and
// resetting setters from random earlier Builders builds, for every node,
// the URI a model of plain string concatenation predicts.
func TestChainPropertyTreeOfBranches(t *testing.T) {
	type node struct {
		b           Builder
		path, query string // expected, encoded
		hasQuery    bool
	}
	word := rapid.StringMatching(`[a-z ]{0,6}`)
	enc := func(s string) string { return strings.ReplaceAll(s, " ", "%20") }
	rapid.Check(t, func(t *rapid.T) {
		nodes := []node{{b: New().Scheme("s").Host("h")}}
		for range rapid.IntRange(1, 60).Draw(t, "steps") {
			from := nodes[rapid.IntRange(0, len(nodes)-1).Draw(t, "from")]
			nd := from
			switch rapid.IntRange(0, 4).Draw(t, "op") {
			case 0, 1: // up to 4 calls: past the pending slots, the text is written
				for range rapid.IntRange(1, 4).Draw(t, "calls") {
					k, v := word.Draw(t, "k"), word.Draw(t, "v")
					nd.b = nd.b.QueryParam(k, v)
					if nd.query != "" {
						nd.query += "&"
					}
					nd.query += enc(k) + "=" + enc(v)
					nd.hasQuery = true
				}
			case 2, 3:
				for range rapid.IntRange(1, 3).Draw(t, "calls") {
					seg := "x" + word.Draw(t, "seg") // never empty, never a dot segment
					nd.b = nd.b.AppendSegments(seg)
					nd.path += "/" + enc(seg)
				}
			case 4:
				if rapid.Bool().Draw(t, "query") {
					nd.b, nd.query, nd.hasQuery = from.b.WithoutQuery(), "", false
				} else {
					nd.b, nd.path = from.b.Path("/r"), "/r"
				}
			}
			nodes = append(nodes, nd)
		}
		for i, nd := range nodes {
			want := "s://h" + nd.path
			if nd.hasQuery {
				want += "?" + nd.query
			}
			if got := nd.b.MustBuild().String(); got != want {
				t.Fatalf("node %d: %q, want %q", i, got, want)
			}
		}
	})
}

// appendText keeps its promise when write passes its limit (no caller
// does: each counts the worst case): the result is still s and all that
// write appended, and a claim given back leaves the text growable in place.
func TestAppendTextPastLimit(t *testing.T) {
	write := func(add string) func([]byte) []byte {
		return func(dst []byte) []byte { return append(dst, add...) }
	}
	s := appendText("", "", 4, write("ab"))
	if s != "ab" {
		t.Fatalf("appendText = %q", s)
	}
	if got := appendText("", "", 2, write("abcdef")); got != "abcdef" {
		t.Errorf("a new text past its limit: %q", got)
	}
	if got := appendText(s, s, 2, write("xyzxyz")); got != "abxyzxyz" {
		t.Errorf("in place past the limit: %q", got)
	}
	got := appendText(s, s, 1, write("c"))
	if got != "abc" || unsafe.StringData(got) != unsafe.StringData(s) {
		t.Errorf("after a claim given back: %q, in place %v", got, unsafe.StringData(got) == unsafe.StringData(s))
	}
	// s is no longer the last string of its text: a copy.
	if got2 := appendText(s, s, 1, write("d")); got2 != "abd" || unsafe.StringData(got2) == unsafe.StringData(s) || got != "abc" {
		t.Errorf("a second branch: %q (in place %v), first %q", got2, unsafe.StringData(got2) == unsafe.StringData(s), got)
	}
}

// newText holds at least the bytes asked for, after its header, and says
// so in its header.
func TestNewTextSize(t *testing.T) {
	for _, size := range []int{0, 1, 7, 8, 9, 48, 97, 100, 1000} {
		h, data := newText(size)
		if h.size < int64(size) || int64(len(data)) != h.size || h.used.Load() != 0 {
			t.Errorf("newText(%d): size %d, %d bytes, used %d", size, h.size, len(data), h.used.Load())
		}
	}
}

// appendText appends in place up to the last byte of its text, copies
// past it, and copies when write returns bytes other than those it was
// given.
func TestAppendTextEdges(t *testing.T) {
	write := func(add string) func([]byte) []byte {
		return func(dst []byte) []byte { return append(dst, add...) }
	}
	half := strings.Repeat("a", minText/2)
	s := appendText("", "", len(half), write(half)) // a text of minText bytes
	if h, _ := textOf(s, s); h == nil || h.size != minText {
		t.Fatalf("the text of %q holds %v bytes, want %d", s, h, minText)
	}
	full := appendText(s, s, len(half), write(half))
	if full != half+half || unsafe.StringData(full) != unsafe.StringData(s) {
		t.Errorf("an exact fit: %q, in place %v", full, unsafe.StringData(full) == unsafe.StringData(s))
	}
	past := appendText(full, full, 1, write("b"))
	if past != full+"b" || unsafe.StringData(past) == unsafe.StringData(full) {
		t.Errorf("past the end: %q, in place %v", past, unsafe.StringData(past) == unsafe.StringData(full))
	}
	foreign := appendText(past, past, 2, func([]byte) []byte { return []byte("zz") })
	if foreign != past+"zz" {
		t.Errorf("write returning other bytes: %q", foreign)
	}
}

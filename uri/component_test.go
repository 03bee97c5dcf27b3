package uri

import "testing"

// TestPercentEncodeUnknownComponent: a Component past the last one
// (ComponentUnreserved) or below the first allows only unreserved characters
// (PercentEncode's doc; §2.3), so every other byte is encoded (§2.1).
func TestPercentEncodeUnknownComponent(t *testing.T) {
	for _, k := range []Component{ComponentUnreserved + 1, ComponentUnreserved + 2, -1} {
		if got, want := PercentEncode("a-b/c?d@e~", k), "a-b%2Fc%3Fd%40e~"; got != want {
			t.Errorf("PercentEncode(…, %d) = %q, want %q", k, got, want)
		}
	}
}

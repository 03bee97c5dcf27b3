package builder

import (
	"strings"
	"testing"
)

// TestBuildOneLongComponent builds URIs in which one component is much
// longer than all the others together: the length Build computes to
// recompose them (§5.3) must add every component. Kills the mutants of
// build's `len(…) + len(port) + …` that subtract one length, which make the
// total negative and strings.Builder.Grow panic.
func TestBuildOneLongComponent(t *testing.T) {
	long := strings.Repeat("9", 40)
	for _, tt := range []struct {
		b    Builder
		want string
	}{
		{New().RawPort(long), "//:" + long},
		{New().Scheme("s" + long), "s" + long + ":"},
		{New().RawUserInfo(long), "//" + long + "@"},
		{New().RawHost("h" + long), "//h" + long},
		{New().RawPath("/" + long), "/" + long},
		{New().RawQuery(long), "?" + long},
		{New().RawFragment(long), "#" + long},
	} {
		u, err := tt.b.Build()
		if err != nil || u.String() != tt.want {
			t.Errorf("Build() = %q, %v; want %q", u.String(), err, tt.want)
		}
	}
}

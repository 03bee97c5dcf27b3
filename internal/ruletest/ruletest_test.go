package ruletest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// prefixRule matches the strings that start with its prefix, independently
// of any grammar package.
type prefixRule string

func (p prefixRule) Name() string        { return "prefix-" + string(p) }
func (p prefixRule) Match(s string) bool { return strings.HasPrefix(s, string(p)) }
func (p prefixRule) Check(s string) error {
	if p.Match(s) {
		return nil
	}
	return errors.New("no prefix")
}

// recordingTB records the errors OK and Bad report instead of failing.
type recordingTB struct {
	testing.TB
	errs []string
}

func (r *recordingTB) Helper() {}
func (r *recordingTB) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func TestOKAndBadReportEachWrongInput(t *testing.T) {
	r := prefixRule("a")
	var tb recordingTB
	OK(&tb, r, "a", "ab", "b", "", "abc")
	Bad(&tb, r, "b", "ba", "a")
	want := []string{
		`prefix-a: "b" should match: no prefix`,
		`prefix-a: "" should match: no prefix`,
		`prefix-a: "a" should not match`,
	}
	if d := cmp.Diff(want, tb.errs); d != "" {
		t.Errorf("errors (-want +got):\n%s", d)
	}
}

// TestResolutionsAsInTheRFC checks the tables against counts and shapes
// read from RFC 3986 §5.4: 23 normal and 19 abnormal examples, every target
// but "g:h" and the strict "http:g" under http://a, the references in
// order from "g:h" and from "../../../g".
func TestResolutionsAsInTheRFC(t *testing.T) {
	if len(Normal) != 23 || len(Abnormal) != 19 {
		t.Fatalf("%d normal and %d abnormal examples, want 23 and 19", len(Normal), len(Abnormal))
	}
	if Normal[0].Ref != "g:h" || Abnormal[0].Ref != "../../../g" {
		t.Errorf("first references %q and %q", Normal[0].Ref, Abnormal[0].Ref)
	}
	for _, r := range append(append([]Resolution{}, Normal...), Abnormal...) {
		if !strings.HasPrefix(r.Target, "http://a/") && !strings.HasPrefix(r.Target, "http://g") &&
			r.Target != "g:h" && r.Target != "http:g" {
			t.Errorf("%q resolves to %q, not under http://a", r.Ref, r.Target)
		}
	}
	if got := Refs(Normal[:2]); !cmp.Equal(got, []string{"g:h", "g"}) {
		t.Errorf("Refs = %q", got)
	}
	if got := Targets(Normal[:2]); !cmp.Equal(got, []string{"g:h", "http://a/b/c/g"}) {
		t.Errorf("Targets = %q", got)
	}
}

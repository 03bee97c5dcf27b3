package combinator

import "strings"

// treeNames checks the names Tree is asked to keep: each must be the name
// of a rule of r's grammar (r's own, or one under it), so that a misspelt
// name is an error rather than a tree without its nodes.
func (r *Rule) treeNames(names []string) error {
	known := map[string]bool{}
	seen := map[*Rule]bool{}
	var walk func(x *Rule)
	walk = func(x *Rule) {
		if seen[x] {
			return
		}
		seen[x] = true
		if x.name != "" {
			known[x.name] = true
		}
		if x.ex != nil && x.ex.rule != x {
			walk(x.ex.rule) // a Ref: the definition it names
		}
		for _, s := range x.subs {
			walk(s)
		}
	}
	walk(r)
	var unknown []string
	for _, n := range names {
		if !known[n] {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	return &TreeNameError{Names: unknown, Rule: r.label()}
}

// TreeNameError is the error of Tree asked to keep rules that its rule's
// grammar does not have, such as a misspelt name.
type TreeNameError struct {
	Names []string // the names no rule of the grammar has
	Rule  string   // the rule Tree was called on (its name, or its ABNF)
}

// Error returns a message such as
//
//	combinator: Tree: no rule named "hots" in the grammar of URI
func (e *TreeNameError) Error() string {
	q := make([]string, len(e.Names))
	for i, n := range e.Names {
		q[i] = `"` + n + `"`
	}
	return "combinator: Tree: no rule named " + strings.Join(q, ", ") + " in the grammar of " + e.Rule
}

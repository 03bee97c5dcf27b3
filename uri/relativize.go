package uri

import (
	"slices"
	"strings"
)

// Relativize returns the shortest reference r such that base.Resolve(r)
// equals base.Resolve(target): the inverse of reference resolution (§5.2).
// For a target with a scheme, base.Resolve(target) is the target with its
// dot segments removed (§5.2.2), so
//
//	base.Resolve(base.Relativize(t)) == base.Resolve(t)
//
// holds for every t: t with its dot segments removed, except that a path
// that would start with "//" without an authority keeps "/." in front (the
// double-slash policy of Resolve). A relative target is first resolved
// against base. The
// base must have a scheme (§5.2.1); otherwise Relativize returns a
// *ResolveError.
//
// The reference returned is, by the first case that applies:
//
//   - the target itself, when its scheme differs from the base's (compared
//     byte for byte, as Resolve copies it), or when the base has an
//     authority and the target has none (no relative reference removes an
//     authority);
//   - a network-path reference "//authority/path?query#fragment" when the
//     authorities differ;
//   - otherwise the shortest that resolves to the target of: "" or
//     "#fragment" (the target is the base, fragment aside); "?query#fragment"
//     (same path); a relative-path reference ("g", "../g", "."; from a
//     rootless base path as from a rooted one: "s:a/b/" takes ".." to
//     "s:a/", §5.2.3 and §5.2.4), with "./"
//     in front where its first segment would hold a ":" or be empty ("./a:b",
//     ".//g"); an absolute-path reference ("/g"; "/.//g" for a path that
//     starts with "//"); a network-path reference; the target.
//
// A target whose path equals the base's but has no query while the base has
// one never gives "" (that would keep the base's query): it gives the last
// segment of the path, or "." when the path ends in "/". Every candidate is
// checked by resolving it, so the law above holds even where the merge of a
// rootless base path (§5.2.3) makes ".." behave unlike a hierarchy.
func (base URI) Relativize(target URI) (URI, error) {
	if !base.has(slotScheme) {
		return URI{}, &ResolveError{Op: "relativize", Base: base.s, Ref: target.s}
	}
	t, err := base.Resolve(target)
	if err != nil {
		return URI{}, err
	}
	if t.Scheme() != base.Scheme() || base.has(slotAuthority) && !t.has(slotAuthority) {
		return t, nil
	}

	tp, bp := t.Path(), base.Path()
	// "#fragment" and "?query#fragment", as t has them: the end of its text.
	var frag string
	if f, ok := t.get(slotFragment); ok {
		frag = t.s[len(t.s)-len(f)-1:]
	}
	qf := t.s[t.pathStart()+len(tp):]
	// The candidates, at most seven, in the order that decides between two
	// of the same length.
	var room [8]string
	cands := room[:0]
	if t.has(slotAuthority) == base.has(slotAuthority) && t.Authority() == base.Authority() {
		if tp == bp {
			bq, bok := base.get(slotQuery)
			tq, tok := t.get(slotQuery)
			if bok == tok && bq == tq {
				cands = append(cands, frag)
			} else if tok {
				cands = append(cands, qf)
			}
		}
		// From the base's directory as written, and with its dot segments
		// removed: a base "/a/./b/c" takes "x" to "/a/b/x" (§5.2.3, §5.2.4).
		// And toward the path before the double-slash policy put "/." in
		// front: a base "/..//a" takes "." to "//", which Resolve writes "/.//".
		dirs, paths := [2]string{baseDir(base)}, [2]string{tp}
		nd, np := 1, 1
		if clean := RemoveDotSegments(dirs[0]); clean != dirs[0] {
			dirs[1], nd = clean, 2
		}
		if strings.HasPrefix(tp, "/.//") {
			paths[1], np = tp[2:], 2
		}
		for _, dir := range dirs[:nd] {
			for _, p := range paths[:np] {
				if rel, ok := relativizePath(dir, p); ok {
					cands = append(cands, rel+qf)
				}
			}
		}
		if strings.HasPrefix(tp, "//") {
			cands = append(cands, "/."+tp+qf)
		} else if strings.HasPrefix(tp, "/") {
			cands = append(cands, tp+qf)
		}
	}
	if a, ok := t.get(slotAuthority); ok {
		cands = append(cands, "//"+a+tp+qf)
	}

	// The shortest first, in their order among those of a length: the
	// first that resolves to the target is the one.
	slices.SortStableFunc(cands, func(a, b string) int { return len(a) - len(b) })
	for _, s := range cands {
		if len(s) >= len(t.s) {
			break
		}
		r, err := ParseReference(s)
		if err != nil {
			continue
		}
		if got, err := base.Resolve(r); err == nil && got.s == t.s {
			return r, nil
		}
	}
	return t, nil
}

// baseDir is the part of base's path that a relative-path reference is
// merged after (§5.2.3): up to its last "/", or "/" for an empty path under
// an authority.
func baseDir(base URI) string {
	bp := base.Path()
	if base.has(slotAuthority) && bp == "" {
		return "/"
	}
	return bp[:strings.LastIndexByte(bp, '/')+1]
}

// relativizePath returns a relative-path reference (without query or
// fragment) that merges after dir (§5.2.3) into tp, or false when it finds
// none. The caller checks it by resolving it.
func relativizePath(dir, tp string) (string, bool) {
	if strings.HasPrefix(tp, dir) {
		rest := tp[len(dir):]
		if rest == "" {
			return ".", true
		}
		first := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			first = rest[:i]
		}
		if first == "" || strings.IndexByte(first, ':') >= 0 {
			return "./" + rest, true
		}
		return rest, true
	}
	if dir != "" && dir[0] != '/' && tp != "" && tp[0] != '/' {
		// A rootless base directory (§5.2.3 merges "a/b/" and "../c" into
		// "a/b/../c", and §5.2.4 removes the dot segments as it would of
		// "/a/b/../c", without the first "/"): climb as from "/a/b/". A
		// climb past the first segment leaves a path with a "/" in front,
		// which the caller's resolution check turns down.
		return relativizePath("/"+dir, "/"+tp)
	}
	if dir == "" || dir[0] != '/' || tp == "" || tp[0] != '/' {
		return "", false
	}
	// Climb from dir to the longest directory it shares with tp.
	common := 0
	for i := 0; i < len(dir) && i < len(tp) && dir[i] == tp[i]; i++ {
		if dir[i] == '/' {
			common = i + 1
		}
	}
	ups := strings.Count(dir[common:], "/")
	rest := tp[common:]
	if rest == "" {
		return strings.Repeat("../", ups-1) + "..", true
	}
	return strings.Repeat("../", ups) + rest, true
}

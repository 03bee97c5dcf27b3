package properties

import (
	"regexp"
	"strings"
)

// Components is a URI reference split into its five components; a nil pointer
// is an undefined component (RFC 3986 §5.3 distinguishes undefined from empty).
// The path is never undefined, though it may be empty (§5.2.1).
type Components struct {
	Scheme, Authority *string
	Path              string
	Query, Fragment   *string
}

// appendixB is the regular expression of RFC 3986 Appendix B,
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// with an end anchor added (every part of it may match empty, so it always
// matches) and (?s) so that "." also matches line breaks. The Russian text in
// /work/shared garbles this line; it is taken from the RFC.
var appendixB = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$`)

// Split splits s into its five components with the regular expression of RFC
// 3986 Appendix B: scheme = $2, authority = $4, path = $5, query = $7,
// fragment = $9, each defined exactly when its delimiter group matched. Split
// does not validate; on a valid URI-reference it agrees with the grammar.
func Split(s string) Components {
	idx := appendixB.FindStringSubmatchIndex(s)
	group := func(outer, inner int) *string {
		if idx[2*outer] < 0 {
			return nil
		}
		v := s[idx[2*inner]:idx[2*inner+1]]
		return &v
	}
	return Components{
		Scheme:    group(1, 2),
		Authority: group(3, 4),
		Path:      s[idx[10]:idx[11]],
		Query:     group(6, 7),
		Fragment:  group(8, 9),
	}
}

// String recomposes the components into a URI reference by RFC 3986 §5.3:
// scheme ":" when the scheme is defined, "//" authority when the authority is
// defined, the path, "?" query and "#" fragment when defined.
func (c Components) String() string {
	var b strings.Builder
	if c.Scheme != nil {
		b.WriteString(*c.Scheme)
		b.WriteString(":")
	}
	if c.Authority != nil {
		b.WriteString("//")
		b.WriteString(*c.Authority)
	}
	b.WriteString(c.Path)
	if c.Query != nil {
		b.WriteString("?")
		b.WriteString(*c.Query)
	}
	if c.Fragment != nil {
		b.WriteString("#")
		b.WriteString(*c.Fragment)
	}
	return b.String()
}

// ResolveRFC transforms the reference ref against base into its target URI by
// the pseudo-code of RFC 3986 §5.2.2, line by line. With strict false, a
// reference scheme equal to the base scheme is ignored, as the RFC allows "for
// backward compatibility" (§5.2.2, §5.4.2 "http:g"); the comparison is
// case-sensitive, as the pseudo-code's "==" reads. base should be an absolute
// URI (§5.2.1); ResolveRFC does not check. It follows the RFC literally, so a
// result may need "/." before a path beginning "//" to parse back the same
// (that is left to callers; LawResolve accepts both forms).
func ResolveRFC(base, ref Components, strict bool) Components {
	R := ref
	var T Components
	// -- A non-strict parser may ignore a scheme in the reference
	// -- if it is identical to the base URI's scheme.
	if !strict && R.Scheme != nil && base.Scheme != nil && *R.Scheme == *base.Scheme {
		R.Scheme = nil
	}
	if R.Scheme != nil {
		T.Scheme = R.Scheme
		T.Authority = R.Authority
		T.Path = RemoveDotSegmentsRFC(R.Path)
		T.Query = R.Query
	} else {
		if R.Authority != nil {
			T.Authority = R.Authority
			T.Path = RemoveDotSegmentsRFC(R.Path)
			T.Query = R.Query
		} else {
			if R.Path == "" {
				T.Path = base.Path
				if R.Query != nil {
					T.Query = R.Query
				} else {
					T.Query = base.Query
				}
			} else {
				if strings.HasPrefix(R.Path, "/") {
					T.Path = RemoveDotSegmentsRFC(R.Path)
				} else {
					T.Path = mergeRFC(base, R.Path)
					T.Path = RemoveDotSegmentsRFC(T.Path)
				}
				T.Query = R.Query
			}
			T.Authority = base.Authority
		}
		T.Scheme = base.Scheme
	}
	T.Fragment = R.Fragment
	return T
}

// mergeRFC is the merge routine of RFC 3986 §5.2.3.
func mergeRFC(base Components, refPath string) string {
	// If the base URI has a defined authority component and an empty path,
	// then return a string consisting of "/" concatenated with the
	// reference's path; otherwise,
	if base.Authority != nil && base.Path == "" {
		return "/" + refPath
	}
	// return a string consisting of the reference's path component appended
	// to all but the last segment of the base URI's path (i.e., excluding any
	// characters after the right-most "/" in the base URI path, or excluding
	// the entire base URI path if it does not contain any "/" characters).
	i := strings.LastIndexByte(base.Path, '/')
	return base.Path[:i+1] + refPath
}

// RemoveDotSegmentsRFC removes the dot segments "." and ".." from path by the
// two-buffer loop of RFC 3986 §5.2.4, steps 1, 2A-2E and 3, literally. Only
// complete segments "." and ".." count; "%2E" is not a dot segment here (the
// RFC decodes it only in normalization, §6.2.2.2).
func RemoveDotSegmentsRFC(path string) string {
	// 1. The input buffer is initialized with the now-appended path
	// components and the output buffer is initialized to the empty string.
	in := path
	out := ""
	// 2. While the input buffer is not empty, loop as follows:
	for in != "" {
		switch {
		// A. If the input buffer begins with a prefix of "../" or "./", then
		// remove that prefix from the input buffer; otherwise,
		case strings.HasPrefix(in, "../"):
			in = in[len("../"):]
		case strings.HasPrefix(in, "./"):
			in = in[len("./"):]
		// B. if the input buffer begins with a prefix of "/./" or "/.", where
		// "." is a complete path segment, then replace that prefix with "/" in
		// the input buffer; otherwise,
		case strings.HasPrefix(in, "/./"):
			in = "/" + in[len("/./"):]
		case in == "/.":
			in = "/"
		// C. if the input buffer begins with a prefix of "/../" or "/..", where
		// ".." is a complete path segment, then replace that prefix with "/" in
		// the input buffer and remove the last segment and its preceding "/"
		// (if any) from the output buffer; otherwise,
		case strings.HasPrefix(in, "/../"):
			in = "/" + in[len("/../"):]
			out = removeLastSegment(out)
		case in == "/..":
			in = "/"
			out = removeLastSegment(out)
		// D. if the input buffer consists only of "." or "..", then remove
		// that from the input buffer; otherwise,
		case in == "." || in == "..":
			in = ""
		// E. move the first path segment in the input buffer to the end of the
		// output buffer, including the initial "/" character (if any) and any
		// subsequent characters up to, but not including, the next "/"
		// character or the end of the input buffer.
		default:
			start := 0
			if in[0] == '/' {
				start = 1
			}
			end := len(in)
			if i := strings.IndexByte(in[start:], '/'); i >= 0 {
				end = start + i
			}
			out += in[:end]
			in = in[end:]
		}
	}
	// 3. Finally, the output buffer is returned as the result.
	return out
}

// removeLastSegment removes the last segment and its preceding "/" (if any)
// from the output buffer (RFC 3986 §5.2.4 step 2C).
func removeLastSegment(out string) string {
	if i := strings.LastIndexByte(out, '/'); i >= 0 {
		return out[:i]
	}
	return ""
}

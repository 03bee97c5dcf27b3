package uri

// Component names a part of a URI reference for PercentEncode: which bytes
// may stand as they are there. Each allows the set of the combinator package
// named in its comment; every other byte is percent-encoded.
type Component int

// The components PercentEncode knows. The names carry a prefix so as not to
// read as the URI methods or the HostKind constants.
const (
	// ComponentUserInfo is userinfo (§3.2.1): combinator.UserInfoSet,
	// unreserved / sub-delims / ":". Encode a user name with
	// ComponentUserName if it may hold a ":".
	ComponentUserInfo Component = iota
	// ComponentUserName is a user name or a password inside userinfo:
	// combinator.UserInfoSet less ":", so that the first ":" of userinfo
	// keeps separating them (§3.2.1).
	ComponentUserName
	// ComponentHost is a reg-name host (§3.2.2): combinator.RegNameSet,
	// unreserved / sub-delims. IP literals are not encoded; write them as
	// they are.
	ComponentHost
	// ComponentPath is a whole path (§3.3): combinator.PathSet, pchar / "/".
	// A "/" in s stays a separator. The caller keeps the path rules of the
	// reference it builds: no "//" at the start without an authority, no ":"
	// in the first segment of a relative path.
	ComponentPath
	// ComponentPathSegment is one path segment (§3.3): combinator.PCharSet,
	// pchar; "/" is encoded. For the first segment of a relative path, use
	// Encode with combinator.SegmentNZNCSet, which also encodes ":" (§4.2).
	ComponentPathSegment
	// ComponentQuery is a whole query (§3.4): combinator.QuerySet,
	// pchar / "/" / "?".
	ComponentQuery
	// ComponentQueryParam is a key or a value of a query parameter, as
	// QueryParams splits them: combinator.QuerySet less "&", "=", "+" and
	// ";". "&" and "=" delimit; "+" because HTML forms read it as a space;
	// ";" because net/url's ParseQuery refuses a parameter that holds one
	// and older form decoders split on it (see QueryParams). A key or a
	// value so encoded reads back the same with QueryValues and FormValues.
	// The builder's QueryParam and SetQueryParam use it.
	ComponentQueryParam
	// ComponentFragment is a fragment (§3.5): combinator.FragmentSet,
	// pchar / "/" / "?".
	ComponentFragment
	// ComponentUnreserved allows only unreserved characters (§2.3): ALPHA,
	// DIGIT, "-", ".", "_" and "~"; every other byte is encoded, "/" and the
	// sub-delims included. It is the encoding of AWS Signature Version 4
	// (for one path segment and for query keys and values) and of OAuth 1.0
	// (RFC 5849 §3.6), and the one encoding every component can hold as
	// data.
	ComponentUnreserved
)

// componentSets holds, for each Component, the bytes that may stand as they
// are there: the one set per component that every package of the module
// encodes with. None holds "%".
var componentSets = [...]byteSet{
	ComponentUserInfo:    userInfoSet,
	ComponentUserName:    regNameSet, // userinfo less ":"
	ComponentHost:        regNameSet,
	ComponentPath:        pathSet,
	ComponentPathSegment: pcharSet,
	ComponentQuery:       querySet,
	ComponentQueryParam:  {query0 &^ (1<<'&' | 1<<'=' | 1<<'+' | 1<<';'), pchar1},
	ComponentFragment:    querySet,
	ComponentUnreserved:  unreservedSet,
}

// set returns the bytes that may stand as they are in k.
func (k Component) set() *byteSet {
	if k >= 0 && int(k) < len(componentSets) {
		return &componentSets[k]
	}
	return &unreservedSet
}

// Package builder constructs RFC 3986 URI references from their components
// and never returns one that would parse back differently.
//
// Start from New (nothing set) or From (a parsed URI, every component kept),
// chain setters, and call Build. Each setter returns a new Builder and leaves
// its receiver unchanged, so a Builder can be kept as a template and
// branched. A chain of n QueryParam or AppendSegments calls costs O(n) time
// and memory in all: each call appends to a text the chain shares
// copy-on-write with its branches, which never see each other's edits. The plain setters take text as the user means it and
// percent-encode every byte that the component does not allow as it stands;
// the Raw setters take text that is already encoded and Build checks it
// against the component's rule:
//
//	u, err := builder.New().
//		Scheme("https").
//		Host("example.com").
//		Segments("docs", "a b").
//		QueryParam("q", "x&y").
//		Build()
//	// u.String() == "https://example.com/docs/a%20b?q=x%26y"
//
// # Encoding
//
// A plain setter percent-encodes, with uppercase hex digits, each byte outside
// the component's character set (RFC 3986 §2.1, §3): UserInfo keeps
// combinator.UserInfoSet, Host combinator.RegNameSet, Path
// combinator.PCharSet and "/", Segments combinator.PCharSet (so a "/" inside
// a segment becomes "%2F"), Query combinator.QuerySet, Fragment
// combinator.FragmentSet. A "%" in plain text is a character like any other
// and becomes "%25"; a byte of non-ASCII UTF-8 or an invalid byte is encoded
// as itself ("é" is "%C3%A9", "\xff" is "%FF"), except in a host: Host
// writes a name with non-ASCII UTF-8 as its IDNA A-label ("bücher.de" is
// "xn--bcher-kva.de", UTS #46 lookup, non-transitional, with the DNS lengths
// of VerifyDnsLength: a label of at most 63 bytes, a name of 253), the form
// DNS reads, and Build refuses a host that is not UTF-8, since a host's
// percent-encoding may stand for UTF-8 only (§3.2.2). QueryParam and SetQueryParam also encode "&",
// "=", "+" and ";" in the key and the value, because form decoders split on
// "&" and "=", read "+" as a space, and net/url's refuses a raw ";"; a space
// is always "%20". The scheme has no encoding: Scheme's text is used as it
// is and must match the scheme rule. Every encoding is uri.PercentEncode's,
// with the set of the component (uri.Component): the module has one encoder.
//
// # Editing a parsed URI
//
// From keeps every component of a parsed URI as written; the editing
// setters then change one part and leave the bytes of the others alone:
// SetQueryParam and DelQueryParam edit one query parameter ("+", "flag"
// without "=" and empty pieces stay as they were), AppendSegments adds to
// the path (net/url's JoinPath, without its cleaning), HostPort sets host
// and port from "host:port" text. Host refuses text that holds a "/", "?",
// "#", "@", "\" or a ":" outside an IPv6 address, with a Hint that names
// the setter that was meant.
//
// # Defined, empty and undefined
//
// Setting a component to "" defines it as empty: Query("") gives "?",
// Fragment("") gives "#", UserInfo("") gives "//@". Only the Without…
// methods make a component undefined again. Setting the userinfo, the host or
// the port defines the authority; its host is empty until Host sets it, so
// New().UserInfo("u").Build() gives "//u@", which is valid RFC 3986 syntax (a
// reg-name may be empty). WithoutUserInfo and WithoutPort keep the authority;
// WithoutAuthority removes it with its userinfo, host and port.
//
// # Refusals and repairs
//
// Build returns a *BuildError, reachable with errors.As, that names the
// component, and its Err is one of ErrInvalidScheme, ErrSyntax, ErrPortRange,
// ErrInvalidHost, ErrPathNeedsSlash, ErrPathDoubleSlash,
// ErrColonInFirstSegment, ErrDotSegment, ErrTooLong (and ErrReparse, which
// no input reaches: it guards against a string that would parse back to
// other components).
//
// The last three are the path hazards of §3.3 and §4.2. RFC 3986 knows a
// repair for each, and BuildRepaired applies it where Build refuses: "/" in
// front of a rootless path under an authority, "/." in front of a path that
// starts with "//" without an authority, "./" in front of a relative path
// whose first segment contains ":". The repaired path names the same
// resource (§5.2.4 removes the "." segment), but it is a different path, so
// the repair is never made silently: only BuildRepaired makes it.
package builder

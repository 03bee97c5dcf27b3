package uri

import (
	"net/url"
	"strings"
)

// The losses a ConversionError lists.
const (
	// LossEmptyFragment: url.URL has no field for an empty fragment ("s:#"):
	// it writes "#" only when Fragment is not empty.
	LossEmptyFragment = "empty fragment"
	// LossEmptyAuthority: url.URL writes no "//" for an empty authority
	// (no userinfo, empty host, no port) when the path is empty ("s://")
	// or there is no scheme ("///x", "//").
	LossEmptyAuthority = "empty authority"
	// LossIPvFuture: url.URL holds an IPvFuture host ("[v1.x]") in Host
	// and writes it back, but net/url's Parse rejects the text.
	LossIPvFuture = "IPvFuture host"
	// LossUserInfoEncoding: url.Userinfo keeps only the decoded user name
	// and password and encodes them its own way: "!", "'", "(", ")", "*"
	// and a ":" in the password come out percent-encoded, lower-case hex
	// upper-case, needless encodings decoded.
	LossUserInfoEncoding = "userinfo encoding"
	// LossHostEncoding: url.URL keeps a decoded host and encodes only
	// non-ASCII bytes and "%" back, so "h%41" comes out as "hA" and
	// "%c3%a9" as "%C3%A9".
	LossHostEncoding = "host encoding"
	// LossAuthorityInPath: url.URL writes "//" before a path that does not
	// start with "/" ({Scheme: "s", Path: "x/y"} as "s://x/y"), or a path
	// starts with "//" where there is no authority, so the path's text
	// reads back as an authority (FromNetURL).
	LossAuthorityInPath = "path read as an authority"
	// LossBesideOpaque: url.URL writes Opaque and drops Host, User and Path
	// when Opaque is set (FromNetURL).
	LossBesideOpaque = "host, user or path beside Opaque"
	// LossOther: the text net/url writes differs from the URI's in a way
	// not named above (the tests assert that this does not happen), or
	// FromNetURL got a nil *url.URL.
	LossOther = "other"
	// LossNotRFC3986: the text net/url writes is not an RFC 3986 URI
	// reference (FromNetURL); Err holds the *ParseError.
	LossNotRFC3986 = "not an RFC 3986 URI reference"
)

// ConversionError is the error of NetURL and FromNetURL: what one side has
// that the other cannot carry. Losses holds the Loss constants that apply,
// in the order of the components. Reach it with errors.As; errors.As also
// reaches the *ParseError that Err holds when FromNetURL met text that is not
// RFC 3986.
type ConversionError struct {
	Losses []string // the Loss constants that apply
	Err    error    // the *ParseError of FromNetURL, or nil
}

// Error returns a message such as
//
//	uri: conversion to or from net/url loses: empty fragment, IPvFuture host
func (e *ConversionError) Error() string {
	msg := "uri: conversion to or from net/url loses: " + strings.Join(e.Losses, ", ")
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns Err.
func (e *ConversionError) Unwrap() error { return e.Err }

// NetURL returns u as a *url.URL whose String is u.String(), field by field:
// Scheme as written (net/url's Parse would lower-case it); a rootless path
// after a scheme in Opaque, as net/url's Parse puts it; User, Host ("host" or
// "host:port", the port possibly empty), Path and Fragment decoded, with
// RawPath and RawFragment keeping the encoding as written; RawQuery as
// written, ForceQuery for an empty query; OmitHost when there is no
// authority.
//
// When net/url cannot carry all of u, NetURL returns the nearest *url.URL it
// can and a *ConversionError listing the losses (the Loss constants). When
// the error is nil, the url.URL's String returns exactly u.String().
func (u URI) NetURL() (*url.URL, error) {
	var losses []string
	v := &url.URL{Scheme: u.Scheme(), RawQuery: u.Query(), ForceQuery: u.HasQuery() && u.Query() == ""}
	path := u.Path()
	switch {
	case u.HasAuthority():
		if u.HasUserInfo() {
			ui := u.UserInfo()
			if name, pass, ok := strings.Cut(ui, ":"); ok {
				v.User = url.UserPassword(decode(name), decode(pass))
			} else {
				v.User = url.User(decode(name))
			}
			if v.User.String() != ui {
				losses = append(losses, LossUserInfoEncoding)
			}
		}
		host := u.Host()
		if u.HostKind() == RegName && strings.IndexByte(host, '%') >= 0 {
			host = decode(host)
			if w := (&url.URL{Host: host}).String(); w != "//"+u.Host() {
				losses = append(losses, LossHostEncoding)
			}
		}
		if u.HostKind() == IPvFuture {
			losses = append(losses, LossIPvFuture)
		}
		v.Host = host
		if u.HasPort() {
			v.Host += ":" + u.Port()
		}
		if v.Host == "" && v.User == nil && (u.IsRelative() || path == "") {
			losses = append(losses, LossEmptyAuthority)
		}
	case !u.IsRelative() && path != "" && path[0] != '/':
		v.Opaque = path
	default:
		v.OmitHost = true
	}
	if v.Opaque == "" {
		v.Path = decode(path)
		if v.EscapedPath() != path {
			v.RawPath = path
		}
	}
	if u.HasFragment() {
		v.Fragment = decode(u.Fragment())
		if v.EscapedFragment() != u.Fragment() {
			v.RawFragment = u.Fragment()
		}
		if u.Fragment() == "" {
			losses = append(losses, LossEmptyFragment)
		}
	}
	if losses == nil && v.String() != u.String() {
		losses = append(losses, LossOther)
	}
	if losses != nil {
		return v, &ConversionError{Losses: losses}
	}
	return v, nil
}

// FromNetURL returns the URI reference that v.String() writes, parsed with
// ParseReference. It fails with a *ConversionError when that text is not an
// RFC 3986 URI reference (LossNotRFC3986, with the *ParseError in Err: a
// space or a malformed "%zz" in Opaque or RawQuery, a "<" in Host, an IPv6
// zone "[::1%25en0]", …), when v's path or Opaque comes back as an
// authority, or part of one (LossAuthorityInPath), when v.String() drops a Host, User or Path
// beside Opaque (LossBesideOpaque), and when v is nil (LossOther).
//
// What net/url writes on purpose is no loss: a "/" before a path that does
// not start with one when there is a host ({Host: "h", Path: "x"} is
// "//h/x", §3.3), "./" before a first segment with a ":" (§4.2), "//" with an
// empty authority before an absolute path after a scheme.
func FromNetURL(v *url.URL) (URI, error) {
	if v == nil {
		return URI{}, &ConversionError{Losses: []string{LossOther}}
	}
	s := v.String()
	u, err := ParseReference(s)
	if err != nil {
		return URI{}, &ConversionError{Losses: []string{LossNotRFC3986}, Err: err}
	}
	if v.Opaque != "" {
		if v.Host != "" || v.User != nil || v.Path != "" {
			return URI{}, &ConversionError{Losses: []string{LossBesideOpaque}}
		}
		if u.HasAuthority() { // Opaque "//x"
			return URI{}, &ConversionError{Losses: []string{LossAuthorityInPath}}
		}
		return u, nil
	}
	// The path net/url meant to write, as url.URL.String makes it.
	path := v.EscapedPath()
	if path != "" && path[0] != '/' && v.Host != "" {
		path = "/" + path
	}
	if first, _, _ := strings.Cut(path, "/"); v.Scheme == "" && v.Host == "" && v.User == nil &&
		strings.Contains(first, ":") {
		path = "./" + path
	}
	if u.Path() != path {
		return URI{}, &ConversionError{Losses: []string{LossAuthorityInPath}}
	}
	return u, nil
}

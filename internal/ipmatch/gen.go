// Package ipmatch matches the IP literals and the IPv4 and IPv6 addresses
// of RFC 3986 §3.2.2 for the generated matchers of uri, iri and any
// variant of their grammars, which call it in place of matchers of their
// own: one copy of IP-literal (IPv6address is the largest rule of the RFC)
// for all. Its matchers are generated from the
// rules of package combinator, as internal/urigrammar's IPSpec declares,
// by internal/gen; gen_test.go checks that the file is up to date and that
// they agree with the interpreter.
package ipmatch

//go:generate go run ../gen -grammar ip -o zz_parse_gen.go

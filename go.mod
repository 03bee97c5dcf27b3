module github.com/seed42851778/rfc3986

go 1.26

require (
	github.com/google/go-cmp v0.7.0
	github.com/prataprc/goparsec v0.0.0-20211219142520-daac0e635e7e
	pgregory.net/rapid v1.3.0
)

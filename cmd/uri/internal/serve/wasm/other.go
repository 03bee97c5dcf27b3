//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "this is the WebAssembly engine of the page's static build: build it with GOOS=js GOARCH=wasm, or build the whole site with go run ./cmd/uri/internal/serve/staticsite -o DIR")
	os.Exit(2)
}

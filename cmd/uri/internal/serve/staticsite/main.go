// Command staticsite builds the static build of the page of `uri serve`:
// the same page, computing in the browser (package api compiled to
// WebAssembly, in a Web Worker), for any static host, with no server of
// ours. Run it from the module:
//
//	go run ./cmd/uri/internal/serve/staticsite -o site
//
// and serve site/ with any static file server that sends .wasm files as
// application/wasm (python3 -m http.server does; a file:// address cannot
// load the worker). The site is index.html, static/, uri.wasm (about 9 MB)
// and wasm_exec.js, the glue of the Go that built uri.wasm.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve"
)

func main() {
	out := flag.String("o", "site", "write the site into `DIR`")
	flag.Parse()
	if err := build(*out); err != nil {
		fmt.Fprintln(os.Stderr, "staticsite:", err)
		os.Exit(1)
	}
	fmt.Println("wrote the static site to", *out)
}

func build(dir string) error {
	if err := serve.WriteStatic(dir); err != nil {
		return err
	}
	wasm := exec.Command("go", "build", "-o", filepath.Join(dir, "uri.wasm"),
		"github.com/seed42851778/rfc3986/cmd/uri/internal/serve/wasm")
	wasm.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	wasm.Stdout, wasm.Stderr = os.Stderr, os.Stderr
	if err := wasm.Run(); err != nil {
		return fmt.Errorf("building uri.wasm: %w", err)
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	glue, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), glue, 0o644)
}

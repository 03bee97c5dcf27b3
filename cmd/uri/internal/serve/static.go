package serve

import (
	"io/fs"
	"os"
	"path/filepath"
)

// WriteStatic writes the page of the static build into dir: index.html,
// which computes in a Web Worker rather than ask a server, and static/.
// The site also needs uri.wasm (package wasm, built with GOOS=js
// GOARCH=wasm) and the wasm_exec.js of the Go that built it, in dir:
// package staticsite builds all of it.
func WriteStatic(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "static"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), indexHTML(true), 0o644); err != nil {
		return err
	}
	return fs.WalkDir(assets, "assets/static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := assets.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "static", d.Name()), b, 0o644)
	})
}

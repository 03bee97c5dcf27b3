//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve/api"
)

// main registers uriAPI(path, body), which the page's worker calls and
// which returns [status, body] as the server's /api/ answers, and waits.
func main() {
	js.Global().Set("uriAPI", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeString {
			status, body := api.Refuse(400, "uriAPI takes a path and a body")
			return []any{status, string(body)}
		}
		status, body := api.Do(args[0].String(), []byte(args[1].String()))
		return []any{status, string(body)}
	}))
	select {}
}

//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"

	"github.com/seed42851778/rfc3986/cmd/uri/internal/serve/api"
)

// main compiles the grammars of the workbench's menu (api's cache keeps
// them), so that the page's first request does not wait for them under
// its deadline, then registers uriAPI(path, body), which the page's worker
// calls and which returns [status, body] as the server's /api/ answers,
// and waits.
func main() {
	for _, p := range api.Presets() {
		body, _ := json.Marshal(api.GrammarRequest{Grammar: p.Text, Tests: p.Tests})
		api.Do(api.PathGrammar, body)
	}
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

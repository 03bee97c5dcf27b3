// Command wasm is the engine of the page's static build: package api
// compiled to WebAssembly (GOOS=js GOARCH=wasm), run by the page's Web
// Worker (assets/static/worker.js), which calls uriAPI(path, body) and gets
// [status, body] back, as the server's /api/ answers. Package staticsite
// builds it with the rest of the site; on any other platform it only says
// so.
package main

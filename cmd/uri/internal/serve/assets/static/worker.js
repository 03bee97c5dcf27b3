// The Web Worker of the static build: it runs the Go code of the page's
// API (package api, compiled to WebAssembly) off the page's thread, so that
// the page can end it when a computation passes its deadline.
'use strict';
importScripts('../wasm_exec.js');

onmessage = async (ev) => {
  const m = ev.data;
  if (m.failed) {
    postMessage({ failed: m.failed });
    return;
  }
  if (m.module) {
    try {
      const go = new Go();
      const instance = await WebAssembly.instantiate(m.module, go.importObject);
      go.run(instance); // main registers uriAPI, then waits for calls
      postMessage({ ready: true });
    } catch (e) {
      postMessage({ failed: String(e) });
    }
    return;
  }
  const [status, body] = globalThis.uriAPI(m.path, m.body);
  postMessage({ id: m.id, status, body });
};

// The static site's studio: the same Go handler as 'mazebook serve',
// compiled to WebAssembly (cmd/mazebook-site) and run in this worker, so
// that a book being made never holds up the page. api.js posts each
// request here ({id, method, target, headers, body}) and reads the
// answer back ({id, status, headers, body}, or {id, error}); {cancel: id}
// gives a request up. Once the studio runs, the worker says how long
// its start took ({started: {compiled, ran}}, ms since the worker
// began: for the browser tests, see timings.js). Nothing leaves the
// device.
importScripts("wasm_exec.js");

const started = (async () => {
  const go = new Go();
  let inst;
  try {
    inst = (await WebAssembly.instantiateStreaming(fetch("studio.wasm"), go.importObject)).instance;
  } catch (e) {
    // A host that does not say application/wasm: compiled from the bytes.
    const bytes = await (await fetch("studio.wasm")).arrayBuffer();
    inst = (await WebAssembly.instantiate(bytes, go.importObject)).instance;
  }
  const compiled = performance.now();
  go.run(inst); // sets mazebookServe and mazebookCancel, then waits
  if (typeof self.mazebookServe !== "function") throw new Error("the studio did not start");
  self.postMessage({ started: { compiled, ran: performance.now() } });
})();

self.onmessage = async (ev) => {
  const m = ev.data;
  if (m.cancel !== undefined) {
    if (typeof self.mazebookCancel === "function") self.mazebookCancel(m.cancel);
    return;
  }
  try {
    await started;
    const r = await self.mazebookServe(m.id, m.method, m.target, m.headers, m.body);
    self.postMessage({ id: m.id, status: r.status, headers: r.headers, body: r.body }, [r.body.buffer]);
  } catch (e) {
    self.postMessage({ id: m.id, error: String(e && e.message || e) });
  }
};

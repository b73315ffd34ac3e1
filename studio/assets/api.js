// The one way a page talks to the studio. Every request says the page's
// language (its Accept-Language header), which the studio answers in
// while the spec says none of its own, and a request that cannot reach
// the studio says the page is offline. (A trial's last report sent by
// navigator.sendBeacon as the page goes away is a request the browser
// makes: it carries no header of the page's, and its answer is never
// read as words.)
//
// The studio has two homes, and the page picks one as it starts: served
// by 'mazebook serve' (<body data-home="server">), a request goes to the
// server by fetch; in the static site 'mazebook site' writes
// (data-home="site"), it goes to the same studio compiled to WebAssembly
// and running in a worker of this page (worker.js), and never leaves
// the device. Either way the caller gets a Response.
import { status } from "./status.js";
import "./timings.js";
import { lang, w } from "./words.js";

// inPage is true in the static site: the studio runs in the page.
export const inPage = document.body.dataset.home === "site";

// The worker of the studio in the page, started at once, and the
// requests waiting for its answer, by id.
let worker = null;
let nextId = 1;
const waiting = new Map();
if (inPage) {
  const begun = performance.now();
  worker = new Worker("assets/worker.js");
  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.started) {
      // When the studio's WebAssembly was fetched and compiled, and when
      // it ran, in the page's time (about: the worker began a little
      // after it was made).
      window.studioTimings.worker = { made: begun, compiled: begun + m.started.compiled, ran: begun + m.started.ran };
      return;
    }
    const p = waiting.get(m.id);
    if (!p) return;
    waiting.delete(m.id);
    if (m.error !== undefined) {
      p.reject(new TypeError(m.error));
      return;
    }
    // A status that has no body (204, 304) gets none.
    const body = m.status === 204 || m.status === 304 ? null : m.body;
    p.resolve(new Response(body, { status: m.status, headers: m.headers }));
  };
  worker.onerror = (ev) => {
    ev.preventDefault();
    waiting.forEach((p) => p.reject(new TypeError("the studio did not start: " + (ev.message || "worker error"))));
    waiting.clear();
  };
}

// The site's service worker (sw.js, beside the page) keeps its files,
// so that after this visit the studio opens and works offline. (A page
// not from https or this computer has none: the browser allows it only
// in a secure context.)
if (inPage && "serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(() => { /* online only */ });
}

// base is the address the studio's paths are relative to: the page's
// folder.
const base = new URL(".", document.baseURI).href;

// inPageFetch hands a request to the studio in the page and returns its
// answer, as fetch does.
async function inPageFetch(url, init) {
  const abs = new URL(url, document.baseURI).href;
  if (!abs.startsWith(base)) throw new TypeError("not the studio's address: " + url);
  const body = init.body === undefined ? null : new Uint8Array(await new Response(init.body).arrayBuffer());
  if (init.signal && init.signal.aborted) throw new DOMException("aborted", "AbortError");
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    if (init.signal) {
      init.signal.addEventListener("abort", () => {
        if (!waiting.delete(id)) return;
        worker.postMessage({ cancel: id });
        reject(new DOMException("aborted", "AbortError"));
      });
    }
    worker.postMessage({ id, method: init.method, target: abs.slice(base.length), headers: init.headers, body }, body ? [body.buffer] : []);
  });
}

// api sends a request to the studio and returns its answer (a Response).
// opt may give: method (GET by default); body, and its type (a spec's
// YAML by default); signal, to give the request up; keepalive, to let it
// outlive the page; quiet, when the caller says itself that the studio
// could not be reached. It throws as fetch does.
export async function api(url, opt = {}) {
  const init = { method: opt.method || "GET", headers: { "Accept-Language": lang() }, signal: opt.signal };
  if (opt.body !== undefined) {
    init.body = opt.body;
    init.headers["Content-Type"] = opt.type || "application/yaml";
  }
  if (opt.keepalive) init.keepalive = true;
  try {
    return await (inPage ? inPageFetch(url, init) : fetch(url, init));
  } catch (e) {
    if (e.name !== "AbortError" && !opt.quiet) status(w("offline"));
    throw e;
  }
}

// answer reads a JSON answer, or makes one of an answer that is not.
export async function answer(resp) {
  try {
    return await resp.json();
  } catch (e) {
    return { errors: [{ message: resp.status + " " + resp.statusText }] };
  }
}

// The pictures shown in the page by the studio's address (a page's
// thumbnail, the chart): from the server, the <img> loads it itself;
// in the page, api() draws it, and the <img> shows it as a blob: once it
// comes into view (a lazy one) or at once.
const seen = inPage && "IntersectionObserver" in window ? new IntersectionObserver((entries) => {
  entries.forEach((e) => {
    if (!e.isIntersecting) return;
    seen.unobserve(e.target);
    drawPicture(e.target);
  });
}, { rootMargin: "1000px 0px" }) : null; // near the view, as a lazy <img> loads

async function drawPicture(img) {
  const url = img.dataset.src;
  let resp;
  try {
    resp = await api(url, { quiet: true });
  } catch (e) {
    return;
  }
  if (!resp.ok || img.dataset.src !== url) return;
  const blob = await resp.blob();
  if (img.dataset.src !== url) return;
  const old = img.dataset.blob;
  img.dataset.blob = URL.createObjectURL(blob);
  img.src = img.dataset.blob;
  if (old) URL.revokeObjectURL(old);
}

// setPicture shows the studio's picture at url in an <img>, unless it
// shows it already.
export function setPicture(img, url) {
  if (img.dataset.src === url) return;
  img.dataset.src = url;
  if (!inPage) {
    img.src = url;
    return;
  }
  if (seen && img.loading === "lazy") seen.observe(img);
  else drawPicture(img);
}

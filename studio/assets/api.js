// The one way a page talks to the studio. Every request says the page's
// language (its Accept-Language header), which the studio answers in
// while the spec says none of its own, and a request that cannot reach
// the studio says the page is offline. (A thumbnail's or the chart's
// <img>, and a trial's last report sent by navigator.sendBeacon as the
// page goes away, are requests the browser makes: they carry no header
// of the page's, and their answers are never read as words.)
import { status } from "./status.js";
import { lang, w } from "./words.js";

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
    return await fetch(url, init);
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

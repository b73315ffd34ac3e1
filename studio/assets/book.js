// The book the studio made of the working spec, as the last check
// answered: its key (the studio's name for the spec and its files, in
// the address of every page, picture and download of it), whether it
// builds, and its title and summary. check.js sets them.
import { status } from "./status.js";
import { w } from "./words.js";

let key = "";
let ok = false;
let title = "";
let summary = "";
// resentKey is the last key whose spec was sent again (see gone).
let resentKey = "";
let sendAgain = async () => {};

// book is the book made, to read.
export const book = {
  get key() {
    return key;
  },
  get ok() {
    return ok;
  },
  get title() {
    return title;
  },
  get summary() {
    return summary;
  },
};

// setMade records what a check answered: the book's key, and whether it
// builds.
export function setMade(k, builds) {
  key = k;
  ok = builds;
}

// setTitle records the book's title, which names its downloads.
export function setTitle(t) {
  title = t;
}

// setSummary records the book's summary, as the status line says it.
export function setSummary(s) {
  summary = s;
}

// whenForgotten sets how the spec is sent again (a check) when the
// studio has forgotten it.
export function whenForgotten(f) {
  sendAgain = f;
}

// gone handles a 410 from the server, which has forgotten the spec the
// page's key names (it keeps the latest few): the spec is sent again,
// once for a key, and true returned when it was, so that the caller
// tries again with the new key.
export async function gone(resp) {
  if (resp.status !== 410 || resentKey === key) return false;
  resentKey = key;
  status(w("busy"));
  await sendAgain();
  return ok;
}

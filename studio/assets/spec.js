// The working spec: the text the studio was last sent, or is being sent
// (the YAML tab may show newer typing, sent after a pause); the texts
// it was before each edit, for Undo; and a copy in the browser's
// storage, so that a reload, or the studio started again on the same
// file, finds the edits made since.

const $ = (id) => document.getElementById(id);
const textarea = $("yaml");

// NAME is the spec's file name, without its extension ("mazebook" for
// the starter book).
export const NAME = document.body.dataset.name || "mazebook";

// ORIGINAL is the spec the server started with; the working spec is
// kept under a key of the spec's name and that text.
export const ORIGINAL = textarea.value;
const STORE = "mazebook-studio:" + NAME + ":" + fnv(ORIGINAL);

let text = ORIGINAL;
// history holds the spec before each edit, the latest last.
let history = [];
// saved is false while the edits exist nowhere but on the screen.
let saved = true;

function fnv(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16);
}

// specText returns the working spec.
export function specText() {
  return text;
}

// setSpec makes a text the working spec, and shows it in the YAML tab.
export function setSpec(t) {
  text = t;
  textarea.value = t;
}

// typedAhead reports whether the YAML tab shows typing not yet taken as
// the working spec.
export function typedAhead() {
  return textarea.value !== text;
}

// takeTyped takes the YAML tab's text as the working spec.
export function takeTyped() {
  text = textarea.value;
}

// keep keeps the working spec in the browser's storage (the original
// spec, nothing).
export function keep() {
  try {
    if (text === ORIGINAL) localStorage.removeItem(STORE);
    else localStorage.setItem(STORE, text);
    saved = true;
  } catch (e) {
    saved = text === ORIGINAL; // the edits exist nowhere else
  }
}

// isSaved reports whether the edits are kept somewhere but the screen.
export function isSaved() {
  return saved;
}

// restore takes the spec the browser kept, when it differs from the
// original, and says so with a banner.
export function restore() {
  let kept = null;
  try {
    kept = localStorage.getItem(STORE);
  } catch (e) { /* no storage: nothing kept */ }
  if (kept === null || kept === ORIGINAL) return;
  setSpec(kept);
  $("restored").hidden = false;
}

// remember keeps the spec as it was before an edit, for Undo.
export function remember(before) {
  if (before === text && history[history.length - 1] === before) return;
  history = history.concat([before]).slice(-50);
}

// canUndo reports whether an edit can be undone.
export function canUndo() {
  return history.length > 0;
}

// takeBack returns the spec as it was before the last edit, and forgets
// it (undefined when there is none).
export function takeBack() {
  return history.pop();
}

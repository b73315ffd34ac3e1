// Edits: a change of the form is made to the spec by the studio (which
// keeps the spec's comments and layout) and answered in one request
// with the new YAML, its check and the page to show; the YAML typed in
// its tab is checked after a pause. Each edit can be undone.
//
// A change of the form is sent at once (a word typed, after a pause of
// TYPING ms, so that a burst of keys goes as one). While an edit is
// under way, the next ones wait in pending and go together when it is
// answered: the preview follows the typing as fast as the studio
// answers, and never shows an edit older than one it showed.
import { api, answer } from "./api.js";
import { applyCheck, check, checked, latest, supersede } from "./check.js";
import { filesQuery } from "./files.js";
import { focusOn, previewQuery, setEdition } from "./preview.js";
import { showProblems } from "./problems.js";
import { keep, remember, setSpec, specText, takeBack, takeTyped, typedAhead } from "./spec.js";
import { changed, mark } from "./timings.js";

const $ = (id) => document.getElementById(id);
const TYPING = 40;

// pending are the fields changed and not sent yet, by path.
const pending = {};
let editTimer = 0;
let editBusy = false;
// editChain is the edits sent, one after another.
let editChain = Promise.resolve();
let checkTimer = 0;
let undoTimer = 0;

// onFieldInput takes a change of a form's field.
export function onFieldInput(input) {
  let v = input.type === "checkbox" ? String(input.checked) : input.value;
  pending[input.dataset.path] = v;
  changed();
  mark("edit");
  clearTimeout(editTimer);
  const delay = input.tagName === "SELECT" || input.type === "checkbox" ? 0 : TYPING;
  editTimer = setTimeout(() => {
    editTimer = 0;
    flushEdits();
  }, delay);
  // Show the page the change is about; the teacher edition ticked,
  // show it.
  const m = /^sections\.(\d+)\./.exec(input.dataset.path);
  focusOn(m ? Number(m[1]) : -1);
  if (input.dataset.path === "teacher_edition") setEdition(input.checked ? "teacher" : "student");
}

// flushEdits sends the fields changed, unless an edit is under way (they
// are sent when it is answered).
export function flushEdits() {
  if (editBusy) return;
  const set = Object.assign({}, pending);
  Object.keys(pending).forEach((k) => delete pending[k]);
  if (Object.keys(set).length) queueEdit({ set: set });
}

// queueEdit sends an edit ({set: {path: value}}, or {op, index} of a
// section) after those before it.
export function queueEdit(edit) {
  if (edit.op) changed();
  editChain = editChain.then(async () => {
    editBusy = true;
    // A check under way is of an older spec: the studio gives it up.
    const seq = supersede();
    const before = specText();
    mark("edit-sent");
    let resp, data;
    try {
      resp = await api("api/yaml?check=1&" + previewQuery() + filesQuery("&") + "&edit=" + encodeURIComponent(JSON.stringify(edit)), { method: "POST", body: specText() });
      data = await answer(resp);
    } finally {
      editBusy = false;
    }
    mark("edit-answered");
    if (!resp.ok) {
      showProblems(data.errors || []);
      return;
    }
    remember(before);
    setSpec(data.yaml);
    keep();
    if (Object.keys(pending).length && !editTimer) {
      flushEdits(); // newer edits: their answer shows
      return;
    }
    if (latest(seq)) applyCheck(resp, data);
  }).catch(() => {
    editBusy = false;
  });
}

// afterEdits returns the edits sent, done when they are.
export function afterEdits() {
  return editChain;
}

// offerUndo shows, after a section is removed or a starter opened, a
// banner that says so and puts the spec back as it was before.
export function offerUndo(before, what) {
  const bar = $("undo");
  $("undo-what").textContent = what;
  bar.hidden = false;
  $("undo-button").onclick = async () => {
    bar.hidden = true;
    await editChain;
    remember(specText());
    setSpec(before);
    check();
  };
  clearTimeout(undoTimer);
  undoTimer = setTimeout(() => (bar.hidden = true), 20000);
}

// undoLast puts the spec back as it was before the last edit.
export async function undoLast() {
  await editChain;
  const before = takeBack();
  if (before === undefined) return;
  setSpec(before);
  check();
}

// scheduleCheck checks the YAML typed, after a pause of TYPING ms (a
// check under way of older text is given up).
export function scheduleCheck() {
  changed();
  mark("edit");
  clearTimeout(checkTimer);
  checkTimer = setTimeout(() => {
    if (typedAhead()) remember(specText());
    takeTyped();
    check();
  }, TYPING);
}

// unsynced reports whether the screen shows edits the studio has not
// been sent yet.
export function unsynced() {
  return editTimer !== 0 || Object.keys(pending).length > 0 || typedAhead();
}

// settle sends the edits the screen shows and waits for the book they
// make: a download then has what the screen shows.
export async function settle() {
  if (typedAhead()) {
    clearTimeout(checkTimer);
    takeTyped();
    check();
  }
  // Edits typed while one is under way are sent when it is answered:
  // wait until none is left.
  for (let i = 0; i < 100 && (editTimer || editBusy || Object.keys(pending).length); i++) {
    if (editTimer) {
      clearTimeout(editTimer);
      editTimer = 0;
    }
    flushEdits();
    await editChain;
  }
  await editChain;
  await checked();
}

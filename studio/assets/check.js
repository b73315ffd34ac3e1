// Checking: the working spec sent to the studio, which answers with its
// model (the form's values), its problems placed on the form's fields,
// its pages and the page to show, drawn. A check (or an edit, checked in
// the same answer: edits.js) gives up the one under way, which is of an
// older spec, and an answer older than the latest asked for is passed
// over.
import { api, answer } from "./api.js";
import { book, setMade, setSummary, setTitle } from "./book.js";
import { updateDownloads } from "./downloads.js";
import { filesQuery } from "./files.js";
import { fillForm } from "./form.js";
import { previewQuery, setEdition, showBook, shownEdition } from "./preview.js";
import { addProblem, lockForm, showProblems, showStale, unique } from "./problems.js";
import { keep, specText } from "./spec.js";
import { status } from "./status.js";
import { mark } from "./timings.js";
import { lang, setLang, speaks, w } from "./words.js";

const $ = (id) => document.getElementById(id);

// seq numbers the checks asked for, the latest last; abort gives up the
// check under way; checking is the latest check, answered when it is.
let seq = 0;
let abort = null;
let checking = Promise.resolve();

// supersede gives up the check under way (of an older spec) and returns
// the number of the one to come.
export function supersede() {
  if (abort) abort.abort();
  return ++seq;
}

// latest reports whether a check's number is the latest asked for.
export function latest(n) {
  return n === seq;
}

// check sends the working spec to the studio and shows its answer; it
// returns the check, done when it is shown (see checked).
export function check() {
  checking = send();
  return checking;
}

// checked returns the latest check, done when it is shown.
export function checked() {
  return checking;
}

async function send() {
  const n = ++seq;
  keep();
  status(w("busy"));
  // A newer spec makes the older one's work moot: the server gives it up
  // when nobody waits for it.
  if (abort) abort.abort();
  abort = new AbortController();
  let resp;
  mark("check-sent");
  try {
    resp = await api("api/check?" + previewQuery() + filesQuery("&"), { method: "POST", body: specText(), signal: abort.signal });
  } catch (e) {
    return;
  }
  const data = await answer(resp);
  mark("check-answered");
  if (n !== seq) return;
  applyCheck(resp, data);
}

// applyCheck shows what a check (or an edit checked) answered: the form,
// its problems, the pages and the page asked for.
export function applyCheck(resp, data) {
  lockForm(data);
  if (data.language && data.language !== lang() && speaks(data.language)) setLang(data.language);
  fillForm(data.model);
  if (data.model) setTitle(data.model.values.title || "");
  // The teacher edition: its switch and download while the spec asks
  // for it; the pupils' book again when it no longer does.
  const teacher = !!data.model && data.model.values.teacher_edition === "true";
  $("edition").hidden = !teacher;
  $("dl-teacher").hidden = !teacher;
  if (data.model && !teacher && shownEdition() === "teacher") {
    setEdition("student");
    check();
    return;
  }
  const errors = data.errors || [];
  showProblems(errors);
  const ok = resp.ok && errors.length === 0;
  setMade(data.key || book.key, ok);
  updateDownloads();
  if (ok) {
    const summary = w("ready") + " · " + (shownEdition() === "teacher" ? w("editionteacher") + " · " : "") + data.summary;
    setSummary(summary);
    status(summary);
    (data.notes || []).forEach((note) => addProblem(note, "note"));
    showBook(data.pages, data.view);
  } else {
    status(w("problems") + ": " + unique(errors).length);
  }
  showStale(ok ? [] : errors);
}

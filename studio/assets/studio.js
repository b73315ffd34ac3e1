// mazebook studio: the form, the YAML tab, the preview and the game.
// Plain JavaScript modules, no library and no build step: the studio
// (the server, or in the static site the same handler in the page, see
// api.js) does the spec work (parsing, checking, making and drawing the book)
// and this page shows it. This module starts the page and wires its
// parts together; each part is a module of its own, with its own state:
//
//   words.js     the page's words and language
//   api.js       the one request helper (every request says the language)
//   status.js    the status line
//   timings.js   the preview's timings, for the browser tests
//   spec.js      the working spec, its history (Undo) and its copy kept
//   book.js      the book the studio made of it: its key, whether it builds
//   tabs.js      the form and YAML tabs
//   form.js      the form's fields and section cards
//   problems.js  the spec's problems, each said once in its place
//   files.js     the attached files
//   keep.js      the attached files kept in the browser (the site's)
//   preview.js   the page shown, the thumbnails, the chart, the edition
//   play.js      the studio's game (game.js and its parts)
//   downloads.js the downloads and their progress
//   check.js     the spec checked by the studio, and its answer shown
//   edits.js     the form's edits, the YAML typed, Undo
//   starters.js  a book begun from a starter
//   open.js      Open spec…
import { whenForgotten } from "./book.js";
import { check } from "./check.js";
import { initDownloads, updateDownloads } from "./downloads.js";
import { flushEdits, offerUndo, onFieldInput, queueEdit, scheduleCheck, settle, undoLast, unsynced } from "./edits.js";
import { initFiles, replaceFiles } from "./files.js";
import { fieldId, initForm } from "./form.js";
import { initOpen } from "./open.js";
import { startGame } from "./play.js";
import { initPreview, setEdition } from "./preview.js";
import { isSaved, ORIGINAL, restore, setSpec, specText } from "./spec.js";
import { initStarters } from "./starters.js";
import { restoreFiles } from "./keep.js";
import { initTabs } from "./tabs.js";
import { onRelabel, relabel, w } from "./words.js";

const $ = (id) => document.getElementById(id);

// The page's own words beside those its elements name: its title, and
// its direction: a language written right to left reads so throughout,
// the form at the right, the preview at its left, the header and the
// game mirrored too (the pages drawn are the book's, as it prints them).
onRelabel(() => {
  document.title = w("studio");
  document.documentElement.dir = w("dir");
  $("editor").dir = w("dir");
  ["stale", "page-error"].forEach((id) => ($(id).dir = w("dir")));
  jumpLabel();
});

// On a phone the preview is below the form, one tap away: the jump
// button goes to it and, from it, back to where the form was left.
let formY = 0;
let atPreview = false;
function jumpLabel() {
  const b = $("jump");
  b.dataset.w = atPreview ? "form" : "preview";
  b.textContent = w(b.dataset.w);
}
$("jump").addEventListener("click", () => {
  if (atPreview) {
    window.scrollTo({ top: formY });
    return;
  }
  formY = window.scrollY;
  $("preview").scrollIntoView({ block: "start" });
  $("preview").focus({ preventScroll: true });
});
new IntersectionObserver((entries) => {
  atPreview = entries[0].isIntersecting;
  jumpLabel();
}, { rootMargin: "0px 0px -50% 0px" }).observe($("preview"));

initTabs();
initForm(onFieldInput, (op, i) => {
  if (op === "remove") offerUndo(specText(), w("removed") + " " + (i + 1) + ".");
  queueEdit({ op: op, index: i });
});
initFiles(() => {
  updateDownloads();
  check();
});
initPreview();
initDownloads(settle);
initOpen();
initStarters();
startGame();
// The studio keeps the latest few specs: one it forgot is checked again.
whenForgotten(check);

$("yaml").addEventListener("input", scheduleCheck);
$("add-section").addEventListener("click", () => queueEdit({ op: "add" }));
$("new-mazes").addEventListener("click", () => {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  const input = $(fieldId("seed"));
  input.value = String(a[0]);
  onFieldInput(input);
  flushEdits();
});
document.querySelectorAll('input[name="edition"]').forEach((r) => r.addEventListener("change", () => {
  setEdition(r.value);
  check();
}));
$("yaml-locked-undo").addEventListener("click", undoLast);
$("start-again").addEventListener("click", () => {
  setSpec(ORIGINAL);
  $("restored").hidden = true;
  check();
});
window.addEventListener("beforeunload", (ev) => {
  if (!isSaved() || unsynced()) {
    ev.preventDefault();
    ev.returnValue = "";
  }
});

relabel();
restore();
// The static site's studio, in the page, starts with no files: those
// kept in the browser are handed to it again first.
restoreFiles().then((kept) => {
  if (kept.length) replaceFiles(kept);
  check();
});

// The spec's problems, each said once, in one place: under its field in
// the form, in the attached files' box, in the YAML's banner while the
// form is locked, or, with no place of its own, in the list of problems.
// The list names the others by their place, a link to it, and so does
// the preview's banner while the book is out of date.
import { canUndo } from "./spec.js";
import { goToLine, selectTab } from "./tabs.js";
import { w } from "./words.js";

const $ = (id) => document.getElementById(id);

// unique drops the problems said before (the same words at the same
// place).
export function unique(errors) {
  const seen = new Set();
  return errors.filter((e) => {
    const k = (e.path || "") + "\u0000" + (e.text || e.message);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

// showStale marks the preview out of date while the spec does not
// build, with its problems at the top, each a link to its field (or
// its line in the YAML).
export function showStale(errors) {
  const list = unique(errors);
  $("preview").classList.toggle("stale", list.length > 0);
  $("stale").hidden = list.length === 0;
  const ul = $("stale-list");
  ul.textContent = "";
  const named = new Set();
  list.forEach((e) => {
    // Where the problem is said, not the problem again; each place once.
    const at = placeOf(e);
    const key = at ? at.label : "line " + (e.line || 0);
    if (named.has(key)) return;
    named.add(key);
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = at ? at.label : e.line ? w("gotoline") + " " + e.line : w("problems");
    b.addEventListener("click", at ? at.go : () => (e.line ? goToLine(e.line) : $("problems").scrollIntoView({ block: "center" })));
    li.appendChild(b);
    ul.appendChild(li);
  });
}

// goToProblem shows where a problem is: its field in the form, or its
// line in the YAML.
function goToProblem(e) {
  let p = e.path || "";
  while (p && !$("form").inert) {
    const input = document.querySelector('#form [data-path="' + CSS.escape(p) + '"]');
    if (input) {
      selectTab("form");
      input.scrollIntoView({ block: "center" });
      input.focus();
      return;
    }
    p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "";
  }
  if (e.line) goToLine(e.line);
}

// lockForm locks the form while the YAML cannot be read (a form edit
// could not be made in it), with a banner that says why and goes to
// the line.
export function lockForm(data) {
  const errs = data.errors || [];
  const locked = !data.model && errs.length > 0;
  $("form").inert = locked;
  $("form").classList.toggle("locked", locked);
  $("yaml-locked").hidden = !locked;
  if (!locked) return;
  const e = errs[0];
  $("yaml-locked-why").textContent = e.text || e.message;
  const go = $("yaml-locked-go");
  go.hidden = !e.line;
  go.textContent = w("gotoline") + " " + e.line;
  go.onclick = () => goToLine(e.line);
  $("yaml-locked-undo").hidden = !canUndo();
}

function clearErrors() {
  document.querySelectorAll("#form .error").forEach((e) => (e.textContent = ""));
  document.querySelectorAll("#form [aria-invalid]").forEach((e) => e.removeAttribute("aria-invalid"));
  $("problem-list").textContent = "";
}

// addProblem adds a line to the list of problems: a message, or a link
// to where one is said (go).
export function addProblem(text, cls, go) {
  const li = document.createElement("li");
  if (cls) li.className = cls;
  if (go) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.textContent = text;
    b.addEventListener("click", go);
    li.appendChild(b);
  } else {
    li.textContent = text;
  }
  $("problem-list").appendChild(li);
}

// placeOf returns where a problem is said: the error line of its field
// (or of the nearest path above it that has one, a section's card), the
// attached files' box for a file not attached, the YAML's banner while
// the form is locked, or null (the list of problems).
function placeOf(e) {
  if ((e.message || "").includes("not attached")) return { el: $("file-missing"), label: w("files"), go: () => $("attachments").scrollIntoView({ block: "center" }) };
  if ($("form").inert) return e.line ? { el: null, label: w("gotoline") + " " + e.line, go: () => goToLine(e.line) } : null;
  let p = e.path || "";
  while (p) {
    const input = document.querySelector('#form [data-path="' + CSS.escape(p) + '"]');
    if (input) {
      const m = /^sections\.(\d+)\./.exec(p);
      const label = (m ? w("section") + " " + (Number(m[1]) + 1) + " · " : "") + (input.labels && input.labels[0] ? input.labels[0].textContent : p);
      return { el: $(input.id + "-error"), input: input, label: label, go: () => goToProblem(e) };
    }
    const m = /^sections\.(\d+)$/.exec(p);
    if (m && $("f-sections-" + m[1] + "-error")) {
      return { el: $("f-sections-" + m[1] + "-error"), label: w("section") + " " + (Number(m[1]) + 1), go: () => goToProblem(e) };
    }
    p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "";
  }
  return null;
}

// showProblems says each problem once, in one place (see placeOf): a
// field shows one problem, the first (as GOV.UK's design system asks:
// one message a field, the one to mend first), and the list links to
// each place once.
export function showProblems(errors) {
  clearErrors();
  $("file-missing").textContent = "";
  if (!errors.length) {
    addProblem(w("noproblems"), "ok");
    return;
  }
  const said = new Set();
  unique(errors).forEach((e) => {
    const at = placeOf(e);
    if (!at) {
      addProblem(e.text || e.message, "bad", e.line ? () => goToLine(e.line) : null);
      return;
    }
    if (at.input) {
      if (said.has(at.input)) return;
      said.add(at.input);
    }
    if (at.input) at.input.setAttribute("aria-invalid", "true");
    if (at.el) at.el.textContent = (at.el.textContent ? at.el.textContent + "\n" : "") + (at.el.id === "file-missing" ? e.text || e.message : e.message);
    addProblem(at.label, "bad link", at.go);
  });
}

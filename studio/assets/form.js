// The form: a field for each setting of the book (FIELDS, as the server
// describes them), and a card of fields for each section, with tools to
// move or remove it. What the user changes goes to the handlers given
// to initForm; fillForm shows the values of the spec's model.
import { choicesHint, hintWords, onRelabel, optionWord, w } from "./words.js";

const $ = (id) => document.getElementById(id);
const FIELDS = JSON.parse(document.body.dataset.fields);

// sections is the number of section cards built.
let sections = -1;
let onInput = () => {};
let onTool = () => {};

// fieldId is the id of the input of a path ("sections.0.size").
export function fieldId(path) {
  return "f-" + path.replace(/[^a-z0-9]/gi, "-");
}

function labelKey(f) {
  const key = f.path.replace(/^sections\.\*\./, "");
  if (f.path === "sections.*.title") return "f.title.s";
  return "f." + key;
}

function hintKey(f) {
  return "h." + f.path.replace(/^sections\.\*\./, "");
}

// makeField returns the element of one field for a path.
function makeField(f, path) {
  const div = document.createElement("div");
  div.className = "field" + (f.kind === "check" ? " check" : "");
  div.dataset.field = path;
  const id = fieldId(path);
  const label = document.createElement("label");
  label.className = "field-label";
  label.htmlFor = id;
  label.dataset.wl = labelKey(f);
  label.textContent = w(labelKey(f));
  let input;
  if (f.kind === "select") {
    input = document.createElement("select");
    f.choices.forEach((c) => {
      const o = document.createElement("option");
      o.value = c;
      o.textContent = c === "" ? w("default_opt") : optionWord(c);
      if (c !== "") o.dataset.opt = c;
      input.appendChild(o);
    });
  } else {
    input = document.createElement("input");
    input.type = f.kind === "check" ? "checkbox" : "text";
    if (f.kind === "number") input.inputMode = "numeric";
    if (f.suggest) {
      const dl = document.createElement("datalist");
      dl.id = id + "-list";
      f.suggest.forEach((s) => {
        const o = document.createElement("option");
        o.value = s;
        dl.appendChild(o);
      });
      div.appendChild(dl);
      input.setAttribute("list", dl.id);
    }
    if (f.default && f.kind !== "check") input.placeholder = f.default;
    input.autocomplete = "off";
  }
  input.id = id;
  input.dataset.path = path;
  input.dataset.kind = f.kind;
  input.dataset.default = f.default || "";
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.id = id + "-hint";
  const hk = hintKey(f);
  let hintText = w(hk) !== hk ? hintWords(hk) : "";
  if (w(hk) !== hk) {
    hint.dataset.wh = hk;
  } else if (f.choices && f.choices.length && f.kind === "select" && f.choices.filter((c) => c).length <= 6) {
    // A few choices: listed under the drop-down, in its words.
    hintText = choicesHint(f.choices);
    hint.dataset.choices = JSON.stringify(f.choices);
  }
  hint.textContent = hintText;
  const err = document.createElement("p");
  err.className = "error";
  err.id = id + "-error";
  input.setAttribute("aria-describedby", hint.id + " " + err.id);
  if (f.kind === "check") {
    div.append(input, label, hint, err);
  } else {
    div.append(label, input, hint, err);
  }
  if (!hintText) hint.hidden = true;
  input.addEventListener(f.kind === "check" || f.kind === "select" ? "change" : "input", () => onInput(input));
  return div;
}

function buildBookFields() {
  const fs = $("book-fields");
  const grid = document.createElement("div");
  grid.className = "grid2";
  FIELDS.filter((f) => !f.path.startsWith("sections.")).forEach((f) => grid.appendChild(makeField(f, f.path)));
  fs.appendChild(grid);
}

function buildSections(n) {
  const box = $("sections");
  box.textContent = "";
  for (let i = 0; i < n; i++) {
    const fs = document.createElement("fieldset");
    fs.className = "section-card";
    fs.dataset.field = "sections." + i;
    const lg = document.createElement("legend");
    const name = document.createElement("span");
    name.className = "section-name";
    name.textContent = w("section") + " " + (i + 1);
    lg.appendChild(name);
    fs.appendChild(lg);
    const err = document.createElement("p");
    err.className = "error";
    err.id = "f-sections-" + i + "-error";
    fs.appendChild(err);
    const grid = document.createElement("div");
    grid.className = "grid2";
    FIELDS.filter((f) => f.path.startsWith("sections.")).forEach((f) => {
      grid.appendChild(makeField(f, f.path.replace("*", String(i))));
    });
    fs.appendChild(grid);
    const tools = document.createElement("div");
    tools.className = "section-tools";
    [["up", i > 0], ["down", i < n - 1], ["remove", n > 1]].forEach(([op, on]) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "button";
      b.dataset.w = op;
      b.textContent = w(op);
      b.disabled = !on;
      b.addEventListener("click", () => onTool(op, i));
      tools.appendChild(b);
    });
    fs.appendChild(tools);
    box.appendChild(fs);
  }
  sections = n;
}

// relabelSections names the section cards in the page's language.
function relabelSections() {
  document.querySelectorAll(".section-card").forEach((card, i) => {
    card.querySelector(".section-name").textContent = w("section") + " " + (i + 1);
  });
}

// fillForm shows a spec's model: its values in the fields (but the one
// being typed in), a card for each of its sections.
export function fillForm(model) {
  if (!model) return;
  if (model.sections !== sections) buildSections(model.sections);
  document.querySelectorAll("#form [data-path]").forEach((input) => {
    if (input === document.activeElement && input.type !== "checkbox") return;
    const p = input.dataset.path;
    const has = Object.prototype.hasOwnProperty.call(model.values, p);
    const v = has ? model.values[p] : "";
    if (input.type === "checkbox") {
      input.checked = (has ? v : input.dataset.default) === "true";
    } else if (input.tagName === "SELECT") {
      let val = has ? v : input.dataset.default;
      if (![...input.options].some((o) => o.value === val)) {
        if (val !== "" && !has) val = "";
        if (![...input.options].some((o) => o.value === val)) {
          const o = document.createElement("option");
          o.value = val;
          o.textContent = val;
          input.appendChild(o);
        }
      }
      input.value = val;
    } else {
      input.value = v;
    }
  });
}

// initForm builds the book's fields. input(el) is told of a field the
// user changed; tool(op, i) of a section's tool clicked ("up", "down" or
// "remove", and the section's index).
export function initForm(input, tool) {
  onInput = input;
  onTool = tool;
  buildBookFields();
  onRelabel(relabelSections);
}

// mazebook studio: the form, the YAML tab, the preview and the game
// (game.js). Plain JavaScript modules, no library: the server does the
// spec work (parsing, checking, making and drawing the book) and this
// page shows it.
import { makeGame } from "./game.js";

(function () {
  const body = document.body;
  const FIELDS = JSON.parse(body.dataset.fields);
  const WORDS = JSON.parse(body.dataset.words);
  const NAME = body.dataset.name || "mazebook";
  const $ = (id) => document.getElementById(id);

  const state = {
    yaml: $("yaml").value,
    key: "",
    lang: document.documentElement.lang || "en",
    pages: [],
    page: 0, // index into pages
    sections: -1,
    ok: false,
    checkSeq: 0,
    viewSeq: 0,
    editChain: Promise.resolve(),
    changedAt: 0,
    // The files attached to the book: {name, id, size}, by name.
    files: JSON.parse(body.dataset.files || "[]"),
    // The edition previewed: "student", or "teacher" while the spec asks
    // for a teacher edition (teacher_edition: true).
    edition: "student",
    // The spec before each edit, for Undo (the latest last).
    history: [],
  };
  // ---- the working spec, kept in the browser across reloads ----

  // ORIGINAL is the spec the server started with; the working spec is
  // kept in the browser's storage under a key of the spec's name and
  // that text, so that a reload, or the studio started again on the same
  // file, finds the edits made since.
  const ORIGINAL = $("yaml").value;
  const STORE = "mazebook-studio:" + NAME + ":" + fnv(ORIGINAL);
  state.saved = true;

  function fnv(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16);
  }

  function keep() {
    try {
      if (state.yaml === ORIGINAL) localStorage.removeItem(STORE);
      else localStorage.setItem(STORE, state.yaml);
      state.saved = true;
    } catch (e) {
      state.saved = state.yaml === ORIGINAL; // the edits exist nowhere else
    }
  }

  function restore() {
    let kept = null;
    try {
      kept = localStorage.getItem(STORE);
    } catch (e) { /* no storage: nothing kept */ }
    if (kept === null || kept === ORIGINAL) return;
    state.yaml = kept;
    $("yaml").value = kept;
    $("restored").hidden = false;
  }

  // unsynced reports whether the screen shows edits the studio has not
  // been sent yet.
  function unsynced() {
    return editTimer !== 0 || Object.keys(pending).length > 0 || $("yaml").value !== state.yaml;
  }

  window.addEventListener("beforeunload", (ev) => {
    if (!state.saved || unsynced()) {
      ev.preventDefault();
      ev.returnValue = "";
    }
  });

  // settle sends the edits the screen shows and waits for the book they
  // make: a download then has what the screen shows.
  async function settle() {
    if ($("yaml").value !== state.yaml) {
      clearTimeout(checkTimer);
      state.yaml = $("yaml").value;
      state.checking = check();
    }
    // Edits typed while one is under way are sent when it is answered:
    // wait until none is left.
    for (let i = 0; i < 100 && (editTimer || editBusy || Object.keys(pending).length); i++) {
      if (editTimer) {
        clearTimeout(editTimer);
        editTimer = 0;
      }
      flushEdits();
      await state.editChain;
    }
    await state.editChain;
    await state.checking;
  }

  // Timings the browser tests read: the latest preview latency in ms,
  // and marks of where an edit's time goes (performance.mark, also kept
  // as {name, t} for the tests): edit, edit-sent, edit-answered,
  // check-sent, check-answered, view-sent, view-answered, shown and
  // painted (the frame after the page is in place).
  window.studioTimings = { preview: [], marks: [] };
  function mark(name) {
    performance.mark(name);
    window.studioTimings.marks.push({ name: name, t: performance.now() });
  }

  function w(k) {
    return (WORDS[state.lang] || WORDS.en)[k] || WORDS.en[k] || k;
  }

  // optionWord is a drop-down choice in the page's language (the value
  // written in the spec stays the spec's word).
  function optionWord(c) {
    const k = "opt." + c;
    return w(k) !== k ? w(k) : c;
  }

  // hintWords is a hint in the page's language, a choice it names
  // ({random}) in the drop-down's words.
  function hintWords(k) {
    return w(k).replace("{random}", "“" + optionWord("random") + "”");
  }

  // choicesHint lists a drop-down's choices in the page's language, as
  // it lists things one of which is chosen ("a, b or c", "أ أو ب").
  function choicesHint(choices) {
    const words = choices.filter((c) => c).map(optionWord);
    try {
      return new Intl.ListFormat(state.lang, { type: "disjunction" }).format(words);
    } catch (e) {
      return words.join(", ");
    }
  }

  function relabel() {
    document.documentElement.lang = state.lang;
    // The form and its words read right to left in such a language; the
    // page around it, its preview and controls, keep their places.
    document.getElementById("editor").dir = w("dir");
    document.title = w("studio");
    document.querySelectorAll("[data-w]").forEach((el) => {
      el.textContent = w(el.dataset.w);
    });
    document.querySelectorAll("[data-wl]").forEach((el) => {
      el.textContent = w(el.dataset.wl);
    });
    document.querySelectorAll("[data-wh]").forEach((el) => {
      el.textContent = hintWords(el.dataset.wh);
    });
    document.querySelectorAll("[data-choices]").forEach((el) => {
      el.textContent = choicesHint(JSON.parse(el.dataset.choices));
    });
    // A problem is laid out as its language reads, in the preview too.
    ["stale", "page-error"].forEach((id) => ($(id).dir = w("dir")));
    document.querySelectorAll("[data-wa]").forEach((el) => {
      el.setAttribute("aria-label", w(el.dataset.wa));
      if (el.tagName === "BUTTON") el.title = w(el.dataset.wa);
    });
    document.querySelectorAll(".section-card").forEach((card, i) => {
      card.querySelector(".section-name").textContent = w("section") + " " + (i + 1);
    });
    document.querySelectorAll("option[value='']").forEach((o) => {
      o.textContent = w("default_opt");
    });
    document.querySelectorAll("option[data-opt]").forEach((o) => {
      o.textContent = optionWord(o.dataset.opt);
    });
    updatePageLabel();
    renderFiles();
  }

  function status(text) {
    $("status").textContent = text;
  }

  // ---- talking to the server ----

  async function api(method, url, bodyText, signal) {
    // The server answers in the page's language while the spec cannot
    // say its own.
    const opt = { method: method, headers: { "Accept-Language": state.lang }, signal: signal };
    if (bodyText !== undefined) {
      opt.body = bodyText;
      opt.headers["Content-Type"] = "application/yaml";
    }
    let resp;
    try {
      resp = await fetch(url, opt);
    } catch (e) {
      if (e.name !== "AbortError") status(w("offline"));
      throw e;
    }
    return resp;
  }

  // ---- the form ----

  function fieldId(path) {
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
    input.addEventListener(f.kind === "check" || f.kind === "select" ? "change" : "input", () => onFieldInput(input));
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
        b.addEventListener("click", () => {
          if (op === "remove") offerUndo(state.yaml, w("removed") + " " + (i + 1) + ".");
          queueEdit({ op: op, index: i });
        });
        tools.appendChild(b);
      });
      fs.appendChild(tools);
      box.appendChild(fs);
    }
    state.sections = n;
  }

  function fillForm(model) {
    if (!model) return;
    if (model.sections !== state.sections) buildSections(model.sections);
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

  // ---- edits: the form changes the YAML on the server ----

  // An edit of the form is sent at once (a word typed, after a pause of
  // TYPING ms, so that a burst of keys goes as one), and answered in one
  // request with the new YAML, its check and the page to show. While an
  // edit is under way, the next ones wait in pending and go together
  // when it is answered: the preview follows the typing as fast as the
  // studio answers, and never shows an edit older than one it showed.
  const TYPING = 40;
  const pending = {};
  let editTimer = 0;
  let editBusy = false;

  function onFieldInput(input) {
    let v = input.type === "checkbox" ? String(input.checked) : input.value;
    pending[input.dataset.path] = v;
    state.changedAt = performance.now();
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
    state.focusSection = m ? Number(m[1]) : -1;
    if (input.dataset.path === "teacher_edition") setEdition(input.checked ? "teacher" : "student");
  }

  // setEdition chooses the edition the preview shows.
  function setEdition(ed) {
    state.edition = ed;
    document.querySelectorAll('input[name="edition"]').forEach((r) => (r.checked = r.value === ed));
  }

  function flushEdits() {
    if (editBusy) return; // sent when the edit under way is answered
    const set = Object.assign({}, pending);
    Object.keys(pending).forEach((k) => delete pending[k]);
    if (Object.keys(set).length) queueEdit({ set: set });
  }

  function queueEdit(edit) {
    if (edit.op) state.changedAt = performance.now();
    state.editChain = state.editChain.then(async () => {
      editBusy = true;
      // A check under way is of an older spec: the studio gives it up.
      if (state.checkAbort) state.checkAbort.abort();
      const seq = ++state.checkSeq;
      const before = state.yaml;
      mark("edit-sent");
      let resp, data;
      try {
        resp = await api("POST", "api/yaml?check=1&" + previewQuery() + filesQuery("&") + "&edit=" + encodeURIComponent(JSON.stringify(edit)), state.yaml);
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
      state.yaml = data.yaml;
      $("yaml").value = data.yaml;
      keep();
      if (Object.keys(pending).length && !editTimer) {
        flushEdits(); // newer edits: their answer shows
        return;
      }
      if (seq === state.checkSeq) applyCheck(resp, data);
    }).catch(() => {
      editBusy = false;
    });
  }

  // remember keeps the spec as it was before an edit, for Undo.
  function remember(before) {
    if (before === state.yaml && state.history[state.history.length - 1] === before) return;
    state.history = state.history.concat([before]).slice(-50);
  }

  // offerUndo shows, after a section is removed or a starter opened, a
  // banner that says so and puts the spec back as it was before.
  function offerUndo(before, what) {
    const bar = $("undo");
    $("undo-what").textContent = what;
    bar.hidden = false;
    $("undo-button").onclick = async () => {
      bar.hidden = true;
      await state.editChain;
      remember(state.yaml);
      state.yaml = before;
      $("yaml").value = before;
      state.checking = check();
    };
    clearTimeout(state.undoTimer);
    state.undoTimer = setTimeout(() => (bar.hidden = true), 20000);
  }

  // undoLast puts the spec back as it was before the last edit.
  async function undoLast() {
    await state.editChain;
    const before = state.history.pop();
    if (before === undefined) return;
    state.yaml = before;
    $("yaml").value = before;
    state.checking = check();
  }

  // ---- checking: the spec's model, errors and pages ----

  let checkTimer = 0;

  // scheduleCheck checks the YAML typed, after a pause of TYPING ms (a
  // check under way of older text is given up).
  function scheduleCheck() {
    state.changedAt = performance.now();
    mark("edit");
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => {
      if ($("yaml").value !== state.yaml) remember(state.yaml);
      state.yaml = $("yaml").value;
      state.checking = check();
    }, TYPING);
  }

  // previewQuery asks a check for the page to show with its answer: the
  // first puzzle page of the section edited, or the page shown; and the
  // edition previewed.
  function previewQuery() {
    let q = state.focusSection >= 0 ? "section=" + state.focusSection : "page=" + state.page;
    if (state.edition === "teacher") q += "&edition=teacher";
    return q;
  }

  // answer reads a JSON answer, or makes one of an answer that is not.
  async function answer(resp) {
    try {
      return await resp.json();
    } catch (e) {
      return { errors: [{ message: resp.status + " " + resp.statusText }] };
    }
  }

  async function check() {
    const seq = ++state.checkSeq;
    keep();
    status(w("busy"));
    // A newer spec makes the older one's work moot: the server gives it
    // up when nobody waits for it.
    if (state.checkAbort) state.checkAbort.abort();
    state.checkAbort = new AbortController();
    let resp;
    mark("check-sent");
    try {
      resp = await api("POST", "api/check?" + previewQuery() + filesQuery("&"), state.yaml, state.checkAbort.signal);
    } catch (e) {
      return;
    }
    const data = await answer(resp);
    mark("check-answered");
    if (seq !== state.checkSeq) return;
    applyCheck(resp, data);
  }

  // samePages reports whether two lists of pages are alike (the same
  // kinds, sections and mazes): the thumbnails' list then stays, and
  // only their pictures are brought up to date.
  function samePages(a, b) {
    return JSON.stringify(a || []) === JSON.stringify(b || []);
  }

  // applyCheck shows what a check (or an edit checked) answered: the
  // form, its problems, the pages and the page asked for.
  function applyCheck(resp, data) {
    lockForm(data);
    if (data.language && data.language !== state.lang && WORDS[data.language]) {
      state.lang = data.language;
      relabel();
    }
    fillForm(data.model);
    if (data.model) state.title = data.model.values.title || "";
    // The teacher edition: its switch and download while the spec asks
    // for it; the pupils' book again when it no longer does.
    const teacher = !!data.model && data.model.values.teacher_edition === "true";
    $("edition").hidden = !teacher;
    $("dl-teacher").hidden = !teacher;
    if (data.model && !teacher && state.edition === "teacher") {
      setEdition("student");
      state.checking = check();
      return;
    }
    showProblems(data.errors || []);
    state.ok = resp.ok && (data.errors || []).length === 0;
    state.key = data.key || state.key;
    updateDownloads();
    if (state.ok) {
      const same = samePages(state.pages, data.pages);
      state.pages = data.pages || [];
      if (data.view) state.page = data.view.page;
      state.focusSection = -1;
      if (state.page >= state.pages.length) state.page = Math.max(0, state.pages.length - 1);
      state.summary = w("ready") + " · " + (state.edition === "teacher" ? w("editionteacher") + " · " : "") + data.summary;
      status(state.summary);
      (data.notes || []).forEach((n) => addProblem(n, "note"));
      if (!same) buildThumbs();
      if (data.view) {
        state.viewSeq++;
        drawView(data.view);
      } else {
        showPage();
      }
      refreshLater();
    } else {
      status(w("problems") + ": " + unique(data.errors || []).length);
    }
    showStale(state.ok ? [] : data.errors || []);
  }

  // unique drops the problems said before (the same words at the same
  // place).
  function unique(errors) {
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
  function showStale(errors) {
    const list = unique(errors);
    $("preview").classList.toggle("stale", list.length > 0);
    $("stale").hidden = list.length === 0;
    const ul = $("stale-list");
    ul.textContent = "";
    list.forEach((e) => {
      // Where the problem is said, not the problem again.
      const at = placeOf(e);
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
  function lockForm(data) {
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
    $("yaml-locked-undo").hidden = state.history.length === 0;
  }

  // goToLine shows the YAML with line n selected.
  function goToLine(n) {
    selectTab("yaml");
    const ta = $("yaml");
    const lines = ta.value.split("\n");
    let start = 0;
    for (let i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
    const end = start + (lines[n - 1] || "").length;
    ta.focus();
    ta.setSelectionRange(start, end);
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 18;
    ta.scrollTop = Math.max(0, (n - 3) * lh);
  }

  function clearErrors() {
    document.querySelectorAll("#form .error").forEach((e) => (e.textContent = ""));
    document.querySelectorAll("#form [aria-invalid]").forEach((e) => e.removeAttribute("aria-invalid"));
    $("problem-list").textContent = "";
  }

  // addProblem adds a line to the list of problems: a message, or a
  // link to where one is said (go).
  function addProblem(text, cls, go) {
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

  // placeOf returns where a problem is said: the error line of its
  // field (or of the nearest path above it that has one, a section's
  // card), the attached files' box for a file not attached, the YAML's
  // banner while the form is locked, or null (the list of problems).
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

  // showProblems says each problem once, in one place (see placeOf):
  // under its field, in the files' box, in the YAML's banner, or, with
  // no place of its own, in the list of problems. The list names the
  // others by their place, a link to it, and so does the preview's
  // banner (showStale): no message is said twice.
  function showProblems(errors) {
    clearErrors();
    $("file-missing").textContent = "";
    if (!errors.length) {
      addProblem(w("noproblems"), "ok");
      return;
    }
    unique(errors).forEach((e) => {
      const at = placeOf(e);
      if (!at) {
        addProblem(e.text || e.message, "bad", e.line ? () => goToLine(e.line) : null);
        return;
      }
      if (at.input) at.input.setAttribute("aria-invalid", "true");
      if (at.el) at.el.textContent = (at.el.textContent ? at.el.textContent + "\n" : "") + (at.el.id === "file-missing" ? e.text || e.message : e.message);
      addProblem(at.label, "bad link", at.go);
    });
  }

  // ---- downloads ----

  // slug makes a file name of a title: letters and digits, accents
  // dropped, runs of anything else one dash; "" for none.
  function slug(title) {
    return (title || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "");
  }

  function updateDownloads() {
    const k = state.key;
    // The book's files are named from its title, as a shelf of PDFs
    // reads; the spec keeps the name of its file.
    const book = slug(state.title) || NAME;
    const specName = NAME === "mazebook" ? book : NAME;
    const links = {
      "dl-pdf": "api/pdf/" + k + "/" + book + ".pdf",
      "dl-teacher": "api/pdf/" + k + "/" + book + "-teacher.pdf?edition=teacher",
      "dl-svg": "api/zip/" + k + "/" + book + "-svg.zip",
      // With attached files, the spec comes in a zip with them.
      "dl-spec": "api/spec/" + k + "/" + specName + (state.files.length ? ".zip" : ".yaml"),
    };
    const spec = $("dl-spec");
    spec.dataset.w = state.files.length ? "downloadspeczip" : "downloadspec";
    spec.textContent = w(spec.dataset.w);
    Object.keys(links).forEach((id) => {
      const a = $(id);
      const off = !k || (!state.ok && id !== "dl-spec");
      a.href = links[id];
      a.setAttribute("download", "");
      a.setAttribute("aria-disabled", off ? "true" : "false");
    });
  }

  // watchProgress shows how far the server has come with a book while
  // it is made and written, and returns the function that ends it.
  function watchProgress(edition) {
    const bar = $("progress");
    const key = state.key;
    let over = false;
    bar.hidden = false;
    bar.removeAttribute("value");
    status(w("building"));
    const tick = async () => {
      if (over) return;
      try {
        const r = await fetch("api/progress/" + key + (edition ? "?edition=" + edition : ""));
        const p = await r.json();
        if (p.total > 0 && !over) {
          bar.max = p.total;
          bar.value = p.done;
        }
      } catch (e) { /* the next tick tries again */ }
      setTimeout(tick, 250);
    };
    setTimeout(tick, 150);
    return (message) => {
      over = true;
      bar.hidden = true;
      status(message || state.summary || w("ready"));
    };
  }

  // download fetches a book file and hands it to the browser to save; a
  // book the server refuses (the print preset's rules) shows why instead
  // of saving the message as a file.
  async function download(a, edition) {
    await settle();
    if (a.getAttribute("aria-disabled") === "true") return; // the edit made it unbuildable
    const done = watchProgress(edition);
    let resp;
    try {
      resp = await fetch(a.href);
    } catch (e) {
      done(w("offline"));
      return;
    }
    if (!resp.ok) {
      if (await gone(resp)) {
        done();
        return download(a, edition); // its link names the new key
      }
      let data = {};
      try {
        data = await resp.json();
      } catch (e) {
        data = { errors: [{ message: resp.status + " " + resp.statusText }] };
      }
      showProblems(data.errors || []);
      done(w("problems") + ": " + (data.errors || []).length);
      return;
    }
    const blob = await resp.blob();
    const url = URL.createObjectURL(blob);
    const tmp = document.createElement("a");
    tmp.href = url;
    tmp.download = decodeURIComponent(new URL(a.href).pathname.split("/").pop());
    document.body.appendChild(tmp);
    tmp.click();
    tmp.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
    done();
  }

  ["dl-pdf", "dl-teacher", "dl-svg", "dl-spec"].forEach((id) => {
    $(id).addEventListener("click", (ev) => {
      if ($(id).getAttribute("aria-disabled") === "true") {
        ev.preventDefault();
        return;
      }
      ev.preventDefault();
      download($(id), id === "dl-teacher" ? "teacher" : "");
    });
  });

  $("open-spec").addEventListener("change", async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    if (/\.zip$/i.test(f.name)) {
      // A spec with its files, as Download spec zips them.
      ev.target.value = "";
      status(w("attaching") + " " + f.name);
      let resp, data;
      try {
        resp = await fetch("api/open", { method: "POST", body: f, headers: { "Content-Type": "application/zip" } });
        data = await resp.json();
      } catch (e) {
        showProblems([{ message: f.name + ": " + (resp ? resp.status + " " + resp.statusText : w("offline")) }]);
        return;
      }
      if (!resp.ok) {
        showProblems(data.errors || []);
        status(w("problems") + ": " + (data.errors || []).length);
        return;
      }
      $("yaml").value = data.yaml;
      state.yaml = data.yaml;
      state.files = data.files || [];
      state.page = 0;
      $("file-error").textContent = "";
      renderFiles();
      updateDownloads();
      check();
      return;
    }
    if (f.size > 1 << 20) {
      showProblems([{ message: f.name + ": larger than 1 MB" }]);
      return;
    }
    ev.target.value = "";
    // A spec is text: a picture, a PDF or any other binary file is
    // refused, and the spec on screen stays as it is.
    const bytes = new Uint8Array(await f.arrayBuffer());
    let text = "";
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (e) {
      text = null;
    }
    if (text === null || text.includes("\u0000")) {
      showProblems([{ message: f.name + ": " + w("notaspec") }]);
      status(w("problems") + ": 1");
      return;
    }
    $("yaml").value = text;
    state.yaml = text;
    state.page = 0;
    state.checking = check();
  });

  // ---- attached files ----

  // filesQuery returns the query that names the attached files, after
  // sep ("?" or "&"), or "" when there are none.
  function filesQuery(sep) {
    if (!state.files.length) return "";
    const refs = state.files.map((f) => ({ name: f.name, id: f.id }));
    return sep + "files=" + encodeURIComponent(JSON.stringify(refs));
  }

  function sizeText(n) {
    if (n >= 1 << 20) return (n / (1 << 20)).toFixed(1) + " MB";
    return Math.max(1, Math.round(n / 1024)) + " KB";
  }

  function renderFiles() {
    const list = $("file-list");
    list.textContent = "";
    if (!state.files.length) {
      const li = document.createElement("li");
      li.className = "none";
      li.textContent = w("nofiles");
      list.appendChild(li);
      return;
    }
    state.files.forEach((f) => {
      const li = document.createElement("li");
      const name = document.createElement("span");
      name.className = "file-name";
      name.textContent = f.name;
      const size = document.createElement("span");
      size.className = "file-size";
      size.textContent = sizeText(f.size);
      const rm = document.createElement("button");
      rm.type = "button";
      rm.className = "button";
      rm.textContent = w("removefile");
      rm.setAttribute("aria-label", w("removefile") + " " + f.name);
      rm.addEventListener("click", () => {
        state.files = state.files.filter((x) => x.name !== f.name);
        renderFiles();
        updateDownloads();
        check();
        $("add-file").focus();
      });
      li.append(name, size, rm);
      list.appendChild(li);
    });
  }

  // addFiles sends files to the server, one at a time, and attaches those
  // it takes (a file of the same name is replaced); it says why it
  // refuses the others.
  async function addFiles(files) {
    const problems = [];
    for (const file of Array.from(files)) {
      status(w("attaching") + " " + file.name);
      let resp, data;
      try {
        resp = await fetch("api/attach?name=" + encodeURIComponent(file.name) + filesQuery("&"), {
          method: "POST",
          body: file,
          headers: { "Content-Type": "application/octet-stream" },
        });
        data = await resp.json();
      } catch (e) {
        problems.push(file.name + ": " + (resp ? resp.status + " " + resp.statusText : w("offline")));
        continue;
      }
      if (!resp.ok || !data.file) {
        problems.push(((data.errors || [])[0] || {}).message || resp.status + " " + resp.statusText);
        continue;
      }
      state.files = state.files.filter((x) => x.name !== data.file.name).concat([data.file]);
      state.files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    $("file-error").textContent = problems.join(" · ");
    renderFiles();
    updateDownloads();
    check();
  }

  $("add-file").addEventListener("change", (ev) => {
    const files = Array.from(ev.target.files);
    ev.target.value = "";
    if (files.length) addFiles(files);
  });
  const drop = $("attachments");
  ["dragenter", "dragover"].forEach((t) => drop.addEventListener(t, (ev) => {
    ev.preventDefault();
    drop.classList.add("dragging");
  }));
  ["dragleave", "drop"].forEach((t) => drop.addEventListener(t, () => drop.classList.remove("dragging")));
  drop.addEventListener("drop", (ev) => {
    ev.preventDefault();
    if (ev.dataTransfer && ev.dataTransfer.files.length) addFiles(ev.dataTransfer.files);
  });

  // ---- preview ----

  function updatePageLabel() {
    const n = state.pages.length;
    $("page-label").textContent = n ? w("page") + " " + (state.page + 1) + " " + w("of") + " " + n : "";
    $("prev").disabled = state.page <= 0;
    $("next").disabled = state.page >= n - 1;
  }

  function thumb(p, i) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.index = String(i);
    const img = document.createElement("img");
    img.loading = "lazy";
    img.alt = "";
    img.dataset.index = String(i); // its picture comes after the page shown (refreshLater)
    const cap = document.createElement("span");
    cap.textContent = w("page") + " " + p.number;
    b.append(img, cap);
    b.addEventListener("click", () => {
      state.page = i;
      showPage();
      // Stacked on a narrow screen, the page is above the thumbnails:
      // bring it into view, its top at the top.
      if (window.innerWidth <= 960) $("preview-title").scrollIntoView({ block: "start" });
    });
    li.appendChild(b);
    return li;
  }

  // thumbSrc is the address of page i's picture, of the edition shown.
  function thumbSrc(i) {
    return "api/page/" + state.key + "/" + (i + 1) + ".svg" + (state.edition === "teacher" ? "?edition=teacher" : "");
  }

  // refreshLater brings the thumbnails' pictures and the chart up to date
  // once the page asked for is shown and the typing pauses: they never
  // hold up the page.
  let auxTimer = 0;
  function refreshLater() {
    clearTimeout(auxTimer);
    auxTimer = setTimeout(() => {
      document.querySelectorAll(".thumbs img").forEach((img) => {
        const src = thumbSrc(Number(img.dataset.index));
        if (img.getAttribute("src") !== src) img.src = src;
      });
      const chart = "api/chart/" + state.key + "/chart.svg" + (state.edition === "teacher" ? "?edition=teacher" : "");
      if ($("chart").getAttribute("src") !== chart) $("chart").src = chart;
      $("chart").alt = w("chart");
    }, 300);
  }

  function buildThumbs() {
    const main = $("thumbs");
    const ans = $("answer-thumbs");
    main.textContent = "";
    ans.textContent = "";
    state.pages.forEach((p, i) => (p.kind === "answers" ? ans : main).appendChild(thumb(p, i)));
    markThumb();
  }

  function markThumb() {
    document.querySelectorAll(".thumbs button").forEach((b) => {
      if (Number(b.dataset.index) === state.page) b.setAttribute("aria-current", "page");
      else b.removeAttribute("aria-current");
    });
  }

  // gone handles a 410 from the server, which has forgotten the spec the
  // page's key names (it keeps the latest few): the spec is sent again,
  // once for a key, and true returned when it was, so that the caller
  // tries again with the new key.
  async function gone(resp) {
    if (resp.status !== 410 || state.resentKey === state.key) return false;
    state.resentKey = state.key;
    status(w("busy"));
    await check();
    return state.ok;
  }

  async function showPage() {
    updatePageLabel();
    markThumb();
    if (!state.pages.length) return;
    const seq = ++state.viewSeq;
    mark("view-sent");
    const resp = await api("GET", "api/view/" + state.key + "/" + (state.page + 1) + (state.edition === "teacher" ? "?edition=teacher" : ""));
    if (await gone(resp)) return; // check() shows the page again
    const data = await resp.json();
    mark("view-answered");
    if (seq !== state.viewSeq) return;
    const errEl = $("page-error");
    if (!resp.ok) {
      errEl.hidden = false;
      errEl.textContent = (data.errors || []).map((e) => e.text || e.message).join("\n");
      if (resp.status === 422) showProblems(data.errors || []);
      return;
    }
    drawView(data);
  }

  // drawView shows a page drawn: its SVG (put in only when it changed:
  // an edit of another page leaves this one as it is) and a button over
  // each maze to play it.
  function drawView(data) {
    updatePageLabel();
    markThumb();
    $("page-error").hidden = true;
    fitPage(data.width, data.height);
    const holder = $("page-svg");
    if (state.shownSVG !== data.svg) {
      holder.innerHTML = data.svg;
      state.shownSVG = data.svg;
      const svg = holder.querySelector("svg");
      if (svg) {
        svg.setAttribute("aria-hidden", "true");
        svg.setAttribute("focusable", "false");
      }
    }
    const btns = $("maze-buttons");
    btns.textContent = "";
    data.mazes.forEach((m) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "play-maze";
      b.dataset.index = String(m.index);
      b.style.left = (100 * m.x / data.width) + "%";
      b.style.top = (100 * m.y / data.height) + "%";
      b.style.width = (100 * m.w / data.width) + "%";
      b.style.height = (100 * m.h / data.height) + "%";
      const span = document.createElement("span");
      span.textContent = w("play") + " · " + w("maze") + " " + m.number;
      b.appendChild(span);
      b.setAttribute("aria-label", w("play") + ": " + w("maze") + " " + m.number);
      b.addEventListener("click", () => Play.open(m.index, m.number));
      btns.appendChild(b);
    });
    mark("shown");
    requestAnimationFrame(() => setTimeout(() => mark("painted"), 0));
    if (state.changedAt) {
      window.studioTimings.preview.push(performance.now() - state.changedAt);
      state.changedAt = 0;
    }
    window.studioTimings.shown = (window.studioTimings.shown || 0) + 1;
  }

  // fitPage makes the page as large as fits in the window beside the form,
  // so that the whole page shows at once; stacked on a narrow screen, it
  // takes the width.
  function fitPage(pw, ph) {
    const view = $("page-view");
    if (window.innerWidth <= 960) {
      view.style.maxWidth = "";
      return;
    }
    view.style.maxWidth = Math.max(280, (window.innerHeight - 200) * pw / ph) + "px";
  }

  $("prev").addEventListener("click", () => {
    if (state.page > 0) {
      state.page--;
      showPage();
    }
  });
  $("next").addEventListener("click", () => {
    if (state.page < state.pages.length - 1) {
      state.page++;
      showPage();
    }
  });
  $("new-mazes").addEventListener("click", () => {
    const a = new Uint32Array(1);
    crypto.getRandomValues(a);
    const input = $(fieldId("seed"));
    input.value = String(a[0]);
    onFieldInput(input);
    flushEdits();
  });

  // ---- tabs ----

  function selectTab(which) {
    ["form", "yaml"].forEach((t) => {
      const on = t === which;
      $("tab-" + t).setAttribute("aria-selected", String(on));
      $("tab-" + t).tabIndex = on ? 0 : -1;
      $("panel-" + t).hidden = !on;
    });
  }
  $("tab-form").addEventListener("click", () => selectTab("form"));
  $("tab-yaml").addEventListener("click", () => selectTab("yaml"));
  document.querySelector(".tabs").addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
      const next = $("tab-form").getAttribute("aria-selected") === "true" ? "yaml" : "form";
      selectTab(next);
      $("tab-" + next).focus();
      ev.preventDefault();
    }
  });
  $("yaml").addEventListener("input", scheduleCheck);
  $("add-section").addEventListener("click", () => queueEdit({ op: "add" }));

  // ---- the game ----

  const Play = makeGame({
    w: w,
    load: async (index) => {
      let resp = await fetch("api/maze/" + state.key + "/" + (index + 1));
      if (await gone(resp)) resp = await fetch("api/maze/" + state.key + "/" + (index + 1));
      return { ok: resp.ok, data: await resp.json() };
    },
  });

  // A starter replaces the spec (Undo puts it back): its texts in the
  // page's language, a fresh seed.
  document.querySelectorAll("[data-starter]").forEach((b) => b.addEventListener("click", async () => {
    const name = b.dataset.starter;
    let resp, data;
    try {
      resp = await fetch("api/starter/" + encodeURIComponent(name) + "?lang=" + encodeURIComponent(state.lang));
      data = await answer(resp);
    } catch (e) {
      status(w("offline"));
      return;
    }
    if (!resp.ok) {
      showProblems(data.errors || []);
      return;
    }
    await state.editChain;
    const before = state.yaml;
    remember(before);
    state.yaml = data.yaml;
    $("yaml").value = data.yaml;
    state.page = 0;
    state.focusSection = -1;
    setEdition("student");
    state.changedAt = performance.now();
    state.checking = check();
    offerUndo(before, w("startedfrom").replace("{name}", w("starter." + name)));
  }));
  document.querySelectorAll('input[name="edition"]').forEach((r) => r.addEventListener("change", () => {
    setEdition(r.value);
    state.checking = check();
  }));
  $("yaml-locked-undo").addEventListener("click", undoLast);

  $("start-again").addEventListener("click", () => {
    state.yaml = ORIGINAL;
    $("yaml").value = ORIGINAL;
    $("restored").hidden = true;
    state.checking = check();
  });

  buildBookFields();
  relabel();
  restore();
  state.checking = check();
})();

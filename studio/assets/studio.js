// mazebook studio: the form, the YAML tab, the preview and the game.
// Plain JavaScript, no library: the server does the spec work (parsing,
// checking, making and drawing the book) and this page shows it.
"use strict";

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
    if (editTimer) {
      clearTimeout(editTimer);
      editTimer = 0;
      flushEdits();
    }
    if ($("yaml").value !== state.yaml) {
      clearTimeout(checkTimer);
      state.yaml = $("yaml").value;
      state.checking = check();
    }
    await state.editChain;
    await state.checking;
  }

  // Timings the browser tests read: the latest preview latency in ms.
  window.studioTimings = { preview: [] };

  function w(k) {
    return (WORDS[state.lang] || WORDS.en)[k] || WORDS.en[k] || k;
  }

  // optionWord is a drop-down choice in the page's language (the value
  // written in the spec stays the spec's word).
  function optionWord(c) {
    const k = "opt." + c;
    return w(k) !== k ? w(k) : c;
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
      el.textContent = w(el.dataset.wh);
    });
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
    let hintText = w(hk) !== hk ? w(hk) : "";
    if (!hintText && f.choices && f.choices.length) hintText = f.choices.filter((c) => c).join(", ");
    hint.textContent = hintText;
    if (w(hk) !== hk) hint.dataset.wh = hk;
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
          if (op === "remove") offerUndo(state.yaml, i);
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

  const pending = {};
  let editTimer = 0;

  function onFieldInput(input) {
    let v = input.type === "checkbox" ? String(input.checked) : input.value;
    pending[input.dataset.path] = v;
    state.changedAt = performance.now();
    clearTimeout(editTimer);
    const delay = input.tagName === "SELECT" || input.type === "checkbox" ? 0 : 300;
    editTimer = setTimeout(() => {
      editTimer = 0;
      flushEdits();
    }, delay);
    // Show the page the change is about.
    const m = /^sections\.(\d+)\./.exec(input.dataset.path);
    state.focusSection = m ? Number(m[1]) : -1;
  }

  function flushEdits() {
    const set = Object.assign({}, pending);
    Object.keys(pending).forEach((k) => delete pending[k]);
    if (Object.keys(set).length) queueEdit({ set: set });
  }

  function queueEdit(edit) {
    if (edit.op) state.changedAt = performance.now();
    state.editChain = state.editChain.then(async () => {
      const resp = await api("POST", "api/yaml?edit=" + encodeURIComponent(JSON.stringify(edit)), state.yaml);
      const data = await resp.json();
      if (!resp.ok) {
        showProblems(data.errors || []);
        return;
      }
      state.yaml = data.yaml;
      $("yaml").value = data.yaml;
      state.checking = check();
      await state.checking;
    }).catch(() => {});
  }

  // offerUndo shows, after a section is removed, a banner that puts the
  // spec back as it was before.
  function offerUndo(before, i) {
    const bar = $("undo");
    $("undo-what").textContent = w("removed") + " " + (i + 1) + ".";
    bar.hidden = false;
    $("undo-button").onclick = async () => {
      bar.hidden = true;
      await state.editChain;
      state.yaml = before;
      $("yaml").value = before;
      state.checking = check();
    };
    clearTimeout(state.undoTimer);
    state.undoTimer = setTimeout(() => (bar.hidden = true), 20000);
  }

  // ---- checking: the spec's model, errors and pages ----

  let checkTimer = 0;

  function scheduleCheck() {
    state.changedAt = performance.now();
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => {
      state.yaml = $("yaml").value;
      state.checking = check();
    }, 300);
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
    try {
      resp = await api("POST", "api/check" + filesQuery("?"), state.yaml, state.checkAbort.signal);
    } catch (e) {
      return;
    }
    let data;
    try {
      data = await resp.json();
    } catch (e) {
      data = { errors: [{ message: resp.status + " " + resp.statusText }] };
    }
    if (seq !== state.checkSeq) return;
    lockForm(data);
    if (data.language && data.language !== state.lang && WORDS[data.language]) {
      state.lang = data.language;
      relabel();
    }
    fillForm(data.model);
    if (data.model) state.title = data.model.values.title || "";
    showProblems(data.errors || []);
    state.ok = resp.ok && (data.errors || []).length === 0;
    state.key = data.key || state.key;
    updateDownloads();
    if (state.ok) {
      state.pages = data.pages || [];
      if (state.focusSection >= 0) {
        const i = state.pages.findIndex((p) => p.kind === "puzzle" && p.section === state.focusSection);
        if (i >= 0) state.page = i;
        state.focusSection = -1;
      }
      if (state.page >= state.pages.length) state.page = Math.max(0, state.pages.length - 1);
      state.summary = w("ready") + " · " + data.mazes + " " + w("mazes") + " · " + state.pages.length + " " + w("pages").toLowerCase();
      status(state.summary);
      (data.notes || []).forEach((n) => addProblem(n, "note"));
      buildThumbs();
      showPage();
      $("chart").src = "api/chart/" + state.key + "/chart.svg";
      $("chart").alt = w("chart");
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
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "link";
      b.textContent = e.text || e.message;
      b.addEventListener("click", () => goToProblem(e));
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

  function addProblem(text, cls) {
    const li = document.createElement("li");
    li.textContent = text;
    if (cls) li.className = cls;
    $("problem-list").appendChild(li);
  }

  function showProblems(errors) {
    clearErrors();
    // A file the spec names that is not attached is said by the files too.
    $("file-missing").textContent = errors
      .filter((e) => (e.message || "").includes("not attached"))
      .map((e) => e.text || e.message)
      .join("\n");
    if (!errors.length) {
      addProblem(w("noproblems"), "ok");
      return;
    }
    unique(errors).forEach((e) => {
      addProblem(e.text || e.message, "bad");
      // Place it on the field of its path, or of the nearest path above.
      let p = e.path || "";
      while (p) {
        const input = document.querySelector('#form [data-path="' + CSS.escape(p) + '"]');
        if (input) {
          input.setAttribute("aria-invalid", "true");
          const el = $(input.id + "-error");
          el.textContent = (el.textContent ? el.textContent + " " : "") + e.message;
          return;
        }
        const m = /^sections\.(\d+)$/.exec(p);
        if (m) {
          const el = $("f-sections-" + m[1] + "-error");
          if (el) {
            el.textContent = (el.textContent ? el.textContent + " " : "") + e.message;
            return;
          }
        }
        p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "";
      }
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
    img.src = "api/page/" + state.key + "/" + (i + 1) + ".svg";
    const cap = document.createElement("span");
    cap.textContent = w("page") + " " + p.number;
    b.append(img, cap);
    b.addEventListener("click", () => {
      state.page = i;
      showPage();
    });
    li.appendChild(b);
    return li;
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
    const resp = await api("GET", "api/view/" + state.key + "/" + (state.page + 1));
    if (await gone(resp)) return; // check() shows the page again
    const data = await resp.json();
    if (seq !== state.viewSeq) return;
    const errEl = $("page-error");
    if (!resp.ok) {
      errEl.hidden = false;
      errEl.textContent = (data.errors || []).map((e) => e.text || e.message).join("\n");
      if (resp.status === 422) showProblems(data.errors || []);
      return;
    }
    errEl.hidden = true;
    fitPage(data.width, data.height);
    const holder = $("page-svg");
    holder.innerHTML = data.svg;
    const svg = holder.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
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

  const Play = (function () {
    const dlg = $("play");
    const canvas = $("play-canvas");
    const board = $("play-board");
    const ctx = canvas.getContext("2d");
    const TORCH = 3;
    // PAD is the room left around the maze for the doors' marks, and
    // MAXCELL the largest a cell is drawn, in CSS pixels.
    const PAD = 22;
    const MAXCELL = 120;
    let m = null;
    let pos = 0;
    let thread = [];
    let seen = new Set();
    let moves = 0;
    let won = false;
    // The view of the maze on the board: s CSS pixels a unit of the
    // maze, and the point of the maze (x, y) at the board's middle. unit
    // is the distance between neighbouring cells' centres, reach the
    // farthest a cell's sides lie from its centre (in the maze's units),
    // and boardW and boardH the board's size in CSS pixels.
    const view = { s: 1, x: 0, y: 0 };
    let unit = 1;
    let reach = 1;
    let boardW = 0;
    let boardH = 0;
    // A study (serve --study): the trial of the maze shown, recorded once
    // when it is won or left. Its moves, wrong cells and clock run on
    // through restarts.
    const STUDY = document.body.dataset.study === "1";
    let trial = null;
    let mazeIndex = 0;

    // wayCells is the set of cells on a shortest way from the entrance
    // to the exit.
    function wayCells() {
      const from = new Map([[m.entrance, -1]]);
      const queue = [m.entrance];
      for (let i = 0; i < queue.length && !from.has(m.exit); i++) {
        const c = queue[i];
        m.cells[c].s.forEach((s) => {
          if (s.open && s.to >= 0 && !from.has(s.to)) {
            from.set(s.to, c);
            queue.push(s.to);
          }
        });
      }
      const way = new Set();
      for (let c = m.exit; c !== undefined && c >= 0; c = from.get(c)) way.add(c);
      return way;
    }

    function startTrial() {
      trial = { shown: performance.now(), first: 0, solved: 0, moves: 0, wrong: new Set(), way: wayCells(), sent: false };
    }

    // record sends the trial to the studio's study file, once.
    async function record() {
      if (!STUDY || !trial || trial.sent || trial.moves === 0) return;
      trial.sent = true;
      const end = trial.solved || performance.now();
      const body = {
        participant: sessionStorage.getItem("mazebook-participant") || "",
        first_move_ms: Math.round(trial.first - trial.shown),
        solve_ms: Math.round(end - trial.shown),
        moves: trial.moves,
        wrong_cells: trial.wrong.size,
        solved: trial.solved > 0,
      };
      try {
        const resp = await fetch("api/trial/" + state.key + "/" + (mazeIndex + 1), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        if (resp.ok && body.solved) $("play-status").textContent = w("studysaved");
        if (!resp.ok) {
          const data = await resp.json().catch(() => ({}));
          $("play-status").textContent = (data.errors || []).map((e) => e.message).join(" ");
        }
      } catch (e) {
        status(w("offline"));
      }
    }

    // needCode shows the participant form instead of the maze while the
    // study has no code for this browser tab; it reports whether it did.
    function needCode() {
      const code = sessionStorage.getItem("mazebook-participant");
      const need = STUDY && !code;
      $("study").hidden = !need;
      $("study-who").hidden = !STUDY || need;
      if (STUDY && code) $("study-who-text").textContent = w("studywho").replace("{code}", code);
      canvas.hidden = need;
      board.hidden = need;
      document.querySelector("#play .pad").hidden = need;
      if (need) $("participant").focus();
      else redraw();
      return need;
    }

    function viewName() {
      return document.querySelector('input[name="view"]:checked').value;
    }

    function gap(a, b) {
      let d = Math.abs(a - b) % (2 * Math.PI);
      return d > Math.PI ? 2 * Math.PI - d : d;
    }

    // look adds to seen the cells visible from the player: along each
    // straight open corridor.
    function look() {
      seen.add(pos);
      m.cells[pos].s.forEach((side) => {
        let cur = pos;
        let s = side;
        let steps = 0;
        while (s && s.open && s.to >= 0 && steps < m.cells.length) {
          const h = s.h;
          cur = s.to;
          seen.add(cur);
          steps++;
          s = m.cells[cur].s.find((x) => gap(x.h, h) < 0.35);
        }
      });
    }

    // torch returns the cells within TORCH steps of the player.
    function torch() {
      const dist = new Map([[pos, 0]]);
      const queue = [pos];
      while (queue.length) {
        const c = queue.shift();
        const d = dist.get(c);
        if (d >= TORCH) continue;
        m.cells[c].s.forEach((s) => {
          if (s.open && s.to >= 0 && !dist.has(s.to)) {
            dist.set(s.to, d + 1);
            queue.push(s.to);
          }
        });
      }
      return new Set(dist.keys());
    }

    // ---- the view: zoom, pan and following the player ----

    // measureMaze sets unit and reach from the maze's cells: unit the
    // median distance between neighbours' centres (a rectangle's cells
    // are 1 apart), reach the farthest a side lies from its cell's centre.
    function measureMaze() {
      const d = [];
      reach = 0;
      const every = Math.max(1, Math.floor(m.cells.length / 400));
      m.cells.forEach((cell, c) => {
        cell.s.forEach((s) => {
          (s.p || []).forEach((p) => {
            reach = Math.max(reach, Math.hypot(p[0] - cell.c[0], p[1] - cell.c[1]));
          });
          if (c % every === 0 && s.to >= 0) d.push(Math.hypot(cell.c[0] - m.cells[s.to].c[0], cell.c[1] - m.cells[s.to].c[1]));
        });
      });
      d.sort((a, b) => a - b);
      unit = d.length ? d[d.length >> 1] || 1 : 1;
      reach = reach || unit;
    }

    // measure reads the board's size.
    function measure() {
      boardW = board.clientWidth;
      boardH = board.clientHeight;
    }

    // fitScale is the scale that shows the whole maze on the board.
    function fitScale() {
      return Math.max(0.01, Math.min((boardW - 2 * PAD) / m.width, (boardH - 2 * PAD) / m.height));
    }

    function maxScale() {
      return Math.max(fitScale(), MAXCELL / unit);
    }

    // comfortable is the smallest a maze's cells open at, in CSS pixels:
    // on a phone or a touch screen a fingertip, which the dot can be
    // dragged along; with a mouse a little less.
    function comfortable() {
      const touch = window.matchMedia("(pointer: coarse)").matches;
      return touch || Math.min(window.innerWidth, window.innerHeight) < 600 ? 32 : 16;
    }

    // clampView keeps the scale between the whole maze and MAXCELL, and
    // the maze on the board: centred along a side where it fits, else
    // with no more than PAD beyond its edges.
    function clampView() {
      view.s = Math.min(maxScale(), Math.max(fitScale(), view.s));
      [["x", boardW, m.width], ["y", boardH, m.height]].forEach(([k, size, extent]) => {
        const half = size / 2 / view.s;
        const pad = PAD / view.s;
        if (extent + 2 * pad <= 2 * half) view[k] = extent / 2;
        else view[k] = Math.min(extent + pad - half, Math.max(half - pad, view[k]));
      });
    }

    // bx and by place a point of the maze on the board, in CSS pixels.
    function bx(p) {
      return (p[0] - view.x) * view.s + boardW / 2;
    }
    function by(p) {
      return (p[1] - view.y) * view.s + boardH / 2;
    }

    // pannable reports whether the board shows less than the whole maze.
    function pannable() {
      return m.width * view.s + 2 * PAD > boardW + 1 || m.height * view.s + 2 * PAD > boardH + 1;
    }

    // follow moves the view the least that keeps the player well inside
    // the board: two cells, or a sixth of the board, from its edges.
    function follow() {
      const p = m.cells[pos].c;
      const cell = unit * view.s;
      [["x", boardW, bx(p)], ["y", boardH, by(p)]].forEach(([k, size, at]) => {
        const margin = Math.min(size * 0.3, Math.max(cell * 2, size / 6));
        if (at < margin) view[k] -= (margin - at) / view.s;
        else if (at > size - margin) view[k] += (at - size + margin) / view.s;
      });
      clampView();
    }

    // home is the view a maze opens with: the whole maze, or where its
    // cells would be smaller than comfortable, cells that size around
    // the player.
    function home() {
      measure();
      view.s = Math.max(fitScale(), comfortable() / unit);
      view.x = m.cells[pos].c[0];
      view.y = m.cells[pos].c[1];
      clampView();
    }

    // zoomAt scales the view by f about the point (x, y) of the board,
    // which stays where it is.
    function zoomAt(f, x, y) {
      const mx = view.x + (x - boardW / 2) / view.s;
      const my = view.y + (y - boardH / 2) / view.s;
      view.s = Math.min(maxScale(), Math.max(fitScale(), view.s * f));
      view.x = mx - (x - boardW / 2) / view.s;
      view.y = my - (y - boardH / 2) / view.s;
      clampView();
      redraw();
    }

    // zoom scales the view by f about the player, who stays in view.
    function zoom(f) {
      if (!m) return;
      const p = m.cells[pos].c;
      zoomAt(f, Math.min(boardW, Math.max(0, bx(p))), Math.min(boardH, Math.max(0, by(p))));
      follow();
      redraw();
    }

    // whole shows the whole maze.
    function whole() {
      if (!m) return;
      view.s = fitScale();
      clampView();
      redraw();
    }

    let frame = 0;

    // redraw draws the board at the next frame, once however often asked.
    function redraw() {
      if (!frame) frame = requestAnimationFrame(() => {
        frame = 0;
        draw();
      });
    }

    // ---- playing ----

    function reset() {
      pos = m.entrance;
      thread = [pos];
      seen = new Set();
      moves = 0;
      won = false;
      look();
      $("play-moves").value = "0";
      $("play-status").textContent = "";
      $("play-won").hidden = true;
      document.querySelector("#play-won .confetti").textContent = "";
      follow();
      draw();
    }

    async function open(index, number) {
      $("play-title").textContent = w("playtitle") + " " + number;
      $("play-story").hidden = true;
      $("play-won").hidden = true;
      $("play-status").textContent = w("busy");
      if (!dlg.open) dlg.showModal();
      let resp = await fetch("api/maze/" + state.key + "/" + (index + 1));
      if (await gone(resp)) resp = await fetch("api/maze/" + state.key + "/" + (index + 1));
      const data = await resp.json();
      if (!resp.ok) {
        $("play-status").textContent = (data.errors || []).map((e) => e.message).join(" ");
        return;
      }
      m = data;
      mazeIndex = index;
      $("play-story").textContent = m.story || "";
      $("play-story").hidden = !m.story;
      measureMaze();
      pos = m.entrance;
      home();
      reset();
      if (STUDY && !needCode()) startTrial();
      if (!canvas.hidden) canvas.focus();
    }

    // step moves the player through the open side of its cell nearest
    // the angle (within 80°), and the view with it unless still is set;
    // it reports whether the player moved.
    function step(angle, still) {
      if (!m || won || canvas.hidden) return false;
      let best = null;
      m.cells[pos].s.forEach((s) => {
        if (s.open && s.to >= 0 && gap(s.h, angle) < 1.4 && (!best || gap(s.h, angle) < gap(best.h, angle))) best = s;
      });
      if (!best) return false;
      pos = best.to;
      moves++;
      if (trial) {
        if (trial.moves === 0) trial.first = performance.now();
        trial.moves++;
        if (!trial.way.has(pos)) trial.wrong.add(pos);
      }
      // Ariadne's thread: walking back along it winds it up.
      if (thread.length > 1 && thread[thread.length - 2] === pos) thread.pop();
      else thread.push(pos);
      look();
      $("play-moves").value = String(moves);
      if (pos === m.exit) {
        won = true;
        celebrate();
        if (trial && !trial.solved) {
          trial.solved = performance.now();
          record();
        }
      }
      if (!still) follow();
      draw();
      return true;
    }

    // celebrate shows the win over the board: a cheer, the story's end,
    // the moves (a count, not a score), and confetti unless the system
    // asks for less motion (the style sheet hides it then).
    function celebrate() {
      $("play-ending").textContent = m.ending || "";
      $("play-won-moves").textContent = String(moves);
      const box = document.querySelector("#play-won .confetti");
      box.textContent = "";
      const colors = ["#ff595e", "#ffca3a", "#8ac926", "#1982c4", "#6a4c93", "#ff9f1c"];
      for (let i = 0; i < 40; i++) {
        const bit = document.createElement("i");
        if (i % 3 === 0) bit.className = "round";
        bit.style.left = ((i * 37) % 100) + "%";
        bit.style.background = colors[i % colors.length];
        bit.style.setProperty("--delay", ((i * 0.083) % 1.4).toFixed(2) + "s");
        bit.style.setProperty("--fall", (2.2 + (i % 5) * 0.35).toFixed(2) + "s");
        bit.style.setProperty("--drift", (((i * 53) % 140) - 70) + "px");
        bit.style.setProperty("--spin", ((i % 2 ? 1 : -1) * (360 + ((i * 97) % 540))) + "deg");
        box.appendChild(bit);
      }
      $("play-won").hidden = false;
      $("play-again").focus({ preventScroll: true });
    }

    function draw() {
      if (!m || boardW < 1 || boardH < 1 || canvas.hidden) return;
      const dpr = window.devicePixelRatio || 1;
      const cw = Math.round(boardW * dpr);
      const ch = Math.round(boardH * dpr);
      if (canvas.width !== cw || canvas.height !== ch) {
        canvas.width = cw;
        canvas.height = ch;
      }
      const pad = PAD * dpr;
      const sc = view.s * dpr;
      const ox = (boardW / 2 - view.x * view.s) * dpr;
      const oy = (boardH / 2 - view.y * view.s) * dpr;
      const X = (p) => ox + p[0] * sc;
      const Y = (p) => oy + p[1] * sc;
      ctx.fillStyle = "#20242a";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      const v = viewName();
      let shown = null;
      if (v === "theseus") shown = seen;
      if (v === "torch") shown = torch();
      // Cells off the board are left out.
      const hw = boardW / 2 / view.s + reach;
      const hh = boardH / 2 / view.s + reach;
      const onBoard = (c) => Math.abs(m.cells[c].c[0] - view.x) <= hw && Math.abs(m.cells[c].c[1] - view.y) <= hh;
      const visible = (c) => (!shown || shown.has(c)) && onBoard(c);
      // Floors of the cells shown, filled as one (cells filled one by
      // one leave hairlines between them).
      ctx.fillStyle = "#fbfaf5";
      ctx.beginPath();
      m.cells.forEach((cell, c) => {
        if (!visible(c)) return;
        let first = true;
        cell.s.forEach((s) => {
          (s.p || []).forEach((p) => {
            if (first) ctx.moveTo(X(p), Y(p));
            else ctx.lineTo(X(p), Y(p));
            first = false;
          });
        });
        ctx.closePath();
      });
      ctx.fill();
      // Goal and start.
      const mark = (c, color) => {
        if (!visible(c)) return;
        ctx.fillStyle = color;
        ctx.beginPath();
        ctx.arc(X(m.cells[c].c), Y(m.cells[c].c), Math.max(3, sc * unit * 0.28), 0, 2 * Math.PI);
        ctx.fill();
      };
      mark(m.exit, "#2a9d3a");
      mark(m.entrance, "#f4a5a5");
      // The doors, always shown: the opening in the outer wall painted
      // bright, and outside it an arrow pointing in (the start) or a
      // disc (the way out), ringed in white against the dark frame.
      const doorMark = (c, side, color, arrow) => {
        const s = m.cells[c].s[side];
        if (!s || side < 0 || !s.p) return;
        const a = s.p[0], b = s.p[s.p.length - 1];
        const mx = (X(a) + X(b)) / 2, my = (Y(a) + Y(b)) / 2;
        const cx = X(m.cells[c].c), cy = Y(m.cells[c].c);
        let ux = mx - cx, uy = my - cy;
        const len = Math.hypot(ux, uy) || 1;
        ux /= len;
        uy /= len;
        ctx.strokeStyle = color;
        ctx.lineWidth = Math.max(3, sc * unit * 0.14);
        ctx.beginPath();
        ctx.moveTo(X(a), Y(a));
        ctx.lineTo(X(b), Y(b));
        ctx.stroke();
        const r = Math.max(6 * dpr, Math.min(pad * 0.42, sc * unit * 0.45));
        const px = mx + ux * (r + 3 * dpr), py = my + uy * (r + 3 * dpr);
        ctx.fillStyle = color;
        ctx.strokeStyle = "#fff";
        ctx.lineWidth = Math.max(1.5, dpr * 1.5);
        ctx.beginPath();
        if (arrow) {
          // A triangle pointing into the maze.
          ctx.moveTo(px - ux * r, py - uy * r);
          ctx.lineTo(px + ux * r * 0.7 - uy * r * 0.8, py + uy * r * 0.7 + ux * r * 0.8);
          ctx.lineTo(px + ux * r * 0.7 + uy * r * 0.8, py + uy * r * 0.7 - ux * r * 0.8);
          ctx.closePath();
        } else {
          ctx.arc(px, py, r * 0.8, 0, 2 * Math.PI);
        }
        ctx.fill();
        ctx.stroke();
      };
      doorMark(m.entrance, m.entranceSide, "#ff9f1c", true);
      doorMark(m.exit, m.exitSide, "#3ddc84", false);
      // Walls.
      ctx.strokeStyle = "#111";
      ctx.lineWidth = Math.max(2, sc * unit * 0.08);
      ctx.lineCap = "round";
      ctx.beginPath();
      m.cells.forEach((cell, c) => {
        if (!visible(c)) return;
        cell.s.forEach((s, si) => {
          if (s.x) return;
          const door = (c === m.entrance && si === m.entranceSide) || (c === m.exit && si === m.exitSide);
          if (s.open || door) return;
          s.p.forEach((p, j) => (j === 0 ? ctx.moveTo(X(p), Y(p)) : ctx.lineTo(X(p), Y(p))));
        });
      });
      ctx.stroke();
      // Ariadne's thread.
      ctx.strokeStyle = "#d62828";
      ctx.lineWidth = Math.max(2, sc * unit * 0.12);
      ctx.lineJoin = "round";
      ctx.beginPath();
      thread.forEach((c, i) => {
        const p = m.cells[c].c;
        if (i === 0) ctx.moveTo(X(p), Y(p));
        else ctx.lineTo(X(p), Y(p));
      });
      ctx.stroke();
      // The player, a golden ring around it at the goal.
      const at = m.cells[pos].c;
      const pr = Math.max(5 * dpr, sc * unit * 0.32);
      if (won) {
        ctx.strokeStyle = "#ffca3a";
        ctx.lineWidth = Math.max(3 * dpr, pr * 0.35);
        ctx.beginPath();
        ctx.arc(X(at), Y(at), pr * 1.6, 0, 2 * Math.PI);
        ctx.stroke();
      }
      ctx.fillStyle = won ? "#2a9d3a" : "#1d4e89";
      ctx.strokeStyle = "#fff";
      ctx.lineWidth = Math.max(1.5 * dpr, sc * unit * 0.05);
      ctx.beginPath();
      ctx.arc(X(at), Y(at), pr, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      // What the board shows, for the browser tests: a cell's size, the
      // whole maze's, the player's place (CSS pixels) and the view's
      // middle (the maze's units).
      canvas.classList.toggle("pannable", pannable());
      const d = canvas.dataset;
      d.cell = (view.s * unit).toFixed(2);
      d.fit = (fitScale() * unit).toFixed(2);
      d.px = bx(at).toFixed(1);
      d.py = by(at).toFixed(1);
      d.vx = view.x.toFixed(3);
      d.vy = view.y.toFixed(3);
    }

    // ---- input ----

    const KEYS = {
      ArrowRight: 0, ArrowDown: Math.PI / 2, ArrowLeft: Math.PI, ArrowUp: -Math.PI / 2,
      d: 0, s: Math.PI / 2, a: Math.PI, w: -Math.PI / 2,
      D: 0, S: Math.PI / 2, A: Math.PI, W: -Math.PI / 2,
    };
    const DIRS = { right: 0, down: Math.PI / 2, left: Math.PI, up: -Math.PI / 2 };

    // zoomKey zooms for + (or =), - and 0 (the whole maze); it reports
    // whether the key was one of them.
    function zoomKey(ev) {
      if (!m || canvas.hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return false;
      if (ev.key === "+" || ev.key === "=") zoom(1.5);
      else if (ev.key === "-" || ev.key === "_" || ev.key === "−") zoom(1 / 1.5);
      else if (ev.key === "0") whole();
      else return false;
      return true;
    }

    canvas.addEventListener("keydown", (ev) => {
      if (Object.prototype.hasOwnProperty.call(KEYS, ev.key)) {
        step(KEYS[ev.key]);
        ev.preventDefault();
      }
    });
    dlg.addEventListener("keydown", (ev) => {
      if (ev.target.tagName === "INPUT" && ev.target.type !== "radio") return; // the participant's code
      if (zoomKey(ev)) {
        ev.preventDefault();
        return;
      }
      if (ev.target !== canvas && ev.key.startsWith("Arrow") && ev.target.type !== "radio") {
        step(KEYS[ev.key]);
        ev.preventDefault();
      }
    });
    document.querySelectorAll(".pad [data-dir]").forEach((b) => {
      b.addEventListener("click", () => step(DIRS[b.dataset.dir]));
    });
    $("zoom-in").addEventListener("click", () => zoom(1.5));
    $("zoom-out").addEventListener("click", () => zoom(1 / 1.5));
    $("zoom-fit").addEventListener("click", whole);

    // The board under a finger or the mouse. Put down on the player, it
    // walks the player along the corridors, as a pencil draws the way;
    // put down elsewhere, it drags the maze to look around when the board
    // shows only part of it, and else a swipe steps the way it goes; a
    // tap steps towards the tap. Two fingers pinch to zoom and drag the
    // maze together. The view follows the player again when it moves.
    const fingers = new Map();
    let gesture = null;

    function local(ev) {
      const r = canvas.getBoundingClientRect();
      return { x: ev.clientX - r.left, y: ev.clientY - r.top };
    }

    function pinch() {
      const [a, b] = Array.from(fingers.values());
      return { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    }

    // trace walks the player towards the point p of the board, a step
    // whenever it is more than about half a cell away; a wall stops it.
    function trace(p) {
      for (let i = 0; i < 8; i++) {
        const at = m.cells[pos].c;
        const dx = p.x - bx(at), dy = p.y - by(at);
        if (Math.hypot(dx, dy) < 0.6 * unit * view.s || !step(Math.atan2(dy, dx), true)) return;
        gesture.stepped = true;
      }
    }

    canvas.addEventListener("pointerdown", (ev) => {
      if (!m || (ev.pointerType === "mouse" && ev.button !== 0)) return;
      const focused = document.activeElement === canvas;
      try {
        canvas.setPointerCapture(ev.pointerId);
      } catch (e) { /* the pointer is gone already */ }
      const p = local(ev);
      fingers.set(ev.pointerId, p);
      if (fingers.size === 2) {
        const g = pinch();
        canvas.classList.remove("tracing");
        gesture = { kind: "pinch", d: g.d, s: view.s, mx: view.x + (g.x - boardW / 2) / view.s, my: view.y + (g.y - boardH / 2) / view.s };
        return;
      }
      if (fingers.size > 2) return;
      const at = m.cells[pos].c;
      const near = !won && Math.hypot(p.x - bx(at), p.y - by(at)) <= Math.max(0.9 * unit * view.s, 24);
      // A click that only brings the maze into focus does not move.
      gesture = { kind: near ? "trace" : "press", x: p.x, y: p.y, vx: view.x, vy: view.y, armed: ev.pointerType !== "mouse" || focused };
      canvas.classList.toggle("tracing", near);
    });
    canvas.addEventListener("pointermove", (ev) => {
      if (!gesture || !fingers.has(ev.pointerId)) return;
      const p = local(ev);
      fingers.set(ev.pointerId, p);
      const g = gesture;
      if (g.kind === "pinch" && fingers.size === 2) {
        const now = pinch();
        view.s = Math.min(maxScale(), Math.max(fitScale(), g.s * now.d / g.d));
        view.x = g.mx - (now.x - boardW / 2) / view.s;
        view.y = g.my - (now.y - boardH / 2) / view.s;
        clampView();
        redraw();
      } else if (g.kind === "trace") {
        trace(p);
      } else if (g.kind === "press" && Math.hypot(p.x - g.x, p.y - g.y) > 10 && pannable()) {
        g.kind = "pan";
      }
      if (g.kind === "pan") {
        view.x = g.vx - (p.x - g.x) / view.s;
        view.y = g.vy - (p.y - g.y) / view.s;
        clampView();
        redraw();
      }
    });
    function lift(ev) {
      if (!fingers.has(ev.pointerId)) return;
      const p = local(ev);
      fingers.delete(ev.pointerId);
      const g = gesture;
      if (!g || fingers.size > 0) {
        // A finger of a pinch lifted: the other ends the gesture.
        if (g && g.kind === "pinch") gesture = { kind: "spent" };
        return;
      }
      gesture = null;
      canvas.classList.remove("tracing");
      if (ev.type === "pointercancel") return;
      if (g.kind === "trace") {
        // A tap beside the dot, on it: a step towards the tap.
        const at = m.cells[pos].c;
        const dx = p.x - bx(at), dy = p.y - by(at);
        if (!g.stepped && Math.hypot(p.x - g.x, p.y - g.y) < 12 && Math.hypot(dx, dy) > 0.45 * unit * view.s) step(Math.atan2(dy, dx));
        follow();
        redraw();
        return;
      }
      if (g.kind !== "press" || !g.armed) return;
      let dx = p.x - g.x;
      let dy = p.y - g.y;
      if (Math.hypot(dx, dy) < 12) {
        // A tap: towards the tap from the player.
        const at = m.cells[pos].c;
        dx = p.x - bx(at);
        dy = p.y - by(at);
      }
      if (Math.hypot(dx, dy) > 4) step(Math.atan2(dy, dx));
    }
    canvas.addEventListener("pointerup", lift);
    canvas.addEventListener("pointercancel", lift);
    // The wheel, or two fingers on a trackpad, zoom about the pointer; a
    // trackpad's sideways scroll pans.
    canvas.addEventListener("wheel", (ev) => {
      if (!m) return;
      ev.preventDefault();
      const k = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? boardH : 1;
      const dx = ev.deltaX * k, dy = ev.deltaY * k;
      if (!ev.ctrlKey && Math.abs(dx) > Math.abs(dy)) {
        view.x += dx / view.s;
        clampView();
        redraw();
        return;
      }
      const p = local(ev);
      zoomAt(Math.exp(-dy * (ev.ctrlKey ? 0.01 : 0.002)), p.x, p.y);
    }, { passive: false });
    new ResizeObserver(() => {
      measure();
      if (!m || boardW < 1) return;
      clampView();
      follow();
      draw();
    }).observe(board);

    // A view chosen, the arrow keys move the player again: the focus
    // goes back to the maze.
    document.querySelectorAll('input[name="view"]').forEach((r) => r.addEventListener("change", () => {
      draw();
      canvas.focus();
    }));
    const again = () => {
      if (m) reset();
      canvas.focus();
    };
    $("play-restart").addEventListener("click", again);
    $("play-again").addEventListener("click", again);
    $("play-close").addEventListener("click", () => dlg.close());
    $("play-done").addEventListener("click", () => dlg.close());
    // A maze left unsolved is a trial too.
    dlg.addEventListener("close", () => record());
    // The next child on the same tablet: the maze played so far is
    // recorded as it stands, and the code asked for again.
    $("study-change").addEventListener("click", async () => {
      await record();
      sessionStorage.removeItem("mazebook-participant");
      $("participant").value = "";
      if (m) reset();
      trial = null;
      needCode();
    });
    $("study").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const code = $("participant").value.trim();
      if (!/^[A-Za-z0-9_-]{1,32}$/.test(code)) {
        $("study-error").textContent = w("studybadcode");
        return;
      }
      $("study-error").textContent = "";
      sessionStorage.setItem("mazebook-participant", code);
      needCode();
      if (m) reset();
      startTrial();
      canvas.focus();
    });
    return { open: open };
  })();

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

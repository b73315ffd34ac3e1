// Open spec: a spec from the computer replaces the working spec; a zip
// of a spec and its files (as Download spec zips them) attaches its
// files too. A file that is not text is refused, and the spec on screen
// stays as it is.
import { api } from "./api.js";
import { check } from "./check.js";
import { updateDownloads } from "./downloads.js";
import { replaceFiles } from "./files.js";
import { firstPage } from "./preview.js";
import { showProblems } from "./problems.js";
import { setSpec } from "./spec.js";
import { status } from "./status.js";
import { w } from "./words.js";

const $ = (id) => document.getElementById(id);

// openZip sends a zip of a spec and its files to the studio, which
// keeps the files and answers with the spec.
async function openZip(f) {
  status(w("attaching") + " " + f.name);
  let resp, data;
  try {
    resp = await api("api/open", { method: "POST", body: f, type: "application/zip", quiet: true });
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
  setSpec(data.yaml);
  firstPage();
  replaceFiles(data.files || [], f);
  updateDownloads();
  check();
}

// openText takes a spec's text.
async function openText(f) {
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
  setSpec(text);
  firstPage();
  check();
}

// initOpen makes Open spec… open the file chosen.
export function initOpen() {
  $("open-spec").addEventListener("change", (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    if (/\.zip$/i.test(f.name)) {
      ev.target.value = "";
      openZip(f);
      return;
    }
    if (f.size > 1 << 20) {
      showProblems([{ message: f.name + ": larger than 1 MB" }]);
      return;
    }
    ev.target.value = "";
    openText(f);
  });
}

// The starters: a book begun from one of the studio's own specs, which
// replaces the working spec (Undo puts it back), its texts in the
// page's language and with a fresh seed.
import { api, answer } from "./api.js";
import { check } from "./check.js";
import { afterEdits, offerUndo } from "./edits.js";
import { firstPage, focusOn, setEdition } from "./preview.js";
import { showProblems } from "./problems.js";
import { remember, setSpec, specText } from "./spec.js";
import { status } from "./status.js";
import { changed } from "./timings.js";
import { w } from "./words.js";

// start replaces the working spec with the starter of a name.
async function start(name) {
  let resp, data;
  try {
    // The studio writes its texts in the language the request says, on
    // the paper of the browser's own locale (Letter in the US, else A4).
    resp = await api("api/starter/" + encodeURIComponent(name) + "?locale=" + encodeURIComponent(navigator.language || ""));
    data = await answer(resp);
  } catch (e) {
    status(w("offline"));
    return;
  }
  if (!resp.ok) {
    showProblems(data.errors || []);
    return;
  }
  await afterEdits();
  const before = specText();
  remember(before);
  setSpec(data.yaml);
  firstPage();
  focusOn(-1);
  setEdition("student");
  changed();
  check();
  offerUndo(before, w("startedfrom").replace("{name}", w("starter." + name)));
}

// initStarters makes each starter's button start a book from it.
export function initStarters() {
  document.querySelectorAll("[data-starter]").forEach((b) => b.addEventListener("click", () => start(b.dataset.starter)));
}

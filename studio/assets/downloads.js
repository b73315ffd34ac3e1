// The downloads: the book's PDF (and its teacher edition's), its pages
// as SVG in a zip, and the spec (in a zip with its files when it has
// some), each named from the book. A download first sends the edits
// the screen shows, so that it has what the screen shows, and follows
// the studio's progress while the book is made and written.
import { api, answer } from "./api.js";
import { book, gone } from "./book.js";
import { attached } from "./files.js";
import { showProblems } from "./problems.js";
import { NAME } from "./spec.js";
import { status } from "./status.js";
import { mark } from "./timings.js";
import { w } from "./words.js";

const $ = (id) => document.getElementById(id);
const LINKS = ["dl-pdf", "dl-teacher", "dl-svg", "dl-spec"];

let settle = async () => {};

// slug makes a file name of a title: letters and digits, accents
// dropped, runs of anything else one dash; "" for none.
function slug(title) {
  return (title || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60).replace(/-+$/, "");
}

// updateDownloads points the download links at the book made, and
// disables them while it does not build (but the spec's).
export function updateDownloads() {
  const k = book.key;
  const files = attached();
  // The book's files are named from its title, as a shelf of PDFs
  // reads; the spec keeps the name of its file.
  const name = slug(book.title) || NAME;
  const specName = NAME === "mazebook" ? name : NAME;
  const links = {
    "dl-pdf": "api/pdf/" + k + "/" + name + ".pdf",
    "dl-teacher": "api/pdf/" + k + "/" + name + "-teacher.pdf?edition=teacher",
    "dl-svg": "api/zip/" + k + "/" + name + "-svg.zip",
    // With attached files, the spec comes in a zip with them.
    "dl-spec": "api/spec/" + k + "/" + specName + (files.length ? ".zip" : ".yaml"),
  };
  const spec = $("dl-spec");
  spec.dataset.w = files.length ? "downloadspeczip" : "downloadspec";
  spec.textContent = w(spec.dataset.w);
  Object.keys(links).forEach((id) => {
    const a = $(id);
    const off = !k || (!book.ok && id !== "dl-spec");
    a.href = links[id];
    a.setAttribute("download", "");
    a.setAttribute("aria-disabled", off ? "true" : "false");
  });
}

// watchProgress shows how far the server has come with a book while it
// is made and written, and returns the function that ends it.
function watchProgress(edition) {
  const bar = $("progress");
  const key = book.key;
  let over = false;
  bar.hidden = false;
  bar.removeAttribute("value");
  status(w("building"));
  const tick = async () => {
    if (over) return;
    try {
      const r = await api("api/progress/" + key + (edition ? "?edition=" + edition : ""), { quiet: true });
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
    status(message || book.summary || w("ready"));
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
    mark("download-sent");
    resp = await api(a.href, { quiet: true });
  } catch (e) {
    done(w("offline"));
    return;
  }
  if (!resp.ok) {
    if (await gone(resp)) {
      done();
      return download(a, edition); // its link names the new key
    }
    const data = await answer(resp);
    showProblems(data.errors || []);
    done(w("problems") + ": " + (data.errors || []).length);
    return;
  }
  const blob = await resp.blob();
  mark("download-answered");
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

// initDownloads makes the download links download; before each, sent
// sends the edits the screen shows and waits for the book they make.
export function initDownloads(sent) {
  settle = sent;
  LINKS.forEach((id) => {
    $(id).addEventListener("click", (ev) => {
      ev.preventDefault();
      if ($(id).getAttribute("aria-disabled") === "true") return;
      download($(id), id === "dl-teacher" ? "teacher" : "");
    });
  });
}

// The files attached to the book (pictures, masks, fonts, a difficulty
// model): sent to the studio one at a time, which checks and keeps
// them, and named in every request about the book by their ids. The
// list, kept by name, is shown in the files' box.
import { api } from "./api.js";
import { cameFrom, keepFiles } from "./keep.js";
import { status } from "./status.js";
import { onRelabel, w } from "./words.js";

const $ = (id) => document.getElementById(id);

// files are the files attached: {name, id, size}, by name.
let files = JSON.parse(document.body.dataset.files || "[]");
let changed = () => {};

// attached returns the files attached.
export function attached() {
  return files;
}

// replaceFiles attaches a list of files instead of those attached (a
// spec opened with its files, from the zip given; or the files kept,
// handed to the studio again), and shows them.
export function replaceFiles(list, zip) {
  files = list;
  if (zip) cameFrom(list, zip, true);
  keepFiles(files);
  $("file-error").textContent = "";
  renderFiles();
}

// filesQuery returns the query that names the attached files, after
// sep ("?" or "&"), or "" when there are none.
export function filesQuery(sep) {
  if (!files.length) return "";
  const refs = files.map((f) => ({ name: f.name, id: f.id }));
  return sep + "files=" + encodeURIComponent(JSON.stringify(refs));
}

function sizeText(n) {
  if (n >= 1 << 20) return (n / (1 << 20)).toFixed(1) + " MB";
  return Math.max(1, Math.round(n / 1024)) + " KB";
}

// renderFiles lists the files attached, each with a button to remove it.
function renderFiles() {
  const list = $("file-list");
  list.textContent = "";
  if (!files.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = w("nofiles");
    list.appendChild(li);
    return;
  }
  files.forEach((f) => {
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
      files = files.filter((x) => x.name !== f.name);
      keepFiles(files);
      renderFiles();
      changed();
      $("add-file").focus();
    });
    li.append(name, size, rm);
    list.appendChild(li);
  });
}

// addFiles sends files to the server, one at a time, and attaches those
// it takes (a file of the same name is replaced); it says why it
// refuses the others.
async function addFiles(list) {
  const problems = [];
  for (const file of Array.from(list)) {
    status(w("attaching") + " " + file.name);
    let resp, data;
    try {
      resp = await api("api/attach?name=" + encodeURIComponent(file.name) + filesQuery("&"), {
        method: "POST",
        body: file,
        type: "application/octet-stream",
        quiet: true,
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
    cameFrom([data.file], file, false);
    files = files.filter((x) => x.name !== data.file.name).concat([data.file]);
    files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  keepFiles(files);
  $("file-error").textContent = problems.join(" · ");
  renderFiles();
  changed();
}

// initFiles takes files added with the button or dropped on the files'
// box; onChange is told when the files attached change.
export function initFiles(onChange) {
  changed = onChange;
  $("add-file").addEventListener("change", (ev) => {
    const list = Array.from(ev.target.files);
    ev.target.value = "";
    if (list.length) addFiles(list);
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
  onRelabel(renderFiles);
}

// The attached files kept in the browser's storage (IndexedDB), in the
// static site only: its studio runs in the page and forgets them with
// the tab, where 'mazebook serve' keeps them while it runs. Kept are
// the list of files ({name, id, size}) and, for each, what it came
// from: the file added, or the zip of a spec opened. The next visit
// hands those to the studio again (restoreFiles) before its first
// check; nothing of them leaves the device.
import { api, inPage } from "./api.js";

const DB = "mazebook-studio";
const STORE = "kept";
const KEY = "files";

function db() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

async function put(value) {
  const d = await db();
  await new Promise((resolve, reject) => {
    const t = d.transaction(STORE, "readwrite");
    t.objectStore(STORE).put(value, KEY);
    t.oncomplete = resolve;
    t.onerror = () => reject(t.error);
  });
  d.close();
}

async function get() {
  const d = await db();
  const v = await new Promise((resolve, reject) => {
    const r = d.transaction(STORE).objectStore(STORE).get(KEY);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  d.close();
  return v;
}

// sources are what each attached file came from, by its id: {key, blob,
// zip, name}, key naming the source (a zip holds several files).
const sources = new Map();
let nextSource = 1;
// writing is the last write, which the next waits for.
let writing = Promise.resolve();

// cameFrom records where files came from: one added (a File), or every
// file of a zip opened.
export function cameFrom(list, blob, zip) {
  if (!inPage) return;
  const key = (zip ? "zip-" : "file-") + Date.now() + "-" + nextSource++;
  list.forEach((f) => sources.set(f.id, { key, blob, zip, name: zip ? "" : f.name }));
}

// keepFiles keeps the files attached, and what they came from, in the
// browser's storage.
export function keepFiles(list) {
  if (!inPage || !window.indexedDB) return;
  const blobs = {};
  const kept = [];
  list.forEach((f) => {
    const s = sources.get(f.id);
    if (!s) return;
    kept.push({ name: f.name, id: f.id, size: f.size, source: s.key });
    blobs[s.key] = { blob: s.blob, zip: s.zip, name: s.name };
  });
  writing = writing.then(() => put({ list: kept, blobs })).catch(() => { /* no storage: kept on screen only */ });
}

// restoreFiles hands the files kept to the studio again and returns the
// list of those it took (none outside the site, or with nothing kept).
export async function restoreFiles() {
  if (!inPage || !window.indexedDB) return [];
  let v;
  try {
    v = await get();
  } catch (e) {
    return [];
  }
  if (!v || !v.list || !v.list.length) return [];
  const back = new Set();
  for (const [key, s] of Object.entries(v.blobs || {})) {
    try {
      const resp = s.zip
        ? await api("api/open", { method: "POST", body: s.blob, type: "application/zip", quiet: true })
        : await api("api/attach?name=" + encodeURIComponent(s.name), { method: "POST", body: s.blob, type: "application/octet-stream", quiet: true });
      const data = await resp.json();
      const files = s.zip ? data.files || [] : data.file ? [data.file] : [];
      files.forEach((f) => back.add(f.id));
      v.list.filter((f) => f.source === key).forEach((f) => {
        if (back.has(f.id)) sources.set(f.id, { key, blob: s.blob, zip: s.zip, name: s.name });
      });
    } catch (e) { /* that source is lost */ }
  }
  return v.list.filter((f) => back.has(f.id)).map((f) => ({ name: f.name, id: f.id, size: f.size }));
}

// The preview: the book's page shown, drawn by the studio, with a button
// over each maze to play it; the pages' thumbnails, the answer key's and
// the difficulty chart; and which edition is shown. A check of the spec
// answers with the pages and the page to show (showBook); turning the
// page asks the studio for it (showPage).
import { api, setPicture } from "./api.js";
import { book, gone } from "./book.js";
import { openMaze } from "./play.js";
import { showProblems } from "./problems.js";
import { mark, shown } from "./timings.js";
import { onRelabel, w } from "./words.js";

const $ = (id) => document.getElementById(id);

// pages are the book's pages ({number, kind, section, mazes}), page the
// index of the one shown.
let pages = [];
let page = 0;
// focusSection is the section whose first puzzle page the next check
// shows (the section edited), or -1 for the page shown.
let focusSection = -1;
// edition is the edition shown: "student", or "teacher" while the spec
// asks for a teacher edition (teacher_edition: true).
let edition = "student";
// viewSeq numbers the pages asked for, so that an answer older than the
// page shown is passed over; shownSVG is the page shown.
let viewSeq = 0;
let shownSVG = "";
let auxTimer = 0;

// previewQuery asks a check for the page to show with its answer: the
// first puzzle page of the section edited, or the page shown; and the
// edition shown.
export function previewQuery() {
  let q = focusSection >= 0 ? "section=" + focusSection : "page=" + page;
  if (edition === "teacher") q += "&edition=teacher";
  return q;
}

// focusOn makes the next check show the first puzzle page of a section
// (-1: the page shown).
export function focusOn(section) {
  focusSection = section;
}

// firstPage makes the first page the one shown.
export function firstPage() {
  page = 0;
}

// shownEdition returns the edition shown.
export function shownEdition() {
  return edition;
}

// setEdition chooses the edition the preview shows.
export function setEdition(ed) {
  edition = ed;
  document.querySelectorAll('input[name="edition"]').forEach((r) => (r.checked = r.value === ed));
}

// editionQuery is the query of the edition shown, after sep, or "".
function editionQuery(sep) {
  return edition === "teacher" ? sep + "edition=teacher" : "";
}

// samePages reports whether two lists of pages are alike (the same
// kinds, sections and mazes): the thumbnails' list then stays, and only
// their pictures are brought up to date.
function samePages(a, b) {
  return JSON.stringify(a || []) === JSON.stringify(b || []);
}

// showBook shows a book a check answered: its pages, and the page it
// drew (view), or the page shown.
export function showBook(list, view) {
  const same = samePages(pages, list);
  pages = list || [];
  if (view) page = view.page;
  focusSection = -1;
  if (page >= pages.length) page = Math.max(0, pages.length - 1);
  if (!same) buildThumbs();
  if (view) {
    viewSeq++;
    drawView(view);
  } else {
    showPage();
  }
  refreshLater();
}

function updatePageLabel() {
  const n = pages.length;
  $("page-label").textContent = n ? w("page") + " " + (page + 1) + " " + w("of") + " " + n : "";
  $("prev").disabled = page <= 0;
  $("next").disabled = page >= n - 1;
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
    page = i;
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
  return "api/page/" + book.key + "/" + (i + 1) + ".svg" + editionQuery("?");
}

// refreshLater brings the thumbnails' pictures and the chart up to date
// once the page asked for is shown and the typing pauses: they never
// hold up the page.
function refreshLater() {
  clearTimeout(auxTimer);
  auxTimer = setTimeout(() => {
    document.querySelectorAll(".thumbs img").forEach((img) => setPicture(img, thumbSrc(Number(img.dataset.index))));
    setPicture($("chart"), "api/chart/" + book.key + "/chart.svg" + editionQuery("?"));
    $("chart").alt = w("chart");
  }, 300);
}

function buildThumbs() {
  const main = $("thumbs");
  const ans = $("answer-thumbs");
  main.textContent = "";
  ans.textContent = "";
  pages.forEach((p, i) => (p.kind === "answers" ? ans : main).appendChild(thumb(p, i)));
  markThumb();
}

function markThumb() {
  document.querySelectorAll(".thumbs button").forEach((b) => {
    if (Number(b.dataset.index) === page) b.setAttribute("aria-current", "page");
    else b.removeAttribute("aria-current");
  });
}

// showPage asks the studio for the page shown, and shows it.
async function showPage() {
  updatePageLabel();
  markThumb();
  if (!pages.length) return;
  const seq = ++viewSeq;
  mark("view-sent");
  const resp = await api("api/view/" + book.key + "/" + (page + 1) + editionQuery("?"));
  if (await gone(resp)) return; // the check sent again shows the page again
  const data = await resp.json();
  mark("view-answered");
  if (seq !== viewSeq) return;
  const errEl = $("page-error");
  if (!resp.ok) {
    errEl.hidden = false;
    errEl.textContent = (data.errors || []).map((e) => e.text || e.message).join("\n");
    if (resp.status === 422) showProblems(data.errors || []);
    return;
  }
  drawView(data);
}

// drawView shows a page drawn: its SVG (put in only when it changed: an
// edit of another page leaves this one as it is) and a button over each
// maze to play it.
function drawView(data) {
  updatePageLabel();
  markThumb();
  $("page-error").hidden = true;
  fitPage(data.width, data.height);
  const holder = $("page-svg");
  if (shownSVG !== data.svg) {
    holder.innerHTML = data.svg;
    shownSVG = data.svg;
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
    b.classList.add("chip-" + chipCorner(m.doors || []));
    const span = document.createElement("span");
    span.textContent = w("play") + " · " + w("maze") + " " + m.number;
    b.appendChild(span);
    b.setAttribute("aria-label", w("play") + ": " + w("maze") + " " + m.number);
    b.addEventListener("click", () => openMaze(m.index, m.number));
    btns.appendChild(b);
  });
  shown();
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

// chipCorner returns the corner of a maze its Play chip stands at, clear
// of its doors (given as fractions of its box, as printed): the top
// right, unless a door is near it (the start of a book written right to
// left), then the first of the others far enough from both.
export function chipCorner(doors) {
  const corners = [["tr", 1, 0], ["tl", 0, 0], ["br", 1, 1], ["bl", 0, 1]];
  let best = corners[0], far = -1;
  for (const c of corners) {
    const near = Math.min(...doors.map((d) => Math.hypot(d[0] - c[1], d[1] - c[2])), 9);
    if (near >= 0.35) return c[0];
    if (near > far) [best, far] = [c, near];
  }
  return best[0];
}

// initPreview lets the pages be turned.
export function initPreview() {
  $("prev").addEventListener("click", () => {
    if (page > 0) {
      page--;
      showPage();
    }
  });
  $("next").addEventListener("click", () => {
    if (page < pages.length - 1) {
      page++;
      showPage();
    }
  });
  onRelabel(updatePageLabel);
}

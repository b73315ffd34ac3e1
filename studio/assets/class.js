// mazebook's class page: the game of a study's book and nothing else,
// for the tablets of a class. A child types the code the teacher gave
// (a code, never a name), plays the book's mazes in order, and hands the
// tablet on with Change. Each maze played is reported to the studio,
// which replays it and records the trial (see game.js and trial.js).
import { api } from "./api.js";
import { makeGame } from "./game.js";
import { w } from "./words.js";

const $ = (id) => document.getElementById(id);
const MAZES = JSON.parse(document.body.dataset.mazes);
const CODE = "mazebook-participant";

// A code is what study.ValidParticipant takes; one that holds a
// capitalised word, or is a word of three letters or more, looks like a
// name (study.LooksLikeName), and is taken only when given again.
const VALID = /^[A-Za-z0-9_-]{1,32}$/;
const NAMELIKE = (code) => /[A-Z][a-z]{2,}/.test(code) || /^[A-Za-z]{3,}$/.test(code);

// The code lasts as long as the tab (sessionStorage), or the page where
// the browser keeps nothing.
let kept = "";

function participant() {
  try {
    return sessionStorage.getItem(CODE) || "";
  } catch (e) {
    return kept;
  }
}

function setParticipant(c) {
  kept = c;
  try {
    if (c) sessionStorage.setItem(CODE, c);
    else sessionStorage.removeItem(CODE);
  } catch (e) { /* kept in the page */ }
}

// played returns the mazes the tablet has seen this code play (a trial
// opened: won or left), by index from 1.
function played(code) {
  try {
    return new Set(JSON.parse(localStorage.getItem(CODE + ":" + code) || "[]"));
  } catch (e) {
    return new Set();
  }
}

function markPlayed(code, n) {
  const s = played(code);
  s.add(n);
  try {
    localStorage.setItem(CODE + ":" + code, JSON.stringify(Array.from(s)));
  } catch (e) { /* only the ticks are lost */ }
}

let warned = "";

function showCode() {
  $("code-form").hidden = false;
  $("maze-list-box").hidden = true;
  $("participant").value = "";
  $("code-error").textContent = "";
  warned = "";
  $("participant").focus();
}

function showList() {
  const who = participant();
  $("code-form").hidden = true;
  $("maze-list-box").hidden = false;
  $("class-who-text").textContent = w("studywho").replace("{code}", who);
  const done = played(who);
  const list = $("maze-list");
  list.textContent = "";
  let next = null;
  MAZES.forEach((m) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button maze-button";
    b.dataset.n = String(m.n);
    b.textContent = w("maze") + " " + m.number;
    if (done.has(m.n)) {
      b.classList.add("done");
      b.setAttribute("aria-label", w("maze") + " " + m.number + " ✓");
    }
    if (!m.play) {
      b.disabled = true;
      b.title = w("notplayable");
    } else if (!next && !done.has(m.n)) {
      next = b;
      b.classList.add("next");
    }
    b.addEventListener("click", () => game.open(m.n - 1, m.number));
    li.appendChild(b);
    list.appendChild(li);
  });
  if (next) next.focus();
}

// nextAfter opens the next maze the class can play after index (from
// 0), or goes back to the list after the last.
function nextAfter(index) {
  const m = MAZES.slice(index + 1).find((x) => x.play);
  if (m) game.open(m.n - 1, m.number);
  else game.close();
}

const game = makeGame({
  w: w,
  load: async (index) => {
    const resp = await api("api/maze/" + (index + 1) + "?participant=" + encodeURIComponent(participant()), { quiet: true }).catch(() => null);
    if (!resp) return { ok: false, data: { errors: [{ message: w("studyaway") }] } };
    return { ok: resp.ok, data: await resp.json() };
  },
  next: nextAfter,
  onClose: () => {
    if (participant()) showList();
  },
  study: {
    url: (index) => "api/trial/" + (index + 1),
    participant: participant,
    needCode: () => {
      game.close();
      showCode();
    },
    change: () => {
      setParticipant("");
      showCode();
    },
    onTrial: (index, data, status) => {
      // A maze is played once the studio has a move of it: a trial.
      if (status === 200 && (data.applied > 0 || data.recorded)) markPlayed(participant(), index + 1);
    },
  },
});

$("code-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const code = $("participant").value.trim();
  if (!VALID.test(code)) {
    $("code-error").textContent = w("studybadcode");
    return;
  }
  // A study with a class's list takes only its codes: the studio says
  // whether this one is on it. (A studio out of reach is asked again
  // when the first maze opens.)
  const resp = await api("api/code?participant=" + encodeURIComponent(code), { quiet: true }).catch(() => null);
  if (resp && !resp.ok) {
    const data = await resp.json().catch(() => ({}));
    $("code-error").textContent = (data.errors && data.errors[0] && data.errors[0].message) || w("studybadcode");
    return;
  }
  const listed = resp ? (await resp.json().catch(() => ({}))).listed : false;
  if (!listed && NAMELIKE(code) && code !== warned) {
    warned = code;
    $("code-error").textContent = w("codename");
    return;
  }
  setParticipant(code);
  showList();
});
$("class-change").addEventListener("click", () => {
  setParticipant("");
  showCode();
});

if (participant()) showList();
else showCode();

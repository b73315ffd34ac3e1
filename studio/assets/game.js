// mazebook's game in the browser: a maze walked with keys, taps, swipes
// or a finger drawn along it, in three views, zoomed and panned, and won
// with a cheer. The studio and a study's class's page both play it. Its
// parts: the board's view (board.js), the drawing (draw.js), what the
// player sees (sight.js), the controls (controls.js), and in a study the
// trial reported to the studio move by move (trial.js).
import { Board } from "./board.js";
import { listen } from "./controls.js";
import { draw as drawGame } from "./draw.js";
import { gap, look } from "./sight.js";
import { Trial } from "./trial.js";

const $ = (id) => document.getElementById(id);

// The view and the input of a move, as the studio numbers them.
const VIEWS = { full: 0, theseus: 1, torch: 2 };
const INPUTS = { keys: 0, taps: 1, swipes: 2, drags: 3 };

function viewName() {
  return document.querySelector('input[name="view"]:checked').value;
}

// makeGame returns the game in the page's dialog#play. opt.w gives the
// page's words; opt.load(index) fetches maze index (from 0) as
// {ok, data}; opt.next, when set, opens the maze after index (the win
// offers it); opt.onClose is told the dialog closed; opt.study, in a
// study, is {url(index), participant(), needCode(), change(),
// onTrial(index, answer, status)}.
export function makeGame(opt) {
  const w = opt.w;
  const dlg = $("play");
  const canvas = $("play-canvas");
  const ctx = canvas.getContext("2d");
  const board = new Board($("play-board"));
  // The maze played (as the studio sends it), the player's cell, the
  // way back (Ariadne's thread), the cells seen, the moves and the win.
  let m = null;
  let pos = 0;
  let thread = [];
  let seen = new Set();
  let moves = 0;
  let won = false;
  // A study (the class's page): the trial of the maze shown, reported
  // move by move and closed once, when it is won or left.
  let trial = null;
  let mazeIndex = 0;
  let mazeNumber = 0;
  let frame = 0;

  // needCode shows the participant's form instead of the maze while a
  // study has no code for this tab; it reports whether it did.
  function needCode() {
    if (!opt.study) return false;
    const code = opt.study.participant();
    $("study-who").hidden = !code;
    if (code) $("study-who-text").textContent = w("studywho").replace("{code}", code);
    if (!code) opt.study.needCode();
    return !code;
  }

  // startTrial starts the trial of the maze shown, for a study: the one
  // the studio opened when it served the maze.
  function startTrial() {
    if (trial) trial.leave();
    trial = opt.study && m.trial ? new Trial(opt.study.url(mazeIndex), opt.study.participant(), m.trial, onTrial) : null;
  }

  // onTrial hears the studio's answer to a report: the trial recorded,
  // or refused (and why), or lost (the studio no longer has it: the maze
  // starts again, a new trial).
  function onTrial(t, data, status) {
    if (t !== trial) return;
    // The studio out of reach: nothing is recorded until it is back.
    $("play-away").hidden = status !== 0;
    if (status === 0) return;
    if (status === 200 && data.recorded && data.solved) $("play-status").textContent = w("studysaved");
    if (status === 409 && !won && !data.resend) {
      // The studio closed the trial (the page was away too long, and it
      // was recorded as left): the maze starts again, a new trial.
      reset();
      startTrial();
    } else if (status >= 400) {
      const why = (data.errors || []).map((e) => e.message).join(" ");
      $("play-status").textContent = w("notrecorded") + " " + why;
    }
    if (opt.study && opt.study.onTrial) opt.study.onTrial(mazeIndex, data, status);
  }

  // ---- the view ----

  function draw() {
    drawGame(canvas, ctx, board, { m: m, pos: pos, thread: thread, seen: seen, won: won, view: viewName() });
  }

  // redraw draws the board at the next frame, once however often asked.
  function redraw() {
    if (!frame) frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
    });
  }

  // follow moves the view to keep the player in it.
  function follow() {
    board.follow(m.cells[pos].c);
  }

  // zoom scales the view by f about the player, who stays in view.
  function zoom(f) {
    if (!m) return;
    board.zoom(f, m.cells[pos].c);
    redraw();
  }

  // whole shows the whole maze.
  function whole() {
    if (!m) return;
    board.whole();
    redraw();
  }

  // ---- playing ----

  function reset() {
    pos = m.entrance;
    thread = [pos];
    seen = new Set();
    moves = 0;
    won = false;
    look(m, pos, seen);
    $("play-moves").value = "0";
    $("play-status").textContent = "";
    $("play-won").hidden = true;
    document.querySelector("#play-won .confetti").textContent = "";
    follow();
    draw();
  }

  async function open(index, number) {
    if (trial) trial.leave();
    trial = null;
    $("play-title").textContent = w("playtitle") + " " + number;
    $("play-story").hidden = true;
    $("play-won").hidden = true;
    $("play-next").hidden = !opt.next;
    $("play-again").hidden = !!opt.study;
    // In a study the view is the study's (the maze's JSON says it): the
    // page offers no other, and draws nothing of a maze before it is
    // set, so a torch or Theseus trial never shows the whole maze.
    $("play-views").hidden = !!opt.study;
    $("play-giveup").hidden = !opt.study;
    $("play-away").hidden = true;
    m = null;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    canvas.dataset.views = "";
    $("play-status").textContent = w("busy");
    if (!dlg.open) dlg.showModal();
    const got = await opt.load(index);
    const data = got.data;
    if (!got.ok) {
      $("play-status").textContent = (data.errors || []).map((e) => e.message).join(" ");
      return;
    }
    if (opt.study) {
      const v = document.querySelector('input[name="view"][value="' + (data.view || "full") + '"]');
      if (v) v.checked = true;
    }
    m = data;
    mazeIndex = index;
    mazeNumber = number;
    $("play-story").textContent = m.story || "";
    $("play-story").hidden = !m.story;
    board.show(m);
    pos = m.entrance;
    board.home(m.cells[pos].c);
    reset();
    if (!needCode()) startTrial();
    if (!canvas.hidden) canvas.focus();
  }

  // step moves the player through the open side of its cell nearest
  // the angle (within 80°), made with input (keys, taps, swipes or
  // drags), and the view with it unless still is set; it reports whether
  // the player moved. A study's trial is told the side gone through.
  function step(angle, input, still) {
    if (!m || won || canvas.hidden) return false;
    let best = null;
    let side = -1;
    m.cells[pos].s.forEach((s, i) => {
      if (s.open && s.to >= 0 && gap(s.h, angle) < 1.4 && (!best || gap(s.h, angle) < gap(best.h, angle))) {
        best = s;
        side = i;
      }
    });
    if (!best) return false;
    pos = best.to;
    moves++;
    const view = VIEWS[viewName()];
    if (trial) trial.add(side, view, INPUTS[input]);
    // Ariadne's thread: walking back along it winds it up.
    if (thread.length > 1 && thread[thread.length - 2] === pos) thread.pop();
    else thread.push(pos);
    look(m, pos, seen);
    $("play-moves").value = String(moves);
    if (pos === m.exit) {
      // The goal reached: through the exit's door, as the terminal game
      // steps out of it (a step that ends the game, not a move).
      if (trial && m.exitSide >= 0) trial.add(m.exitSide, view, INPUTS[input]);
      won = true;
      celebrate();
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

  // ---- the dialog ----

  listen(board, {
    dlg: dlg,
    canvas: canvas,
    playing: () => m !== null,
    player: () => m.cells[pos].c,
    won: () => won,
    step: step,
    zoom: zoom,
    whole: whole,
    redraw: redraw,
  });
  new ResizeObserver(() => {
    board.measure();
    if (!m || board.w < 1) return;
    board.clamp();
    follow();
    draw();
  }).observe(board.el);

  // A view chosen, the arrow keys move the player again: the focus
  // goes back to the maze.
  document.querySelectorAll('input[name="view"]').forEach((r) => r.addEventListener("change", () => {
    draw();
    canvas.focus();
  }));
  // Restart puts the player back at the entrance: the trial goes on
  // (its moves and clock run on through restarts, as the terminal's
  // do). After a win a maze played again is no trial.
  $("play-restart").addEventListener("click", () => {
    if (m) {
      if (trial && !won) trial.add(-1, VIEWS[viewName()], 0);
      reset();
    }
    canvas.focus();
  });
  $("play-again").addEventListener("click", () => {
    if (m) reset();
    if (trial) trial.leave();
    trial = null;
    canvas.focus();
  });
  $("play-next").addEventListener("click", () => {
    if (opt.next) opt.next(mazeIndex);
  });
  // Give up (a study): the trial is recorded as given up, and the next
  // maze opens (or the list, after the last).
  $("play-giveup").addEventListener("click", () => {
    if (trial && !won) trial.leave("gave_up");
    trial = null;
    if (opt.next) opt.next(mazeIndex);
    else dlg.close();
  });
  $("play-close").addEventListener("click", () => dlg.close());
  $("play-done").addEventListener("click", () => dlg.close());
  // A maze left unsolved is a trial too.
  dlg.addEventListener("close", () => {
    if (trial) trial.leave();
    trial = null;
    if (opt.onClose) opt.onClose();
  });
  // The next child on the same tablet: the maze played so far is
  // recorded as it stands, and the code asked for again.
  $("study-change").addEventListener("click", () => {
    if (trial) trial.leave("another_child");
    trial = null;
    dlg.close();
    if (opt.study) opt.study.change();
  });
  // A page closed or reloaded (pagehide) records the maze as left; a
  // page hidden (another app, the screen off) sends what it has, and
  // goes on when it is back.
  window.addEventListener("pagehide", () => {
    if (trial) trial.beacon(true);
  });
  document.addEventListener("visibilitychange", () => {
    if (trial && document.visibilityState === "hidden") trial.beacon(false);
  });
  setInterval(() => {
    if (trial) trial.heartbeat();
  }, 20000);

  return {
    open: open,
    // begin starts the trial of the maze shown once a code is given.
    begin: () => {
      if (!m || !dlg.open) return;
      needCode();
      reset();
      startTrial();
      canvas.focus();
    },
    close: () => {
      if (dlg.open) dlg.close();
    },
  };
}

// mazebook's game in the browser: a maze walked with keys, taps, swipes
// or a finger drawn along it, in three views, zoomed and panned, and won
// with a cheer. The studio and a study's class's page both play it. In a
// study the game reports each move to the studio (see Trial), which
// replays them with the terminal game's own code: the page's counts are
// for the child to see, never recorded.
"use strict";

const $ = (id) => document.getElementById(id);

// Trial reports a trial of a study to the studio: each move (the side of
// the player's cell gone through, -1 for a restart; when, in ms since
// the maze was shown; the view; the input) as it is made, in order, a
// report at a time; and its end, once: won (the studio sees the exit
// reached), or left (closed, another child, the page closed or reloaded,
// by navigator.sendBeacon). The studio keeps the moves it has, so a
// report sent again, or one that overlaps, is played once.
export class Trial {
  constructor(url, participant, onAnswer) {
    const a = new Uint8Array(12);
    crypto.getRandomValues(a);
    this.id = Array.from(a, (b) => b.toString(16).padStart(2, "0")).join("");
    this.url = url;
    this.participant = participant;
    this.onAnswer = onAnswer;
    this.shown = performance.now();
    this.moves = [];
    this.acked = 0; // the moves the studio has
    this.busy = false;
    this.again = false; // a report to send when the one under way is answered
    this.ending = false;
    this.over = false;
  }

  now() {
    return Math.round(performance.now() - this.shown);
  }

  add(side, view, input) {
    if (this.over) return;
    this.moves.push([side, this.now(), view, input]);
    this.send();
  }

  body(end) {
    const b = { id: this.id, participant: this.participant, from: this.acked, moves: this.moves.slice(this.acked), now: this.now() };
    if (end) b.end = "left";
    return JSON.stringify(b);
  }

  // send reports the moves the studio does not have yet (and the end,
  // once asked), one report at a time.
  async send() {
    if (this.over && !this.ending) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.again = false;
    const end = this.ending;
    let status = 0;
    let data = {};
    try {
      const resp = await fetch(this.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: this.body(end), keepalive: true });
      status = resp.status;
      data = await resp.json().catch(() => ({}));
    } catch (e) {
      status = 0; // the studio is gone: the next report tries again
    }
    this.busy = false;
    if (status === 200) {
      this.acked = Math.max(this.acked, data.applied || 0);
      if (data.recorded || end) this.over = true;
      if (end) this.ending = false;
    } else if (status === 409 && typeof data.applied === "number" && data.applied > 0 && data.applied < this.moves.length) {
      // The studio has fewer moves than the page thought: send the rest.
      this.acked = data.applied;
      this.again = true;
      status = 0;
    } else if (status >= 400) {
      this.over = true;
      this.ending = false;
    }
    if (status) this.onAnswer(this, data, status);
    if (this.again || (this.ending && !this.over)) this.send();
  }

  // leave ends the trial: the maze was left (or won: the studio has it
  // recorded already and says so again).
  leave() {
    if (this.over || this.moves.length === 0) {
      this.over = true;
      return;
    }
    this.ending = true;
    this.send();
  }

  // beacon sends what the studio lacks as the page goes away: the end
  // too when it is closed (left), not when it is only hidden.
  beacon(left) {
    if (this.over || this.moves.length === 0) return;
    const blob = new Blob([this.body(left)], { type: "text/plain;charset=UTF-8" });
    if (navigator.sendBeacon(this.url, blob) && left) this.over = true;
  }

  // heartbeat tells the studio the maze is still open, so that it does
  // not take a quiet child for a crashed page.
  heartbeat() {
    if (!this.over && this.moves.length > 0 && !this.busy) this.send();
  }
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
  const board = $("play-board");
  const ctx = canvas.getContext("2d");
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
  // A study (the class's page): the trial of the maze shown, reported
  // move by move and closed once, when it is won or left.
  let trial = null;
  let mazeIndex = 0;
  let mazeNumber = 0;

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

  // startTrial starts the trial of the maze shown, for a study.
  function startTrial() {
    if (trial) trial.leave();
    trial = opt.study ? new Trial(opt.study.url(mazeIndex), opt.study.participant(), onTrial) : null;
  }

  // onTrial hears the studio's answer to a report: the trial recorded,
  // or refused (and why), or lost (the studio no longer has it: the maze
  // starts again, a new trial).
  function onTrial(t, data, status) {
    if (t !== trial) return;
    if (status === 200 && data.recorded && data.solved) $("play-status").textContent = w("studysaved");
    if (status === 409 && !won) {
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

  function viewName() {
    return document.querySelector('input[name="view"]:checked').value;
  }

  // The view and the input of a move, as the studio numbers them.
  const VIEWS = { full: 0, theseus: 1, torch: 2 };
  const INPUTS = { keys: 0, taps: 1, swipes: 2, drags: 3 };

  function gap(a, b) {
    let d = Math.abs(a - b) % (2 * Math.PI);
    return d > Math.PI ? 2 * Math.PI - d : d;
  }

  // look adds to seen the cells visible from the player: along each
  // straight open corridor. (What the page shows; the studio's own game
  // counts the trial.)
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

  // torch returns the cells within the torch's reach (the terminal
  // game's radius, which the studio sends) of the player.
  function torch() {
    const dist = new Map([[pos, 0]]);
    const queue = [pos];
    while (queue.length) {
      const c = queue.shift();
      const d = dist.get(c);
      if (d >= (m.radius || 3)) continue;
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
    if (trial) trial.leave();
    trial = null;
    $("play-title").textContent = w("playtitle") + " " + number;
    $("play-story").hidden = true;
    $("play-won").hidden = true;
    $("play-next").hidden = !opt.next;
    $("play-again").hidden = !!opt.study;
    // In a study each maze starts in the full view: the view a trial is
    // played in is the child's choice for that maze, never the last
    // maze's (or the last child's).
    if (opt.study) document.querySelector('input[name="view"][value="full"]').checked = true;
    $("play-status").textContent = w("busy");
    if (!dlg.open) dlg.showModal();
    const got = await opt.load(index);
    const data = got.data;
    if (!got.ok) {
      $("play-status").textContent = (data.errors || []).map((e) => e.message).join(" ");
      return;
    }
    m = data;
    mazeIndex = index;
    mazeNumber = number;
    $("play-story").textContent = m.story || "";
    $("play-story").hidden = !m.story;
    measureMaze();
    pos = m.entrance;
    home();
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
    look();
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
      step(KEYS[ev.key], "keys");
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
      step(KEYS[ev.key], "keys");
      ev.preventDefault();
    }
  });
  document.querySelectorAll(".pad [data-dir]").forEach((b) => {
    b.addEventListener("click", () => step(DIRS[b.dataset.dir], "taps"));
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
      if (Math.hypot(dx, dy) < 0.6 * unit * view.s || !step(Math.atan2(dy, dx), "drags", true)) return;
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
      if (!g.stepped && Math.hypot(p.x - g.x, p.y - g.y) < 12 && Math.hypot(dx, dy) > 0.45 * unit * view.s) step(Math.atan2(dy, dx), "taps");
      follow();
      redraw();
      return;
    }
    if (g.kind !== "press" || !g.armed) return;
    let dx = p.x - g.x;
    let dy = p.y - g.y;
    let input = "swipes";
    if (Math.hypot(dx, dy) < 12) {
      // A tap: towards the tap from the player.
      const at = m.cells[pos].c;
      dx = p.x - bx(at);
      dy = p.y - by(at);
      input = "taps";
    }
    if (Math.hypot(dx, dy) > 4) step(Math.atan2(dy, dx), input);
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
    if (trial) trial.leave();
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

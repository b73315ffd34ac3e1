// Drawing the game: the maze on the board's canvas, as much of it as
// the view shows (board.js) and the player has seen (sight.js): floors,
// the start and the goal, the doors, the walls, Ariadne's thread and the
// player.
import { PAD } from "./board.js";
import { torch } from "./sight.js";

// draw draws a game g on a canvas (its 2D context ctx) through the
// board's view: g.m the maze, g.pos the player's cell, g.thread the
// cells of the way back, g.seen the cells seen, g.won the goal reached,
// g.view the view ("full", "theseus" or "torch"). It leaves on the
// canvas, for the browser tests, what it shows (data-cell, data-fit,
// data-shown, data-views,
// data-px, data-py, data-vx, data-vy).
export function draw(canvas, ctx, board, g) {
  const m = g.m;
  if (!m || board.w < 1 || board.h < 1 || canvas.hidden) return;
  const dpr = window.devicePixelRatio || 1;
  const cw = Math.round(board.w * dpr);
  const ch = Math.round(board.h * dpr);
  if (canvas.width !== cw || canvas.height !== ch) {
    canvas.width = cw;
    canvas.height = ch;
  }
  const pad = PAD * dpr;
  const sc = board.s * dpr;
  const unit = board.unit;
  const ox = (board.w / 2 - board.x * board.s) * dpr;
  const oy = (board.h / 2 - board.y * board.s) * dpr;
  const X = (p) => ox + p[0] * sc;
  const Y = (p) => oy + p[1] * sc;
  ctx.fillStyle = "#20242a";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const v = g.view;
  let shown = null;
  if (v === "theseus") shown = g.seen;
  if (v === "torch") shown = torch(m, g.pos);
  // Cells off the board are left out.
  const hw = board.w / 2 / board.s + board.reach;
  const hh = board.h / 2 / board.s + board.reach;
  const onBoard = (c) => Math.abs(m.cells[c].c[0] - board.x) <= hw && Math.abs(m.cells[c].c[1] - board.y) <= hh;
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
  g.thread.forEach((c, i) => {
    const p = m.cells[c].c;
    if (i === 0) ctx.moveTo(X(p), Y(p));
    else ctx.lineTo(X(p), Y(p));
  });
  ctx.stroke();
  // The player, a golden ring around it at the goal.
  const at = m.cells[g.pos].c;
  const pr = Math.max(5 * dpr, sc * unit * 0.32);
  if (g.won) {
    ctx.strokeStyle = "#ffca3a";
    ctx.lineWidth = Math.max(3 * dpr, pr * 0.35);
    ctx.beginPath();
    ctx.arc(X(at), Y(at), pr * 1.6, 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.fillStyle = g.won ? "#2a9d3a" : "#1d4e89";
  ctx.strokeStyle = "#fff";
  ctx.lineWidth = Math.max(1.5 * dpr, sc * unit * 0.05);
  ctx.beginPath();
  ctx.arc(X(at), Y(at), pr, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  // What the board shows, for the browser tests: a cell's size, the
  // whole maze's, the player's place (CSS pixels) and the view's
  // middle (the maze's units).
  canvas.classList.toggle("pannable", board.pannable());
  const d = canvas.dataset;
  d.cell = (board.s * board.unit).toFixed(2);
  d.fit = (board.fitScale() * board.unit).toFixed(2);
  d.px = board.bx(at).toFixed(1);
  d.py = board.by(at).toFixed(1);
  d.vx = board.x.toFixed(3);
  d.vy = board.y.toFixed(3);
  // The cells whose floors show, and the views drawn since the maze
  // opened (game.js empties it): a torch trial's is "torch" alone.
  d.shown = String(m.cells.reduce((n, _, c) => n + (visible(c) ? 1 : 0), 0));
  const views = (d.views || "").split(" ").filter(Boolean);
  if (!views.includes(v)) d.views = views.concat([v]).join(" ");
}

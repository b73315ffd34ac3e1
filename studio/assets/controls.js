// The game's controls: the arrow keys (and WASD), the pad's buttons,
// zoom with + - 0 and the zoom buttons; and the board under a finger or
// the mouse. Put down on the player, it walks the player along the
// corridors, as a pencil draws the way; put down elsewhere, it drags the
// maze to look around when the board shows only part of it, and else a
// swipe steps the way it goes; a tap steps towards the tap. Two fingers
// pinch to zoom and drag the maze together; the wheel, or two fingers on
// a trackpad, zoom about the pointer, and a trackpad's sideways scroll
// pans. The view follows the player again when it moves.

const $ = (id) => document.getElementById(id);

const KEYS = {
  ArrowRight: 0, ArrowDown: Math.PI / 2, ArrowLeft: Math.PI, ArrowUp: -Math.PI / 2,
  d: 0, s: Math.PI / 2, a: Math.PI, w: -Math.PI / 2,
  D: 0, S: Math.PI / 2, A: Math.PI, W: -Math.PI / 2,
};
const DIRS = { right: 0, down: Math.PI / 2, left: Math.PI, up: -Math.PI / 2 };

// listen makes the controls move and show the game on a board (see
// board.js). game gives: dlg and canvas, the dialog and its board's
// canvas; playing(), whether a maze is open; player(), the centre of the
// player's cell; won(), whether the goal is reached; step(angle, input,
// still), a step of the player (see makeGame); zoom(f) and whole(), the
// view zoomed about the player or showing the whole maze; redraw().
export function listen(board, game) {
  const { dlg, canvas } = game;

  // zoomKey zooms for + (or =), - and 0 (the whole maze); it reports
  // whether the key was one of them.
  function zoomKey(ev) {
    if (!game.playing() || canvas.hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return false;
    if (ev.key === "+" || ev.key === "=") game.zoom(1.5);
    else if (ev.key === "-" || ev.key === "_" || ev.key === "−") game.zoom(1 / 1.5);
    else if (ev.key === "0") game.whole();
    else return false;
    return true;
  }

  canvas.addEventListener("keydown", (ev) => {
    if (Object.prototype.hasOwnProperty.call(KEYS, ev.key)) {
      game.step(KEYS[ev.key], "keys");
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
      game.step(KEYS[ev.key], "keys");
      ev.preventDefault();
    }
  });
  document.querySelectorAll(".pad [data-dir]").forEach((b) => {
    b.addEventListener("click", () => game.step(DIRS[b.dataset.dir], "taps"));
  });
  $("zoom-in").addEventListener("click", () => game.zoom(1.5));
  $("zoom-out").addEventListener("click", () => game.zoom(1 / 1.5));
  $("zoom-fit").addEventListener("click", game.whole);

  // The fingers (or the mouse) on the board, and the gesture they make.
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
      const at = game.player();
      const dx = p.x - board.bx(at), dy = p.y - board.by(at);
      if (Math.hypot(dx, dy) < 0.6 * board.unit * board.s || !game.step(Math.atan2(dy, dx), "drags", true)) return;
      gesture.stepped = true;
    }
  }

  canvas.addEventListener("pointerdown", (ev) => {
    if (!game.playing() || (ev.pointerType === "mouse" && ev.button !== 0)) return;
    const focused = document.activeElement === canvas;
    try {
      canvas.setPointerCapture(ev.pointerId);
    } catch (e) { /* the pointer is gone already */ }
    const p = local(ev);
    fingers.set(ev.pointerId, p);
    if (fingers.size === 2) {
      const g = pinch();
      canvas.classList.remove("tracing");
      gesture = { kind: "pinch", d: g.d, s: board.s, mx: board.x + (g.x - board.w / 2) / board.s, my: board.y + (g.y - board.h / 2) / board.s };
      return;
    }
    if (fingers.size > 2) return;
    const at = game.player();
    const near = !game.won() && Math.hypot(p.x - board.bx(at), p.y - board.by(at)) <= Math.max(0.9 * board.unit * board.s, 24);
    // A click that only brings the maze into focus does not move.
    gesture = { kind: near ? "trace" : "press", x: p.x, y: p.y, vx: board.x, vy: board.y, armed: ev.pointerType !== "mouse" || focused };
    canvas.classList.toggle("tracing", near);
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (!gesture || !fingers.has(ev.pointerId)) return;
    const p = local(ev);
    fingers.set(ev.pointerId, p);
    const g = gesture;
    if (g.kind === "pinch" && fingers.size === 2) {
      const now = pinch();
      board.s = Math.min(board.maxScale(), Math.max(board.fitScale(), g.s * now.d / g.d));
      board.x = g.mx - (now.x - board.w / 2) / board.s;
      board.y = g.my - (now.y - board.h / 2) / board.s;
      board.clamp();
      game.redraw();
    } else if (g.kind === "trace") {
      trace(p);
    } else if (g.kind === "press" && Math.hypot(p.x - g.x, p.y - g.y) > 10 && board.pannable()) {
      g.kind = "pan";
    }
    if (g.kind === "pan") {
      board.x = g.vx - (p.x - g.x) / board.s;
      board.y = g.vy - (p.y - g.y) / board.s;
      board.clamp();
      game.redraw();
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
      const at = game.player();
      const dx = p.x - board.bx(at), dy = p.y - board.by(at);
      if (!g.stepped && Math.hypot(p.x - g.x, p.y - g.y) < 12 && Math.hypot(dx, dy) > 0.45 * board.unit * board.s) game.step(Math.atan2(dy, dx), "taps");
      board.follow(game.player());
      game.redraw();
      return;
    }
    if (g.kind !== "press" || !g.armed) return;
    let dx = p.x - g.x;
    let dy = p.y - g.y;
    let input = "swipes";
    if (Math.hypot(dx, dy) < 12) {
      // A tap: towards the tap from the player.
      const at = game.player();
      dx = p.x - board.bx(at);
      dy = p.y - board.by(at);
      input = "taps";
    }
    if (Math.hypot(dx, dy) > 4) game.step(Math.atan2(dy, dx), input);
  }
  canvas.addEventListener("pointerup", lift);
  canvas.addEventListener("pointercancel", lift);
  canvas.addEventListener("wheel", (ev) => {
    if (!game.playing()) return;
    ev.preventDefault();
    const k = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? board.h : 1;
    const dx = ev.deltaX * k, dy = ev.deltaY * k;
    if (!ev.ctrlKey && Math.abs(dx) > Math.abs(dy)) {
      board.x += dx / board.s;
      board.clamp();
      game.redraw();
      return;
    }
    const p = local(ev);
    board.zoomAt(Math.exp(-dy * (ev.ctrlKey ? 0.01 : 0.002)), p.x, p.y);
    game.redraw();
  }, { passive: false });
}

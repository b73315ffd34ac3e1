// The view of a maze on the game's board: how large it is drawn and
// which part of it shows. The board shows the whole maze, or less, its
// cells no larger than MAXCELL; zoomed about a point, panned, and
// following the player, the maze never wanders off the board.

// PAD is the room left around the maze for the doors' marks, and
// MAXCELL the largest a cell is drawn, in CSS pixels.
export const PAD = 22;
const MAXCELL = 120;

// comfortable is the smallest a maze's cells open at, in CSS pixels: on
// a phone or a touch screen a fingertip, which the dot can be dragged
// along; with a mouse a little less.
function comfortable() {
  const touch = window.matchMedia("(pointer: coarse)").matches;
  return touch || Math.min(window.innerWidth, window.innerHeight) < 600 ? 32 : 16;
}

export class Board {
  constructor(el) {
    this.el = el;
    // The view: s CSS pixels a unit of the maze, and the point of the
    // maze (x, y) at the board's middle.
    this.s = 1;
    this.x = 0;
    this.y = 0;
    // unit is the distance between neighbouring cells' centres, reach
    // the farthest a cell's sides lie from its centre (in the maze's
    // units); w and h are the board's size in CSS pixels.
    this.unit = 1;
    this.reach = 1;
    this.w = 0;
    this.h = 0;
    this.m = null;
  }

  // show takes a maze to view, and measures its cells: unit the median
  // distance between neighbours' centres (a rectangle's cells are 1
  // apart), reach the farthest a side lies from its cell's centre.
  show(m) {
    this.m = m;
    const d = [];
    let reach = 0;
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
    this.unit = d.length ? d[d.length >> 1] || 1 : 1;
    this.reach = reach || this.unit;
  }

  // measure reads the board's size.
  measure() {
    this.w = this.el.clientWidth;
    this.h = this.el.clientHeight;
  }

  // fitScale is the scale that shows the whole maze on the board.
  fitScale() {
    return Math.max(0.01, Math.min((this.w - 2 * PAD) / this.m.width, (this.h - 2 * PAD) / this.m.height));
  }

  maxScale() {
    return Math.max(this.fitScale(), MAXCELL / this.unit);
  }

  // clamp keeps the scale between the whole maze and MAXCELL, and the
  // maze on the board: centred along a side where it fits, else with no
  // more than PAD beyond its edges.
  clamp() {
    this.s = Math.min(this.maxScale(), Math.max(this.fitScale(), this.s));
    [["x", this.w, this.m.width], ["y", this.h, this.m.height]].forEach(([k, size, extent]) => {
      const half = size / 2 / this.s;
      const pad = PAD / this.s;
      if (extent + 2 * pad <= 2 * half) this[k] = extent / 2;
      else this[k] = Math.min(extent + pad - half, Math.max(half - pad, this[k]));
    });
  }

  // bx and by place a point of the maze on the board, in CSS pixels.
  bx(p) {
    return (p[0] - this.x) * this.s + this.w / 2;
  }

  by(p) {
    return (p[1] - this.y) * this.s + this.h / 2;
  }

  // pannable reports whether the board shows less than the whole maze.
  pannable() {
    return this.m.width * this.s + 2 * PAD > this.w + 1 || this.m.height * this.s + 2 * PAD > this.h + 1;
  }

  // follow moves the view the least that keeps the point p (the
  // player's) well inside the board: two cells, or a sixth of the
  // board, from its edges.
  follow(p) {
    const cell = this.unit * this.s;
    [["x", this.w, this.bx(p)], ["y", this.h, this.by(p)]].forEach(([k, size, at]) => {
      const margin = Math.min(size * 0.3, Math.max(cell * 2, size / 6));
      if (at < margin) this[k] -= (margin - at) / this.s;
      else if (at > size - margin) this[k] += (at - size + margin) / this.s;
    });
    this.clamp();
  }

  // home is the view a maze opens with: the whole maze, or where its
  // cells would be smaller than comfortable, cells that size around the
  // point p (the player's).
  home(p) {
    this.measure();
    this.s = Math.max(this.fitScale(), comfortable() / this.unit);
    this.x = p[0];
    this.y = p[1];
    this.clamp();
  }

  // zoomAt scales the view by f about the point (x, y) of the board,
  // which stays where it is.
  zoomAt(f, x, y) {
    const mx = this.x + (x - this.w / 2) / this.s;
    const my = this.y + (y - this.h / 2) / this.s;
    this.s = Math.min(this.maxScale(), Math.max(this.fitScale(), this.s * f));
    this.x = mx - (x - this.w / 2) / this.s;
    this.y = my - (y - this.h / 2) / this.s;
    this.clamp();
  }

  // zoom scales the view by f about the point p (the player's), which
  // stays in view.
  zoom(f, p) {
    this.zoomAt(f, Math.min(this.w, Math.max(0, this.bx(p))), Math.min(this.h, Math.max(0, this.by(p))));
    this.follow(p);
  }

  // whole shows the whole maze.
  whole() {
    this.s = this.fitScale();
    this.clamp();
  }
}

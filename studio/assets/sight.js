// What the player sees of a maze, as the page shows it: the cells along
// each straight open corridor from where it has been (the Theseus view),
// and the cells within the torch's reach. (The studio's own game counts
// a trial.) A maze is the studio's: cells, each with its centre (c) and
// sides (s), each side open or not, to a cell (to, -1 for none), heading
// h radians.

// gap returns the angle between two headings, from 0 to π.
export function gap(a, b) {
  let d = Math.abs(a - b) % (2 * Math.PI);
  return d > Math.PI ? 2 * Math.PI - d : d;
}

// look adds to seen the cells visible from cell pos of maze m: along
// each straight open corridor.
export function look(m, pos, seen) {
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

// torch returns the cells within the torch's reach (the terminal game's
// radius, which the studio sends) of cell pos of maze m.
export function torch(m, pos) {
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

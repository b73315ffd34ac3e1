// Timings the browser tests read (window.studioTimings): the preview's
// latencies in ms, from a change to the page that shows it, the pages
// shown, and marks of where an edit's time goes (performance.mark, also
// kept as {name, t}): edit, edit-sent, edit-answered, check-sent,
// check-answered, view-sent, view-answered, shown and painted (the frame
// after the page is in place); download-sent and download-answered (a
// book's file asked for, and had); and in the static site, worker: when
// the studio's worker was made, its WebAssembly compiled and run (see
// api.js). A test may empty the lists.

window.studioTimings = { preview: [], marks: [] };

// changedAt is when the change the preview is to show was made, or 0.
let changedAt = 0;

// mark marks a moment of an edit's way.
export function mark(name) {
  performance.mark(name);
  window.studioTimings.marks.push({ name: name, t: performance.now() });
}

// changed notes a change the preview is to show: its latency runs from
// now.
export function changed() {
  changedAt = performance.now();
}

// shown notes a page shown, and the latency of the change it shows.
export function shown() {
  mark("shown");
  requestAnimationFrame(() => setTimeout(() => mark("painted"), 0));
  if (changedAt) {
    window.studioTimings.preview.push(performance.now() - changedAt);
    changedAt = 0;
  }
  window.studioTimings.shown = (window.studioTimings.shown || 0) + 1;
}

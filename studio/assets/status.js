// The studio's status line: what the studio is doing, or what it made.

// status shows a text in the status line (a page without one, the
// class's, shows nothing).
export function status(text) {
  const el = document.getElementById("status");
  if (el) el.textContent = text;
}

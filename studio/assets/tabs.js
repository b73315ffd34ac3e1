// The book's two tabs: the form, and the spec's YAML.

const $ = (id) => document.getElementById(id);

// selectTab shows the tab "form" or "yaml".
export function selectTab(which) {
  ["form", "yaml"].forEach((t) => {
    const on = t === which;
    $("tab-" + t).setAttribute("aria-selected", String(on));
    $("tab-" + t).tabIndex = on ? 0 : -1;
    $("panel-" + t).hidden = !on;
  });
}

// goToLine shows the YAML with line n selected.
export function goToLine(n) {
  selectTab("yaml");
  const ta = $("yaml");
  const lines = ta.value.split("\n");
  let start = 0;
  for (let i = 0; i < n - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[n - 1] || "").length;
  ta.focus();
  ta.setSelectionRange(start, end);
  const lh = parseFloat(getComputedStyle(ta).lineHeight) || 18;
  ta.scrollTop = Math.max(0, (n - 3) * lh);
}

// initTabs lets the tabs be chosen by click, and by the arrow keys.
export function initTabs() {
  $("tab-form").addEventListener("click", () => selectTab("form"));
  $("tab-yaml").addEventListener("click", () => selectTab("yaml"));
  document.querySelector(".tabs").addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
      const next = $("tab-form").getAttribute("aria-selected") === "true" ? "yaml" : "form";
      selectTab(next);
      $("tab-" + next).focus();
      ev.preventDefault();
    }
  });
}

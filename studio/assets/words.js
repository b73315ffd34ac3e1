// The words of a page in the language it is shown in: the interface
// texts of the studio (or of a study's class's page), by language, as
// the server writes them into the page (<body data-words>), and the
// page's language, which every request says to the studio (api.js).
// An element names the word it shows by an attribute: data-w its text,
// data-wl a field's label, data-wh a hint, data-wa its aria-label,
// data-choices a drop-down's choices listed, data-opt a choice; so that
// relabel can say the whole page again in another language.

const WORDS = JSON.parse(document.body.dataset.words);
let current = document.documentElement.lang || "en";
const parts = [];

// lang returns the page's language ("en", "fr", ...).
export function lang() {
  return current;
}

// speaks reports whether the page has the words of a language.
export function speaks(code) {
  return !!WORDS[code];
}

// setLang shows the page in another language (see relabel).
export function setLang(code) {
  current = code;
  relabel();
}

// w returns a word in the page's language, in English where the
// language lacks it, or its key where both do.
export function w(k) {
  return (WORDS[current] || WORDS.en)[k] || WORDS.en[k] || k;
}

// optionWord is a drop-down choice in the page's language (the value
// written in the spec stays the spec's word).
export function optionWord(c) {
  const k = "opt." + c;
  return w(k) !== k ? w(k) : c;
}

// hintWords is a hint in the page's language, a choice it names
// ({random}) in the drop-down's words.
export function hintWords(k) {
  return w(k).replace("{random}", "“" + optionWord("random") + "”");
}

// choicesHint lists a drop-down's choices in the page's language, as it
// lists things one of which is chosen ("a, b or c", "أ أو ب").
export function choicesHint(choices) {
  const words = choices.filter((c) => c).map(optionWord);
  try {
    return new Intl.ListFormat(current, { type: "disjunction" }).format(words);
  } catch (e) {
    return words.join(", ");
  }
}

// onRelabel adds a part of the page that says its own words again when
// the language changes (a page number, a list drawn from data).
export function onRelabel(f) {
  parts.push(f);
}

// relabel says the page in its language: every element that names its
// word, then each part given to onRelabel.
export function relabel() {
  document.documentElement.lang = current;
  document.querySelectorAll("[data-w]").forEach((el) => {
    el.textContent = w(el.dataset.w);
  });
  document.querySelectorAll("[data-wl]").forEach((el) => {
    el.textContent = w(el.dataset.wl);
  });
  document.querySelectorAll("[data-wh]").forEach((el) => {
    el.textContent = hintWords(el.dataset.wh);
  });
  document.querySelectorAll("[data-choices]").forEach((el) => {
    el.textContent = choicesHint(JSON.parse(el.dataset.choices));
  });
  document.querySelectorAll("[data-wa]").forEach((el) => {
    el.setAttribute("aria-label", w(el.dataset.wa));
    if (el.tagName === "BUTTON") el.title = w(el.dataset.wa);
  });
  document.querySelectorAll("option[value='']").forEach((o) => {
    o.textContent = w("default_opt");
  });
  document.querySelectorAll("option[data-opt]").forEach((o) => {
    o.textContent = optionWord(o.dataset.opt);
  });
  parts.forEach((f) => f());
}

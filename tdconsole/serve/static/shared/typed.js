// A name as people type it, folded as the console folds it (tdconsole.domain.identity.typed_key):
// no case, no accents, single spaces ("Zoë  Ångström" → "zoe angstrom"). Unicode's case
// folding is lower case but for the letters below; tests/floor check that this agrees with the
// console on every letter of the Latin, Greek and Cyrillic blocks.
"use strict";
(() => {
  const FOLDED = { "ß": "ss", "ẞ": "ss", "ς": "σ" };
  // (the iota under a Greek vowel folds to a letter ι; its spacing form ͺ to nothing)
  const SUBSCRIPT = /\u0345/g;
  const MARKS = /\p{Mn}/gu;
  // Letters that carry no separable accent, as people type them without it (identity.PLAIN).
  const PLAIN = { "ø": "o", "ł": "l", "đ": "d", "ð": "d", "æ": "ae", "œ": "oe", "þ": "th",
    "ı": "i", "ŀ": "l" };
  const swap = (table) => (ch) => table[ch] ?? ch;
  window.typedKey = (text) => Array.from(String(text).toLowerCase(), swap(FOLDED)).join("")
    .normalize("NFD").replace(SUBSCRIPT, "ι").normalize("NFKD").replace(MARKS, "")
    .replace(/[øłđðæœþıŀ]/g, swap(PLAIN))
    .split(/\s+/).filter(Boolean).join(" ");
  // A search as the pages fold it (tdconsole.domain.identity.search_key): apostrophes, straight
  // or curly, hyphens and spaces are one ("d’ang" finds D'Angelo, "hohenzollern sig" finds
  // Hohenzollern-Sigmaringen).
  window.searchKey = (text) => window.typedKey(text)
    .replace(/['\u2018\u2019\u02bc\u2032`\-\u2010-\u2014]/g, " ")
    .split(/\s+/).filter(Boolean).join(" ");
})();

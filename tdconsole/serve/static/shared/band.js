// A message band one line high: a longer message ends in an ellipsis and its line is a button
// that shows it whole (aria-expanded), so the band never pushes the page down by itself.
// Markup: <div class="band"><button type="button" class="band-line" aria-expanded="false">.
// A line said in parts keeps each result whole, a long name giving way first; a number never
// breaks inside ("4 050": a non-breaking space).
"use strict";
(() => {
  const unbroken = (text) => String(text).replace(/(\d) (?=\d{3}(?!\d))/g, "$1\u00a0");
  function fits(line) {
    line.classList.remove("open");
    const whole = line.scrollWidth <= line.clientWidth + 1 &&
      [...line.querySelectorAll(".named, .said")].every(
        (part) => part.scrollWidth <= part.clientWidth + 1);
    line.classList.toggle("open", line.getAttribute("aria-expanded") === "true");
    return whole;
  }
  function mark(line) {
    // (a line that fits has nothing more to show: no state to announce)
    const more = !fits(line) || line.getAttribute("aria-expanded") === "true";
    line.classList.toggle("more", more);
    if (!more) line.setAttribute("aria-expanded", "false");
  }
  window.tdconsoleBand = {
    unbroken,
    say(line, text) {
      line.textContent = unbroken(text);
      line.classList.remove("parts");
      line.setAttribute("aria-expanded", "false");
      line.classList.remove("open");
      mark(line);
    },
    // Each of ``lines`` ({name, text}: a player's line naming him) in a part of its own: the
    // name may be cut, what the line says of him never.
    sayLines(line, lines) {
      const parts = [];
      const piece = (words, cls, into) => {
        const span = document.createElement("span");
        span.className = cls;
        span.textContent = words;
        (into || parts).push(span);
        return span;
      };
      lines.forEach((one, i) => {
        const text = unbroken(one.text), at = text.indexOf(one.name);
        if (at < 0) { piece((i ? "; " : "") + text, "said"); return; }
        // (the name and the mark after it, "Rossi:", on the first line; what is said of him
        // after it, or on the second line where the first has no room)
        const [, mark, said] = text.slice(at + one.name.length).match(/^(\S*)(\s*[^]*)$/);
        const named = [];
        piece((i ? "; " : "") + text.slice(0, at), "mark", named);
        piece(one.name, "who", named);
        piece(mark, "mark", named);
        const group = piece("", "named");
        group.replaceChildren(...named.filter((n) => n.textContent));
        if (said.trim()) {
          if (said !== said.trimStart()) parts.push(document.createTextNode(" "));
          piece(said.trimStart(), "said");
        }
      });
      line.replaceChildren(...parts);
      line.classList.add("parts");
      line.setAttribute("aria-expanded", "false");
      line.classList.remove("open");
      mark(line);
    },
  };
  document.addEventListener("click", (event) => {
    const line = event.target.closest && event.target.closest(".band-line");
    if (!line) return;
    const open = line.getAttribute("aria-expanded") !== "true" && !fits(line);
    line.setAttribute("aria-expanded", String(open));
    line.classList.toggle("open", open);
    mark(line);
  });
  window.addEventListener("resize", () => document.querySelectorAll(".band-line").forEach(mark));
})();

// A message band one line high: a longer message ends in an ellipsis and its line is a button
// that shows it whole (aria-expanded), so the band never pushes the page down by itself.
// Markup: <div class="band"><button type="button" class="band-line" aria-expanded="false">.
"use strict";
(() => {
  function fits(line) {
    line.classList.remove("open");
    const whole = line.scrollWidth <= line.clientWidth + 1;
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
    say(line, text) {
      line.textContent = text;
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

"use strict";
// The room's second screen (/display?screen=tables): every open table, its players by seat,
// the button and who has taken the second stack. room.js keeps the stream and hands each
// picture here, and fits it under the Director's message. The tables share the width in
// columns, at the largest size that holds them all, names at least their floor
// (room_names.js), a long name on more lines, then cut, before a smaller size.
(function () {
  const SIZES = [6, 5.4, 4.8, 4.3, 3.9, 3.6, 3.2, 2.9];  // (units of room.css's --u)
  const BELOW_FLOOR = [2.6, 2.4, 2, 1.7];  // (only for more tables than a screen holds)
  const $ = (id) => document.getElementById(id);
  let page = null;

  function drawTables(room, given) {
    page = given;
    const box = $("tables");
    const made = room.tables.map((t) => table(t));
    if (!made.length) {
      const none = document.createElement("div");
      none.className = "none";
      none.textContent = page.say("no_tables");
      made.push(none);
    }
    const legend = document.createElement("div");
    legend.className = "legend";
    legend.append(mark("button", page.say("button_mark")), " " + page.say("button_said") + "   ",
                  mark("second", page.say("second_mark")), " " + page.say("second_said"));
    box.replaceChildren(...made);
    if (room.tables.length) { box.appendChild(legend); }
  }

  function mark(kind, text) {
    const span = document.createElement("span");
    span.className = "mark " + kind;
    span.textContent = text;
    return span;
  }

  function table(t) {
    const div = document.createElement("section");
    div.className = "table";
    const title = document.createElement("h2");
    title.textContent = t.final ? page.say("final_table") : page.say("table", { table: t.table });
    const seats = document.createElement("div");
    seats.className = "seats";
    for (const s of t.seats) {
      const marks = page.cell(document.createElement("span"), "marks");
      if (s.seat === t.button) { marks.appendChild(mark("button", page.say("button_mark"))); }
      if (s.second_stack) { marks.appendChild(mark("second", page.say("second_mark"))); }
      seats.append(page.cell(String(s.seat), "num"), page.cell(page.card(s.card), "card"),
                   page.cell(s.name, "name"), marks);
    }
    div.append(title, seats);
    return div;
  }

  // The largest size, then the most columns, at which every table shows whole and every name
  // too (on two lines at most; at the floor, up to four); failing that, at the floor, each
  // name keeping some eight letters' width (below the floor: whatever holds them); a name
  // still too long cut so as to tell it from every other on the screen (room_names.js).
  // The size chosen, in units.
  function fit() {
    const box = $("tables"), names = window.tdconsoleNames;
    names.restore(box.querySelectorAll(".name"));
    const size = fitSize(box, names);
    names.cut([...box.querySelectorAll(".name")]);
    return size;
  }
  function fitSize(box, names) {
    const count = box.querySelectorAll(".table").length;
    const holds = (roomy) => box.scrollHeight <= box.clientHeight + 1 &&
      [...box.querySelectorAll(".seats")].every((g) => g.scrollWidth <= g.clientWidth + 1) &&
      (!roomy || [...box.querySelectorAll(".name")].every(
        (n) => n.clientWidth >= 8 * parseFloat(getComputedStyle(n).fontSize)));
    const whole = () => [...box.querySelectorAll(".name")].every(names.fits);
    const floor = names.floor();
    const tries = SIZES.filter((size) => size >= floor).map((size) => [size, true, 2]).concat(
      [[floor, true, 3], [floor, true, 4], [floor, false, 2]],
      SIZES.concat(BELOW_FLOOR).filter((size) => size < floor).map((size) => [size, false, 2]));
    for (const [size, allWhole, lines] of tries) {
      box.style.setProperty("--tf", String(size));
      box.style.setProperty("--clamp", String(lines));
      for (let columns = Math.max(1, count); columns >= 1; columns--) {
        box.style.setProperty("--cols", String(columns));
        if (holds(size >= floor) && (!allWhole || whole())) { return size; }
      }
    }
    return BELOW_FLOOR[BELOW_FLOOR.length - 1];
  }

  drawTables.fit = () => (page ? fit() : null);  // (room.js calls it, the size it chose)
  window.tdconsoleScreens = Object.assign(window.tdconsoleScreens || {}, { tables: drawTables });
})();

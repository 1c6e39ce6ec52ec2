"use strict";
// The room's screen: the picture from /api/room/stream (Server-Sent Events), drawn here.
// The countdown runs from the server's zero time, corrected by the offset between this
// screen's clock and the server's; after any drop the page reconnects by itself with backoff,
// keeping its last picture under a discreet mark. Names are always set as text.
(function () {
  const { $, say, chips, clockText, hhmm, set, now, countdown, follow } = window.tdconsolePage;
  const names = window.tdconsoleNames;
  const state = { room: null, table: null, listSize: null };
  // ?screen=tables: another file draws the screen (room_tables.js); this one keeps the stream.
  const SCREEN = new URLSearchParams(location.search).get("screen");
  const other = () => SCREEN && (window.tdconsoleScreens || {})[SCREEN];
  const LISTING = ["seats", "moves", "final"];  // a list of names beside the clock
  const LIST_SIZES = [7, 6.2, 5.5, 4.9, 4.4, 4, 3.6, 3.2, 2.9];  // (units of room.css's --u)
  const BELOW_FLOOR = [2.6, 2.4, 2.2];  // (only for more names than a screen holds at the floor)
  const floorUnits = names.floor;
  const WINNER_SIZES = [16, 14, 12, 10.5, 9, 8, 7, 6, 5];
  function blindsText(b) {
    let text = say("blinds", { sb: chips(b.small_blind), bb: chips(b.big_blind) });
    if (b.ante) { text += "  " + say("ante", { ante: chips(b.ante) }); }
    return text;
  }
  function nextText(room) {
    const n = room.next;
    if (!n) { return say("last_level"); }
    let text = say("next", { sb: chips(n.small_blind), bb: chips(n.big_blind) });
    if (n.ante) { text += "  " + say("ante", { ante: chips(n.ante) }); }
    return room.next_is_break ? say("then_break") + " · " + text : text;
  }
  function card(text) {  // "A♥": the suit in its colour
    const span = document.createElement("span");
    const suit = text.slice(-1);
    span.textContent = text;
    if (suit === "♥" || suit === "♦") { span.className = "red"; }
    return span;
  }
  function row(cells, moved) {
    const div = document.createElement("div");
    div.className = moved ? "row moved" : "row";
    for (const cell of cells) {
      if (cell instanceof Node) { div.appendChild(cell); continue; }
      const span = document.createElement("span");
      span.textContent = cell[0];
      if (cell[1]) { span.className = cell[1]; }
      div.appendChild(span);
    }
    return div;
  }
  function cell(content, cls) {
    const span = content instanceof Node ? content : document.createElement("span");
    if (!(content instanceof Node)) { span.textContent = content; }
    span.className = [span.className, cls].filter(Boolean).join(" ");
    return span;
  }

  // A list of names beside the clock: the seats, the moves, the final table, and in a break
  // the season's standings when the season shows itself in the room.
  function listing(room) {
    return LISTING.includes(room.stage) || (room.stage === "break" && Boolean(room.season));
  }

  // -- one picture -----------------------------------------------------------------------
  function draw() {
    const room = state.room;
    if (!room) { return; }
    if (other()) { drawOther(room); return; }
    const screen = $("screen");
    screen.className = "stage-" + room.stage;
    screen.classList.toggle("listing", listing(room));
    screen.classList.toggle("noclock", !room.clock_shown);
    screen.classList.toggle("stopped", room.clock_shown && !room.running);
    set("event", room.event);
    drawClock(room);
    drawNumbers(room);
    drawSide(room);
    drawResult(room);
    showMessage(room);
    tick();
    fit();
    if (!window.tdconsoleDrawn) { window.tdconsoleDrawn = performance.now(); }  // (the bench)
  }

  function drawClock(room) {
    if (room.stage === "waiting") {
      set("title", say("waiting")); set("blinds", ""); set("next", ""); set("notice", "");
      return;
    }
    if (!room.clock_shown) {
      set("title", ""); set("blinds", ""); set("next", ""); set("notice", "");
      return;
    }
    const level = say("level", { level: room.level });
    let title = room.is_break ? say("break") : level;
    set("title", title);
    let notice = "";
    if (room.stage === "last_minute") { notice = say("last_minute"); }
    if (!room.running) { notice = say("stopped"); }  // whatever the stage
    const n = room.next;
    if (room.is_break) {
      set("blinds", room.running && room.zero_at && room.stage === "break" ?
        say("resumes_at", { time: hhmm(room.zero_at) }) : "");
      let next = n ? say("resume_blinds", { level: n.level, sb: chips(n.small_blind),
                                            bb: chips(n.big_blind) }) : "";
      if (room.stage === "pending") {
        next = n ? say("pending_resume", { level: n.level, sb: chips(n.small_blind),
                                           bb: chips(n.big_blind) }) : "";
      }
      set("next", next);
    } else {
      set("blinds", room.blinds ? blindsText(room.blinds) : "");
      let next = nextText(room);
      if (room.stage === "pending") {
        next = room.next_is_break ? say("pending_break") :
          n ? say("pending", { level: n.level, sb: chips(n.small_blind),
                               bb: chips(n.big_blind) }) : say("last_level");
      }
      set("next", next);
    }
    if (room.colour_up) {
      const colour = say("colour_up", { chip: chips(room.colour_up), to: chips(room.colour_up_to) });
      notice = notice ? notice + " · " + colour : colour;
    }
    set("notice", notice);
  }

  function drawNumbers(room) {
    const over = room.stage === "winner" || room.stage === "over";
    set("players", over ? say("entrants", { n: room.entrants }) :
      say("in_play", { n: room.in_play, entrants: room.entrants }));
    let average = "";
    if (!over && room.average_stack !== null) {
      average = chips(room.average_stack);
      if (room.average_bb !== null) {
        const bb = Math.round(room.average_bb);
        average += " " + say(bb === 1 ? "bb_one" : "bb_many", { n: bb });
      }
      average = say("average", { avg: average });
    }
    set("average", average);
    set("pool", say("pool", { pool: room.prize_pool }));
    // Beside a name, what that player receives: a tie's share, or his disqualification.
    set("payouts", over ? "" : room.payouts.map(
      (p) => p.place + "°" + (p.tied ? "=" : "") + " " + (p.name ? p.name + " " : "") +
        (p.disqualified ? say("dq") : p.amount)).join(" · "));
    const seconds = room.clock_shown && room.stage !== "seats" && room.stage !== "moves";
    set("side-more", seconds && room.second_stacks.length ? say("second_stack") : "");
    const lines = $("seconds");
    lines.replaceChildren(...(seconds ? room.second_stacks : []).map(
      (s) => row([[say("second_at", { table: s[0], amount: chips(s[1]) })]], false)));
  }

  function drawResult(room) {
    const over = room.stage === "winner" || room.stage === "over";
    if (!over) { return; }
    set("result-title", room.stage === "winner" ? say("winner") : say("over"));
    set("winner", room.winner || "");
    const places = $("places");
    places.replaceChildren();
    for (const p of room.places) {
      for (const [text, cls] of [[p.place + "°" + (p.tied ? "=" : ""), "place"],
                                 [p.name || "", "name"], [p.amount || "", "prize"]]) {
        const span = document.createElement("span");
        span.className = cls;
        span.textContent = text;
        places.appendChild(span);
      }
    }
  }

  // -- the side's list: a table (columns, each row's cells), placed by fitList ---------
  function drawSide(room) {
    const made = sideTable(room);
    state.table = made.rows.length ? made : null;
    $("list").replaceChildren(...made.rows.flat());
    set("list-title", made.title);
    // The players' page's code: at the draw in the clock's place (the clock has not started;
    // beside the list it would take the names' room), in a break beside the list.
    const qr = $("qr"), home = $(room.stage === "seats" ? "clockbox" : "side");
    if (qr.parentElement !== home) { home.appendChild(qr); }
    set("qr-words", room.stage === "break" || room.stage === "seats" ? say("phone") : "");
    $("side").classList.toggle(
      "empty", !made.title && room.stage !== "break" && !$("seconds").childElementCount);
  }

  // Each column: [heading, class of its cells, its track]; the name's track takes the rest.
  const NAME = ["", "name", "minmax(0, 1fr)"];
  function sideTable(room) {
    if (room.stage === "seats" || room.stage === "moves") { return seatsTable(room); }
    if (room.stage === "final") {
      // (the chips as last counted, and when: a bust since moves chips no one has counted)
      const title = say("final_table") + (room.counted_at ?
        " · " + say("chips_at", { time: hhmm(room.counted_at) }) : "");
      return { title, rows: room.seats.map((s) => [
        cell(String(s.seat), "num what"), cell(card(s.card)), cell(s.name, "name"),
        cell(chips(s.chips), "num chips")]),
        columns: [[say("col_seat"), "", "auto"], ["", "", "auto"], NAME,
                  [say("chips"), "num", "auto"]], single: true };  // (one table, one block)
    }
    if (room.stage === "break" && room.season) {
      return { title: say("season", { season: room.season.name }), rows: room.season.rows.map(
        (r) => [cell(r.place + (r.tied ? "=" : ""), "num what"), cell(r.player, "name"),
                cell(r.points, "num")]),
        columns: [["", "", "auto"], NAME, [say("col_points"), "num", "auto"]],
        single: true };  // (the points in one column)
    }
    if (room.clock_shown && room.upcoming.length && room.stage !== "break") {
      return { title: say("coming"), rows: room.upcoming.map((u) => [
        cell(u.is_break ? say("upcoming_break", { minutes: u.minutes }) :
          say("upcoming_level", { level: u.level }) + "  " + chips(u.small_blind) + " / " +
          chips(u.big_blind) + (u.ante ? "  " + say("ante", { ante: chips(u.ante) }) : ""),
          "name"),
        cell(u.starts_at ? hhmm(u.starts_at) : "", "num what")]),
        columns: [NAME, ["", "", "auto"]] };
    }
    return { title: "", rows: [], columns: [] };
  }
  function seatsTable(room) {
    const title = room.stage === "seats" ? say("seats_drawn") :
      room.final_drawn ? say("final_drawn") : say("closed", { table: room.closed_table });
    const seats = room.stage === "moves" && !room.final_drawn ?
      room.seats.filter((s) => s.moved) : room.seats;
    const tables = !seats.every((s) => s.final);  // (at the final table: one table)
    const rows = seats.map((s) => [cell(s.name, "name"),
      ...(tables ? [cell(String(s.table), "num")] : []), cell(String(s.seat), "num"),
      cell(card(s.card))].map((c) => cell(c, s.moved && !room.final_drawn ? "moved" : "")));
    const columns = [NAME, ...(tables ? [[say("col_table"), "num", "auto"]] : []),
                     [say("col_seat"), "num", "auto"], ["", "", "auto"]];
    return { title, rows, columns };
  }

  // Places the table's rows in ``groups`` side by side, as evenly as they go (or ``sizes``
  // rows in each), each a grid of the table's columns under its headings; true when each is
  // as wide as its cells need.
  function place(table, groups, sizes) {
    const list = $("list"), perGroup = Math.ceil(table.rows.length / groups);
    sizes = sizes || Array.from({ length: Math.ceil(table.rows.length / perGroup) },
                                (_, g) => Math.min(perGroup, table.rows.length - g * perGroup));
    const headed = table.columns.some((c) => c[0]);
    const template = table.columns.map((c) => c[2]).join(" ");
    const made = [];
    let first = 0;
    for (const size of sizes) {
      const group = document.createElement("div");
      group.className = "group";
      group.style.gridTemplateColumns = template;
      if (headed) { group.append(...table.columns.map((c) => cell(c[0], "head " + c[1]))); }
      group.append(...table.rows.slice(first, first + size).flat());
      first += size;
      made.push(group);
    }
    list.replaceChildren(...made);
    return made.every((g) => g.scrollWidth <= g.clientWidth + 1);
  }
  function rowsThatFit() {  // (in one line each)
    const list = $("list"), style = getComputedStyle(list);
    const size = parseFloat(style.fontSize), gap = size * 0.15;
    const headed = state.table.columns.some((c) => c[0]);
    const fit = Math.floor((list.clientHeight + gap) / (size * 1.2 + gap) - (headed ? 0.8 : 0));
    return Math.max(1, fit);
  }
  function fitList() {
    const table = state.table, list = $("list");
    state.listSize = null;
    if (!table) { list.replaceChildren(); return; }
    for (const name of list.querySelectorAll(".two")) { name.classList.remove("two"); }
    list.style.setProperty("--clamp", "2");
    if (!listing(state.room)) { place(table, 1); return; }
    const tall = () => list.scrollHeight <= list.clientHeight + 1 &&
      [...list.children].every((g) => g.scrollHeight <= list.clientHeight + 1);
    // At the floor: more groups, then each name on one line (cut), before a smaller size.
    const floor = floorUnits();
    const tries = LIST_SIZES.filter((size) => size >= floor).map((size) => [size, 0, false])
      .concat([[floor, 1, false], [floor, 2, false], [floor, 0, true]],
              LIST_SIZES.concat(BELOW_FLOOR).filter((size) => size < floor)
                .map((size) => [size, 0, true]));
    for (const [size, more, oneLine] of tries) {
      state.listSize = size;
      list.style.setProperty("--lf", String(size));
      list.classList.toggle("one-line", oneLine);
      const groups = table.single ? 1 : Math.ceil(table.rows.length / rowsThatFit()) + more;
      let wide = place(table, groups);
      if (wide && !tall() && !oneLine && groups > 1) {  // (the space under the shorter groups)
        wide = place(table, groups, names.balanced(table.rows, groups));
      }
      const name = list.querySelector(".name:not(.head)");
      // (above the floor, a name keeps the width of some sixteen letters a line; at the floor,
      // on two lines, of some thirteen: a narrower column breaks words, and wider ones on one
      // line, a long name on two where the height allows, show more; on one line, of some
      // eight, before a smaller size; the smallest takes what there is)
      const em = size > floor ? 10 : size === floor && !oneLine ? 8 :
        size > BELOW_FLOOR[BELOW_FLOOR.length - 1] ? 5 : 0;
      const roomy = name.clientWidth >= em * parseFloat(getComputedStyle(list).fontSize);
      // (above the floor, every name whole: the room goes to the names before any is cut)
      const allWhole = () => [...list.querySelectorAll(".name:not(.head)")].every(names.fits);
      const whole = size <= floor || allWhole();
      if (wide && roomy && size === floor && !oneLine && tall() && !allWhole()) {
        // (at the floor, a name too long for two lines takes a third where there is room)
        list.style.setProperty("--clamp", "3");
        placeBalanced(table, groups);
        if (tall() && allWhole()) { return; }
        list.style.setProperty("--clamp", "2");
        placeBalanced(table, groups);
      }
      if (wide && roomy && whole && tall()) {
        if (oneLine) { twoLines(table, groups, tall); }
        return;
      }
    }
  }
  // On one line each, names too long for it take a second line while the groups have the
  // height, shared among them (room_names.js).
  function twoLines(table, groups, tall) {
    const again = () => placeBalanced(table, groups);
    names.twoLines([...$("list").querySelectorAll(".name:not(.head)")], tall, again);
  }
  // The names in ``groups`` groups of even heights (one group: as they come).
  function placeBalanced(table, groups) {
    return place(table, groups, groups > 1 ? names.balanced(table.rows, groups) : null);
  }

  // -- the Director's message: its own band, at most two lines, the text as written --------
  function showMessage(room) {
    const band = $("message"), message = room.message;
    $("screen").classList.toggle("with-message", !!message);
    band.hidden = !message;
    set("message", message ? message.text : "");
  }
  function messageLines(band) {
    const style = getComputedStyle(band);
    const inner = band.clientHeight - parseFloat(style.paddingTop) -
      parseFloat(style.paddingBottom);
    return Math.round(inner / parseFloat(style.lineHeight));
  }
  function fitMessage() {
    const band = $("message");
    if (band.hidden) { return; }
    band.style.display = "block";  // (measured whole: the clamp to two lines is the last resort)
    let k = 1;
    band.style.setProperty("--message-k", "1");
    while (messageLines(band) > 2 && k > 0.3) {
      k *= 0.9;
      band.style.setProperty("--message-k", k.toFixed(3));
    }
    band.style.removeProperty("display");
  }

  // Another screen (?screen=tables): its own drawing, under the same message; at the end,
  // the winner and the places as the clock's screen shows them.
  function drawOther(room) {
    const ended = room.stage === "winner" || room.stage === "over";
    $("screen").className = "screen-" + SCREEN + (ended ? " stage-" + room.stage : "");
    set("event", room.event);
    set("time", hhmm());
    showMessage(room);
    if (ended) {
      state.table = null;
      drawResult(room);
      fit();
    } else {
      other()(room, { say, card, cell });
      fit();
    }
    if (!window.tdconsoleDrawn) { window.tdconsoleDrawn = performance.now(); }  // (the bench)
  }

  // -- the time, every frame -------------------------------------------------------------
  function tick() {
    set("time", hhmm());
    const room = state.room;
    if (!room || !room.clock_shown) { set("digits", ""); set("next-break", ""); return; }
    set("digits", countdown(room));
    const over = room.stage === "pending" || (room.zero_at && room.running &&
                                              Date.parse(room.zero_at) <= now());
    const ending = room.zero_at && room.running && !over &&
      Date.parse(room.zero_at) - now() <= 60000;
    $("screen").classList.toggle("ending", Boolean(ending));
    if (room.next_break_at && room.running && !over) {  // (in overtime, no countdown at zero)
      const left = Math.max(0, Math.ceil((Date.parse(room.next_break_at) - now()) / 1000));
      set("next-break", say("next_break", { time: clockText(left) }));
    } else {
      set("next-break", "");
    }
  }

  // -- fitting: nothing cut off at any size ----------------------------------------------
  function overflowing() {
    return overflows().length > 0;
  }
  function overflows() {
    const found = [];
    const screen = $("screen");
    const slack = 3;  // (sub-pixel rounding on a large screen)
    if (screen.scrollHeight > screen.clientHeight + slack ||
        screen.scrollWidth > screen.clientWidth + slack) { found.push("screen"); }
    // (A line's glyphs may reach past its line box: only the width of lines is checked.)
    const boxes = ["clockbox", "result", "side", "list", "places", "numbers", "foot", "top"];
    for (const id of ["digits", "title", "blinds", "next", "winner", ...boxes]) {
      const e = $(id), box = boxes.includes(id);
      if (e.offsetParent !== null && (e.scrollWidth > e.clientWidth + slack ||
                                      (box && e.scrollHeight > e.clientHeight + slack))) {
        found.push(id);
      }
    }
    return found;
  }
  window.tdconsoleOverflows = overflows;
  function fit() {
    const root = document.documentElement.style;
    const ended = state.room && ["winner", "over"].includes(state.room.stage);
    if (other() && !ended) {  // (that screen fits itself under the message, which gives
      let k = 1;               // its room to names under their floor first, as below)
      root.setProperty("--k", "1");
      fitMessage();
      while (other().fit() < floorUnits() && k * 0.92 >= 0.6) {
        k *= 0.92;
        root.setProperty("--k", k.toFixed(3));
      }
      return;
    }
    const scaled = (k) => {
      root.setProperty("--k", k.toFixed(3));
      fitList(); fitWinner();
    };
    let k = 1;
    root.setProperty("--k", "1");
    fitMessage();  // (in two lines at the full size: in as many or fewer at a smaller one)
    names.restore($("screen").querySelectorAll(".name"));
    scaled(k);
    for (let i = 0; i < 14 && overflowing(); i++) { k *= 0.92; scaled(k); }
    // Names under their floor: the other parts (not the digits) give them their room first,
    // down to 0.6 of their size; if that is not enough, they keep theirs.
    const below = () => state.listSize !== null && state.listSize < floorUnits();
    if (below()) {
      let smaller = k;
      while (below() && smaller * 0.92 >= 0.6) { smaller *= 0.92; scaled(smaller); }
      if (below() || overflowing()) { scaled(k); }
    }
    // (a name that still does not fit is cut so as to tell it from the others of its list)
    names.cut([...$("list").querySelectorAll(".name:not(.head)")]);
    names.cut([...$("places").querySelectorAll(".name")]);
  }
  // The winner's name: the largest size that holds it in two lines.
  function fitWinner() {
    const winner = $("winner");
    if (winner.offsetParent === null || !winner.textContent) { return; }
    const start = state.room.stage === "over" ? 9 : 16;
    for (const size of WINNER_SIZES.filter((n) => n <= start)) {
      winner.style.setProperty("--wf", String(size));
      const line = parseFloat(getComputedStyle(winner).fontSize) * 1.1;
      if (winner.clientHeight <= 2 * line + 2 && winner.scrollWidth <= winner.clientWidth + 1) {
        return;
      }
    }
  }
  window.addEventListener("resize", fit);

  setInterval(tick, 200);
  const sound = window.tdconsoleSound;
  follow("/api/room/stream", "room", (room, first) => {
    if (!first && room.chime) { sound.chime(room.chime); }
    sound.voice(room, first);
    state.room = room;
    draw();
  });
})();

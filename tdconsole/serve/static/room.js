"use strict";
// The room's screen: the picture from /api/room/stream (Server-Sent Events), drawn here.
// The countdown runs from the server's zero time, corrected by the offset between this
// screen's clock and the server's; after any drop the page reconnects by itself with backoff,
// keeping its last picture under a discreet mark. Names are always set as text.
(function () {
  const words = JSON.parse(document.body.dataset.words || "{}");
  const $ = (id) => document.getElementById(id);
  const state = { room: null, offset: 0, fresh: true, audio: null, lock: null };
  const BACKOFF = [500, 1000, 2000, 4000, 8000, 15000];
  const SILENT_MS = 25000;  // the server says the time every 10 s: silence means a dead link

  function say(key, values) {
    let text = words[key] || key;
    for (const [name, value] of Object.entries(values || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  }
  const chips = (n) => (n === null || n === undefined) ? "–" :
    String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  const two = (n) => String(n).padStart(2, "0");
  function clockText(seconds) {
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
    return (h ? h + ":" + two(m) : two(m)) + ":" + two(s);
  }
  const serverNow = () => Date.now() + state.offset;
  function hhmm(iso) {
    const at = iso ? new Date(iso) : new Date(serverNow());
    return two(at.getHours()) + ":" + two(at.getMinutes());
  }
  function set(id, text) { const e = $(id); if (e.textContent !== text) { e.textContent = text; } }
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
  function where(seat) {
    const table = seat.final ? say("final_table") : say("table", { table: seat.table });
    const span = document.createElement("span");
    span.className = "what";
    span.textContent = table + " · " + say("seat", { seat: seat.seat }) + " ";
    span.appendChild(card(seat.card));
    return span;
  }

  // -- one picture -----------------------------------------------------------------------
  function draw() {
    const room = state.room;
    if (!room) { return; }
    $("screen").className = "stage-" + room.stage;
    set("event", room.event);
    drawClock(room);
    drawNumbers(room);
    drawSide(room);
    drawResult(room);
    tick();
    fit();
    if (!window.tdconsoleDrawn) { window.tdconsoleDrawn = performance.now(); }  // (the bench)
  }

  function drawClock(room) {
    if (room.stage === "waiting") {
      set("title", say("waiting")); set("blinds", ""); set("next", ""); set("notice", "");
      return;
    }
    if (!room.clock_shown) { return; }
    const level = say("level", { level: room.level });
    let title = room.is_break ? say("break") : level;
    set("title", title);
    let notice = "";
    if (room.stage === "last_minute") { notice = say("last_minute"); }
    if (room.stage === "paused" || (room.stage === "break" && !room.running)) {
      notice = say("stopped");
    }
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
      notice = say("colour_up", { chip: chips(room.colour_up), to: chips(room.colour_up_to) });
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
    set("payouts", over ? "" : room.payouts.map(
      (p) => p.place + "° " + (p.name ? p.name + " " : "") + p.amount).join(" · "));
    const seconds = room.clock_shown && room.stage !== "seats" && room.stage !== "moves";
    set("side-more", seconds && room.second_stacks.length ? say("second_stack") : "");
    const lines = $("seconds");
    lines.replaceChildren(...(seconds ? room.second_stacks : []).map(
      (s) => row([[say("second_at", { table: s[0], amount: chips(s[1]) })]], false)));
  }

  function drawSide(room) {
    const list = $("list");
    list.replaceChildren();
    let title = "";
    const rows = [];
    if (room.stage === "seats" || room.stage === "moves") {
      title = room.stage === "seats" ? say("seats_drawn") :
        room.final_drawn ? say("final_drawn") : say("closed", { table: room.closed_table });
      const seats = room.stage === "moves" && !room.final_drawn ?
        room.seats.filter((s) => s.moved) : room.seats;
      for (const s of seats) { rows.push(row([[s.name], where(s)], s.moved)); }
    } else if (room.stage === "final") {
      title = say("final_table");
      for (const s of room.seats) {
        rows.push(row([[say("seat", { seat: s.seat }) + "  ", "what"], card(s.card), [s.name],
                       [chips(s.chips), "what"]], false));
      }
    } else if (room.stage === "break" && room.season) {
      title = say("season", { season: room.season.name });
      for (const r of room.season.rows) {
        rows.push(row([[r.place + (r.tied ? "=" : "") + "  " + r.player],
                       [r.points + " " + say("points"), "what"]], false));
      }
    } else if (room.clock_shown && room.upcoming.length && room.stage !== "break") {
      title = say("coming");
      for (const u of room.upcoming) {
        const what = u.is_break ? say("upcoming_break", { minutes: u.minutes }) :
          say("upcoming_level", { level: u.level }) + "  " + chips(u.small_blind) + " / " +
          chips(u.big_blind) + (u.ante ? "  " + say("ante", { ante: chips(u.ante) }) : "");
        rows.push(row([[what], [u.starts_at ? hhmm(u.starts_at) : "", "what"]], false));
      }
    }
    set("list-title", title);
    list.append(...rows);
    set("qr-words", room.stage === "break" || room.stage === "seats" ? say("phone") : "");
    $("side").classList.toggle(
      "empty", !title && room.stage !== "break" && !$("seconds").childElementCount);
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

  // -- the time, every frame -------------------------------------------------------------
  function tick() {
    set("time", hhmm());
    const room = state.room;
    if (!room || !room.clock_shown) { set("digits", ""); set("next-break", ""); return; }
    let text;
    if (room.zero_at && room.running) {
      const left = (Date.parse(room.zero_at) - serverNow()) / 1000;
      text = left > 0 ? clockText(Math.ceil(left)) :
        (room.stage === "pending" ? "+" + clockText(Math.floor(-left)) : clockText(0));
    } else if (room.overtime_seconds > 0) {
      text = "+" + clockText(room.overtime_seconds);
    } else {
      text = clockText(room.remaining_seconds);
    }
    set("digits", text);
    if (room.next_break_at && room.running) {
      const left = Math.max(0, Math.ceil((Date.parse(room.next_break_at) - serverNow()) / 1000));
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
    let k = 1;
    root.setProperty("--k", "1");
    for (let i = 0; i < 14 && overflowing(); i++) {
      k *= 0.92;
      root.setProperty("--k", k.toFixed(3));
    }
  }
  window.addEventListener("resize", fit);

  // -- the stream ------------------------------------------------------------------------
  let source = null, attempt = 0, retry = null, heard = 0;
  function connect() {
    retry = null;
    source = new EventSource("/api/room/stream");
    state.fresh = true;
    heard = Date.now();
    source.addEventListener("time", (event) => {
      heard = Date.now();
      state.offset = Date.parse(event.data) - Date.now();
    });
    source.addEventListener("room", (event) => {
      heard = Date.now();
      attempt = 0;
      $("mark").hidden = true;
      const room = JSON.parse(event.data);
      if (!state.fresh && room.chime) { chime(room.chime); }
      state.fresh = false;
      state.room = room;
      draw();
    });
    source.onerror = () => { lost(); };
  }
  function lost() {
    if (source) { source.close(); source = null; }
    set("mark", say("reconnecting"));
    $("mark").hidden = false;
    if (retry === null) {
      const wait = BACKOFF[Math.min(attempt, BACKOFF.length - 1)] * (0.8 + Math.random() * 0.4);
      attempt += 1;
      retry = setTimeout(connect, wait);
    }
  }
  setInterval(() => {
    tick();
    if (source && Date.now() - heard > SILENT_MS) { lost(); }
  }, 200);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") { wake(); if (!source && retry === null) { connect(); } }
  });

  // -- awake, and the sound after one tap or key -----------------------------------------
  async function wake() {
    try {
      if ("wakeLock" in navigator && !state.lock) {
        state.lock = await navigator.wakeLock.request("screen");
        state.lock.addEventListener("release", () => { state.lock = null; });
      }
    } catch (e) { state.lock = null; }
  }
  function soundOn() {
    if (state.audio) { return; }
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    state.audio = new Context();
    state.audio.resume();
    set("sound", "♪");
    wake();
  }
  const TUNES = {
    level: [[660, 0], [880, 0.25]],
    minute: [[880, 0], [880, 0.3]],
    break: [[880, 0], [660, 0.3], [523, 0.6]],
    resume: [[523, 0], [660, 0.3], [880, 0.6]],
  };
  function chime(kind) {
    window.tdconsoleChimes = (window.tdconsoleChimes || []).concat([kind]);
    const audio = state.audio;
    if (!audio || !TUNES[kind]) { return; }
    for (const [freq, at] of TUNES[kind]) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      const start = audio.currentTime + at;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.5);
      osc.connect(gain).connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.55);
    }
  }
  document.addEventListener("pointerdown", soundOn);
  document.addEventListener("keydown", soundOn);
  set("sound", say("sound"));
  wake();
  connect();
})();

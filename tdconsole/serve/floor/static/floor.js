// The floor on a phone: sign in once, then act with one clear tap and one confirmation.
// Every word comes from /floor/api/words; every name is set as text, never as HTML.
"use strict";
(() => {
  const { $, fill, clockText, hhmm, set, heardTime } = window.tdconsolePage;
  const serverNow = window.tdconsolePage.now;
  let W = {};
  let csrf = "";
  let state = null;
  let chosen = null;        // the player the action bar acts on
  let stream = null;
  let hand = [];            // players out in this hand (a bust of several)
  let adding = false;       // the next tap adds a player to the hand
  let lastCommand = null;   // the action the Undo button names
  let askedAt = null;       // the zero the page asked the server about, once passed

  const band = window.tdconsoleBand;

  async function call(path, body) {
    const options = { credentials: "same-origin", headers: {} };
    if (body !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      options.headers["X-CSRF-Token"] = csrf;
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    let data = {};
    try { data = await response.json(); } catch (e) { data = {}; }
    if (response.status === 401) { signedOut(); throw new Error("signed-out"); }
    return { ok: response.ok, status: response.status, data };
  }

  function words() {
    document.querySelectorAll("[data-w]").forEach((el) => {
      el.textContent = W[el.dataset.w] || "";
    });
    document.querySelectorAll("[data-wp]").forEach((el) => {
      el.placeholder = W[el.dataset.wp] || "";
      el.setAttribute("aria-label", W[el.dataset.wp] || "");
    });
  }

  function show(id) {
    $("signin").hidden = id !== "signin";
    $("main").hidden = id !== "main";
  }

  function signedOut() {
    if (stream) { stream.close(); stream = null; }
    csrf = "";
    state = null;
    if ($("sheet").open) $("sheet").close();
    show("signin");
  }

  async function start() {
    const got = await fetch("/floor/api/words", { credentials: "same-origin" });
    W = await got.json();
    words();
    commandButtons();
    document.title = W.title;
    try {
      const session = await call("/floor/api/session");
      if (session.ok) { await signedIn(session.data); return; }
    } catch (e) { /* signed out */ }
    show("signin");
  }

  // (the event file cannot be written: the server says why, in one line)
  function cannotRecord(why) {
    $("cannot-record").textContent = why || "";
    $("cannot-record").hidden = !why;
  }

  async function signedIn(data) {
    csrf = data.csrf;
    $("who").textContent = fill(W.signed_in_as, { name: data.staff });
    cannotRecord(data.cannot_record);
    notice("");
    show("main");
    await refresh();
    listen();
  }

  // Handing the phone back: the session ends on the server (its cookie refused from now on).
  $("sign-out").addEventListener("click", async () => {
    try { await call("/floor/api/sign-out", {}); } catch (e) { /* signed out already */ }
    signedOut();
  });

  $("signin-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("signin-button").disabled = true;
    $("signin-note").textContent = "";
    try {
      const r = await call("/floor/api/sign-in", { pin: $("pin").value, name: $("name").value });
      if (r.ok) { $("pin").value = ""; $("pin").blur(); $("name").blur(); await signedIn(r.data); }
      else $("signin-note").textContent = r.data.refused || r.data.error || String(r.status);
    } catch (e) {
      $("signin-note").textContent = W.offline;
    } finally {
      $("signin-button").disabled = false;
    }
  });

  function listen() {
    if (stream) stream.close();
    stream = new EventSource("/floor/api/stream?csrf=" + encodeURIComponent(csrf));
    stream.addEventListener("state", (e) => {
      $("offline").hidden = true;
      const fresh = JSON.parse(e.data);
      window.tdconsolePage.told(fresh);  // (the event's copy: the page goes on there)
      render(fresh);
    });
    stream.addEventListener("signed-out", () => signedOut());
    stream.onerror = async () => {
      $("offline").hidden = false;
      window.tdconsolePage.unheard();
      if (stream && stream.readyState === EventSource.CLOSED) {
        stream = null;
        setTimeout(async () => {
          try {
            const s = await call("/floor/api/session");
            if (s.ok) { csrf = s.data.csrf; await refresh(); listen(); }
          } catch (err) { if (csrf) setTimeout(() => listen(), 2000); }
        }, 1000);
      }
    };
    stream.onopen = () => { $("offline").hidden = true; };
  }

  async function refresh() {
    try {
      const r = await call("/floor/api/state");
      if (r.ok) { $("offline").hidden = true; window.tdconsolePage.told(r.data); render(r.data); }
    } catch (e) {
      if (e.message !== "signed-out") $("offline").hidden = false;
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && csrf) { refresh(); if (!stream) listen(); }
  });
  window.addEventListener("online", () => { if (csrf) { refresh(); listen(); } });

  // -- the stage and the time left: counted here from the server's zero, as the TV does ------
  function stageMore(c) {
    const next = { level: c.next_level, small: c.next_small, big: c.next_big };
    if (c.stage === "overtime") {
      return c.next_is_break ? W.break_due : c.next_level ? fill(W.time_up, next) : "";
    }
    if (c.stage === "break") {
      if (!c.next_level) return c.running ? "" : W.paused;
      return c.running && c.zero_at ? fill(W.resumes, { ...next, time: hhmm(c.zero_at) })
        : W.paused + " · " + fill(W.then, next);
    }
    if (c.stage === "stopped") return W.paused;
    if (c.stage === "level") return c.next_is_break ? W.next_break : c.next_level ? fill(W.next, next) : "";
    return "";
  }

  function tick() {
    const c = state && state.clock;
    if (!c) { set("time-left", ""); return; }
    let text;
    if (c.zero_at) {
      const left = (Date.parse(c.zero_at) - serverNow()) / 1000;
      if (c.stage === "overtime") text = "+" + clockText(Math.max(0, Math.floor(-left)));
      else {
        text = clockText(Math.max(0, Math.ceil(left)));
        // (at zero the stage changes with no change to the event: the server says which)
        if (left <= 0 && askedAt !== c.zero_at) { askedAt = c.zero_at; refresh(); }
      }
    } else {
      text = c.stage === "overtime" ? "+" + clockText(c.overtime_seconds) : clockText(c.remaining_seconds);
    }
    set("time-left", c.stage === "over" ? "" : text);
  }
  setInterval(() => { tick(); showMessage(); }, 250);

  // The Director's message to the room, in a band of its own (the whole text a tap away),
  // taken off by the page itself at its end.
  let messageShown = "";
  function showMessage() {
    const m = state && state.message;
    const on = !!m && (!m.until || Date.parse(m.until) > serverNow());
    const text = on ? fill(W.message, { message: m.text }) : "";
    $("room-message").hidden = !on;
    if (text !== messageShown) { messageShown = text; band.say($("room-message-text"), text); }
  }

  function render(fresh) {
    state = fresh;
    heardTime(state.sent_at);
    if (state.cannot_record) cannotRecord(state.cannot_record);
    $("copy-line").textContent = state.copy ? state.copy.said : "";
    $("copy-line").hidden = !state.copy;
    const c = state.clock;
    document.body.dataset.stage = c ? c.stage : "";
    if (c) {
      set("stage", c.is_break ? W.break : fill(W.level, { level: c.level, small: c.small, big: c.big }));
      set("stage-more", stageMore(c));
      $("clock-button").textContent = c.running ? W.pause : W.resume;
      $("clock-button").hidden = c.stage === "over";
    } else {
      set("stage", "");
      set("stage-more", "");
      $("clock-button").hidden = true;
    }
    $("commands").hidden = $("clock-button").hidden;   // (given in play, as the clock is)
    for (const form of W.commands || []) {   // (a break is not called in a break)
      const b = $("command-" + form.command);
      if (b) b.hidden = !!c && c.is_break && !form.in_break;
    }
    tick();
    showMessage();
    $("count-in").textContent = state.in_play + " " + W.in_play;
    const names = new Set(state.players.map((p) => p.name));
    if (chosen && !names.has(chosen)) chosen = null;
    // (an open confirmation keeps its players: the service says if one is out meanwhile)
    if (!$("sheet").open && !adding) hand = hand.filter((n) => names.has(n));
    list();
    bar();
  }

  function player(name) {
    return state ? state.players.find((p) => p.name === name) || null : null;
  }

  function list() {
    const ul = $("players");
    ul.replaceChildren();
    // (any part of a name, folded as the console folds it: the server sends each one's key)
    const typed = window.searchKey($("find").value);
    const shown = state.players.filter((p) => p.key.includes(typed));
    for (const p of shown) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("aria-pressed", String(p.name === chosen));
      const name = document.createElement("span");
      name.textContent = p.name;
      const where = document.createElement("span");
      where.className = "where";
      where.textContent = fill(W.table_seat, { table: p.table, seat: p.seat }) +
        (p.chips_text ? " · " + fill(W.chips, { chips: band.unbroken(p.chips_text) }) : "");
      b.append(name, where);
      b.addEventListener("click", () => pick(p.name));
      li.append(b);
      ul.append(li);
    }
    $("nobody").hidden = shown.length > 0;
  }

  function pick(name) {
    if (adding) {
      adding = false;
      if (!hand.includes(name)) hand.push(name);
      openBust();
      return;
    }
    chosen = chosen === name ? null : name;
    list();
    bar();
  }

  function bar() {
    const p = chosen ? player(chosen) : null;
    $("chosen").textContent = p ? p.name : "";
    $("act-out").disabled = !p;
    $("act-count").disabled = !p;
    $("act-second").disabled = !(p && p.second_stack);
  }

  $("find").addEventListener("input", () => { if (state) list(); });

  function notice(text, refused, command, redo, lines) {
    // (the band keeps its height, so the list never moves under a finger: idle, it says how
    // the page is used; each player's result whole, his name giving way first)
    if (lines && lines.length) band.sayLines($("notice-text"), lines);
    else band.say($("notice-text"), text || W.hint);
    $("notice").classList.toggle("idle", !text);
    $("notice").classList.toggle("refused", !!refused);
    lastCommand = command || null;
    $("undo").hidden = !lastCommand;
    $("redo").hidden = !redo;
  }

  // -- the sheet: every confirmation -------------------------------------------------------
  let onConfirm = null;
  function sheet(title, okWord, rows, fields, confirm) {
    $("sheet-title").textContent = title;
    $("sheet-ok").textContent = okWord;
    $("sheet-rows").replaceChildren(...rows);
    $("sheet-fields").replaceChildren(...fields);
    $("sheet-note").textContent = "";
    onConfirm = confirm;
    if (!$("sheet").open) $("sheet").showModal();
    $("sheet-ok").focus({ preventScroll: true });
  }
  function row(text) { const li = document.createElement("li"); li.textContent = text; return li; }
  function numberField(id, label) {
    const l = document.createElement("label");
    const s = document.createElement("span");
    s.textContent = label;
    const i = document.createElement("input");
    Object.assign(i, { id, type: "text", inputMode: "numeric", pattern: "[0-9]*",
      autocomplete: "off", maxLength: 13 });
    l.append(s, i);
    return l;
  }
  function checkField(id, label) {
    const l = document.createElement("label");
    l.className = "check";
    const i = document.createElement("input");
    Object.assign(i, { id, type: "checkbox" });
    const s = document.createElement("span");
    s.textContent = label;
    l.append(i, s);
    return l;
  }
  $("sheet-cancel").addEventListener("click", () => { hand = []; adding = false; $("sheet").close(); });
  $("sheet-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!onConfirm) return;
    $("sheet-ok").disabled = true;
    try { await onConfirm(); } finally { $("sheet-ok").disabled = false; }
  });

  async function act(path, body) {
    let r;
    try { r = await call(path, body); } catch (e) {
      if (e.message !== "signed-out") $("sheet-note").textContent = W.offline;
      return;
    }
    if (r.ok) {
      $("sheet").close();
      hand = [];
      chosen = null;
      notice(r.data.said, false, r.data.command, r.data.redo, r.data.lines);
    } else {
      $("sheet").close();
      notice(r.data.refused || r.data.error || String(r.status), true);
    }
    await refresh();   // the latest state, after an action or a refusal
  }

  $("act-out").addEventListener("click", () => { if (chosen) { hand = [chosen]; openBust(); } });

  async function openBust(stacks) {
    // The confirmation names each player and his place; with several in one hand the places
    // follow their stacks, so the stacks are asked first and the places shown before the bust.
    const several = hand.length > 1;
    const body = { names: hand };
    if (several && stacks) body.stacks = stacks;
    let preview;
    try { preview = await call("/floor/api/preview-bust", body); } catch (e) { return; }
    if (!preview.ok) {
      if ($("sheet").open && stacks) { $("sheet-note").textContent = preview.data.refused || ""; return; }
      $("sheet").close();
      notice(preview.data.refused || String(preview.status), true);
      hand = [];
      await refresh();
      return;
    }
    const placed = preview.data.players.every((p) => p.place !== null);
    const rows = preview.data.players.map((p) =>
      row((p.place === null ? p.name : fill(W.place, { name: p.name, place: p.place_text })) +
        (p.second_stack ? " — " + fill(W.may_take, { amount: p.second_stack_text }) : "")));
    const fields = [];
    if (several) hand.forEach((n, i) => {
      const f = numberField("stack-" + i, n + ": " + W.stack_at_start);
      if (stacks) f.querySelector("input").value = stacks[i];
      fields.push(f);
    });
    if (preview.data.players.some((p) => p.second_stack)) fields.push(checkField("declined", W.declined));
    const more = document.createElement("button");
    more.type = "button";
    more.className = "secondary";
    more.textContent = W.add_player;
    more.addEventListener("click", () => { adding = true; $("sheet").close(); });
    fields.push(more);
    sheet(W.confirm_out, W.confirm_out, rows, fields, async () => {
      const typed = several ? hand.map((n, i) => $("stack-" + i).value.trim()) : null;
      if (several && (!placed || typed.join() !== (stacks || []).join())) {
        await openBust(typed);   // show the places these stacks give, then confirm
        return;
      }
      const send = { names: hand, declined: !!($("declined") && $("declined").checked) };
      if (several) send.stacks = typed;
      await act("/floor/api/bust", send);
    });
  }

  $("act-second").addEventListener("click", () => {
    const p = player(chosen);
    if (!p || !p.second_stack) return;
    sheet(p.name, W.confirm_second,
      [row(fill(W.second_of, { amount: p.second_stack_text, table: p.table }))],
      [numberField("current", W.current_stack)],
      async () => act("/floor/api/second-stack", { name: p.name, stack: $("current").value.trim() }));
  });

  $("act-count").addEventListener("click", () => {
    const p = player(chosen);
    if (!p) return;
    sheet(p.name, W.confirm_count, [], [numberField("chips", W.new_count)],
      async () => act("/floor/api/count", { name: p.name, chips: $("chips").value.trim() }));
  });

  $("clock-button").addEventListener("click", () => {
    if (!state || !state.clock) return;
    const action = state.clock.running ? "pause" : "resume";
    const pin = numberField("director-pin", W.director_pin);
    pin.querySelector("input").type = "password";
    sheet(state.clock.running ? W.pause : W.resume, W.confirm_clock, [], [pin],
      async () => act("/floor/api/clock", { action, pin: $("director-pin").value }));
  });

  // The Director's commands written in one module: each one's form built from its fields
  // (their names, kinds and words come with the page's words), sent as typed, behind his PIN.
  function textField(id, label) {
    const l = document.createElement("label");
    const s = document.createElement("span");
    s.textContent = label;
    const i = document.createElement("input");
    Object.assign(i, { id, type: "text", autocomplete: "off", maxLength: 200 });
    l.append(s, i);
    return l;
  }
  function commandButtons() {
    $("commands").replaceChildren(...(W.commands || []).map((form) => {
      const b = document.createElement("button");
      b.type = "button";
      b.id = "command-" + form.command;
      b.textContent = form.button;
      b.addEventListener("click", () => openCommand(form));
      return b;
    }));
  }
  // A word: one of a list (none chosen yet when it may be left out). A seat: its table and
  // its seat, each on a number keypad, sent as TABLE:SEAT.
  function wordField(id, label, words, required) {
    const l = document.createElement("label");
    const s = document.createElement("span");
    s.textContent = label;
    const list = document.createElement("select");
    list.id = id;
    const choices = (required ? [] : [{ word: "", label: "" }]).concat(words);
    list.replaceChildren(...choices.map((w) => {
      const o = document.createElement("option");
      o.value = w.word;
      o.textContent = w.label;
      return o;
    }));
    l.append(s, list);
    return l;
  }
  function seatField(id, label, parts) {
    const box = document.createElement("fieldset");
    box.className = "seat";
    const legend = document.createElement("legend");
    legend.textContent = label;
    const boxes = parts.map((part, i) => {
      const f = numberField(id + (i ? "-seat" : "-table"), part);
      f.querySelector("input").maxLength = 3;
      return f;
    });
    box.append(legend, ...boxes);
    return box;
  }
  function typedField(f) {
    if (f.kind !== "seat") return $("field-" + f.name).value;
    const table = $("field-" + f.name + "-table").value.trim();
    const seat = $("field-" + f.name + "-seat").value.trim();
    return table || seat ? table + ":" + seat : "";
  }
  function formField(f) {
    const id = "field-" + f.name;
    if (f.kind === "word") return wordField(id, f.label, f.words, f.required);
    if (f.kind === "seat") return seatField(id, f.label, f.parts);
    return (f.kind === "whole" ? numberField : textField)(id, f.label);
  }
  function openCommand(form) {
    const fields = form.fields.map(formField);
    const pin = numberField("director-pin", W.director_pin);
    pin.querySelector("input").type = "password";
    sheet(form.heading, form.ok, [], [...fields, pin], async () => {
      const typed = {};
      for (const f of form.fields) typed[f.name] = typedField(f);
      await act("/floor/api/command",
        { command: form.command, fields: typed, pin: $("director-pin").value });
    });
  }

  $("undo").addEventListener("click", () => act("/floor/api/undo", { command: lastCommand }));
  $("redo").addEventListener("click", () => act("/floor/api/redo", {}));

  start();
})();

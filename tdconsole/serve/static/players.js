"use strict";
// Each player's own page: the public document from /api/players/stream (Server-Sent Events),
// of which this phone shows the rows of the name chosen on it (kept in localStorage: a view,
// never a sign-in). The clock counts down from the server's zero time as the TV's does; every
// number comes from the server; names are always set as text.
(function () {
  const { $, say, chips, set, now, countdown, follow } = window.tdconsolePage;
  const KEPT = "tdconsole.players.name";
  const state = { doc: null, name: null, shownName: null };
  const LISTED = 12;  // names offered at once: typing more narrows them

  try { state.name = localStorage.getItem(KEPT); } catch (e) { state.name = null; }
  if (location.hash.length > 1) {  // (the name brought from the laptop's page, taken once)
    if (state.name === null) {
      try { state.name = decodeURIComponent(location.hash.slice(1)); } catch (e) { state.name = null; }
      try { if (state.name !== null) { localStorage.setItem(KEPT, state.name); } } catch (e) { /* this visit */ }
    }
    history.replaceState(null, "", location.pathname + location.search);
  }
  // The name chosen goes with the page to the event's copy (``tdconsolePage.told``).
  window.tdconsolePage.carry = () => (state.name === null ? "" : "#" + encodeURIComponent(state.name));

  function item(cells, cls) {
    const li = document.createElement("li");
    if (cls) { li.className = cls; }
    for (const [text, tag] of cells) {
      const span = document.createElement("span");
      span.textContent = text;
      if (tag) { span.className = tag; }
      li.appendChild(span);
    }
    return li;
  }

  // -- the clock, as the TV shows it ---------------------------------------------------------
  function drawClock(doc) {
    const shown = doc.clock_shown && doc.stage !== "seats";
    $("clock").classList.toggle("empty", !shown);
    $("clock").classList.toggle("last", doc.stage === "last_minute");
    if (!shown) { return; }
    set("level", doc.is_break ? say("break") : say("level", { level: doc.level }));
    let blinds = "";
    const b = doc.is_break ? doc.next : doc.blinds;
    if (b) {  // (in a break: the level after it, as the TV says)
      const values = { level: b.level, sb: chips(b.small_blind), bb: chips(b.big_blind) };
      blinds = say(doc.is_break ? "resume_blinds" : "blinds", values);
      if (b.ante) { blinds += " · " + say("ante", { ante: chips(b.ante) }); }
    }
    set("blinds", blinds);
    let notice = "";
    if (doc.stage === "last_minute") { notice = say("last_minute"); }
    if (!doc.running) { notice = say("stopped"); }
    set("notice", notice);
  }
  function tick() {
    const doc = state.doc;
    if (!doc || !doc.clock_shown) { set("digits", ""); return; }
    set("digits", countdown(doc));
    const message = doc.message;
    if (message && message.until && Date.parse(message.until) <= now()) {
      $("message").hidden = true;
    }
  }

  // -- the Director's message ------------------------------------------------------------------
  function drawMessage(doc) {
    const message = doc.message;
    const shown = !!(message && message.text) &&
      !(message.until && Date.parse(message.until) <= now());
    $("message").hidden = !shown;
    const line = $("message-text");
    if (shown && line.dataset.text !== message.text) {
      line.dataset.text = message.text;
      line.setAttribute("aria-label", say("message") + ": " + message.text);
      window.tdconsoleBand.say(line, message.text);
    }
  }

  // -- finding one's name ----------------------------------------------------------------------
  function drawFinder(doc) {
    const typed = window.searchKey($("name").value);
    const list = $("found");
    list.replaceChildren();
    if (!doc.players.length) { set("find-hint", say("not_drawn")); return; }
    if (!typed) { set("find-hint", say("find_hint")); return; }
    const found = doc.players.filter((p) => p.key.includes(typed)).slice(0, LISTED);
    set("find-hint", found.length ? say("find_hint") : say("none_found"));
    for (const p of found) {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = p.name;
      button.addEventListener("click", () => choose(p.name));
      li.appendChild(button);
      list.appendChild(li);
    }
  }
  function choose(name) {
    state.name = name;
    try {
      if (name === null) { localStorage.removeItem(KEPT); } else { localStorage.setItem(KEPT, name); }
    } catch (e) { /* (a private window keeps nothing: the choice lasts this visit) */ }
    $("name").value = "";
    draw();
    if (name === null) { $("name").focus(); }
  }

  // -- one player's picture --------------------------------------------------------------------
  function drawMine(doc, me) {
    set("me", me.name);
    const placed = me.where === "placed";
    $("where").hidden = placed;
    set("standing", placed ? say(me.tied ? "tied" : "place", { place: me.place }) : "");
    set("prize", placed && me.prize ? say("prize", { prize: me.prize }) : "");
    set("handed", placed && me.prize ? say("handed") : "");
    let headline = "";
    if (!placed) {
      const moving = me.moved_from !== null && doc.stage === "moves" &&
        doc.closed_table === me.moved_from;
      headline = moving ? say("moved", { table: me.moved_from }) :
        me.final ? say("your_final_seat") : say("your_seat");
      set("where-table", me.final ? say("final_table") : say("table", { table: me.table }));
      set("where-seat", say("seat", { seat: me.seat }));
      const suit = me.card.slice(-1);
      set("where-card", say("card", { card: me.card }));
      $("where-card").classList.toggle("red", suit === "♥" || suit === "♦");
    }
    set("headline", headline);
    let second = "";
    if (!placed && me.second_stack) { second = say("has_taken"); }
    else if (!placed && me.may_take) {
      const offer = doc.second_stacks.find((s) => s[0] === me.table);
      if (offer) { second = say("may_take", { amount: chips(offer[1]) }); }
    } else if (!placed && me.final) { second = say("no_more"); }
    set("second", second);
    const mates = placed ? [] : doc.players.filter((p) => p.where === "in" && p.table === me.table)
      .sort((a, b) => a.seat - b.seat);
    set("mates-title", mates.length ? say("at_table") : "");
    $("mates-title").hidden = !mates.length;  // (no empty heading)
    $("mates").replaceChildren(...mates.map((p) => item(
      [[say("seat", { seat: p.seat }) + "  " + p.name], [p.second_stack ? say("taken") : "", "tag"]],
      p.name === me.name ? "me" : "")));
  }
  function drawResults(doc) {
    const over = doc.stage === "winner" || doc.stage === "over";
    $("results").hidden = !over;
    if (!over) { return; }
    set("results-title", say("results"));
    set("winner", doc.winner ? say("winner", { name: doc.winner }) : "");
    $("places").replaceChildren(...doc.places.map((p) => item(
      [[p.place + "°" + (p.tied ? "=" : "") + "  " + (p.name || "")], [p.amount || "", "tag"]])));
  }

  function draw() {
    const doc = state.doc;
    if (!doc) { return; }
    set("event", doc.event);
    drawClock(doc);
    drawMessage(doc);
    const me = state.name === null ? null : doc.players.find((p) => p.name === state.name);
    $("finder").hidden = state.name !== null;
    $("mine").hidden = !me;
    set("title", say("title"));
    if (state.name === null) { drawFinder(doc); }
    else if (me) { drawMine(doc, me); }
    else { $("finder").hidden = false; drawFinder(doc); }
    drawResults(doc);
    tick();
    if (!window.tdconsoleDrawn) { window.tdconsoleDrawn = performance.now(); }  // (the bench)
  }

  setInterval(tick, 250);

  set("find-label", say("find"));
  set("change", say("change"));
  set("view-only", say("view_only"));
  set("title", say("title"));
  $("name").addEventListener("input", () => { if (state.doc) { drawFinder(state.doc); } });
  $("finder").addEventListener("submit", (event) => {
    event.preventDefault();
    const first = $("found").querySelector("button");
    if (first) { first.click(); }
  });
  $("change").addEventListener("click", () => choose(null));
  $("finder").hidden = state.name !== null;
  follow("/api/players/stream", "players", (doc) => { state.doc = doc; draw(); });
})();

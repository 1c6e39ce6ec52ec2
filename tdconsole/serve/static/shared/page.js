// What the room's TV, each player's page and the floor's phone all do the same way: words
// with their {placeholders} filled, chips and clock times written as the room writes them,
// the countdown from the server's zero time, and a stream (Server-Sent Events) that comes back
// by itself after any drop. Text is always set as text.
"use strict";
(() => {
  const BACKOFF = [500, 1000, 2000, 4000, 8000, 15000];
  const SILENT_MS = 25000;  // the server says the time every 10 s: silence means a dead link
  const words = JSON.parse(document.body.dataset.words || "{}");
  const $ = (id) => document.getElementById(id);
  let offset = 0;  // the server's clock less this screen's
  const now = () => Date.now() + offset;
  const heardTime = (iso) => { offset = Date.parse(iso) - Date.now(); };

  // (each {name} of the values, once: a value holding "{x}" is not filled again)
  const fill = (text, values) =>
    text.replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? String(values[k]) : m));
  const say = (key, values) => fill(words[key] || key, values);
  const chips = (n) => (n === null || n === undefined) ? "–" :
    String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");  // (never broken inside)
  const two = (n) => String(n).padStart(2, "0");
  function clockText(seconds) {
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
    return (h ? h + ":" + two(m) : two(m)) + ":" + two(s);
  }
  function hhmm(iso) {  // (the server's time of day, or of ``iso``, in this screen's time zone)
    const when = new Date(iso || now());
    return two(when.getHours()) + ":" + two(when.getMinutes());
  }
  function set(id, text) { const e = $(id); if (e.textContent !== text) { e.textContent = text; } }

  // The clock's digits now from a room picture: counted down to its zero while it runs, past
  // it a pending change's overtime with its sign.
  function countdown(clock) {
    if (clock.zero_at && clock.running) {
      const left = (Date.parse(clock.zero_at) - now()) / 1000;
      if (left > 0) { return clockText(Math.ceil(left)); }
      return clock.stage === "pending" ? "+" + clockText(Math.floor(-left)) : clockText(0);
    }
    if (clock.overtime_seconds > 0) { return "+" + clockText(clock.overtime_seconds); }
    return clockText(clock.remaining_seconds);
  }

  // The event's copy on a second device: each document says where it serves (``copy_address``)
  // and whether the event moved there (``moved``). Once the event moved the page goes there at
  // once; once this server is lost for ``move_seconds`` (the server's word, else 10 s) with a
  // copy known, it goes on from the copy: the same page there (``carry()``: what the page keeps
  // of its own, as a #fragment).
  let copyAt = null, lostSince = null, moveMs = 10000;
  function moveTo(address) {
    if (!/^https?:\/\/[^/]+\/?$/.test(address)) { return; }
    const origin = address.replace(/\/$/, "");
    if (origin === location.origin) { return; }
    const carry = window.tdconsolePage.carry ? window.tdconsolePage.carry() : "";
    location.replace(origin + location.pathname + location.search + carry);
  }
  function told(doc) {  // (heard from the server: a document, or only its time)
    lostSince = null;
    if (!doc) { return; }
    if ("copy_address" in doc) { copyAt = doc.copy_address; }
    if (typeof doc.move_seconds === "number") { moveMs = doc.move_seconds * 1000; }
    if (doc.moved && doc.moved.address) { moveTo(doc.moved.address); }
  }
  function unheard() { if (lostSince === null) { lostSince = Date.now(); } }
  setInterval(() => {
    if (copyAt && lostSince !== null && Date.now() - lostSince >= moveMs) { moveTo(copyAt); }
  }, 1000);

  // Follows ``url``'s pictures of ``kind``: ``draw(picture, first)`` at each (``first``: the
  // first since this connection); the server's time (``now``) from its "time" events. After a
  // drop it tries again, waiting longer each time, its last picture kept under the #mark.
  function follow(url, kind, draw) {
    let source = null, attempt = 0, retry = null, heard = 0;
    function connect() {
      retry = null;
      source = new EventSource(url);
      heard = Date.now();
      let first = true;
      source.addEventListener("time", (event) => {
        heard = Date.now();
        heardTime(event.data);
        told(null);
      });
      source.addEventListener(kind, (event) => {
        heard = Date.now();
        attempt = 0;
        $("mark").hidden = true;
        const picture = JSON.parse(event.data);
        told(picture);
        const was = first;
        first = false;
        draw(picture, was);
      });
      source.onerror = () => { lost(); };
    }
    function lost() {
      unheard();
      if (source) { source.close(); source = null; }
      set("mark", say("reconnecting"));
      $("mark").hidden = false;
      if (retry === null) {
        const wait = BACKOFF[Math.min(attempt, BACKOFF.length - 1)] * (0.8 + Math.random() * 0.4);
        attempt += 1;
        retry = setTimeout(connect, wait);
      }
    }
    setInterval(() => { if (source && Date.now() - heard > SILENT_MS) { lost(); } }, 1000);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && !source && retry === null) { connect(); }
    });
    connect();
  }

  window.tdconsolePage = {
    $, fill, say, chips, two, clockText, hhmm, set, now, heardTime, countdown, follow,
    told, unheard, carry: null,
  };
})();

"use strict";
// The room's screen: the picture from /api/room, kept live by /api/room/stream.
(function () {
  let room = null;
  function show() {
    if (!room) { return; }
    const clock = room.clock;
    document.getElementById("level").textContent = clock ? "LEVEL " + clock.level : room.event;
    document.getElementById("blinds").textContent =
      clock ? clock.small_blind + " / " + clock.big_blind : "";
    document.getElementById("players").textContent = room.in_play + " / " + room.entrants;
    const left = clock ? clock.remaining_seconds : 0;
    document.getElementById("clock").textContent =
      String(Math.floor(left / 60)).padStart(2, "0") + ":" + String(left % 60).padStart(2, "0");
  }
  const stream = new EventSource("/api/room/stream");
  stream.addEventListener("room", function (event) { room = JSON.parse(event.data); show(); });
})();

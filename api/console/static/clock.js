// The round clock of a timed game (Ontario C.1: 20 minutes): the minutes left, counted from the
// round's seating as the service recorded it, said again every few seconds; a part of the page
// drawn again (live.js) is found again at the next tick.
"use strict";
(function () {
  function said(left) {
    if (left <= 0) { return "time is up"; }
    var minutes = Math.ceil(left / 60000);
    return minutes + (minutes === 1 ? " minute left" : " minutes left");
  }
  function tick() {
    Array.prototype.forEach.call(document.querySelectorAll(".round-clock"), function (clock) {
      var started = Date.parse(clock.getAttribute("data-started"));
      var minutes = parseFloat(clock.getAttribute("data-minutes"));
      var shown = clock.querySelector(".clock-left");
      if (!shown || isNaN(started) || isNaN(minutes)) { return; }
      var text = said(started + minutes * 60000 - Date.now());
      if (shown.textContent !== text) { shown.textContent = text; }
    });
  }
  tick();
  setInterval(tick, 5000);
}());

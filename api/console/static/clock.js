// The clocks of the hall, said again every few seconds; a part of the page drawn again (live.js) is
// found again at the next tick.
// - The round clock of a timed game (Ontario C.1: 20 minutes): the minutes left, counted from the
//   round's seating as the service recorded it.
// - The delay clock (Cardtel Play 17; Chicago, Delay of game): the whole minutes a team has been on
//   the clock (those already charged to it, then from when it was started, timed by the service's
//   clock as it drew the page and by the page's from then on), in the words the service
//   wrote for each minute ("{m}" standing for the minutes); a part marked data-from="N" shows from
//   minute N, data-before="N" until it.
"use strict";
(function () {
  function said(left) {
    if (left <= 0) { return "time is up"; }
    var minutes = Math.ceil(left / 60000);
    return minutes + (minutes === 1 ? " minute left" : " minutes left");
  }
  function roundClocks() {
    Array.prototype.forEach.call(document.querySelectorAll(".round-clock"), function (clock) {
      var started = Date.parse(clock.getAttribute("data-started"));
      var minutes = parseFloat(clock.getAttribute("data-minutes"));
      var shown = clock.querySelector(".clock-left");
      if (!shown || isNaN(started) || isNaN(minutes)) { return; }
      var text = said(started + minutes * 60000 - Date.now());
      if (shown.textContent !== text) { shown.textContent = text; }
    });
  }
  function delayClocks() {
    Array.prototype.forEach.call(document.querySelectorAll(".delay-clock"), function (clock) {
      var started = Date.parse(clock.getAttribute("data-started"));
      var prior = parseInt(clock.getAttribute("data-prior"), 10) || 0;
      var readings;
      try { readings = JSON.parse(clock.getAttribute("data-readings")); } catch (e) { return; }
      var shown = clock.querySelector(".delay-said");
      if (!shown || isNaN(started) || !readings || !readings.length) { return; }
      // The service's elapsed time when it drew the clock, then the page's own since it first saw
      // it: a phone whose clock is a minute off still shows what the desk will charge.
      var read = Date.parse(clock.getAttribute("data-read"));
      if (clock.seenAt === undefined) { clock.seenAt = Date.now(); }
      var elapsed = isNaN(read) ? Date.now() - started : read - started + (Date.now() - clock.seenAt);
      var minutes = prior + Math.max(0, Math.floor(elapsed / 60000));
      var text = readings[Math.min(minutes, readings.length - 1)].split("{m}").join(String(minutes));
      if (shown.textContent !== text) { shown.textContent = text; }
      Array.prototype.forEach.call(clock.querySelectorAll("[data-from], [data-before]"), function (part) {
        var from = part.getAttribute("data-from");
        var before = part.getAttribute("data-before");
        part.hidden = (from !== null && minutes < parseInt(from, 10)) ||
          (before !== null && minutes >= parseInt(before, 10));
      });
    });
  }
  function tick() { roundClocks(); delayClocks(); }
  tick();
  setInterval(tick, 5000);
}());

// Opening a hand to record (/console/record): the form's rulebook, dealer, players and label are
// posted to POST /hands, and the recorder of the new hand opens. Opening needs the connection: the
// hand's id comes from the service, and the recorder's queue keeps entries for a hand that exists.
"use strict";
(function () {
  var opener = document.getElementById("open-hand");
  function refuse(text) { var el = document.getElementById("refusal"); el.textContent = text || ""; el.hidden = !text; }
  opener.addEventListener("submit", function (e) {
    e.preventDefault();
    var form = new FormData(opener);
    var players = {};
    ["north", "east", "south", "west"].forEach(function (s) {
      var name = (form.get("player-" + s) || "").trim();
      if (name) { players[s] = name; }
    });
    // The form's once-only key is the new hand's id: a double tap opens it once, and both answers name it.
    var body = {ruleset: form.get("ruleset"), dealer: form.get("dealer"), id: form.get("once")};
    if (Object.keys(players).length) { body.players = players; }
    if ((form.get("label") || "").trim()) { body.label = form.get("label").trim(); }
    if (!navigator.onLine) { refuse("Opening a hand needs the connection: try again when it is back."); return; }
    window.adjudicatorConsole.post("/hands", body)
      .then(function (r) { return r.json().then(function (data) { return [r.ok, data]; }); })
      .then(function (answer) {
        if (answer[0]) { location.href = "/console/record/" + answer[1].id; } else { refuse(answer[1].detail); }
      })
      .catch(function () { refuse("The service cannot be reached: try again."); });
  });
}());

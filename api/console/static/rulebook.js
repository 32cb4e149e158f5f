// The living rulebook's button for officials: check every example again with the engine running
// now (POST /console/rulebooks/check), follow the run, and reload the page with its outcomes.
"use strict";
(function () {
  var button = document.getElementById("check-again");
  var said = document.getElementById("check-said");
  if (!button) { return; }
  function follow() {
    fetch("/console/rulebooks/check", {credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (state) {
        if (state.running) { setTimeout(follow, 500); return; }
        said.textContent = "Checked: " + state.passed + " hold, " + state.failed + " fail. Reloading.";
        window.location.reload();
      });
  }
  button.addEventListener("click", function () {
    button.disabled = true;
    said.textContent = "Checking the examples with this engine\u2026";
    fetch("/console/rulebooks/check", {
      method: "POST", credentials: "same-origin", headers: {"X-Adjudicator-Console": "1"}
    }).then(function (r) {
      if (r.status !== 202) {
        return r.json().then(function (a) { said.textContent = "Refused: " + a.detail; button.disabled = false; });
      }
      follow();
    });
  });
}());

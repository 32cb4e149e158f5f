// The officials' queue: follows GET /calls/stream (server-sent events) and, on every change, asks
// for the queue's part of the page again (data-live: the page's own template, drawn by the server
// as the reader may see it), so that a call's row is written in one place; "Claim" posts POST
// /calls/{id}/claim, and the official who holds a call may release it (/release) or hand it over
// (/handover). A reader who may no longer read the queue (a credential revoked) is sent where the
// server says by loading the page again.
"use strict";
(function () {
  var queue = document.getElementById("queue");
  var live = document.getElementById("live");
  var refused = document.getElementById("refused");
  var drawnAt = queue.dataset.position;  // the read models' position the page was drawn at
  var asking = false, again = false;
  function redraw() {
    if (asking) { again = true; return; }
    asking = true;
    fetch(queue.dataset.live, {cache: "no-store", credentials: "same-origin", redirect: "manual"})
      .then(function (answer) {
        if (answer.type === "opaqueredirect" || answer.status === 401 || answer.status === 403) {
          window.location.reload();
          return null;
        }
        return answer.ok ? answer.text() : null;
      })
      .then(function (html) { if (html) { queue.innerHTML = html; } })
      .catch(function () { /* the hall's network may drop: the next change asks again */ })
      .then(function () {
        asking = false;
        if (again) { again = false; redraw(); }
      });
  }
  var ACTIONS = {claim: "claim", release: "release", handover: "handover"};
  queue.addEventListener("click", function (event) {
    var button = event.target.closest("button.claim, button.release, button.handover");
    if (!button) { return; }
    var action = ACTIONS[button.className];
    var body = {};
    if (action === "handover") { body.to = button.closest("li").querySelector("select.handover-to").value; }
    button.disabled = true;
    window.adjudicatorConsole.post("/calls/" + encodeURIComponent(button.dataset.id) + "/" + action,
                                   action === "claim" ? undefined : body).then(function (r) {
      return r.json().then(function (answer) {
        refused.hidden = r.ok;
        refused.textContent = r.ok ? "" : (answer.detail || "refused: nothing was recorded");
        if (!r.ok) { button.disabled = false; }
      });
    });
  });
  if (!window.EventSource) { live.textContent = "this browser cannot follow: reload to see new calls"; return; }
  // A server that refuses the stream (429: it follows as many as it may) closes it for good: the
  // queue is asked for every few seconds meanwhile, and the stream tried again a while later.
  var RETRY_MS = window.adjudicatorStreamRetryMs || 30000;
  var polling = null;
  function follow() {
    var stream = new EventSource("/calls/stream");
    stream.addEventListener("calls", function (event) {
      live.textContent = "live";
      if (polling) { clearInterval(polling); polling = null; }
      if (event.lastEventId === drawnAt) { return; }  // what the page already shows
      drawnAt = null;
      redraw();
    });
    stream.onerror = function () {
      if (stream.readyState !== EventSource.CLOSED) { live.textContent = "reconnecting…"; return; }
      live.textContent = "checking every few seconds";
      if (!polling) { polling = setInterval(redraw, 5000); }
      setTimeout(follow, RETRY_MS * (1 + Math.random() / 2));
    };
  }
  follow();
})();

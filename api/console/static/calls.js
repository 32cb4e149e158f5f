// The officials' queue: follows GET /calls/stream (server-sent events) and draws the open and
// claimed calls again on every change, without a reload; "Claim" posts POST /calls/{id}/claim.
"use strict";
(function () {
  var list = document.getElementById("calls");
  var official = list.dataset.official === "yes";
  var live = document.getElementById("live");
  var none = document.getElementById("none");
  var refused = document.getElementById("refused");
  function words(code) { return String(code || "").replace(/_/g, " "); }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined) { node.textContent = text; }
    return node;
  }
  function link(cls, href, text) { var a = el("a", cls, text); a.href = href; return a; }
  function item(c) {
    var li = el("li", "call");
    li.dataset.id = c.id;
    li.dataset.status = c.status;
    li.appendChild(el("strong", "where", c.table ? "Table " + c.table : (c.label || "A hand")));
    li.appendChild(document.createTextNode(" "));
    li.appendChild(el("span", "what", words(c.kind)));
    li.appendChild(el("span", "status", c.claimed_by ? c.claimed_by + " is on the way" : "open"));
    li.appendChild(el("span", "detail", c.detail));
    li.appendChild(el("span", "made", "called at " + c.made_at.slice(11, 19) + " UTC"));
    if (c.hand) { li.appendChild(link("moment", "/console/hands/" + c.hand + "?at=" + c.event, "The hand at event " + c.event)); }
    var cited = c.citations.length ? ": " + c.citations.join(", ") : "";
    li.appendChild(link("rulebook", "/console/rulebooks/" + c.ruleset, "Rulebook" + cited));
    if (official && !c.claimed_by) {
      var button = el("button", "claim", "Claim: on my way");
      button.type = "button";
      button.dataset.id = c.id;
      li.appendChild(button);
    }
    return li;
  }
  function draw(calls) {
    var waiting = calls.filter(function (c) { return c.status !== "ruled"; });
    list.replaceChildren.apply(list, waiting.map(item));
    none.hidden = waiting.length > 0;
  }
  list.addEventListener("click", function (event) {
    var button = event.target.closest("button.claim");
    if (!button) { return; }
    button.disabled = true;
    fetch("/calls/" + encodeURIComponent(button.dataset.id) + "/claim", {
      method: "POST", credentials: "same-origin", headers: {"X-Adjudicator-Console": "1"}
    }).then(function (r) {
      return r.json().then(function (body) {
        refused.hidden = r.ok;
        refused.textContent = r.ok ? "" : (body.detail || "the claim was refused");
        if (!r.ok) { button.disabled = false; }
      });
    });
  });
  if (!window.EventSource) { live.textContent = "this browser cannot follow: reload to see new calls"; return; }
  var stream = new EventSource("/calls/stream");
  stream.addEventListener("calls", function (event) {
    live.textContent = "live";
    draw(JSON.parse(event.data).calls);
  });
  stream.onerror = function () { live.textContent = "reconnecting…"; };
})();

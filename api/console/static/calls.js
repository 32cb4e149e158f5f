// The officials' queue: follows GET /calls/stream (server-sent events) and draws the open and
// claimed calls again on every change, without a reload; "Claim" posts POST /calls/{id}/claim, and
// the official who holds a call may release it (/release) or hand it over (/handover).
"use strict";
(function () {
  var list = document.getElementById("calls");
  var official = list.dataset.official === "yes";
  var me = list.dataset.me || "";
  var officials = JSON.parse(list.dataset.officials || "[]");
  var drawn = 0;
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
    var last = c.claims && c.claims.length ? c.claims[c.claims.length - 1] : null;
    if (last && last.type === "call_released") {
      li.appendChild(el("span", "claims", "released by " + last.by + (last.reason ? ": " + last.reason : "")));
    } else if (last && last.type === "call_handed_over") {
      li.appendChild(el("span", "claims", "handed over by " + last.by));
    }
    li.appendChild(el("span", "detail", c.detail));
    li.appendChild(el("span", "made", "called at " + c.made_at.slice(11, 19) + " UTC"));
    if (c.hand) { li.appendChild(link("moment", "/console/hands/" + c.hand + "?at=" + c.event, "The hand at event " + c.event)); }
    var cited = c.citations.length ? ": " + c.citations.join(", ") : "";
    li.appendChild(link("rulebook", "/console/rulebooks/" + c.ruleset, "Rulebook" + cited));
    // Where the ruling is recorded: a renege's proof is the inspection, on the recorder (a finding or
    // a choice is on the hand's replay, the link above); a sheet's dispute, on the desk's sheet.
    if (official && c.hand && c.kind === "renege") {
      li.appendChild(link("rule", "/console/record/" + c.hand, "Record the inspection"));
    }
    if (official && !c.hand && c.match) {
      li.appendChild(link("rule", "/console/desk/" + c.tournament + "/sheets/" + c.match, "Rule on the sheet"));
    }
    if (official && !c.claimed_by) {
      var button = el("button", "claim", "Claim: on my way");
      button.type = "button";
      button.dataset.id = c.id;
      li.appendChild(button);
    }
    if (official && c.claimed_by && c.claimed_by === me) { held(li, c); }
    return li;
  }
  function held(li, c) {
    var release = el("button", "release", "Release: I can't go");
    release.type = "button";
    release.dataset.id = c.id;
    li.appendChild(release);
    if (!officials.length) { return; }
    drawn += 1;
    var label = el("label", "", "Hand over to");
    label.htmlFor = "to-live-" + drawn;
    var select = el("select", "handover-to");
    select.id = label.htmlFor;
    officials.forEach(function (name) { select.appendChild(el("option", "", name)); });
    var handover = el("button", "handover", "Hand over");
    handover.type = "button";
    handover.dataset.id = c.id;
    li.appendChild(label);
    li.appendChild(select);
    li.appendChild(handover);
  }
  function draw(calls) {
    var waiting = calls.filter(function (c) { return c.status !== "ruled"; });
    list.replaceChildren.apply(list, waiting.map(item));
    none.hidden = waiting.length > 0;
  }
  var ACTIONS = {claim: "claim", release: "release", handover: "handover"};
  list.addEventListener("click", function (event) {
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
  var stream = new EventSource("/calls/stream");
  stream.addEventListener("calls", function (event) {
    live.textContent = "live";
    draw(JSON.parse(event.data).calls);
  });
  stream.onerror = function () { live.textContent = "reconnecting…"; };
})();

// The replay viewer: step through a hand without reloading the page. Every step fetches the moment's
// panel (the same HTML the page was served with) and puts its link in the address bar, so the back
// button, a reload or a copied URL all open exactly that moment.
"use strict";
(function () {
  function panel() { return document.getElementById("moment"); }
  function number(name) {
    var value = panel().dataset[name];
    return value === "" || value === undefined ? null : parseInt(value, 10);
  }
  var busy = false;
  var wanted = null;  // where the keys asked to go while a step was still loading
  var heading = null;  // the step loading now

  function here() { return wanted !== null ? wanted : heading !== null ? heading : number("at"); }

  // The panel at moment ``at``, fetched and put in place of the one shown.
  // ``following``: a refresh the page made by itself, which never swaps the panel under an official
  // who opened a confirmation while it loaded (the page follows again once it is closed).
  function load(at, following) {
    var p = panel();
    var view = p.dataset.view ? "&view=" + p.dataset.view : "";
    var url = "/console/hands/" + p.dataset.hand + "/moment?at=" + at + view;
    return window.adjudicatorConsole.part(url, "#moment", {credentials: "same-origin"})
      .then(function (fresh) {
        if (following && confirming) { owed = true; return false; }
        panel().replaceWith(fresh);
        bind();
        return true;
      });
  }

  function go(at, push) {
    var p = panel();
    if (at === null) { return; }
    at = Math.max(0, Math.min(at, number("version")));
    if (busy) { wanted = at; return; }
    if (at === number("at")) { return; }
    busy = true;
    heading = at;
    var view = p.dataset.view ? "&view=" + p.dataset.view : "";
    var before = p.dataset.when;
    load(at)
      .then(function () {
        var now = panel().dataset.when;
        var url = location.pathname + "?at=" + at + view;
        if (push) { history.pushState({at: at}, "", url); } else { history.replaceState({at: at}, "", url); }
        if (before && now) { document.title = document.title.replace(": " + before, ": " + now); }
      })
      .catch(function () { location.href = location.pathname + "?at=" + at + view; })
      .finally(function () {
        busy = false;
        heading = null;
        if (wanted !== null) { var next = wanted; wanted = null; go(next, false); }
      });
  }

  function reload(at) { location.href = location.pathname + "?at=" + at; }

  // Following the hand: when the live channel says it moved (or, without the stream, every few
  // seconds while it is in play or awaits the official) the page asks for the hand's version; when another official records an event, the panel is fetched
  // again, so a finding appears and the buttons it settled close. A page with a confirmation open
  // waits: the panel is not swapped under the official's hands, and a stale write says so.
  var confirming = null;
  var POLL = 3000;

  function say(text) { document.getElementById("follow").textContent = text; }

  function refresh(version, words) {
    var at = number("at") === number("version") ? version : number("at");
    busy = true;  // keys pressed meanwhile wait for the fresh panel, as during a step
    return load(at, true).then(function (swapped) { if (swapped) { say(words); } }).finally(function () {
      busy = false;
      if (wanted !== null) { var next = wanted; wanted = null; go(next, false); }
    });
  }

  function follow() {
    var p = panel();
    if (confirming || busy || document.hidden) { return Promise.resolve(); }
    var known = number("version");
    return fetch("/hands/" + p.dataset.hand, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (hand) {
        if (!hand || hand.version <= known || confirming || busy) { return; }
        var n = hand.version - known;
        refresh(hand.version, (n === 1 ? "One more entry was" : n + " more entries were") +
          " recorded meanwhile (another official or the table): the page shows the hand as it stands now.");
      })
      .catch(function () { return null; });
  }

  function chosen(form, submitter) {
    if (form.dataset.kind === "choice") {
      return {type: "choice", ruling: form.dataset.ruling, option: submitter.value, by: "official"};
    }
    var said = submitter.value.split(":");
    var event = {type: "finding", call: parseInt(form.dataset.call, 10), finding: said[0]};
    if (said[1]) { event.option = said[1]; }
    return event;
  }

  // The second look: what the finding or choice would do to the rulings and the score, from the
  // same dry run a correction's preview uses, with a note, before anything is recorded.
  function look(form, submitter) {
    var p = panel();
    var event = chosen(form, submitter);
    var out = form.querySelector("output");
    var box = form.querySelector(".second-look");
    out.textContent = "Working out the effect…";
    window.adjudicatorConsole.post("/console/hands/" + p.dataset.hand + "/preview", [event])
      .then(function (r) { return r.json(); }).then(function (said) {
      if (!said.ok) { out.textContent = said.problem.detail || said.problem.title; return; }
      out.textContent = "";
      var changed = said.after.rulings.filter(function (r) { return said.before.rulings.indexOf(r) < 0; });
      box.querySelector(".effect").textContent = "Effect on the score: now “" + said.before.score +
        "”; after this, “" + said.after.score + "”" + (changed.length ? " " + changed.join(" ") : "");
      var yes = box.querySelector(".confirm");
      yes.textContent = "Confirm: " + submitter.textContent.trim().toLowerCase();
      confirming = {form: form, event: event};
      form.querySelectorAll("fieldset button").forEach(function (b) { b.disabled = true; });
      box.hidden = false;
      box.querySelector("textarea").focus();
    }).catch(function () { out.textContent = "The effect cannot be worked out: the service cannot be reached."; });
  }

  function cancel(form) {
    confirming = null;
    form.querySelector(".second-look").hidden = true;
    form.querySelectorAll("fieldset button").forEach(function (b) { b.disabled = false; });
  }

  function stale(version) {
    confirming = null;
    return refresh(version, "Not recorded: another official ruled on this call meanwhile. " +
      "The page shows the hand as it stands now; look again before ruling.");
  }

  // Whether the ruling the event settles still waits for it: a finding's call still pending, a
  // choice's ruling not yet chosen.
  function awaiting(rulings, event) {
    return rulings.some(function (r) {
      if (event.type === "choice") { return r.id === event.ruling && !r.choice; }
      return r.event === event.call && r.status === "pending";
    });
  }

  // A finding or a choice names the call or the ruling it settles, so it is recorded however far the
  // table has played on meanwhile. The rulings are asked first: a call another official ruled on
  // meanwhile is said in words without a refused request (which a browser logs as an error).
  function record(form) {
    var p = panel();
    var event = confirming.event;
    var note = form.querySelector("textarea").value.trim();
    if (note) { event.note = note; }
    event.id = form.elements.once.value;  // confirmed twice, recorded once: the same event under the form's key
    var out = form.querySelector("output");
    out.textContent = "Recording…";
    fetch("/hands/" + p.dataset.hand + "/rulings", {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) {
        var version = parseInt((r.headers.get("ETag") || "").replace(/\D/g, ""), 10);
        return r.json().then(function (said) { return {rulings: said.rulings, version: version}; });
      })
      .then(function (now) {
        if (!awaiting(now.rulings, event)) { return stale(now.version); }
        return window.adjudicatorConsole.post("/hands/" + p.dataset.hand + "/events", event).then(function (r) {
          return r.json().then(function (said) {
            if (r.ok) { confirming = null; reload(said.version); return null; }
            out.textContent = said.detail || said.title;
            return null;
          });
        });
      }).catch(function () { out.textContent = "Not recorded: the service cannot be reached."; });
  }

  function bind() {
    panel().addEventListener("click", function (e) {
      var link = e.target.closest("a[data-at]");
      if (!link || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) { return; }
      e.preventDefault();
      go(parseInt(link.dataset.at, 10), true);
    });
    panel().querySelectorAll("form.record").forEach(function (form) {
      form.addEventListener("submit", function (e) { e.preventDefault(); look(form, e.submitter); });
      form.querySelector(".confirm").addEventListener("click", function () { record(form); });
      form.querySelector(".cancel").addEventListener("click", function () { cancel(form); });
    });
  }

  var keys = {
    ArrowRight: function () { return here() + 1; },
    ArrowLeft: function () { return here() - 1; },
    ArrowDown: function () { return number("nextBook"); },
    PageDown: function () { return number("nextBook"); },
    ArrowUp: function () { return number("previousBook"); },
    PageUp: function () { return number("previousBook"); },
    Home: function () { return 0; },
    End: function () { return number("version"); },
    n: function () { return number("nextInfraction"); },
    p: function () { return number("previousInfraction"); }
  };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea, button")) { return; }
    var target = keys[e.key];
    if (!target) { return; }
    e.preventDefault();
    go(target(), false);
  });
  window.addEventListener("popstate", function () {
    var at = new URLSearchParams(location.search).get("at");
    go(at === null ? number("opening") : parseInt(at, 10), false);
  });
  window.replayGo = function (at) { go(at, true); };
  bind();
  // The live channel (follow.js) says when the hand moved: its version is asked then. Without the
  // stream, the page polls, but a finished hand with nothing awaiting the official changes only by
  // a correction: not polled.
  var FINISHED = ["complete", "closed", "void"];
  var owed = false;  // the channel said it moved while the page could not look (busy, confirming)
  function settle() {
    if (confirming || busy || document.hidden) { return; }
    owed = false;
    follow();
  }
  // follow.js comes after this script (the keys work as soon as the page does): the channel is
  // opened once every script has run. A page without follow.js polls.
  document.addEventListener("DOMContentLoaded", function () {
    var channelOf = window.adjudicatorFollow || function () { return {streaming: false}; };
    var polls = window.adjudicatorPolls || function () { return !document.hidden; };
    var channel = channelOf("hand=" + panel().dataset.hand, function (moved) {
      if (moved.first || moved.whole || moved.hands.indexOf(panel().dataset.hand) >= 0) { owed = true; settle(); }
    });
    setInterval(function () {
      if (!polls(channel)) { if (owed) { settle(); } return; }
      if (FINISHED.indexOf(panel().dataset.status) < 0 || panel().querySelector("form.record")) { follow(); }
    }, POLL);
  });
}());

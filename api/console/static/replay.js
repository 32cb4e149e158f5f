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

  function go(at, push) {
    var p = panel();
    if (at === null) { return; }
    at = Math.max(0, Math.min(at, number("version")));
    if (busy) { wanted = at; return; }
    if (at === number("at")) { return; }
    busy = true;
    heading = at;
    var view = p.dataset.view ? "&view=" + p.dataset.view : "";
    fetch("/console/hands/" + p.dataset.hand + "/moment?at=" + at + view, {credentials: "same-origin"})
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.text(); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        var fresh = holder.querySelector("#moment");
        panel().replaceWith(fresh);
        var url = location.pathname + "?at=" + at + view;
        if (push) { history.pushState({at: at}, "", url); } else { history.replaceState({at: at}, "", url); }
        document.title = document.title.replace(/at event \d+/, "at event " + at);
        bind();
      })
      .catch(function () { location.href = location.pathname + "?at=" + at + view; })
      .finally(function () {
        busy = false;
        heading = null;
        if (wanted !== null) { var next = wanted; wanted = null; go(next, false); }
      });
  }

  function reload() { location.href = location.pathname + "?at=" + (number("version") + 1); }

  function record(form, submitter) {
    var p = panel();
    var event;
    if (form.dataset.kind === "choice") {
      event = {type: "choice", ruling: form.dataset.ruling, option: submitter.value, by: "official"};
    } else {
      var said = submitter.value.split(":");
      event = {type: "finding", call: parseInt(form.dataset.call, 10), finding: said[0]};
      if (said[1]) { event.option = said[1]; }
    }
    var out = form.querySelector("output");
    out.textContent = "Recording…";
    fetch("/hands/" + p.dataset.hand + "/events", {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-Adjudicator-Console": "1",
                "If-Match": '"' + p.dataset.version + '"'},
      body: JSON.stringify(event)
    }).then(function (r) {
      if (r.ok) { reload(); return null; }
      return r.json().then(function (problem) { out.textContent = problem.detail || problem.title; });
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
      form.addEventListener("submit", function (e) { e.preventDefault(); record(form, e.submitter); });
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
}());

// The hands list, live: when the live channel (follow.js) says hands moved, this page of the list
// (its filters and cursor, as in the address bar) is fetched again and its rows are updated in
// place: a new hand appears, a hand whose status, rulings or result changed is redrawn and marked,
// and nothing else is touched (the filters being typed, the scroll, the focus on a row's link stay
// where the official left them). Without the stream the page asks every few seconds instead.
"use strict";
(function () {
  var holder = document.getElementById("hand-rows");
  if (!holder || !window.adjudicatorFollow) { return; }
  var EVERY = 5000;  // the fallback's polling
  var SPACING = 1000;  // at most one fetch a second, however many hands move
  var asking = false, again = false, last = 0;

  function byHand(body) {
    var found = {};
    Array.prototype.forEach.call(body.querySelectorAll("tr[data-hand]"), function (tr) { found[tr.dataset.hand] = tr; });
    return found;
  }
  function mark(tr) {
    tr.classList.add("moved");
    window.setTimeout(function () { tr.classList.remove("moved"); }, 4000);
  }
  function merge(fresh) {
    var body = holder.querySelector("tbody");
    var freshBody = fresh.querySelector("tbody");
    if (!body || !freshBody) {  // the list was, or now is, empty: nothing in it to keep
      holder.replaceChildren.apply(holder, Array.prototype.slice.call(fresh.childNodes));
      return;
    }
    var focused = body.contains(document.activeElement) ? document.activeElement.getAttribute("href") : null;
    var old = byHand(body);
    var wanted = Array.prototype.slice.call(freshBody.querySelectorAll("tr[data-hand]"));
    var kept = {};
    wanted.forEach(function (tr, i) {
      var was = old[tr.dataset.hand];
      var row = was && was.innerHTML === tr.innerHTML ? was : document.importNode(tr, true);
      kept[tr.dataset.hand] = true;
      if (body.children[i] !== row) { body.insertBefore(row, body.children[i] || null); }
      if (row !== was) {
        if (was) { was.remove(); }
        mark(row);
      }
    });
    Object.keys(old).forEach(function (hand) { if (!kept[hand]) { old[hand].remove(); } });
    ["caption", "nav.pages"].forEach(function (selector) {
      var mine = holder.querySelector(selector), theirs = fresh.querySelector(selector);
      if (mine && theirs && mine.innerHTML !== theirs.innerHTML) { mine.innerHTML = theirs.innerHTML; }
    });
    if (focused && !body.contains(document.activeElement)) {
      var link = body.querySelector('a[href="' + focused + '"]');
      if (link) { link.focus({preventScroll: true}); }
    }
  }
  function ask() {
    if (asking) { again = true; return; }
    var wait = last + SPACING - Date.now();
    if (wait > 0) { asking = true; window.setTimeout(function () { asking = false; ask(); }, wait); return; }
    asking = true;
    last = Date.now();
    fetch(location.pathname + location.search, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("hand-rows");
        if (fresh) { merge(fresh); }
      })
      .catch(function () { /* the hall's network may drop: ask again next time */ })
      .then(function () {
        asking = false;
        if (again) { again = false; ask(); }
      });
  }
  // Whether the moves concern this page: a hand on it moved, or the page may gain one (its last
  // page, or an order other than the opening's: a hand that moved may now sort into it).
  function concerns(moved) {
    if (moved.first || moved.whole) { return true; }
    if (moved.hands.some(function (hand) { return holder.querySelector('tr[data-hand="' + hand + '"]'); })) { return true; }
    var sort = new URLSearchParams(location.search).get("sort") || "opened_at";
    return sort !== "opened_at" || !holder.querySelector("a[rel=next]");
  }
  var channel = window.adjudicatorFollow("", function (moved) { if (concerns(moved)) { ask(); } });
  window.setInterval(function () { if (window.adjudicatorPolls(channel)) { ask(); } }, EVERY);
}());

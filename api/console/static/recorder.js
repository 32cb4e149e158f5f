// The table recorder's queue. Every entry is queued in this browser (localStorage) with an id of its
// own, then sent in order: asked first whether it would be recorded (…/check: a refusal is an answer
// with the engine's words, not a failed request), then posted to the REST API. A retried entry
// carries the same id, so the service records it once. Offline, the page keeps taking entries and
// shows them as not yet sent; after the last is sent it reloads the table from the service. An entry
// the service refuses is dropped, and the entries taken after it are held, not sent: they were
// entered on a table that never was, so the scorekeeper decides whether to send them or discard them.
//
// The recorder is four scripts, loaded after console.js in this order: this one (the queue, the sending, the table
// drawn again), recorder-taps.js (the table as far as it is known here, and the taps that make
// entries), recorder-forms.js (the calls' forms) and recorder-result.js (the hand by its result). They share one object, window.adjudicatorRecorder:
// the helpers below, and what each script gives the others. The table is bound once every script has
// run (DOMContentLoaded), as is the live channel of follow.js, which comes after them.
"use strict";
(function () {
  var SYMBOLS = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  var root = document.getElementById("recorder");
  var hand = root.dataset.hand;
  var R = window.adjudicatorRecorder = {
    SEATS: ["north", "east", "south", "west"],
    root: root,
    KEY: "adjudicator.unsent." + hand,  // the queue's key in localStorage; the deal's taps are kept beside it
    $: function (selector, scope) { return (scope || document).querySelector(selector); },
    all: function (selector, scope) { return Array.prototype.slice.call((scope || document).querySelectorAll(selector)); },
    show: function (id, text) { var el = document.getElementById(id); el.textContent = text || ""; el.hidden = !text; },
    title: function (word) { return word ? word.charAt(0).toUpperCase() + word.slice(1) : "?"; },
    panel: function () { return document.getElementById("panel"); },
    record: record
  };
  var KEY = R.KEY, show = R.show, title = R.title, panel = R.panel, post = window.adjudicatorConsole.post;
  var queue = load();
  var held = localStorage.getItem(KEY + ".held") === "1";
  var sending = false;

  function load() { try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; } }
  function save() {
    localStorage.setItem(KEY, JSON.stringify(queue));
    if (held && queue.length) { localStorage.setItem(KEY + ".held", "1"); } else { held = false; localStorage.removeItem(KEY + ".held"); }
  }

  function uuid() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }

  // An entry in words, for the list of those not yet sent and for a refusal.
  function face(code) {
    var suit = code.slice(-1);
    return SYMBOLS[suit] ? code.slice(0, -1) + SYMBOLS[suit] : code;
  }
  function describe(e) {
    var who = title(e.seat || e.by);
    switch (e.type) {
      case "play": return who + " plays " + face(e.card);
      case "bid": return who + " bids " + e.bid;
      case "declare": return who + " names " + (e.trump || "no trump " + e.direction);
      case "discard": return who + " discards " + e.cards.map(face).join(" ");
      case "exchange": return who + " passes " + (e.discards || []).map(face).join(" ") + ", takes " + (e.receives || []).map(face).join(" ");
      case "deal": return "The deal";
      case "renege_call": return who + " calls a renege against " + title(e.against);
      case "tech_call": return who + " calls a tech against " + title(e.against);
      case "score_confirmation": return who + (e.verdict === "agreed" ? " agrees to the score" : " disputes the score");
      case "result": return "The result: " + who + " bid " + e.bid + (e.trump ? ", " + e.trump : e.direction ? ", " + e.direction : "") + "; " + e.books + " taken";
      default: return who + ": " + e.type.replace(/_/g, " ");
    }
  }

  // ---------------------------------------------------------------- sending
  function status() {
    var list = document.getElementById("unsent");
    list.textContent = "";
    queue.forEach(function (entry) {
      var li = document.createElement("li");
      li.textContent = entry.said;
      list.appendChild(li);
    });
    var text;
    document.getElementById("held").hidden = !(held && queue.length);
    if (!queue.length) { text = "Every entry is recorded."; }
    else if (held) { text = "Held: " + queue.length + " not sent, entered after a refused entry. Send them, or discard them."; }
    else if (!navigator.onLine) { text = "Offline: " + queue.length + " not yet sent. They are kept here and sent when the connection returns."; }
    else { text = "Sending: " + queue.length + " not yet sent."; }
    document.getElementById("link").textContent = text;
  }

  function refuse(entry, problem) {
    show("refusal", "Refused: " + entry.said + ". " + (problem.said || problem.detail || problem.title));
  }

  function pump() {
    status();
    if (sending || held || !queue.length || !navigator.onLine) { return; }
    sending = true;
    var entry = queue[0];
    var events = "/hands/" + hand + "/events";
    post("/console/record/" + hand + "/check", entry.event)
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
      .then(function (verdict) {
        if (!verdict.ok) { return {refused: verdict.problem}; }
        if (verdict.recorded !== null) { return {}; }
        return post(events, entry.event).then(function (r) {
          if (r.ok) { return {}; }
          return r.json().then(function (problem) {
            if (r.status >= 500 || problem.type === "urn:adjudicator:problem:commit-conflict") { throw new Error(r.status); }
            return {refused: problem};
          });
        });
      })
      .then(function (done) {
        queue.shift();
        held = Boolean(done.refused) && queue.length > 0;
        save();
        if (done.refused) { refuse(entry, done.refused); }
        sending = false;
        if (queue.length && !held) { pump(); } else { refresh(); }
      })
      .catch(function () {
        sending = false;
        status();
        setTimeout(pump, 3000);
      });
  }

  // ---------------------------------------------------------------- the table drawn again
  // The panel is bound again each time it is drawn: the calls' forms, then the taps.
  function bind() {
    var p = panel();
    R.bindForms(p);
    R.bindTaps(p);
    R.bindResult(p);
  }
  function fetchPanel() {
    return window.adjudicatorConsole.part("/console/record/" + hand + "/panel", "#panel",
                                          {credentials: "same-origin", cache: "no-store"});
  }
  function replace(fresh) {
    panel().replaceWith(fresh);
    document.getElementById("elsewhere").hidden = true;
    bind();
    R.focusNext();
  }
  var refreshing = 0;
  function refresh() {
    status();
    if (!navigator.onLine) { return; }
    refreshing += 1;
    fetchPanel()
      .then(function (fresh) {
        if (queue.length && !held) { return; }  // newer entries are on their way: their answer refreshes again
        replace(fresh);
      })
      .catch(function () { status(); })
      .then(function () { refreshing -= 1; });
  }

  // ---------------------------------------------------------------- entries made elsewhere
  // The live channel (follow.js) says when the hand moved: an entry from another device (the
  // official's inspection from a laptop, say). A newer panel is drawn at once, unless the scorekeeper
  // is in the middle of an entry (a seat's cards picked, a bid's first tap, the deal being tapped, a
  // call's form being filled in): the taps are kept and a notice offers the refresh, which the entry,
  // once sent, brings anyway. While entries of this page are on their way, their answer refreshes.
  function look() {
    if (sending || refreshing || queue.length || !navigator.onLine) { return; }
    fetchPanel().then(function (fresh) {
      if (!fresh || sending || refreshing || queue.length) { return; }
      if (parseInt(fresh.dataset.version, 10) <= parseInt(panel().dataset.version, 10)) { return; }
      if (R.tapping() || R.typing() || R.choosingResult()) { document.getElementById("elsewhere").hidden = false; } else { replace(fresh); }
    }).catch(function () { /* the hall's network may drop: asked again next time */ });
  }

  function record(event) {
    event.id = uuid();
    queue.push({event: event, said: describe(event)});
    save();
    show("refusal", "");
    show("notice", "");
    R.advance(event);
    pump();
  }

  document.getElementById("undo").addEventListener("click", function () {
    var last = queue.length - (sending ? 1 : 0);
    if (last > 0 && queue.length) {
      var gone = queue.pop();
      save();
      R.restore(gone.event);
      status();
      show("notice", "Undone: " + gone.said + ". It was never sent.");
      refresh();
    } else {
      show("notice", "The last entry is already recorded: only an official can correct the record. Ask the official for a correction.");
    }
  });
  document.getElementById("send-held").addEventListener("click", function () {
    held = false;
    save();
    show("refusal", "");
    pump();
  });
  document.getElementById("discard-held").addEventListener("click", function () {
    var count = queue.length;
    queue = [];
    save();
    show("refusal", "");
    show("notice", "Discarded: " + count + (count === 1 ? " entry" : " entries") + ", never sent.");
    refresh();
  });
  window.addEventListener("online", function () { if (queue.length) { pump(); } else { refresh(); } });
  window.addEventListener("offline", status);
  document.getElementById("take-elsewhere").addEventListener("click", function () { R.clearSelection(); refresh(); });
  // Once every script has run: the table bound, what waits sent, then the channel followed. A page
  // without follow.js, or without the stream, polls.
  document.addEventListener("DOMContentLoaded", function () {
    bind();
    pump();
    var channelOf = window.adjudicatorFollow || function () { return {streaming: false}; };
    var polls = window.adjudicatorPolls || function () { return !document.hidden; };
    var channel = channelOf("hand=" + hand, function (moved) {
      if (moved.first || moved.whole || moved.hands.indexOf(hand) >= 0) { look(); }
    });
    setInterval(function () { if (polls(channel)) { look(); } }, 5000);
  });
}());

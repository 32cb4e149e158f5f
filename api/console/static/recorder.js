// The table recorder. Every entry is queued in this browser (localStorage) with an id of its own,
// then sent in order: asked first whether it would be recorded (…/check: a refusal is an answer with
// the engine's words, not a failed request), then posted to the REST API. A retried entry carries the
// same id, so the service records it once. Offline, the page keeps taking entries and shows them as
// not yet sent; after the last is sent it reloads the table from the service. An entry the service
// refuses is dropped, and the entries taken after it are held, not sent: they were entered on a
// table that never was, so the scorekeeper decides whether to send them or discard them.
"use strict";
(function () {
  var HEADERS = {"Content-Type": "application/json", "X-Adjudicator-Console": "1"};
  var SEATS = ["north", "east", "south", "west"];
  var SYMBOLS = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  function $(selector, root) { return (root || document).querySelector(selector); }
  function all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
  function post(url, body) {
    return fetch(url, {method: "POST", credentials: "same-origin", headers: HEADERS, body: JSON.stringify(body)});
  }
  function show(id, text) { var el = document.getElementById(id); el.textContent = text || ""; el.hidden = !text; }
  function title(word) { return word ? word.charAt(0).toUpperCase() + word.slice(1) : "?"; }

  var opener = document.getElementById("open-hand");
  if (opener) {
    opener.addEventListener("submit", function (e) {
      e.preventDefault();
      var form = new FormData(opener);
      var players = {};
      SEATS.forEach(function (s) { var name = (form.get("player-" + s) || "").trim(); if (name) { players[s] = name; } });
      var body = {ruleset: form.get("ruleset"), dealer: form.get("dealer")};
      if (Object.keys(players).length) { body.players = players; }
      if ((form.get("label") || "").trim()) { body.label = form.get("label").trim(); }
      if (!navigator.onLine) { show("refusal", "Opening a hand needs the connection: try again when it is back."); return; }
      post("/hands", body).then(function (r) { return r.json().then(function (data) { return [r.ok, data]; }); })
        .then(function (answer) {
          if (answer[0]) { location.href = "/console/record/" + answer[1].id; } else { show("refusal", answer[1].detail); }
        })
        .catch(function () { show("refusal", "The service cannot be reached: try again."); });
    });
    return;
  }

  var root = document.getElementById("recorder");
  var hand = root.dataset.hand;
  var KEY = "adjudicator.unsent." + hand;
  var queue = load();
  var held = localStorage.getItem(KEY + ".held") === "1";
  var sending = false;
  var level = null;  // the first tap of a two-tap bid
  var turnKnown = true;
  var bookPlays = 0;

  function load() { try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; } }
  function save() {
    localStorage.setItem(KEY, JSON.stringify(queue));
    if (held && queue.length) { localStorage.setItem(KEY + ".held", "1"); } else { held = false; localStorage.removeItem(KEY + ".held"); }
  }
  function panel() { return document.getElementById("panel"); }

  function uuid() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join("-");
  }

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
    show("refusal", "Refused: " + entry.said + ". " + (problem.detail || problem.title));
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

  function fetchPanel() {
    return fetch("/console/record/" + hand + "/panel", {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.text(); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        return holder.querySelector("#panel");
      });
  }
  function replace(fresh) {
    panel().replaceWith(fresh);
    document.getElementById("elsewhere").hidden = true;
    bind();
    focusNext();
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
  var drawn = "";  // the calls' and typed forms as drawn (or last sent): anything else is being typed
  function typed() {
    return JSON.stringify(all("form.entry input, form.entry select", panel()).map(function (field) {
      return field.multiple ? Array.prototype.map.call(field.selectedOptions, function (o) { return o.value; }) : field.value;
    }));
  }
  function entering() {
    var p = panel();
    var at = document.activeElement;
    var dealing = document.getElementById("deal") && !document.getElementById("deal").hidden &&
      Object.keys(dealt).some(function (k) { return dealt[k].length; });
    return Boolean(level || picked.length || passing.length || taking.length || dealing ||
      (at && p.contains(at) && /^(INPUT|SELECT|TEXTAREA)$/.test(at.tagName)) ||
      typed() !== drawn);
  }
  function look() {
    if (sending || refreshing || queue.length || !navigator.onLine) { return; }
    fetchPanel().then(function (fresh) {
      if (!fresh || sending || refreshing || queue.length) { return; }
      if (parseInt(fresh.dataset.version, 10) <= parseInt(panel().dataset.version, 10)) { return; }
      if (entering()) { document.getElementById("elsewhere").hidden = false; } else { replace(fresh); }
    }).catch(function () { /* the hall's network may drop: asked again next time */ });
  }

  function record(event) {
    event.id = uuid();
    queue.push({event: event, said: describe(event)});
    save();
    show("refusal", "");
    show("notice", "");
    advance(event);
    pump();
  }

  // ---------------------------------------------------------------- the table, as far as it is known
  function seat() { var on = $(".seat-pick[aria-pressed=true]"); return on ? on.dataset.seat : null; }
  function pickSeat(s) {
    all(".seat-pick").forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.seat === s)); });
    showOffers();
    clearSelection();
  }
  function partner(s) { return SEATS[(SEATS.indexOf(s) + 2) % 4]; }
  // The chosen seat's cards; for an exchange, its partner's too (one hand passes, the other gives).
  function showOffers() {
    var s = seat();
    if (!s || !$('.offer[data-seat="' + s + '"]')) { return; }
    var exchanging = mode() === "exchange";
    all(".offer").forEach(function (o) { o.hidden = !(o.dataset.seat === s || (exchanging && o.dataset.seat === partner(s))); });
  }
  function mode() { var on = $(".mode[aria-pressed=true]"); return on ? on.dataset.mode : "play"; }
  function pickMode(m) {
    all(".mode").forEach(function (b) { b.setAttribute("aria-pressed", String(b.dataset.mode === m)); });
    all("[data-mode-panel]").forEach(function (p) { p.hidden = p.dataset.modePanel !== m; });
    showOffers();
    clearSelection();
  }
  function next(s) { return SEATS[(SEATS.indexOf(s) + 1) % 4]; }
  function sayTurn(text) { document.getElementById("turn").textContent = text; }

  // While entries wait, the turn is worked out here simply: clockwise, and unknown after a book ends.
  function advance(event) {
    if (event.type === "play" || event.type === "expose") {
      all('.offer[data-seat="' + event.seat + '"] .card-pick, .offer[data-seat="any"] .card-pick').forEach(function (b) {
        var cards = event.cards || [event.card];
        if (cards.indexOf(b.dataset.card) >= 0) {
          b.dataset.left = String(parseInt(b.dataset.left, 10) - 1);
          if (parseInt(b.dataset.left, 10) <= 0) { b.hidden = true; }
        }
      });
    }
    if (event.type === "play") {
      bookPlays += 1;
      if (bookPlays === 4 || !turnKnown) {
        bookPlays = 0;
        turnKnown = false;
        sayTurn("Who leads is known once the entries are sent: choose the seat");
      } else {
        pickSeat(next(event.seat));
        sayTurn(title(seat()) + " to play (worked out here until the entries are sent)");
      }
    } else if (event.type === "bid") {
      pickSeat(next(event.seat));
      sayTurn(title(seat()) + " to bid, or the bidding is over (known once the entries are sent)");
    } else if (event.type === "deal") {
      var deal = document.getElementById("deal");
      if (deal) { deal.hidden = true; }
    }
    focusNext();
  }

  function restore(event) {
    var cards = event.type === "play" ? [event.card] : event.type === "expose" ? event.cards : [];
    all('.offer[data-seat="' + event.seat + '"] .card-pick, .offer[data-seat="any"] .card-pick').forEach(function (b) {
      if (cards.indexOf(b.dataset.card) >= 0) {
        b.dataset.left = String(parseInt(b.dataset.left, 10) + 1);
        b.hidden = false;
      }
    });
    if (event.type === "play" && bookPlays > 0) { bookPlays -= 1; }
    if (event.seat) { pickSeat(event.seat); }
    if (event.type === "deal" && document.getElementById("deal")) { document.getElementById("deal").hidden = false; }
  }

  // Focus where the next tap is: the deal's cards, the bid pad, the trumps, or the cards of the seat
  // to play (or lay away); nothing when the hand is over or the turn is not known here.
  function focusNext() {
    var deal = document.getElementById("deal");
    var p = panel();
    var action = p.dataset.turnAction;
    var next = null;
    if (deal && !deal.hidden) { next = $("#deal .deal-card"); }
    else if (action === "bid") { next = $('[data-mode-panel="bid"] button'); }
    else if (action === "declare") { next = $('[data-mode-panel="declare"] button'); }
    else if (action === "play" || action === "discard") {
      var offer = $('.offer[data-seat="' + (seat() || "") + '"]') || $('.offer[data-seat="any"]');
      next = offer ? all(".card-pick", offer).filter(function (b) { return !b.hidden; })[0] : null;
    }
    var at = document.activeElement;
    var lost = !at || at === document.body || at.offsetParent === null;  // none, or a card just hidden
    if (next && lost) { next.focus(); }
  }

  // ---------------------------------------------------------------- taps
  var picked = [];  // the cards tapped for a discard, in the order tapped
  var passing = [], taking = [];  // an exchange's cards: from the bidder's hand, from the partner's
  function selected() { return picked.slice(); }
  function counted() {
    var count = $("#record-discard .count");
    if (count) { count.textContent = String(picked.length); }
    var passed = $("#record-exchange .passed");
    if (passed) { passed.textContent = String(passing.length); $("#record-exchange .taken").textContent = String(taking.length); }
  }
  function clearSelection() {
    picked = [];
    passing = [];
    taking = [];
    all(".card-pick[aria-pressed=true]").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
    counted();
  }
  function toggle(list, button) {
    var on = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(on));
    if (on) { list.push(button.dataset.card); } else { list.splice(list.indexOf(button.dataset.card), 1); }
    counted();
  }

  function tapCard(button) {
    if (mode() === "discard") { toggle(picked, button); return; }
    if (mode() === "exchange") {
      var owner = button.closest(".offer").dataset.seat;
      if (owner === "any") { show("notice", "The deal was not entered: type the exchange's cards."); return; }
      toggle(owner === seat() ? passing : taking, button);
      return;
    }
    var s = seat();
    if (!s) { show("notice", "Choose the seat first."); return; }
    record({type: "play", seat: s, card: button.dataset.card});
  }

  function fromForm(form, submitter) {
    var event = {type: form.dataset.type};
    all("input, select", form).forEach(function (field) {
      if (field.multiple) {  // a list of cards picked from the offer: every selected one
        var picked = Array.prototype.map.call(field.selectedOptions, function (o) { return o.value; });
        if (field.name && picked.length) { event[field.name] = picked; }
        return;
      }
      var value = field.value.trim();
      if (!field.name || !value) { return; }
      event[field.name] = field.dataset.list ? value.split(/[\s,]+/) : value;
    });
    if (submitter && submitter.name) { event[submitter.name] = submitter.value; }
    if (form.dataset.seated) { event.seat = seat(); }
    return event;
  }

  // ---------------------------------------------------------------- the calls' forms
  // Drawn from the event types' descriptions, which the panel carries as JSON (#call-forms): a form
  // for each type the table calls, and for an official's type a note to call the official instead.
  function element(tag, attributes, text) {
    var el = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { el.setAttribute(name, attributes[name]); });
    if (text) { el.textContent = text; }
    return el;
  }
  function drawField(form, field) {
    var id = form.type + "-" + field.name;
    var box = element("div");
    var input;
    box.appendChild(element("label", {"for": id}, field.label));
    if (field.input === "text") {
      input = element("input", {id: id, name: field.name, maxlength: String(field.max_length), autocomplete: "off"});
    } else {
      input = element("select", {id: id, name: field.name});
      if (field.optional) { input.appendChild(element("option", {value: ""}, field.empty)); }
      field.choices.forEach(function (c) { input.appendChild(element("option", {value: c[0]}, c[1])); });
      if (field.list) { input.dataset.list = "1"; input.multiple = true; }
    }
    box.appendChild(input);
    return box;
  }
  function drawForms(p) {
    var box = $("#call-forms", p);
    if (!box) { return; }
    var official = box.dataset.official === "true";
    JSON.parse(box.dataset.forms).forEach(function (form) {
      if (form.official && !official) {
        var said = element("p", {"class": "call"});
        said.appendChild(element("strong", {}, form.title));
        said.appendChild(document.createTextNode(": an official records it. Call the official to the table."));
        box.appendChild(said);
        return;
      }
      var drawn = element("form", {"class": "entry call", "data-type": form.type});
      drawn.appendChild(element("h3", {}, form.title));
      form.fields.forEach(function (field) { drawn.appendChild(drawField(form, field)); });
      drawn.appendChild(element("button", {type: "submit"}, form.submit));
      box.appendChild(drawn);
    });
  }

  function bind() {
    var p = panel();
    drawForms(p);
    drawn = typed();
    bookPlays = parseInt(p.dataset.bookPlays || "0", 10);
    turnKnown = true;
    pickMode($(".mode[aria-pressed=true]") ? mode() : "play");
    if (document.getElementById("deal")) {
      document.getElementById("deal").hidden = Boolean(localStorage.getItem(KEY + ".deal-skipped"));
      dealCounts();
    }
    p.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b || b.type === "submit") { return; }
      if (b.classList.contains("seat-pick")) { pickSeat(b.dataset.seat); turnKnown = true; }
      else if (b.classList.contains("mode")) { pickMode(b.dataset.mode); }
      else if (b.classList.contains("card-pick")) { tapCard(b); }
      else if (b.classList.contains("level")) {
        level = b.dataset.level;
        all(".level").forEach(function (l) { l.setAttribute("aria-pressed", String(l === b)); });
      } else if (b.classList.contains("kind")) {
        if (!level) { show("notice", "Tap how many first, then what."); return; }
        record({type: "bid", seat: seat(), bid: level + " " + b.dataset.kind});
        level = null;
        all(".level").forEach(function (l) { l.setAttribute("aria-pressed", "false"); });
      } else if (b.dataset.entry) {
        var event = JSON.parse(b.dataset.entry);
        event.seat = seat();
        record(event);
      } else if (b.id === "record-exchange") {
        record({type: "exchange", seat: seat(), discards: passing.slice(), receives: taking.slice()});
        clearSelection();
      } else if (b.id === "record-discard") {
        record({type: "discard", seat: seat(), cards: selected()});
        clearSelection();
      } else if (b.id === "record-deal") { recordDeal(); }
      else if (b.id === "skip-deal") {
        localStorage.setItem(KEY + ".deal-skipped", "1");
        document.getElementById("deal").hidden = true;
      } else if (b.classList.contains("target")) { target(b); }
      else if (b.classList.contains("deal-card")) { dealCard(b); }
    });
    all("form.entry", p).forEach(function (form) {
      form.addEventListener("submit", function (e) {
        e.preventDefault();
        record(fromForm(form, e.submitter));
        form.reset();
        drawn = typed();
      });
    });
  }

  // ---------------------------------------------------------------- the deal, tapped card by card
  // The deal tapped so far is kept with the queue: a reload in the middle of it loses no tap.
  var dealt = (function () {
    try { return JSON.parse(localStorage.getItem(KEY + ".deal")) || null; } catch (e) { return null; }
  }()) || {north: [], east: [], south: [], west: [], kitty: []};
  function target(b) { all(".target").forEach(function (t) { t.setAttribute("aria-pressed", String(t === b)); }); }
  function dealCounts() {
    localStorage.setItem(KEY + ".deal", JSON.stringify(dealt));
    all(".target").forEach(function (t) { $(".count", t).textContent = String(dealt[t.dataset.target].length); });
    all(".deal-card").forEach(function (c) {
      var places = Object.keys(dealt).filter(function (k) { return dealt[k].indexOf(c.dataset.card) >= 0; });
      c.setAttribute("aria-pressed", String(places.length > 0));
      c.dataset.place = places.map(function (k) { return k.charAt(0).toUpperCase(); }).join("");
    });
  }
  function dealCard(c) {
    var to = $(".target[aria-pressed=true]");
    var card = c.dataset.card;
    var copies = parseInt(c.dataset.left, 10);
    var count = Object.keys(dealt).reduce(function (n, k) { return n + dealt[k].filter(function (x) { return x === card; }).length; }, 0);
    var place = dealt[to.dataset.target];
    if (count >= copies || place.length >= parseInt(to.dataset.size, 10)) {
      var from = Object.keys(dealt).filter(function (k) { return dealt[k].indexOf(card) >= 0; }).pop();
      if (from) { dealt[from].splice(dealt[from].lastIndexOf(card), 1); }
    } else {
      place.push(card);
      if (place.length >= parseInt(to.dataset.size, 10)) {
        var open = all(".target").filter(function (t) { return dealt[t.dataset.target].length < parseInt(t.dataset.size, 10); });
        if (open.length) { target(open[0]); }
      }
    }
    dealCounts();
  }
  function recordDeal() {
    var event = {type: "deal", hands: {north: dealt.north, east: dealt.east, south: dealt.south, west: dealt.west}};
    if (parseInt(root.dataset.kitty, 10)) { event.kitty = dealt.kitty; }
    record(event);
    localStorage.removeItem(KEY + ".deal");
  }

  document.getElementById("undo").addEventListener("click", function () {
    var last = queue.length - (sending ? 1 : 0);
    if (last > 0 && queue.length) {
      var gone = queue.pop();
      save();
      restore(gone.event);
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
  document.getElementById("take-elsewhere").addEventListener("click", function () { clearSelection(); refresh(); });
  // follow.js comes after this script: the channel is opened once every script has run. A page
  // without it, or without the stream, polls.
  document.addEventListener("DOMContentLoaded", function () {
    var channelOf = window.adjudicatorFollow || function () { return {streaming: false}; };
    var polls = window.adjudicatorPolls || function () { return !document.hidden; };
    var channel = channelOf("hand=" + hand, function (moved) {
      if (moved.first || moved.whole || moved.hands.indexOf(hand) >= 0) { look(); }
    });
    setInterval(function () { if (polls(channel)) { look(); } }, 5000);
  });
  bind();
  pump();
}());

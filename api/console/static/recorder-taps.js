// The table recorder's taps: the table as far as this browser knows it (whose turn, which cards are
// left, where the next tap is), and the taps that make its entries: a seat and a card, a bid's two
// taps, a discard's or an exchange's cards, the deal card by card. While entries wait to be sent, the
// table here is worked out simply, so that the scorekeeper can go on tapping offline; the panel the
// service draws after them is the table as recorded. Loaded after recorder.js, whose queue takes the
// entries (window.adjudicatorRecorder); it gives the queue what it needs of the table.
"use strict";
(function () {
  var R = window.adjudicatorRecorder;
  var SEATS = R.SEATS, KEY = R.KEY, $ = R.$, all = R.all, show = R.show, title = R.title, record = R.record;
  var level = null;  // the first tap of a two-tap bid
  var turnKnown = true;
  var bookPlays = 0;

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

  // An entry undone before it was sent: its cards are offered again, its seat chosen.
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
    var action = R.panel().dataset.turnAction;
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

  // Whether an entry is being tapped (a bid's first tap, cards picked, the deal begun): a panel drawn
  // elsewhere waits for it.
  function tapping() {
    var dealing = document.getElementById("deal") && !document.getElementById("deal").hidden &&
      Object.keys(dealt).some(function (k) { return dealt[k].length; });
    return Boolean(level || picked.length || passing.length || taking.length || dealing);
  }

  function bindTaps(p) {
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
        record({type: "discard", seat: seat(), cards: picked.slice()});
        clearSelection();
      } else if (b.id === "record-deal") { recordDeal(); }
      else if (b.id === "skip-deal") {
        localStorage.setItem(KEY + ".deal-skipped", "1");
        document.getElementById("deal").hidden = true;
      } else if (b.classList.contains("target")) { target(b); }
      else if (b.classList.contains("deal-card")) { dealCard(b); }
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
    if (parseInt(R.root.dataset.kitty, 10)) { event.kitty = dealt.kitty; }
    record(event);
    localStorage.removeItem(KEY + ".deal");
  }

  R.seat = seat;
  R.advance = advance;
  R.restore = restore;
  R.focusNext = focusNext;
  R.clearSelection = clearSelection;
  R.tapping = tapping;
  R.bindTaps = bindTaps;
}());

// The table recorder's first choice: a hand recorded by its result, in five taps (who won the bid,
// the bid, its trump or direction, the books the bidding team took, then "Record the result"), and
// after it, one tap for both teams' agreement to the score the engine computed. A call on such a
// hand is ruled on the cards: "Enter the books as they lie" opens the card taps for them. Loaded
// after recorder.js and recorder-taps.js; the entries go to their queue (window.adjudicatorRecorder).
"use strict";
(function () {
  var R = window.adjudicatorRecorder;
  var $ = R.$, all = R.all, title = R.title;
  var TEAM = {north: "North\u2013South", south: "North\u2013South", east: "East\u2013West", west: "East\u2013West"};
  var ORDER = ["seat", "level", "kind", "books"];
  var ASK = {seat: "Tap who won the bid.", level: "Tap the bid.", kind: "Tap the trump.", books: "Tap the books taken."};
  var chosen = {};

  function pick(b) {
    all('.result-pick[data-step="' + b.dataset.step + '"]').forEach(function (x) {
      x.setAttribute("aria-pressed", String(x === b));
    });
    chosen[b.dataset.step] = b;
    var missing = ORDER.filter(function (step) { return !chosen[step]; });
    var button = document.getElementById("record-result");
    button.disabled = missing.length > 0;
    document.getElementById("result-said").textContent = missing.length ? said() + ASK[missing[0]] : said();
    var next = missing.length ? $('.result-pick[data-step="' + missing[0] + '"]') : button;
    if (next) { next.scrollIntoView({block: "nearest"}); }
  }

  // The result in words, as far as it is chosen: "South bid 5 uptown, hearts; North–South took 9 books."
  function said() {
    var text = "";
    if (chosen.seat) { text += title(chosen.seat.dataset.value) + " bid "; }
    if (chosen.level) { text += chosen.level.dataset.value + " "; }
    if (chosen.kind) { text += chosen.kind.dataset.value; }
    if (chosen.books && chosen.seat) {
      text += "; " + TEAM[chosen.seat.dataset.value] + " took " + chosen.books.dataset.value + " " + $("#result").dataset.unit;
    }
    return text ? text + ". " : "";
  }

  function event() {
    var kind = chosen.kind.dataset;
    var e = {type: "result", seat: chosen.seat.dataset.value, bid: chosen.level.dataset.value + " " + kind.bid,
             books: parseInt(chosen.books.dataset.value, 10)};
    if (kind.trump) { e.trump = kind.trump; }
    if (kind.direction) { e.direction = kind.direction; }
    return e;
  }

  // The score of a hand just recorded by its result is what both teams check next: it is brought
  // into view (on a phone it is below the fold), unless the scorekeeper is already elsewhere.
  function showAgreement() {
    var agree = document.getElementById("agree-both");
    var at = document.activeElement;
    if (agree && $("#walk") && !$("#walk .walk-now") && (!at || at === document.body || at.offsetParent === null)) {
      agree.focus();
    }
  }

  function bindResult(p) {
    chosen = {};
    showAgreement();
    p.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b) { return; }
      if (b.classList.contains("result-pick")) { pick(b); }
      else if (b.id === "record-result" && !b.disabled) { b.disabled = true; R.record(event()); }
      else if (b.id === "agree-both") {
        b.disabled = true;
        R.record({type: "score_confirmation", by: "north", verdict: "agreed"});
        R.record({type: "score_confirmation", by: "east", verdict: "agreed"});
      } else if (b.id === "begin-walk") {
        document.getElementById("entries").hidden = false;
        b.hidden = true;
        R.focusNext();
      }
    });
  }

  R.bindResult = bindResult;
  R.choosingResult = function () { return Object.keys(chosen).length > 0; };
}());

// The board on a projector never scrolls: nobody in the hall can scroll a TV. When its parts (the
// standings, the matches in play, the bracket) do not fit the screen together, it shows them a page
// at a time: the standings cut into as many pages as their rows need, the matches, the bracket
// (shrunk to its page if need be), turning every data-page-every seconds, with "Page 2 of 3" and a
// dot for each page at the foot. The arrow keys turn a page by hand. On a narrow screen (a phone)
// nothing is paged: the board scrolls as any page does. Laid out again when the live part is redrawn
// (live.js's "live:drawn") or the window changes size, staying on the page it showed.
(function () {
  "use strict";
  var board = document.getElementById("board");
  var pager = document.getElementById("board-pager");
  if (!board || !pager) return;
  var NARROW = 900;
  var every = 1000 * (parseFloat(board.getAttribute("data-page-every")) || 12);
  var pages = [], at = 0, timer = null;

  function container() { return board.querySelector(".board-pages"); }
  function sections() { return Array.prototype.slice.call(board.querySelectorAll(".board-page")); }
  function rows(section) { return Array.prototype.slice.call(section.querySelectorAll("tbody tr")); }

  function reset() {
    var box = container();
    if (box) box.classList.remove("paged");
    sections().forEach(function (s) {
      s.hidden = false;
      s.style.zoom = "";
      rows(s).forEach(function (r) { r.hidden = false; });
    });
  }

  function overflows(box) {
    return box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
  }

  // The standings' rows cut into pages of as many as the page holds.
  function standingsPages(section, room) {
    var all = rows(section);
    all.forEach(function (r) { r.hidden = true; });
    var bare = section.scrollHeight;  // the heading and the column heads
    var cut = [], from = 0, used = bare;
    all.forEach(function (r, i) {
      r.hidden = false;
      var height = r.getBoundingClientRect().height;
      r.hidden = true;
      if (i > from && used + height > room) { cut.push([from, i]); from = i; used = bare; }
      used += height;
    });
    cut.push([from, all.length]);
    return cut.map(function (range) {
      var label = "Standings";
      if (cut.length > 1) {
        var first = all[range[0]].cells[0], last = all[range[1] - 1].cells[0];
        label += " " + first.textContent.trim() + "–" + last.textContent.trim();
      }
      return { section: section, rows: range, label: label };
    });
  }

  function layout() {
    var keep = pages[at] ? pages[at].label : null;
    reset();
    pages = [];
    var box = container();
    var wide = window.innerWidth >= NARROW;
    document.body.classList.toggle("board-screen", wide);
    if (!box || !wide || !overflows(box)) { show(); return; }
    box.classList.add("paged");
    var room = box.clientHeight;
    sections().forEach(function (s) { s.hidden = true; });
    sections().forEach(function (s) {
      s.hidden = false;
      if (s.id === "board-standings") {
        pages = pages.concat(standingsPages(s, room));
      } else {
        pages.push({ section: s, rows: null, label: s.getAttribute("data-page") || "" });
      }
      s.hidden = true;
    });
    at = 0;
    pages.forEach(function (p, i) { if (p.label === keep) at = i; });
    show();
  }

  function fit(section) {
    section.style.zoom = "";
    var box = container();
    var scale = Math.min(box.clientHeight / section.scrollHeight, box.clientWidth / section.scrollWidth);
    if (scale < 1) section.style.zoom = String(Math.max(scale, 0.4));
  }

  function show() {
    pager.hidden = pages.length < 2;
    if (!pages.length) return;
    sections().forEach(function (s) { s.hidden = true; });
    var page = pages[at];
    page.section.hidden = false;
    if (page.rows) {
      rows(page.section).forEach(function (r, i) { r.hidden = i < page.rows[0] || i >= page.rows[1]; });
    }
    fit(page.section);
    pager.querySelector(".pager-words").textContent = "Page " + (at + 1) + " of " + pages.length + ": " + page.label;
    var dots = pager.querySelector(".pager-dots");
    dots.textContent = "";
    pages.forEach(function (p, i) {
      var dot = document.createElement("span");
      dot.className = "dot" + (i === at ? " on" : "");
      dots.appendChild(dot);
    });
  }

  function turn(by) {
    if (pages.length < 2) return;
    at = (at + by + pages.length) % pages.length;
    show();
  }

  function schedule() {
    if (timer) window.clearInterval(timer);
    timer = window.setInterval(function () { turn(1); }, every);
  }

  board.addEventListener("live:drawn", layout);
  window.addEventListener("resize", layout);
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      turn(event.key === "ArrowRight" ? 1 : -1);
      schedule();
    }
  });
  layout();
  schedule();
})();

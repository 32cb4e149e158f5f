// A live part of a page: every element with data-live="URL" asks URL again (If-None-Match: the ETag
// it has) when the live channel (follow.js, data-follow: its query) says its tournament moved, and
// every data-every seconds while the channel is not streaming; it takes the new HTML when the
// tournament has moved (200), keeps what it shows when not (304). A page its reader may no longer
// read (a board made private, a credential revoked) is loaded again, so that the server sends the
// reader where it belongs. A part redrawn says so (a "live:drawn" event), for the scripts laying it
// out. A part holding a form being filled in (a field with the focus, or changed
// and not sent) is not redrawn under the reader's fingers: the new HTML waits until that is over.
(function () {
  "use strict";
  // follow.js gives the live channel; a page without it polls, as before the stream.
  var channelOf = window.adjudicatorFollow || function () { return {streaming: false}; };
  var polls = window.adjudicatorPolls || function () { return !document.hidden; };
  function follow(part) {
    var url = part.getAttribute("data-live");
    var every = 1000 * (parseFloat(part.getAttribute("data-every")) || 3);
    var etag = part.getAttribute("data-etag") || "";
    var asking = false, again = false;
    var waiting = null;  // the new HTML and its ETag, while the reader is filling in a form
    function changed(field) {
      if (field.type === "hidden") return false;
      if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
      if (field.tagName === "SELECT") {  // a single choice shows its first option unless told otherwise
        var first = field.multiple ? -1 : 0;
        return Array.prototype.some.call(field.options, function (o, i) {
          return o.selected !== (o.defaultSelected || (i === first && !field.querySelector("option[selected]")));
        });
      }
      return field.value !== field.defaultValue;
    }
    function busy() {
      return Array.prototype.some.call(part.querySelectorAll("input, select, textarea"), function (field) {
        return field === document.activeElement || changed(field);
      });
    }
    function draw() {
      if (!waiting || busy()) return;
      part.innerHTML = waiting.html;
      part.setAttribute("data-etag", waiting.etag);
      waiting = null;
      part.dispatchEvent(new CustomEvent("live:drawn", { bubbles: true }));
    }
    ["focusout", "change", "input"].forEach(function (type) {
      part.addEventListener(type, function () { window.setTimeout(draw, 0); });
    });
    function ask() {
      if (asking) { again = true; return; }
      asking = true;
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(url, { headers: headers, redirect: "manual", cache: "no-store", credentials: "same-origin" })
        .then(function (answer) {
          if (answer.type === "opaqueredirect" || answer.status === 401 || answer.status === 403) {
            window.location.reload();
            return null;
          }
          if (answer.status !== 200) return null;
          etag = answer.headers.get("ETag") || "";
          return answer.text();
        })
        .then(function (html) {
          if (html !== null && html !== undefined) {
            waiting = { html: html, etag: etag };
            draw();
          }
        })
        .catch(function () { /* the hall's network may drop: ask again next time */ })
        .then(function () {
          asking = false;
          if (again) { again = false; ask(); }
        });
    }
    var channel = channelOf(part.getAttribute("data-follow") || "", function (moved) {
      if (moved.first || moved.whole || moved.tournaments.length) { ask(); }
    });
    function poll() {
      if (polls(channel)) { ask(); }
      window.setTimeout(poll, every);
    }
    window.setTimeout(poll, every);
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), follow);
})();

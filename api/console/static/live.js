// A live part of a page: every element with data-live="URL" asks URL again every data-every seconds
// (If-None-Match: the ETag it has), and takes the new HTML when the tournament has moved (200), keeps
// what it shows when not (304). A page its reader may no longer read (a board made private, a
// credential revoked) is loaded again, so that the server sends the reader where it belongs.
(function () {
  "use strict";
  function follow(part) {
    var url = part.getAttribute("data-live");
    var every = 1000 * (parseFloat(part.getAttribute("data-every")) || 3);
    var etag = part.getAttribute("data-etag") || "";
    function ask() {
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
            part.innerHTML = html;
            part.setAttribute("data-etag", etag);
          }
        })
        .catch(function () { /* the hall's network may drop: ask again next time */ })
        .then(function () { window.setTimeout(ask, every); });
    }
    window.setTimeout(ask, every);
  }
  Array.prototype.forEach.call(document.querySelectorAll("[data-live]"), follow);
})();

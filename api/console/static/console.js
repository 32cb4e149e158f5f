// What the console's scripts ask of the service in the same way: a POST of JSON with the console's
// header (X-Adjudicator-Console, which the service asks of a cookie-signed-in request that writes, so
// that another site's page cannot make one), and a part of a page drawn again by the server. One
// object, window.adjudicatorConsole, loaded before the scripts that use it.
"use strict";
window.adjudicatorConsole = {
  // POST ``body`` as JSON to ``url`` (no body when it is undefined), with any ``headers`` more.
  post: function (url, body, headers) {
    var all = {"Content-Type": "application/json", "X-Adjudicator-Console": "1"};
    Object.keys(headers || {}).forEach(function (name) { all[name] = headers[name]; });
    return fetch(url, {method: "POST", credentials: "same-origin", headers: all, body: JSON.stringify(body)});
  },
  // The element ``selector`` of the HTML at ``url`` (fetched with ``init``); a refusal is an error.
  part: function (url, selector, init) {
    return fetch(url, init)
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.text(); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html;
        return holder.querySelector(selector);
      });
  }
};

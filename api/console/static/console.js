// What every console script that writes says to the service: a POST of JSON with the console's
// header (X-Adjudicator-Console, which the service asks of a cookie-signed-in request that writes, so
// that another site's page cannot make one). One helper, window.adjudicatorConsole, loaded before the
// scripts that use it.
"use strict";
window.adjudicatorConsole = {
  // POST ``body`` as JSON to ``url`` (no body when it is undefined), with any ``headers`` more.
  post: function (url, body, headers) {
    var all = {"Content-Type": "application/json", "X-Adjudicator-Console": "1"};
    Object.keys(headers || {}).forEach(function (name) { all[name] = headers[name]; });
    return fetch(url, {method: "POST", credentials: "same-origin", headers: all, body: JSON.stringify(body)});
  }
};

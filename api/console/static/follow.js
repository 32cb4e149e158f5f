// The console's live channel: one EventSource per page on GET /live/stream (?hand=… or
// ?tournament=… for a page that shows one), which says which hands and tournaments moved, never
// how; each part of the page then fetches what it shows through its own route (one sight). While
// the stream is not there (no EventSource, a network down, a server that refused it), `streaming` is
// false and each part polls as it did before the stream: the stream is the way, polling the fallback.
// `<body data-following>` says which it is ("stream", "polling", or "paused" while the tab is out
// of sight), for the reader and the tests. A server that refuses the stream (429: it follows as many
// as it may) closes it for good: the parts poll, and the stream is tried again a while later.
"use strict";
(function () {
  var channels = {};
  // How long a refused stream waits before it is tried again (the server's Retry-After, which an
  // EventSource cannot read); a test may shorten it.
  var RETRY_MS = window.adjudicatorStreamRetryMs || 30000;
  function say(streaming) { document.body.dataset.following = streaming ? "stream" : "polling"; }
  function open(query) {
    var channel = {streaming: false, listeners: []};
    say(false);
    if (!window.EventSource) { return channel; }
    var source = null;
    var first = true;
    function connect() {
      first = true;
      source = new EventSource("/live/stream" + (query ? "?" + query : ""));
      source.addEventListener("moved", function (event) {
        var moved = JSON.parse(event.data);
        // The first event of a connection names nothing moved before it: what moved since the page
        // (or the last fallback poll) was drawn is fetched once, as if everything had.
        moved.first = first;
        first = false;
        channel.streaming = true;
        say(true);
        channel.listeners.forEach(function (listener) { listener(moved); });
      });
      source.addEventListener("error", function () {
        channel.streaming = false;
        first = true;  // it reconnects by itself (retry), or stays closed (a 401, a 429): the parts poll
        say(false);
        if (source && source.readyState === EventSource.CLOSED) {
          source = null;
          setTimeout(function () {
            if (!source && !document.hidden) { connect(); }
          }, RETRY_MS * (1 + Math.random() / 2));
        }
      });
    }
    // A browser opens 6 connections to a server at most: a tab out of sight gives its stream back
    // (and polls nothing), and follows again, fetching once what moved, when it is looked at.
    document.addEventListener("visibilitychange", function () {
      if (document.hidden && source) {
        source.close();
        source = null;
        channel.streaming = false;
        document.body.dataset.following = "paused";
      } else if (!document.hidden && !source) {
        connect();
      }
    });
    if (!document.hidden) { connect(); }
    return channel;
  }
  // Whether a part should poll now: the stream is not there, and the tab is in sight.
  window.adjudicatorPolls = function (channel) { return !channel.streaming && !document.hidden; };
  // Follow ``query`` ("" for everything the reader may read): ``listener(moved)`` on every event;
  // the channel's ``streaming`` says whether the part may stop polling.
  window.adjudicatorFollow = function (query, listener) {
    var channel = channels[query] || (channels[query] = open(query));
    channel.listeners.push(listener);
    return channel;
  };
}());

"""A live stream's first answer, shared by the anonymous followers that ask the same of the same
position: a storm of reconnects (a hall's boards and phones coming back at once after the network
dropped, each with its own ``Last-Event-ID``) costs one rendering per distinct question, not one per
follower (issue 30).

Only a request without a credential (no ``Authorization``, no cookie) is shared: every anonymous
reader is of one sight class (``adjudicator.service.sight.sight_class``), so the route's answer to
one is its answer to all who ask the same path, query and ``Last-Event-ID``. An answer is kept only
while the poller (``api.stream.Hub``) holds the position it was asked at, and forgotten as soon as
that moves (``forget``); an answer that failed is never kept. At most ``KEPT`` questions at a time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

Answer = tuple[int, list[tuple[bytes, bytes]], bytes]
Key = tuple[str, str, str]
KEPT = 256


def shared(environ: dict[str, Any]) -> Key | None:
    """What an anonymous follower asks (None: a request with a credential, never shared)."""
    if environ.get("HTTP_AUTHORIZATION") or environ.get("HTTP_COOKIE"):
        return None
    asked = (environ.get("HTTP_LAST_EVENT_ID", ""), environ.get("QUERY_STRING", ""))
    return (str(environ["PATH_INFO"]), *asked)


class FirstAnswers:
    """The first answers being rendered, or rendered, at the poller's position, by question."""

    def __init__(self, render: Callable[[dict[str, Any]], Answer]) -> None:
        self.render = render
        self._kept: dict[Key, asyncio.Future[Answer]] = {}

    def forget(self) -> None:
        """The position moved: what was answered before says too little now."""
        self._kept.clear()

    async def answer(self, environ: dict[str, Any], polled: int | None, pool: Executor) -> Answer:
        """The route's answer to ``environ`` (``polled``: the poller's position, None when it is not
        polling, and nothing is shared)."""
        loop = asyncio.get_running_loop()
        key = None if polled is None else shared(environ)
        if key is None or (key not in self._kept and len(self._kept) >= KEPT):
            return await loop.run_in_executor(pool, self.render, environ)
        found = self._kept.get(key)
        if found is None:
            found = self._kept[key] = loop.run_in_executor(pool, self.render, environ)
            found.add_done_callback(lambda done: self._failed(key, done))
        status, headers, body = await asyncio.shield(found)
        return status, list(headers), body

    def _failed(self, key: Key, done: asyncio.Future[Answer]) -> None:
        if (done.cancelled() or done.exception() is not None) and self._kept.get(key) is done:
            del self._kept[key]

"""The front's admissions of a body kept a few seconds (``Admissions``).

Why (issue 30): the front decides whether to wait for a request's body on its headers alone
(``api.auth.admitted``), on the event loop, with a Flask request context: about a twentieth of an
append's CPU, for what is nearly always the answer it gave for the table's previous event.
"""

from __future__ import annotations

import time
from typing import Any

#: Seconds an admission of a body is reused for the same route and credential (within the credential
#: store's own memory of a verification, ``Credentials.remembered``).
ADMITTED_FOR = 5.0
ADMISSIONS_KEPT = 4096


class Admissions:
    """The front's admissions of a body lately, by what they were decided on (method, path, query,
    credential headers): an append's admission was a Flask request context on the event loop, about
    a twentieth of the append's CPU, for what is nearly always the same answer as for the table's
    previous event. Only a yes is kept, ``ADMITTED_FOR`` seconds (within the credential's own memory
    of a verification, ``Credentials.remembered``); the request itself is verified in full when it
    runs, so a revocation meanwhile still refuses it, after its body was read."""

    def __init__(self) -> None:
        self.kept: dict[tuple[str, ...], float] = {}

    def get(self, environ: dict[str, Any]) -> bool | None:
        until = self.kept.get(admission(environ))
        return True if until is not None and until > time.monotonic() else None

    def keep(self, environ: dict[str, Any], verdict: bool | None) -> None:
        if verdict:
            if len(self.kept) >= ADMISSIONS_KEPT:
                self.kept.clear()
            self.kept[admission(environ)] = time.monotonic() + ADMITTED_FOR


def admission(environ: dict[str, Any]) -> tuple[str, ...]:
    """What a front's admission is decided on (``api.auth.admitted``: the route, the credential)."""
    return (
        environ["REQUEST_METHOD"],
        environ["PATH_INFO"],
        environ["QUERY_STRING"],
        environ.get("HTTP_AUTHORIZATION", ""),
        environ.get("HTTP_COOKIE", ""),
        environ.get("HTTP_X_ADJUDICATOR_CONSOLE", ""),
    )

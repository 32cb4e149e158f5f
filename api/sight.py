"""What caches are told of an answer that depends on its reader (issue: a shared cache must never
hand an official's answer to a viewer).

- **The ETag says the sight.** An answer about a hand is made for the sight its reader was given
  (``adjudicator.service.sight``): ``tag`` gives the ETag for it, the version alone for a reader who
  sees everything, the version and the sight for a narrower one (``"9-public"``), so that a
  viewer's ``If-None-Match`` with an official's ETag gets the viewer's answer, never a 304.
- **Every answer but the public ones is private** (``private``, after every request):
  ``Cache-Control: private`` and ``Vary: Authorization, Cookie``. The public ones (the rulesets, the
  contract, the console's static files) are the same for every reader.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, g, request

from adjudicator.service.sight import Reader
from api.declare import declared

#: What an answer depends on besides its URL: who sends it (a bearer token, or the console's cookie).
READER_HEADERS = ("Authorization", "Cookie")


def tag(value: str) -> str:
    """The ETag of an answer made for this request's reader (``value``: its version, or digest)."""
    reader: Reader | None = g.get("reader")
    return value if reader is None else reader.tag(value)


def _public() -> bool:
    if request.endpoint is None:
        return False
    if request.endpoint == "static" or request.endpoint.endswith(".static"):
        return True
    view = current_app.view_functions[request.endpoint]
    found = declared(view)
    return found is not None and found.policy.anonymous == "public"


def private(response: Response) -> Response:
    """``after_request``: an answer that depends on its reader is private to it."""
    if _public():
        return response
    for header in READER_HEADERS:
        response.vary.add(header)
    if not response.cache_control.no_store:
        response.cache_control.private = True
    return response


def install(app: Flask) -> None:
    app.after_request(private)

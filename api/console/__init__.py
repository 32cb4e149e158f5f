"""The officials' console: server-rendered pages (Jinja2) over the same use cases as the REST API.

No build step and nothing fetched from the internet at run time (halls have none): the templates and
the few scripts live here and are served by ``adjudicator serve`` itself under ``/console``. A page
reads as its reader may (``api.auth``: the sign-in cookie or a bearer header); the writes a page makes
go through the REST API with the same credential.
"""

from __future__ import annotations

from werkzeug.wrappers import Response

from api.auth import page_view
from api.console import (
    board,
    calls,
    contract,
    correcting,
    desk,
    elsewhere,
    hands,
    join,
    players,
    printed,
    recorder,
    render,
    rulebooks,
    signin,
    tournaments,
)
from api.console.blueprint import blueprint

#: The modules whose routes the blueprint holds (imported for their registrations).
PAGES = (
    render,
    signin,
    join,
    hands,
    calls,
    correcting,
    elsewhere,
    rulebooks,
    tournaments,
    players,
    board,
    printed,
    contract,
    recorder,
    desk,
)


@page_view
def home() -> Response:
    """``/``: a browser pointed at the service lands on the console."""
    return hands.home()


__all__ = ["PAGES", "blueprint", "home"]

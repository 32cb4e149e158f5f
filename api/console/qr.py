"""A QR code drawn on the server as inline SVG (``segno``, pure Python): a phone's camera opens the
address it holds, and the page needs no script, no image request and no network beyond the hall's.

Dark modules on a white ground with the standard quiet zone, whatever the page's colours: a camera
reads a QR code printed or projected that way, and often not one inverted.
"""

from __future__ import annotations

from typing import Final

import segno
from flask import current_app, request
from markupsafe import Markup

#: The config key of the hall's own address (``ADJUDICATOR_PUBLIC_URL``, which ``serve --hall`` sets).
PUBLIC_URL: Final = "ADJUDICATOR_PUBLIC_URL"


def hall_url() -> str:
    """Where the hall's phones reach this service, without a trailing slash: the hall's address when
    one is set (a director who opened the page as 127.0.0.1 still prints what a phone can open), else
    the address the page was asked at."""
    given = current_app.config.get(PUBLIC_URL)
    return str(given or request.host_url).rstrip("/")


def svg(address: str, title: str) -> Markup:
    """``address`` as an SVG QR code (medium error correction: a projector's glare, a smudged card),
    sized by its container (no width or height of its own), with the standard quiet zone."""
    code = segno.make(address, error="m", micro=False)
    drawn: str = code.svg_inline(
        scale=1,
        border=4,
        omitsize=True,
        svgclass="qr-code",
        lineclass=None,
        title=title,
        dark="#000",
        light="#fff",
    )
    return Markup(drawn.replace("<svg ", '<svg role="img" ', 1))  # segno escapes the title

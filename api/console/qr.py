"""A QR code drawn on the server as inline SVG (``segno``, pure Python): a phone's camera opens the
address it holds, and the page needs no script, no image request and no network beyond the hall's.

Dark modules on a white ground with the standard quiet zone, whatever the page's colours: a camera
reads a QR code printed or projected that way, and often not one inverted.
"""

from __future__ import annotations

import segno
from markupsafe import Markup

from api.request import hall_url

__all__ = ["hall_url", "svg"]  # the hall's address, where the codes' addresses start


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

"""``adjudicator serve --hall``: the service for a hall's phones, on the hall's own network (a Wi-Fi
router, no internet needed). It listens on every interface, finds the address the phones reach this
machine at, prints it with a QR code for the director's phone, and says in one line what that exposes.

The address is the one this machine would send from on its network: a UDP socket "connected" to an
address of each private range sends nothing (UDP has no handshake) but makes the kernel choose the
route and so the source address; the addresses the machine's name resolves to are candidates too.
``choose`` then prefers a private address (a hall's router hands those out), never a loopback one.
"""

from __future__ import annotations

import io
import os
import socket
from collections.abc import Iterable
from ipaddress import IPv4Address, IPv4Network, ip_address
from typing import Final

from adjudicator.service.serving import PUBLIC_URL_ENV

#: Where a hall server listens: every IPv4 interface (the router's network, and this machine too).
EVERYWHERE: Final = "0.0.0.0"
#: Addresses in each private range and the documentation one: routes are looked up, nothing is sent.
PROBES: Final = ("192.168.255.255", "10.255.255.255", "172.31.255.255", "192.0.2.1")
#: The ranges a home or hall router hands out (RFC 1918).
ROUTERS: Final = tuple(IPv4Network(r) for r in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
EXPOSES: Final = (
    "the console, the API and the board are reachable by anyone on this network; "
    "every write needs a credential (an official's token, or a table's card)"
)


def candidates() -> list[str]:
    """This machine's IPv4 addresses as its routes and its name say them (maybe none, maybe loopback)."""
    found: list[str] = []
    for probe in PROBES:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            try:
                udp.connect((probe, 9))
                found.append(str(udp.getsockname()[0]))
            except OSError:  # no route to that range: no network there
                continue
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        named = []
    found.extend(str(info[4][0]) for info in named)
    return list(dict.fromkeys(found))


def choose(addresses: Iterable[str]) -> str | None:
    """The address to give the hall: the first in a range routers hand out, else the first other
    private one, else the first other that is neither loopback, link-local nor unspecified; None if
    there is none (no network)."""
    usable: list[IPv4Address] = []
    for text in addresses:
        try:
            address = ip_address(text)
        except ValueError:
            continue
        if isinstance(address, IPv4Address) and not (
            address.is_loopback or address.is_unspecified or address.is_multicast or address.is_link_local
        ):
            usable.append(address)
    ranked = sorted(usable, key=lambda a: (not any(a in r for r in ROUTERS), not a.is_private))
    return str(ranked[0]) if ranked else None


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with the terminal's block characters (two rows a line)."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def announce(scheme: str, port: int, address: str | None) -> list[str]:
    """What ``serve --hall`` prints (one string a block), and the hall's address set for the workers'
    table cards (``ADJUDICATOR_PUBLIC_URL``, unless the operator set it)."""
    if address is None:
        return [
            f"no network found: this machine has only its own address. Join the hall's Wi-Fi router "
            f"(or plug it in), then start again; meanwhile it serves {scheme}://127.0.0.1:{port}/",
            EXPOSES,
        ]
    base = f"{scheme}://{address}:{port}"
    os.environ.setdefault(PUBLIC_URL_ENV, base)
    return [
        f"the hall reaches this service at {base}/ (scan this code with the director's phone)",
        qr_text(f"{base}/"),
        EXPOSES,
    ]

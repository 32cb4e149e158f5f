"""The desk's table cards (``adjudicator.service.cards``): ``/console/desk/{id}/cards`` lists the
tournament's cards, with one click to withdraw each, and a form that prints a card for every table
from 1 to N that has no live card. The form's answer is the printing page itself: one large card a
half page (A4 or Letter), the table's number, a QR code (SVG, drawn here by segno) of the address that
signs the table's phone in, and the code to type instead. It is shown this once (``no-store``): the
form posted again under its once-only key (a reload before printing) shows the same cards, made again
from the key and the official's token; nothing keeps the cards' secrets.

The QR code's address is the hall's (``ADJUDICATOR_PUBLIC_URL``, which ``adjudicator serve --hall``
sets to the machine's address on the hall's network), else the one this page was asked at; a card
printed from a page asked at ``localhost`` would send the phones nowhere, so the page says so.
"""

from __future__ import annotations

from ipaddress import ip_address
from typing import Any
from urllib.parse import urlsplit
from uuid import UUID

from flask import Response, redirect
from werkzeug.wrappers import Response as Redirect

from adjudicator.domain.limits import MAX_TABLE
from adjudicator.service import tournaments as use
from adjudicator.service.cards import Printed, issue_cards, join_url, tournament_cards, wanted, withdraw
from adjudicator.service.errors import ServiceError
from adjudicator.service.scorekeepers import tournament_name
from api.auth import cards, credentials, presented, who
from api.console.blueprint import blueprint
from api.console.desk.forms import desk_url, key, reader_is_official, refusal, text, writer
from api.console.join import clock
from api.console.qr import hall_url, svg
from api.console.render import page
from api.routes.tournaments import tournaments


def unreachable(url: str) -> bool:
    """Whether ``url`` names this machine only (a loopback address, ``localhost``): no phone reaches it."""
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def _tables(t: dict[str, Any]) -> int:
    """The tables the field fills (two teams a table), or the highest a sheet was played at."""
    seated: list[int] = [s["table"] for s in t["sheets"] if isinstance(s.get("table"), int)]
    return max([len(t["teams"]) // 2, *seated, 1])


def cards_page(tournament_id: UUID, refused: str | None = None) -> Response:
    reader_is_official()
    t = use.overview(tournaments(), tournament_id)
    listed = tournament_cards(cards(), str(tournament_id))
    return page(
        "desk/cards.html",
        422 if refused else 200,
        t=t,
        base=desk_url(tournament_id),
        cards=listed,
        clock=clock,
        tables=_tables(t),
        refused=refused,
        url=hall_url(),
        unreachable=unreachable(hall_url()),
    )


@blueprint.get("/desk/<uuid:tournament_id>/cards")
def table_cards(tournament_id: UUID) -> Response:
    return cards_page(tournament_id)


@blueprint.post("/desk/<uuid:tournament_id>/cards")
def print_cards(tournament_id: UUID) -> Response:
    """A card for each table from 1 to ``tables`` without a live one, on the page to print."""
    writer()
    name = tournament_name(tournaments(), tournament_id)
    asked, sent = text("tables") or "", key()
    if not asked.isdigit() or not 1 <= int(asked) <= MAX_TABLE:
        return cards_page(
            tournament_id, f"the number of tables is a whole number from 1 to {MAX_TABLE}, not {asked!r}"
        )
    if sent is None:
        return cards_page(tournament_id, "the form was sent without its once-only key: open this page again")
    tables = wanted(cards(), str(tournament_id), int(asked), sent)
    try:
        issued = issue_cards(cards(), who(), str(tournament_id), name, tables, (sent, presented()))
    except ServiceError as error:
        return cards_page(tournament_id, refusal(error))
    return _printing(tournament_id, name, issued)


def _printing(tournament_id: UUID, name: str, issued: list[Printed]) -> Response:
    base = hall_url()
    shown = []
    for one in issued:
        url = join_url(base, one.link)
        qr = svg(url, f"QR code that signs in the phone of table {one.card.table}")
        shown.append({"card": one.card, "code": one.spaced, "url": url, "qr": qr})
    answer = page(
        "desk/cards_print.html",
        name=name,
        base=desk_url(tournament_id),
        printed=shown,
        sign_in=f"{base}/console/sign-in",
        unreachable=unreachable(base),
    )
    answer.headers["Cache-Control"] = "no-store"  # the cards' secrets are on this page only
    return answer


@blueprint.post("/desk/<uuid:tournament_id>/cards/<card>/revocation")
def withdraw_card(tournament_id: UUID, card: str) -> Response | Redirect:
    """One card withdrawn, and every phone it signed in signed out, at once."""
    writer()
    try:
        withdraw(cards(), credentials(), who(), str(tournament_id), card)
    except ServiceError as error:
        return cards_page(tournament_id, refusal(error))
    return redirect(desk_url(tournament_id, "/cards"), 303)

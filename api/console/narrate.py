"""One line of plain English per recorded event, as an official would read the record aloud."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from api.console.cards import shown

Event = Mapping[str, Any]


def _cards(codes: Any) -> str:
    return " ".join(shown(str(c)).face for c in codes or []) or "no cards"


def _seat(event: Event, key: str = "seat") -> str:
    return str(event.get(key) or "?").capitalize()


def _declare(e: Event) -> str:
    if e.get("trump"):
        return f"{_seat(e)} names {e['trump']} trump"
    return f"{_seat(e)} declares {e.get('direction') or 'no trump'}"


def _tech(e: Event) -> str:
    what = str(e.get("infraction") or "an infraction").replace("_", " ")
    return f"{_seat(e, 'by')} calls {what} against {_seat(e, 'against')}"


def _choice(e: Event) -> str:
    who = "the official" if e.get("by") == "official" else _seat(e, "by")
    return f"{who.capitalize()} chooses {str(e.get('option', '')).replace('_', ' ')} for {e.get('ruling')}"


def _correct_record(e: Event) -> str:
    replaced = e.get("replace_with")
    what = f"replaced by a {replaced.get('type')}" if isinstance(replaced, Mapping) else "voided"
    return f"The official corrects event {e.get('event')}: {what} ({e.get('reason')})"


NARRATORS: dict[str, Callable[[Event], str]] = {
    "deal": lambda e: "The deal is recorded" + (" with the kitty" if e.get("kitty") else ""),
    "bid": lambda e: f"{_seat(e)} bids {e.get('bid')}",
    "discard": lambda e: f"{_seat(e)} discards {_cards(e.get('cards'))}",
    "declare": _declare,
    "play": lambda e: f"{_seat(e)} plays {shown(str(e.get('card'))).face}",
    "renege_call": lambda e: f"{_seat(e, 'by')} calls a renege against {_seat(e, 'against')}",
    "tech_call": _tech,
    "finding": lambda e: f"The official finds the call at event {e.get('call')} {e.get('finding')}",
    "inspect": lambda e: f"The official inspects {_seat(e)}'s hand: {_cards(e.get('cards'))}",
    "expose": lambda e: f"{_seat(e)} exposes {_cards(e.get('cards'))}",
    "misdeal": lambda e: f"Misdeal ({str(e.get('reason', '')).replace('_', ' ')})",
    "choice": _choice,
    "concede": lambda e: f"{_seat(e)} concedes",
    "close": lambda e: "The official closes the hand",
    "exchange": lambda e: (
        f"{_seat(e)} passes {_cards(e.get('discards'))} and takes {_cards(e.get('receives'))}"
    ),
    "correct": lambda e: f"{_seat(e)} corrects the renege with {shown(str(e.get('card'))).face}",
    "hesitation": lambda e: f"{_seat(e)} is penalised for hesitation ({e.get('penalty')})",
    "wrong_dealer": lambda e: f"It was {_seat(e)}'s deal",
    "correct_record": _correct_record,
    "score_confirmation": lambda e: (
        f"{_seat(e, 'by')} agrees to the score"
        if e.get("verdict") == "agreed"
        else f"{_seat(e, 'by')} disputes the score" + (f": {e['note']}" if e.get("note") else "")
    ),
}


def narrate(event: Event) -> str:
    teller = NARRATORS.get(str(event.get("type")))
    return teller(event) if teller else str(event.get("type", "event")).replace("_", " ")

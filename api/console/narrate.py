"""One line of plain English per recorded event, as an official would read the record aloud.

Cards, seats and code words are said by ``adjudicator.words``, as everywhere else on the console.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from adjudicator import words as say

Event = Mapping[str, Any]


def _seat(event: Event, key: str = "seat") -> str:
    return say.seat(event.get(key))


def _declare(e: Event) -> str:
    if e.get("trump"):
        return f"{_seat(e)} names {e['trump']} trump"
    return f"{_seat(e)} declares {e.get('direction') or 'no trump'}"


def _tech(e: Event) -> str:
    what = say.words(e.get("infraction") or "an infraction")
    return f"{_seat(e, 'by')} calls {what} against {_seat(e, 'against')}"


def _choice(e: Event) -> str:
    who = "The official" if e.get("by") == "official" else _seat(e, "by")
    chose = f"{who} chooses {say.words(e.get('option'))} for {say.reference(e.get('ruling'))}"
    return chose + _note(e)


def _finding(e: Event) -> str:
    upheld = f"{e.get('finding')}" + (f": {say.words(e['option'])}" if e.get("option") else "")
    return f"The official finds the call at event {e.get('call')} {upheld}" + _note(e)


def _note(e: Event) -> str:
    """The official's note on a finding or choice, quoted, when there is one."""
    return f" (note: \u201c{e['note']}\u201d)" if e.get("note") else ""


def _correct_record(e: Event) -> str:
    """The correction with the event it records instead: "corrects event 12 to: South plays 10♥"."""
    replaced = e.get("replace_with")
    if isinstance(replaced, Mapping):
        return f"The official corrects event {e.get('event')} to: {narrate(replaced)} ({e.get('reason')})"
    return f"The official voids event {e.get('event')} ({e.get('reason')})"


NARRATORS: dict[str, Callable[[Event], str]] = {
    "deal": lambda e: "The deal is recorded" + (" with the kitty" if e.get("kitty") else ""),
    "bid": lambda e: f"{_seat(e)} bids {e.get('bid')}",
    "discard": lambda e: f"{_seat(e)} discards {say.cards(e.get('cards'))}",
    "declare": _declare,
    "play": lambda e: f"{_seat(e)} plays {say.face(e.get('card'))}",
    "renege_call": lambda e: f"{_seat(e, 'by')} calls a renege against {_seat(e, 'against')}",
    "tech_call": _tech,
    "finding": _finding,
    "inspect": lambda e: f"The official inspects {_seat(e)}'s hand: {say.cards(e.get('cards'))}",
    "expose": lambda e: f"{_seat(e)} exposes {say.cards(e.get('cards'))}",
    "misdeal": lambda e: f"Misdeal ({say.words(e.get('reason'))})",
    "choice": _choice,
    "concede": lambda e: f"{_seat(e)} concedes",
    "close": lambda e: "The official closes the hand",
    "exchange": lambda e: (
        f"{_seat(e)} passes {say.cards(e.get('discards'))} and takes {say.cards(e.get('receives'))}"
    ),
    "correct": lambda e: f"{_seat(e)} corrects the renege with {say.face(e.get('card'))}",
    "hesitation": lambda e: f"{_seat(e)} is penalised for hesitation ({say.words(e.get('penalty'))})",
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
    return teller(event) if teller else say.kind(event.get("type", "event"))

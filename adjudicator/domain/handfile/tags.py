"""The tag pairs that open a text record, ``[Name value]`` as PBN has them, and the compact deal.

A tag's value is JSON: a string in quotes (``[Ruleset "texas"]``), or a number, ``null`` or an object
where the member is one. The players are one tag per seat (``[North "Ann"]``), an author is written
``Name (role)``, the first deal ``[Deal "#1 N:AS,KS,… E:… S:… W:… K:… P:6,15,…"]``: each seat's
cards in the order recorded, then the kitty (``K``) and the kitty's positions (``P``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

from adjudicator.domain.cards import SEATS
from adjudicator.domain.handfile.record import HandFileError
from adjudicator.domain.handfile.values import is_word, whole

#: The record's members a tag holds as it is (an author is the ``Name (role)`` form).
PLAIN: Final = {
    "Hand": "id",
    "Ruleset": "ruleset",
    "Dealer": "dealer",
    "Event": "label",
    "Opened": "opened_at",
}
AUTHORS: Final = {"OpenedBy": "opened_by"}
SEAT_TAGS: Final = {seat.capitalize(): seat for seat in SEATS}
LINK: Final = ("Tournament", "Match", "Table")
#: Written for the reader, worked out again from the events: read and set aside.
SHOWN: Final = ("Contract", "Result")
KNOWN: Final = frozenset(
    {"Format", *PLAIN, *AUTHORS, *SEAT_TAGS, "Players", *LINK, "Imported", "Deal", *SHOWN}
)
TAG: Final = re.compile(r"\[([A-Za-z]+) (.*)\]")
BY: Final = re.compile(r"(.*) \(([a-z]+)\)")
SEGMENT: Final = re.compile(r"([NESWKP]):(\S*)")
LETTERS: Final = {"N": "north", "E": "east", "S": "south", "W": "west"}
DEAL_ORDERS: Final = tuple(
    ["type", "hands", *rest] for rest in ([], ["kitty"], ["kitty_positions"], ["kitty", "kitty_positions"])
)


def tag(name: str, value: object) -> str:
    return f"[{name} {json.dumps(value, ensure_ascii=False)}]"


def read_tag(text: str, line: int) -> tuple[str, Any] | None:
    """``[Name value]``: (name, value); None for a line that is no tag (a section's header)."""
    found = TAG.fullmatch(text)
    if found is None:
        return None
    name = found.group(1)
    if name not in KNOWN:
        raise HandFileError(f"[{name} …] is not a tag of {', '.join(sorted(KNOWN))}", line)
    try:
        return name, json.loads(found.group(2))
    except ValueError:
        raise HandFileError(f"[{name} …]: its value is not a quoted string or JSON", line) from None


def author_text(author: object) -> object:
    """``{"name", "role"}`` as ``Name (role)`` when it reads back so; else the object itself."""
    if isinstance(author, Mapping) and list(author) == ["name", "role"]:
        name, role = author["name"], author["role"]
        text = f"{name} ({role})"
        # a name opening with "{" would read back as a JSON author: written as one
        plain = isinstance(name, str) and name[:1] not in ("", "{") and isinstance(role, str)
        if plain and text.isprintable():
            found = BY.fullmatch(text)
            if found is not None and found.groups() == (name, role) and name == name.strip():
                return text
    return author


def read_author(value: object, line: int) -> object:
    if not isinstance(value, str):
        return value
    found = BY.fullmatch(value)
    if found is None:
        raise HandFileError(f"an author is written 'Name (role)': {value!r}", line)
    return {"name": found.group(1), "role": found.group(2)}


def players_tags(players: object) -> list[str]:
    if (
        isinstance(players, Mapping)
        and players
        and all(seat in SEATS and isinstance(name, str) for seat, name in players.items())
    ):
        return [tag(seat.capitalize(), name) for seat, name in players.items()]
    return [] if players is None else [tag("Players", players)]


def _cards(cards: object) -> bool:
    return isinstance(cards, list) and all(is_word(card) for card in cards)


def compact_deal(event: Mapping[str, Any]) -> bool:
    """Whether the ``[Deal]`` tag writes this deal exactly (else it is an event line)."""
    keys = list(event)
    hands = event.get("hands")
    positions = event.get("kitty_positions", [])
    return (
        keys in DEAL_ORDERS
        and isinstance(hands, Mapping)
        and bool(hands)
        and all(seat in SEATS and _cards(cards) for seat, cards in hands.items())
        and _cards(event.get("kitty", []))
        and (
            positions is None
            or (isinstance(positions, list) and all(type(p) is int and p >= 0 for p in positions))
        )
    )


def deal_text(number: int, event: Mapping[str, Any]) -> str:
    segments = [f"{seat[0].upper()}:{','.join(cards)}" for seat, cards in event["hands"].items()]
    if "kitty" in event:
        segments.append(f"K:{','.join(event['kitty'])}")
    if "kitty_positions" in event:
        positions = event["kitty_positions"]
        segments.append("P:null" if positions is None else f"P:{','.join(map(str, positions))}")
    return f"#{number} " + " ".join(segments)


def read_deal(value: object, line: int) -> tuple[int, dict[str, Any]]:
    """The ``[Deal]`` tag's value read back: (the deal's number, the deal event)."""
    number, _, rest = value.partition(" ") if isinstance(value, str) else ("", "", "")
    if not (number.startswith("#") and number[1:].isascii() and number[1:].isdigit()):
        raise HandFileError('[Deal "#N N:… E:… S:… W:… K:… P:…"]: it starts with the deal\'s #N', line)
    event: dict[str, Any] = {"type": "deal", "hands": {}}
    seen: set[str] = set()
    for segment in rest.split(" "):
        found = SEGMENT.fullmatch(segment)
        if found is None:
            raise HandFileError(f"[Deal]: {segment!r} is not N:, E:, S:, W:, K: or P: and cards", line)
        letter, text = found.groups()
        if letter in seen:
            raise HandFileError(f"[Deal]: {letter}: is given twice", line)
        seen.add(letter)
        items = text.split(",") if text else []
        if letter == "P":
            if not all(item.isascii() and item.isdigit() for item in items) and text != "null":
                raise HandFileError(f"[Deal]: P: holds kitty positions, not {text!r}", line)
            event["kitty_positions"] = None if text == "null" else [whole(item, line) for item in items]
        elif not all(is_word(item) for item in items):
            raise HandFileError(f"[Deal]: {text!r} is not a list of cards", line)
        elif letter == "K":
            event["kitty"] = items
        else:
            event["hands"][LETTERS[letter]] = items
    return whole(number[1:], line), event

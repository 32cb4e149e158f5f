"""The words every step shares, for hands and tournaments alike: one set of ``parse`` types.

A step pattern is written with :func:`step`; its fields may use the types below:

- ``{x:Seat}`` north, east, south or west; ``{x:Team}`` north_south or east_west;
- ``{x:Who}`` a seat or "the official" (given to the step as ``official``);
- ``{x:Ruleset}`` one of the five rulebooks; ``{x:Card}`` one card as written (``AS``, ``10H``, ``BJ``);
- ``{x:Q}`` the text between a pair of double quotes;
- ``{x:Cited}`` what a ``... cites "<document>" section "<section>"`` step asks about (a ruling, a
  ``"<rule>" rule``, the draw, a match, or one of a tournament's records); ``{x:Record}`` match or sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pytest_bdd import parsers

Event = dict[str, Any]

CITED = (
    "ruling",
    "draw",
    "match",
    "proposed seating",
    "standings",
    "playoff field",
    "bracket",
    "medals",
    "delay ruling",
    "dispute",
    "correction",
)


class _Text:
    """A ``parse`` type matching ``pattern`` and giving the text through ``convert``."""

    def __init__(self, pattern: str, convert: Callable[[str], str] = str) -> None:
        self.pattern = pattern
        self.convert = convert

    def __call__(self, text: str) -> str:
        return self.convert(text)


TYPES: dict[str, Callable[[str], str]] = {
    "Seat": _Text(r"north|east|south|west"),
    "Team": _Text(r"north_south|east_west"),
    "Who": _Text(r"north|east|south|west|the official", lambda who: who.removeprefix("the ")),
    "Ruleset": _Text(r"detroit|texas|chicago|cardtel|ontario"),
    "Card": _Text(r"\S+"),
    "Q": _Text(r'[^"]*'),
    "Cited": _Text("|".join([*CITED, r'"[^"]*" rule'])),
    "Record": _Text(r"match|sheet"),
}


def step(text: str) -> parsers.parse:
    """A step pattern whose fields may use the types above."""
    return parsers.parse(text, extra_types=TYPES)


def words(text: str) -> list[str]:
    """``"AS, KS QS"`` -> ``["AS", "KS", "QS"]``."""
    return text.replace(",", " ").split()


def names(text: str) -> list[str]:
    """``"Aces, Big Kings"`` -> ``["Aces", "Big Kings"]``."""
    return [n.strip() for n in text.split(",") if n.strip()]


def snake(text: str) -> str:
    """``"play out of turn"`` -> ``"play_out_of_turn"``."""
    return "_".join(text.split())


def side(text: str) -> str | list[str]:
    """A side as the steps name it: a team (``Aces``, ``north_south``) or a Bid Euchre pair (``a1 a2``)."""
    parts = text.split()
    return parts if len(parts) > 1 else text.strip()


def sheet_side(text: str) -> str | tuple[str, ...]:
    """A side as a score sheet holds it: a team's name, or a pair of players as a tuple."""
    named = side(text)
    return tuple(named) if isinstance(named, list) else named

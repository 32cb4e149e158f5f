"""The words every step shares, for hands and tournaments alike: one set of ``parse`` types.

A step pattern is written with :func:`step`; its fields may use the types below:

- ``{x:Seat}`` north, east, south or west; ``{x:Team}`` North-South or East-West, given as the
  engine's name;
- ``{x:Kind}`` a ruling's kind in words, with or without its article ("a bid out of turn", "the renege",
  "talking the game"), given as the engine's name (``bid_out_of_turn``);
- ``{x:Who}`` a seat or "the official" (given to the step as ``official``);
- ``{x:Ruleset}`` one of the five rulebooks; ``{x:Card}`` one card as written (``AS``, ``10H``, ``BJ``);
- ``{x:Q}`` the text between a pair of double quotes;
- ``{x:Cited}`` what a ``... cites "<document>" section "<section>"`` step asks about: a ruling, a
  rulebook's rule in words ("the first lead rule", given as its name ``first-lead``), the draw, a match,
  or one of a tournament's records; ``{x:Record}`` match or sheet.

The words are the console's (:mod:`adjudicator.domain.words`), read backwards: a feature says what the pages
say, never a code identifier (tests/features/test_feature_words.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import parse

from adjudicator.domain import words as said

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


#: A team as the pages name it (either dash), back to the engine's name.
TEAMS = {
    **{name: code for code, name in said.TEAMS.items()},
    **{name.replace("\u2013", "-"): code for code, name in said.TEAMS.items()},
}
_ARTICLE = re.compile(r"^(?:an?|the) ")
_IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def kind(text: str) -> str:
    """A ruling's kind in words back to the engine's name: "a bid out of turn" -> ``bid_out_of_turn``."""
    return snake(_ARTICLE.sub("", text))


def spoken(text: str) -> str:
    """The engine's own sentence with its teams and code identifiers in the pages' words, so that a step
    may quote it as an official reads it: "north_south already agreed" -> "North-South already agreed"
    (with the pages' en dash)."""
    text = re.sub("|".join(said.TEAMS), lambda m: said.team(m[0]), text)
    return _IDENTIFIER.sub(lambda m: said.words(m[0]), text)


def cited(text: str) -> str:
    """What a ``cites`` step asks about: one of ``CITED``, or a rulebook's rule in words ("the first lead
    rule") given as the rule's name (``first-lead``)."""
    return text if text in CITED else "-".join(text.removesuffix(" rule").split())


TYPES: dict[str, Callable[[str], str]] = {
    "Seat": _Text(r"north|east|south|west"),
    "Team": _Text("|".join(TEAMS), TEAMS.__getitem__),
    "Kind": _Text(r"[a-z][a-z ]*[a-z]", kind),
    "Who": _Text(r"north|east|south|west|the official", lambda who: who.removeprefix("the ")),
    "Ruleset": _Text(r"detroit|texas|chicago|cardtel|ontario"),
    "Card": _Text(r"\S+"),
    "Q": _Text(r'[^"]*'),
    "Cited": _Text("|".join([*CITED, r"[a-z][a-z ]* rule"]), cited),
    "Record": _Text(r"match|sheet"),
}


def step(text: str) -> parse.Parser:
    """A step pattern whose fields may use the types above."""
    return parse.compile(text, extra_types=TYPES)


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
    """A side as the steps name it: a team (``Aces``, North-South) or a Bid Euchre pair (``a1 a2``)."""
    if text.strip() in TEAMS:
        return TEAMS[text.strip()]
    parts = text.split()
    return parts if len(parts) > 1 else text.strip()


def sheet_side(text: str) -> str | tuple[str, ...]:
    """A side as a score sheet holds it: a team's name, or a pair of players as a tuple."""
    named = side(text)
    return tuple(named) if isinstance(named, list) else named

"""Twin hands for the sight tests: the same hand, in play, told twice with the concealed cards moved.

``twin(kind)`` makes a hand in play (``whist``: a Texas hand with a renege nobody has called, a
discard, an official's inspection and a correction whose ``replace_with`` is the deal; ``euchre``:
an Ontario hand with a Bid Euchre exchange and the same official's events) and its twin: the same
events, but with pairs of concealed cards swapped in every concealed member (a renaming ``sigma`` of
cards nobody has shown), so that what the table has seen is the same and where the hidden cards are
is not. A reader who may not see the cards must read the same of both, in every answer (the
non-interference the generated matrix checks). ``probes`` are plays of the swapped cards by the seat
to play: refused in both hands to a writer who sees the cards, for reasons that name another holder
in each. ``splits`` are plays by that seat of a card it holds in one hand and not in the other (one
more pair swapped): recorded in one, refused in the other, to a writer who sees the cards.

What is concealed is said here again on purpose, not imported from the service: a member the
service forgot would then still be renamed here, and show.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator import IllegalEvent, adjudicate
from adjudicator.simulation.hands import random_euchre_hand, reneging_hand

Event = dict[str, Any]
#: Each event type's members that hold cards the table has not seen (the rulebooks: a deal, a
#: discard laid away, an exchange between partners, an inspection by the official).
HIDDEN: dict[str, tuple[str, ...]] = {
    "deal": ("hands", "kitty"),
    "discard": ("cards",),
    "exchange": ("discards", "receives"),
    "inspect": ("cards",),
}
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AKQJ])[SHDC](?![0-9A-Za-z])|(?<![A-Za-z])[BL]J(?![A-Za-z])")
TOURNAMENT = "7a1b2c3d-0000-4000-8000-00000000000a"


def cards_in(text: str) -> set[str]:
    return set(CARD.findall(text))


def _rename_cards(value: Any, sigma: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return sigma.get(value, value)
    if isinstance(value, list):
        return [_rename_cards(v, sigma) for v in value]
    if isinstance(value, dict):
        return {k: _rename_cards(v, sigma) for k, v in value.items()}
    return value


def rename(event: Mapping[str, Any], sigma: Mapping[str, str]) -> Event:
    """The event with ``sigma`` applied to its concealed members (and to any event nested in it)."""
    hidden = HIDDEN.get(str(event.get("type")), ())
    return {
        key: _rename_cards(value, sigma)
        if key in hidden
        else rename(value, sigma)
        if isinstance(value, Mapping) and "type" in value
        else value
        for key, value in event.items()
    }


def public_cards(events: list[Event]) -> set[str]:
    """The cards the table has shown: played, played to correct a renege, exposed."""
    shown = {str(e["card"]) for e in events if e["type"] in ("play", "correct")}
    return shown | {str(c) for e in events if e["type"] == "expose" for c in e["cards"]}


@dataclass(frozen=True)
class Twin:
    ruleset: str
    dealer: str
    table: list[Event]  # what the table's scorekeeper records
    officials: list[Event]  # then the official's inspection and correction
    sigma: dict[str, str]
    probes: list[Event]
    splits: list[Event] = field(default_factory=list)

    @property
    def events(self) -> list[Event]:
        return [*self.table, *self.officials]

    def other(self) -> Twin:
        """The same hand with the concealed cards swapped by ``sigma``."""
        moved = [rename(e, self.sigma) for e in self.table]
        officials = [rename(e, self.sigma) for e in self.officials]
        return Twin(self.ruleset, self.dealer, moved, officials, self.sigma, self.probes, self.splits)

    def uncalled(self) -> set[str]:
        """The rulings of the hand the table has not called (as an official reads them)."""
        judged = adjudicate(self.ruleset, self.dealer, self.events)
        return {r["id"] for r in judged.rulings_data() if r["status"] == "detected"}


def _prefix(kind: str) -> tuple[str, list[Event]]:
    if kind == "whist":
        return "texas", reneging_hand(1, "texas", "north")
    events = random_euchre_hand(5, "north")  # a call for one: an exchange between partners
    plays = [n for n, e in enumerate(events) if e["type"] == "play"]
    return "ontario", events[: plays[9]]


def _official_events(ruleset: str, table: list[Event], seat: str) -> list[Event]:
    held = adjudicate(ruleset, "north", table).state["hands"][seat]
    return [
        {"type": "inspect", "seat": seat, "cards": held},
        {"type": "correct_record", "event": 1, "replace_with": table[0], "reason": "keyed twice"},
    ]


def _made(ruleset: str, table: list[Event], sigma: dict[str, str], inspected: str) -> Twin | None:
    """The hand with ``sigma`` as its twin's renaming, if the twin is a legal hand whose rulings the
    table can see are the same."""
    made = Twin(ruleset, "north", table, _official_events(ruleset, table, inspected), sigma, [])
    try:
        same = _settled(made) == _settled(made.other())
    except IllegalEvent:
        return None
    return made if same else None


def twin(kind: str) -> Twin:
    """A hand in play and a renaming of its concealed cards that the table cannot tell apart: one
    pair of cards held by two seats (the pair that changes the uncalled ruling if one does), one
    card laid away (the discard, or an exchange) with a card a seat holds, and one card of the seat
    to play with another seat's (its ``splits``)."""
    ruleset, table = _prefix(kind)
    state = adjudicate(ruleset, "north", table).state
    to_play = state["turn"]["seat"]
    shown = public_cards(table)
    places: dict[str, str] = {}  # an unshown card's place: a seat, or away (discarded, exchanged)
    for seat, held in state["hands"].items():
        for card in held:
            places.setdefault(card, seat)
    away = [*(state["discard"] or []), *((state["exchange"] or {}).get("receives") or [])]
    for card in away:
        places[card] = "away"
    mine = set(state["hands"][to_play])
    movable = sorted(c for c in places if c not in shown | mine and c not in ("BJ", "LJ"))
    pairs = [(a, b) for a, b in itertools.combinations(movable, 2) if "away" not in (places[a], places[b])]
    pairs = [pair for pair in pairs if places[pair[0]] != places[pair[1]]]
    held = next(iter(pairs))
    for a, b in pairs:
        made = _made(ruleset, table, {a: b, b: a}, places[a])
        if made is not None and made.uncalled() != made.other().uncalled():
            held = (a, b)
            break
    sigma = {held[0]: held[1], held[1]: held[0]}
    laid = [c for c in movable if places[c] == "away"]
    for a, b in itertools.product(laid, movable):
        if places[b] != "away" and not {a, b} & set(sigma):
            tried = _made(ruleset, table, {**sigma, a: b, b: a}, places[held[0]])
            if tried is not None:
                sigma = tried.sigma
                break
    probes = [{"type": "play", "seat": to_play, "card": card} for card in sorted(sigma)]
    others = [c for c in movable if places[c] != "away" and c not in sigma]
    own = sorted(c for c in mine - shown if c not in ("BJ", "LJ") and c not in sigma)
    for a, b in itertools.product(own, others):
        tried = _made(ruleset, table, {**sigma, a: b, b: a}, places[held[0]])
        if tried is not None:
            sigma = tried.sigma
            break
    chosen = _made(ruleset, table, sigma, places[held[0]])
    assert chosen is not None and len(sigma) == 6, f"no twin for the {kind} hand"
    splits = [{"type": "play", "seat": to_play, "card": c} for c in sorted(set(sigma) - _cards(probes))]
    made = Twin(ruleset, "north", table, chosen.officials, sigma, probes, splits)
    for told, probe in itertools.product((made, made.other()), probes):
        try:
            adjudicate(ruleset, "north", [*told.events, probe])
        except IllegalEvent:
            continue
        raise AssertionError(f"{probe} would be recorded: not a probe")
    for split in splits:
        recorded = [_recorded(told, split) for told in (made, made.other())]
        assert sorted(recorded) == [False, True], f"{split} is not held in exactly one twin"
    return made


def _cards(plays: list[Event]) -> set[str]:
    return {str(play["card"]) for play in plays}


def _recorded(told: Twin, play: Event) -> bool:
    try:
        adjudicate(told.ruleset, told.dealer, [*told.events, play])
    except IllegalEvent:
        return False
    return True


def _settled(made: Twin) -> list[dict[str, Any]]:
    judged = adjudicate(made.ruleset, made.dealer, made.events)
    return [r for r in judged.rulings_data() if r["status"] != "detected"]

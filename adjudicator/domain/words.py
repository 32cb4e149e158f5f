"""The one place that turns the engine's values into the sentences an official reads aloud.

The engine answers in data (``{"type": "loss_of_hand", "team": "north_south"}``, ``AS``,
``bid_out_of_turn``, ``renege@13``, an ISO time in UTC); every page, and the API's ``text`` members,
say it with these functions: "North-South lose the hand; East-West score 4", "the ace of spades"
in a sentence ("A♠" on a card's face), "Bid out of turn", "the renege in book 3", "10:42" in the
hall's own time. Pure presentation: nothing here decides a ruling, and an effect type without a
sentence of its own is a defect the render test (tests/unit/test_words.py) finds over every rulebook;
an identifier left in a page's calls and rulings is one tests/e2e/test_calls_in_words.py finds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, tzinfo
from typing import Any, Final

SYMBOLS: Final = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
JOKERS: Final = {"BJ": "Big joker", "LJ": "Little joker"}
TEAMS: Final = {"north_south": "North\u2013South", "east_west": "East\u2013West"}
SEATS: Final = ("north", "east", "south", "west")
#: What a ruling's status means, said once: the badge shows the word, this says what it means.
STATUS: Final = {
    "detected": "found in the record, not yet called",
    "pending": "waiting for the official's ruling",
    "established": "established",
    "dismissed": "dismissed",
}

RANKS: Final = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

_CARD = re.compile(r"\b(10|[2-9JQKA])([SHDC])\b|\b(BJ|LJ)\b")
#: Where the engine names a moment of the hand by its event: "at event 20", "event 20".
_AT_EVENT = re.compile(r"\b(at )?event (\d+)\b")
_TEAM = re.compile(r"\b(north_south|east_west)\b")
_SEAT = re.compile(r"\b(north|east|south|west)\b")
_RULING_ID = re.compile(r"\b([a-z_]+)@(\d+)\b")
_IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
#: A list or tuple the engine wrote as Python does (``[1, 54]``, ``[(6, 7), (20, 21)]``, ``['AS']``),
#: and an item of one (a tuple, or anything up to the next comma).
_VALUE = r"\s*(?:-?\d+|'[^']*')\s*"
_LIST = re.compile(rf"\[([^\[\]]*)\]|\(({_VALUE}(?:,{_VALUE})+)\)")
_ITEM = re.compile(r"\s*\(([^()]*)\)|[^,]+")

Data = Mapping[str, Any]


def face(code: object) -> str:
    """A card as a player writes it: "A♠", "10♥", "Big joker"; anything else as it was."""
    text = str(code)
    if text in JOKERS:
        return JOKERS[text]
    match = _CARD.fullmatch(text)
    return f"{match[1]}{SYMBOLS[match[2]]}" if match and match[1] else text


def name(code: object) -> str:
    """A card as a sentence says it: "the queen of hearts", "the ten of diamonds", "the big joker"."""
    text = str(code)
    if text in JOKERS:
        return "the " + JOKERS[text].lower()
    match = _CARD.fullmatch(text)
    return f"the {RANKS[match[1]]} of {SUIT_NAMES[match[2]]}" if match and match[1] else text


def cards(codes: Iterable[object] | None) -> str:
    return " ".join(face(c) for c in codes or []) or "no cards"


def day(iso: object) -> str:
    """A tournament's date as a hall's notice gives it: "Tuesday 24 November 2026" ('' for none).

    >>> day("2026-11-24")
    'Tuesday 24 November 2026'
    """
    if not isinstance(iso, str) or not iso:
        return ""
    when = date.fromisoformat(iso)
    return f"{when:%A} {when.day} {when:%B %Y}"


#: A match's sheet as a hall's board says it (``Sheet.status``).
SHEET_STATUS: Final = {
    "open": "playing",
    "complete": "played, to be signed",
    "signed": "signed",
    "eliminated": "a team eliminated",
}


def sheet_status(value: object) -> str:
    return SHEET_STATUS.get(str(value), words(value))


def seat(name: object) -> str:
    return str(name or "?").capitalize()


def team(name: object) -> str:
    return TEAMS.get(str(name), words(name))


def words(value: object) -> str:
    """A code identifier in words: ``bid_out_of_turn`` → "bid out of turn"."""
    return "" if value is None else str(value).replace("_", " ")


def kind(value: object) -> str:
    """A ruling's kind as a heading: "Bid out of turn"."""
    said = words(value)
    return said[:1].upper() + said[1:]


@dataclass(frozen=True, slots=True)
class Moments:
    """Where each event of one hand fell, as the table says it: "in book 3", "after book 12",
    "before the first book" (the deal, the bidding, the kitty). ``books``: each book's number and
    the events of its plays, from the hand's latest table (``moments``); ``known``: whether they
    are (``NOWHERE``, where a hand's table is not at hand, names an entry of the record by number)."""

    books: tuple[tuple[int, tuple[int, ...]], ...] = ()
    known: bool = False

    def where(self, event: object) -> str:
        n = int(str(event))
        if not self.known:
            return f"at the record's entry {n}"
        after = None
        for number, plays in self.books:
            if plays and plays[0] <= n <= plays[-1]:
                return f"in book {number}"
            if plays and plays[-1] < n:
                after = number
        return f"after book {after}" if after is not None else "before the first book"

    def entry(self, event: object) -> str:
        """The record's entry at ``event`` named by where it fell: "the entry in book 3"."""
        where = self.where(event)
        return where[3:] if where.startswith("at ") else f"the entry {where}"


def moments(table: Data | None) -> Moments:
    """A hand's ``Moments`` from its latest table as the API gives it (``books``, and ``book`` in play)."""
    table = table or {}
    shown = [*(table.get("books") or []), *([table["book"]] if table.get("book") else [])]
    books: list[tuple[int, tuple[int, ...]]] = []
    for book in shown:
        plays = tuple(sorted(int(p["event"]) for p in book.get("plays", []) if p.get("event") is not None))
        if plays:
            books.append((int(book.get("number") or len(books) + 1), plays))
    return Moments(tuple(books), known=True)


NOWHERE: Final = Moments()


def reference(ruling_id: object, at: Moments = NOWHERE) -> str:
    """A ruling's id in words: ``renege@13`` → "the renege in book 3"."""
    match = _RULING_ID.fullmatch(str(ruling_id))
    return f"the {words(match[1])} {at.where(match[2])}" if match else words(ruling_id)


def clock(iso: object, zone: tzinfo | None = None) -> str:
    """A recorded time (ISO, UTC) as the hall's clock shows it, in the service's local time
    (``zone`` for another): "14:05"."""
    if not isinstance(iso, str) or not iso:
        return ""
    return f"{datetime.fromisoformat(iso).astimezone(zone):%H:%M}"


def stamp(iso: object, zone: tzinfo | None = None) -> str:
    """A recorded time with its day, in the local time (``zone`` for another): "28 Nov 2026, 14:05"."""
    if not isinstance(iso, str) or not iso:
        return ""
    when = datetime.fromisoformat(iso).astimezone(zone)
    return f"{when.day} {when:%b %Y}, {when:%H:%M}"


def against(value: object) -> str:
    """Whom a call is against: a seat ("East"), a team's side ("North-South"), or a team by its
    number as the desk names it ("T01")."""
    text = str(value or "")
    if text in SEATS:
        return seat(text)
    return TEAMS.get(text, text)


def listed(items: Iterable[object]) -> str:
    """Items as a sentence lists them: "1 and 54", "6 and 7, and 20 and 21"."""
    said = [str(item) for item in items]
    if len(said) < 2:
        return "".join(said) or "none"
    last = ", and " if any(" and " in item for item in said) else " and "
    return ", ".join(said[:-1]) + last + said[-1]


def _as_listed(match: re.Match[str]) -> str:
    items = _ITEM.finditer(match[1] if match[1] is not None else match[2])
    return listed(_as_listed(item) if item[1] is not None else item[0].strip().strip("'\"") for item in items)


def call(value: Data) -> str:
    """A call for an official (``QueuedCall.to_dict``) as the table made it: "North called a renege
    on East", "East called a tech on North: looking at kitty", "East disputed the score"."""
    what, by, on = str(value.get("kind")), value.get("seat"), value.get("against")
    if what == "score_dispute":
        return f"{seat(by)} disputed the score"
    if what == "sheet_dispute":
        return "A dispute on the match's sheet" + (f", against {against(on)}" if on else "")
    if what == "record_conflict":
        return "The record conflicts with the cards as recorded"
    if not by:
        return kind(what)
    said = f"{seat(by)} called a renege" if what == "renege" else f"{seat(by)} called a tech"
    said += f" on {against(on)}" if on else ""
    return said if what == "renege" else f"{said}: {words(what)}"


def prose(text: object, at: Moments = NOWHERE) -> str:
    """The engine's own sentence with cards, seats, teams and moments as people say them: "north
    played AS at event 7" → "North played the ace of spades in book 2" (``at``: the hand's moments);
    a code identifier left in it reads as words, and a list it wrote as Python does as a sentence's
    ("positions [(6, 7), (20, 21)]" → "positions 6 and 7, and 20 and 21")."""
    said = _LIST.sub(_as_listed, str(text or ""))
    said = _RULING_ID.sub(lambda m: reference(m[0], at), said)
    said = _AT_EVENT.sub(lambda m: at.where(m[2]) if m[1] else at.entry(m[2]), said)
    said = _CARD.sub(lambda m: name(m[0]), said)
    said = _TEAM.sub(lambda m: TEAMS[m[1]], said)
    said = _SEAT.sub(lambda m: m[1].capitalize(), said)
    said = _IDENTIFIER.sub(lambda m: words(m[0]), said)
    return said[:1].upper() + said[1:]


def status(value: object) -> str:
    return STATUS.get(str(value), words(value))


def _points(n: object) -> str:
    return f"{n} point" if n in (1, -1) else f"{n} points"


#: One sentence per effect type the engine writes (``adjudicator.domain.rulings.ruling.effect``).
EFFECTS: Final[dict[str, Callable[[Data], str]]] = {
    "loss_of_hand": lambda e: f"{team(e.get('team'))} lose the hand",
    "redeal": lambda e: "the hand is void and dealt again",
    "book_transfer": lambda e: (
        f"{e.get('books')} books pass from {team(e.get('from'))} to {team(e.get('to'))}"
    ),
    "partner_silenced": lambda e: f"play goes on; the offender's partner ({team(e.get('team'))}) is silenced",
    "restriction": lambda e: f"play goes on with {team(e.get('team'))} under the restriction",
    "card_plays": lambda e: "the exposed card is played to the book",
    "must_play": lambda e: (
        f"the exposed card stays face up; {team(e.get('team'))} play it at the first legal opportunity"
    ),
    "point_penalty": lambda e: f"{team(e.get('team'))} lose {_points(e.get('points'))}",
    "partner_barred": lambda e: f"the offender's partner ({team(e.get('team'))}) stands down",
    "none": lambda e: "no effect on the score",
}


def effect(value: Data | str | None, score: Data | None = None) -> str:
    """An established ruling's effect on the hand, with what it scores when ``score`` is the hand's:
    "North-South lose the hand; East-West score 4"."""
    if value is None:
        return ""
    if isinstance(value, str):
        return prose(value)
    teller = EFFECTS.get(str(value.get("type")))
    said = teller(value) if teller else prose(value.get("type"))
    if score and score.get("final") and value.get("type") == "loss_of_hand" and score.get("winner"):
        said += "; " + scored(score)
    return _capital(said)


def _capital(said: str) -> str:
    return said[:1].upper() + said[1:]


def scored(score: Data) -> str:
    """Who scores what: "East-West score 4", "North-South score 2, East-West score -1"; where the
    rulebook scores no points (Chicago counts hands won), who won the hand: "East-West win the hand"."""
    points = score.get("points") or {}
    teams = [t for t in TEAMS if points.get(t)]
    if not teams:
        return won(score) if score.get("winner") else "no points are scored"
    said = ", ".join(f"{team(t)} score {points[t]}".replace("score -", "score \u2212") for t in teams)
    return said + _counted(score)


def won(score: Data, why: str = "") -> str:
    """Who won the hand, ``why`` ("on North's renege"), and as how many hands won where a rulebook
    counts some twice: "North-South win the hand, counted as 2 hands won"."""
    return f"{team(score.get('winner'))} win the hand{why}{_counted(score)}"


def _counted(score: Data) -> str:
    count = (score.get("hand_wins") or {}).get(score.get("winner"), 1)
    return f", counted as {count} hands won" if isinstance(count, int) and count > 1 else ""


def contract(value: Data | None) -> str:
    """A contract as the table says it: "West bid 4 no trump downtown", "South bid 5 uptown, hearts trump"."""
    if not value:
        return "no contract"
    said = f"{seat(value.get('bidder'))} bid {value.get('bid')}"
    if value.get("trump"):
        return said if str(value["trump"]) in str(value.get("bid")) else f"{said}, {value['trump']} trump"
    direction = value.get("direction")
    return f"{said} {direction}" if direction and str(direction) not in str(value.get("bid")) else said


def ruling(value: Data, score: Data | None = None) -> str:
    """A ruling in one sentence: what, by whom, where it stands, and its effect once established."""
    said = f"{kind(value.get('kind'))} by {seat(value.get('seat'))}"
    called = value.get("called_by") or {}
    if called and called.get("seat") != value.get("seat"):
        said += f", called by {seat(called.get('seat'))}"
    state = str(value.get("status"))
    if state == "established" and value.get("effect"):
        return f"{said}, established: {effect(value['effect'], score)}."
    if value.get("choice"):
        choice = value["choice"]
        said += f"; {seat(choice.get('by'))} chose {words(choice.get('option'))}"
    return f"{said}: {status(state)}."


def ruling_in_full(value: Data, score: Data | None = None, at: Moments = NOWHERE) -> str:
    """The ruling's sentence and then what the record shows, as the API's ``text`` says it."""
    detail = prose(value.get("detail"), at).rstrip(".")
    return f"{ruling(value, score)} {detail}." if detail else ruling(value, score)


def _kind_of(decided_by: object, rulings: Iterable[Data]) -> Data | None:
    return next((r for r in rulings if r.get("id") == decided_by), None)


def score(value: Data, rulings: Iterable[Data] = ()) -> str:
    """How the hand was decided and what it scores: "East-West score 4 on North's renege",
    "West bid 4 no trump downtown: made with 9 books; East-West score 4"."""
    if not value.get("final"):
        return "No final score yet."
    decided = _kind_of(value.get("decided_by"), rulings) if value.get("decided_by") else None
    why = f" on {seat(decided.get('seat'))}'s {words(decided.get('kind'))}" if decided else ""
    if value.get("void"):
        return f"The hand is void{why}: it is dealt again."
    if decided is not None:
        winner = value.get("winner")
        if winner and (value.get("points") or {}).get(winner):
            return f"{_capital(scored(value))}{why}."
        if not any((value.get("points") or {}).values()):
            return f"{won(value, why)}."
        return f"{won(value, why)}; {scored(value)}."
    bid = value.get("contract")
    if not bid or value.get("made") is None:
        return f"{_capital(scored(value))}."
    books = (value.get("books") or {}).get(_team_of(bid.get("bidder")), 0)
    result = "made" if value.get("made") else "set"
    boston = f"; a Boston for {team(value['boston'])}" if value.get("boston") else ""
    counted = "1 book" if books == 1 else f"{books} books"
    return f"{contract(bid)}: {result} with {counted}; {scored(value)}{boston}."


def _team_of(name: object) -> str:
    return "north_south" if name in ("north", "south") else "east_west"


def duration(seconds: float | None) -> str:
    """A wait as an official says it: "45 s", "3 min 20 s", "1 h 5 min"; "none yet" when nothing was ruled."""
    if seconds is None:
        return "none yet"
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min {secs} s" if minutes else f"{secs} s"

"""A text record read back into the JSON record it was written from, or refused with its line.

Blank lines and comments (``;`` or ``%`` first) are skipped. Tags come first; then the sections
(``[Auction]``, ``[Play]``, ``[Irregularities]``, ``[Provenance]``) in any order. In the first three,
a line is an event (``#N type member=value …``), a bid (``#N seat words``) or a book
(``B leader: #n seat card, … -> winner``; the book's number, leader and winner are for the reader).
The events' numbers must be 1 to N, each once. A file may hold several hands, each from its own
``[Format "adjudicator-hand/1"]`` tag.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

from adjudicator.domain.cards import SEATS
from adjudicator.domain.handfile import tags
from adjudicator.domain.handfile.record import FORMAT, HEAD, HandFileError, with_provenance
from adjudicator.domain.handfile.values import is_word, parse_event_line, read_value, whole
from adjudicator.domain.limits import MAX_HAND_EVENTS

SECTIONS: Final = ("Auction", "Play", "Irregularities", "Provenance")
HEADER: Final = re.compile(r"\[([A-Za-z]+)\]")
RANGE: Final = re.compile(r"#([0-9]+)(?:-([0-9]+))?")
#: The most events a hand holds (``adjudicator.domain.limits``): a run of provenance covers no more.
MOST_EVENTS: Final = MAX_HAND_EVENTS
BOOK: Final = re.compile(r"([0-9]+) ([a-z]+): (.+) -> (\S+)")
CARD_PLAYED: Final = re.compile(r"#([0-9]+) ([a-z]+) (\S+)")
BID: Final = re.compile(r"#([0-9]+) (north|east|south|west) ([A-Za-z0-9]+(?: [A-Za-z0-9]+)*)")


class _Hand:
    """One hand's lines as they are read: its tags, its events and their provenance by number."""

    def __init__(self, line: int) -> None:
        self.line = line
        self.tags: dict[str, Any] = {}
        self.events: dict[int, tuple[dict[str, Any], int]] = {}
        self.provenance: dict[int, tuple[dict[str, Any], int]] = {}
        self.section: str | None = None

    def add_tag(self, name: str, value: Any, line: int) -> None:
        if self.section is not None:
            raise HandFileError(f"[{name} …]: tags come before the sections", line)
        if name in self.tags:
            raise HandFileError(f"[{name} …] is given twice", line)
        if name == "Deal":
            self.add_event(*tags.read_deal(value, line), line)
        self.tags[name] = value

    def add_event(self, number: int, event: dict[str, Any], line: int) -> None:
        if number in self.events:
            raise HandFileError(
                f"event #{number} is given twice (first at line {self.events[number][1]})", line
            )
        self.events[number] = (event, line)

    def add_line(self, text: str, line: int) -> None:
        if self.section is None:
            raise HandFileError("an event before any section: start one with [Auction], [Play] …", line)
        if self.section == "Provenance":
            numbers, provenance = _provenance(text, line)
            for number in numbers:
                if number in self.provenance:
                    raise HandFileError(f"the provenance of #{number} is given twice", line)
                self.provenance[number] = (dict(provenance), line)
            return
        book = BOOK.fullmatch(text)
        if book is not None:
            for played in book.group(3).split(", "):
                found = CARD_PLAYED.fullmatch(played)
                if found is None or found.group(2) not in SEATS or not is_word(found.group(3)):
                    raise HandFileError(f"a book's card is '#n seat card', not {played!r}", line)
                card = {"type": "play", "seat": found.group(2), "card": found.group(3)}
                self.add_event(whole(found.group(1), line), card, line)
            return
        bid = BID.fullmatch(text)
        if bid is not None:
            event = {"type": "bid", "seat": bid.group(2), "bid": bid.group(3)}
            self.add_event(whole(bid.group(1), line), event, line)
            return
        self.add_event(*parse_event_line(text, line), line)

    def record(self) -> dict[str, Any]:
        count = len(self.events)
        for number, (_, line) in sorted(self.events.items()):
            if not 0 < number <= count:
                missing = min(set(range(1, count + 1)) - set(self.events))
                raise HandFileError(
                    f"event #{number}, but #{missing} is missing: events are #1 to #{count}", line
                )
        for number, (_, line) in self.provenance.items():
            if number not in self.events:
                raise HandFileError(f"provenance of #{number}, an event the record does not have", line)
        if self.tags.get("Format") != FORMAT:
            raise HandFileError(f'a hand starts with [Format "{FORMAT}"]', self.line)
        head = _head(self.tags, self.line)
        events = [
            with_provenance(self.events[n][0], self.provenance[n][0] if n in self.provenance else None)
            for n in range(1, count + 1)
        ]
        return {"format": FORMAT, **{key: head.get(key) for key in HEAD}, "events": events}


def _provenance(text: str, line: int) -> tuple[range, dict[str, Any]]:
    """``#N recorded_at Name (role)``, or ``#N-M …`` for events N to M."""
    number = RANGE.match(text)
    if number is None or not text[number.end() :].startswith(" "):
        raise HandFileError("a provenance line is '#N recorded_at Name (role)' (or #N-M …)", line)
    first = whole(number.group(1), line)
    last = whole(number.group(2), line) if number.group(2) else first
    if not first <= last < first + MOST_EVENTS:
        raise HandFileError(f"#{first}-{last} is no run of events a hand holds", line)
    recorded_at, end = read_value(text, number.end() + 1, line)
    rest = text[end:].strip()
    if rest.startswith("{") or rest in ("null", ""):
        by, stop = read_value(rest, 0, line) if rest else (None, 0)
        if rest[stop:].strip():
            raise HandFileError("a provenance line ends with its author", line)
    else:
        by = tags.read_author(rest, line)
    return range(first, last + 1), {"author": by, "recorded_at": recorded_at}


def _head(found: dict[str, Any], line: int) -> dict[str, Any]:
    """The record's members from its tags."""
    head: dict[str, Any] = {key: found[name] for name, key in tags.PLAIN.items() if name in found}
    if "OpenedBy" in found:
        head["opened_by"] = tags.read_author(found["OpenedBy"], line)
    seats = {seat: found[name] for name, seat in tags.SEAT_TAGS.items() if name in found}
    if seats and "Players" in found:
        raise HandFileError("[Players …] and a seat's tag both name the players", line)
    if seats:
        order = [name for name in found if name in tags.SEAT_TAGS]
        head["players"] = {tags.SEAT_TAGS[name]: found[name] for name in order}
    elif "Players" in found:
        head["players"] = found["Players"]
    link = found.get("Tournament")
    if isinstance(link, str):
        head["tournament"] = {"id": link, "match": found.get("Match"), "table": found.get("Table")}
    elif link is not None or "Match" in found or "Table" in found:
        if "Match" in found or "Table" in found:
            raise HandFileError('[Match …] and [Table …] go with a [Tournament "id"]', line)
        head["tournament"] = link
    head["imported"] = found.get("Imported")
    return head


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(text.split("\n"), start=1):  # not splitlines: a name may hold U+2028
        line = raw.rstrip("\r").strip(" \t")
        if line and line[0] not in ";%":
            yield number, line


def _read(text: str, hands: list[_Hand]) -> None:
    for number, line in _lines(text):
        try:
            _read_line(line, number, hands)
        except RecursionError:  # a JSON value nested thousands deep
            raise HandFileError("a value nests arrays or objects too deeply", number) from None


def _read_line(line: str, number: int, hands: list[_Hand]) -> None:
    found = tags.read_tag(line, number)
    if found is not None and found[0] == "Format":
        hands.append(_Hand(number))
    if not hands:
        raise HandFileError(f'a text record starts with [Format "{FORMAT}"]', number)
    hand = hands[-1]
    if found is not None:
        hand.add_tag(*found, number)
        return
    section = HEADER.fullmatch(line)
    if section is None:
        hand.add_line(line, number)
    elif section.group(1) in SECTIONS:
        hand.section = section.group(1)
    else:
        raise HandFileError(f"[{section.group(1)}] is not a section of {', '.join(SECTIONS)}", number)


def from_text(text: str) -> list[dict[str, Any]]:
    """Every hand of a text file, as JSON records (``HandFileError`` names the first bad line and,
    in a file of several, its hand)."""
    hands: list[_Hand] = []
    try:
        _read(text, hands)
    except HandFileError as error:
        error.hand = len(hands) - 1 if hands else None
        raise
    if not hands:
        raise HandFileError(f'the text holds no hand: each starts with [Format "{FORMAT}"]', 1)
    records = []
    for n, hand in enumerate(hands):
        try:
            records.append(hand.record())
        except HandFileError as error:
            error.hand = n
            raise
    return records

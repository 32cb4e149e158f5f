"""A hand record as text: tag pairs, then the auction, the play book by book, the irregularities with
the rulings as comments, and who recorded each event when (``[Provenance]``).

Every event is on a line with its number (``#N``), so the sections can group the events as a reader
looks for them (bids together, one line per book) and still give them back in their order. A line
says an event exactly or not at all: an event the compact forms cannot say exactly (an extra member,
a corrected play, an odd spelling) is written as ``#N type member=value …``. Each event type's
description (``adjudicator.domain.events.vocabulary``) names its section; any event reads back from its line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from adjudicator.domain.cards import SEATS
from adjudicator.domain.events import REGISTRY
from adjudicator.domain.handfile import tags
from adjudicator.domain.handfile.commentary import Commentary
from adjudicator.domain.handfile.record import FORMAT, normalized, split_event
from adjudicator.domain.handfile.values import encode, event_line, is_word

BID_WORDS: Final = r"[A-Za-z0-9]+(?: [A-Za-z0-9]+)*"


def _header(record: Mapping[str, Any], deal: str | None, commentary: Commentary | None) -> list[str]:
    lines = [tags.tag("Format", FORMAT)]
    for name, key in tags.PLAIN.items():
        if record[key] is not None:
            lines.append(tags.tag(name, record[key]))
        if key == "label":
            lines.extend(tags.players_tags(record["players"]))
    if record["opened_by"] is not None:
        lines.append(tags.tag("OpenedBy", tags.author_text(record["opened_by"])))
    link = record["tournament"]
    if isinstance(link, Mapping) and list(link) == ["id", "match", "table"] and isinstance(link["id"], str):
        lines.extend(tags.tag(name, value) for name, value in zip(tags.LINK, link.values(), strict=True))
    elif link is not None:
        lines.append(tags.tag("Tournament", link))
    if record["imported"] is not None:
        lines.append(tags.tag("Imported", record["imported"]))
    if deal is not None:
        lines.append(tags.tag("Deal", deal))
    if commentary is not None:
        lines.extend(_shown(commentary))
    return lines


def _shown(commentary: Commentary) -> list[str]:
    contract, score = commentary.contract, commentary.score
    lines = []
    if contract:
        how = contract.get("trump") or contract.get("direction")
        lines.append(
            tags.tag("Contract", f"{contract['bid']} by {contract['bidder']}" + (f", {how}" if how else ""))
        )
    if score:
        books = ", ".join(f"{team} {n}" for team, n in score["books"].items())
        points = ", ".join(f"{team} {n}" for team, n in score["points"].items())
        outcome = (
            "void" if score["void"] else f"won by {score['winner']}" if score["winner"] else "not decided"
        )
        final = "" if score["final"] else " (not final)"
        lines.append(tags.tag("Result", f"books {books}; points {points}; {outcome}{final}"))
    return lines


def _bid_line(number: int, event: Mapping[str, Any]) -> str | None:
    if list(event) != ["type", "seat", "bid"] or event["seat"] not in SEATS:
        return None
    bid = event["bid"]
    return (
        f"#{number} {event['seat']} {bid}" if isinstance(bid, str) and re.fullmatch(BID_WORDS, bid) else None
    )


def _plain_play(event: Mapping[str, Any]) -> bool:
    return (
        list(event) == ["type", "seat", "card"]
        and event["type"] == "play"
        and event["seat"] in SEATS
        and is_word(event["card"])
    )


def _book_lines(
    events: Sequence[Mapping[str, Any]], books: Sequence[Mapping[str, Any]], taken: set[int]
) -> list[tuple[int, str]]:
    """One line a book, ``N leader: #n seat card, … -> winner``, for every book whose plays are
    recorded exactly as they counted (a corrected play stays an event line); the book being played
    last, its winner ``?``."""
    corrected = {e.get("event") for e in events if e.get("type") == "correct_record"}

    def plain(n: int) -> bool:
        return n not in taken and n not in corrected and 0 < n <= len(events) and _plain_play(events[n - 1])

    lines = []
    for book in books:
        numbers = [play["event"] for play in book["plays"]]
        if numbers and all(plain(n) for n in numbers):
            taken.update(numbers)
            lines.append(
                (
                    numbers[0],
                    f"{book['number']} {book['leader']}: {_cards(events, numbers)} -> {book['winner']}",
                )
            )
    last = max((play["event"] for book in books for play in book["plays"]), default=0)
    current = [n for n, e in enumerate(events, start=1) if n > last and e.get("type") == "play"]
    if 0 < len(current) < 4 and all(plain(n) for n in current):
        taken.update(current)
        leader = events[current[0] - 1]["seat"]
        lines.append((current[0], f"{len(books) + 1} {leader}: {_cards(events, current)} -> ?"))
    return lines


def _cards(events: Sequence[Mapping[str, Any]], numbers: Iterable[int]) -> str:
    return ", ".join(f"#{n} {events[n - 1]['seat']} {events[n - 1]['card']}" for n in numbers)


def _ruling_comments(rulings: Iterable[Mapping[str, Any]]) -> list[str]:
    lines = []
    for ruling in rulings:
        cites = "; ".join(
            f"{c.get('document')} {c.get('section')}".strip() for c in ruling.get("citations", [])
        )
        text = (
            f"; {ruling['id']} ({ruling['status']}) against {ruling['seat']} ({ruling['team']}): "
            f"{ruling['detail']}. Penalty: {ruling['penalty']}. [{cites}]"
        )
        lines.append(" ".join(text.split()))
    return lines


def _provenance_lines(provenance: Sequence[Mapping[str, Any] | None]) -> list[str]:
    """``#N recorded_at Name (role)``, or ``#N-M …`` for a run of events recorded alike."""
    lines = []
    n = 1
    while n <= len(provenance):
        said = provenance[n - 1]
        last = n
        while last < len(provenance) and said is not None and provenance[last] == said:
            last += 1
        if said is not None:
            by = tags.author_text(said["author"])
            written = by if isinstance(by, str) else encode(by)
            numbers = f"#{n}" if last == n else f"#{n}-{last}"
            lines.append(f"{numbers} {encode(said['recorded_at'])} {written}")
        n = last + 1
    return lines


def to_text(record: Mapping[str, Any], commentary: Commentary | None = None) -> str:
    """The record as text; ``commentary``: what to show beside the events (books, rulings, result)."""
    record = normalized(record)
    split = [split_event(item) for item in record["events"]]
    events = [event for event, _ in split]
    taken: set[int] = set()
    deal = next((n for n, e in enumerate(events, 1) if e.get("type") == "deal"), None)
    deal_tag = None
    if deal is not None and tags.compact_deal(events[deal - 1]):
        deal_tag = tags.deal_text(deal, events[deal - 1])
        taken.add(deal)
    sections: dict[str, list[tuple[int, str]]] = {"Auction": [], "Play": [], "Irregularities": []}
    if commentary is not None:
        sections["Play"] = _book_lines(events, commentary.books, taken)
    for n, event in enumerate(events, start=1):
        if n in taken:
            continue
        kind = event.get("type")
        described = REGISTRY.get(kind) if isinstance(kind, str) else None
        sections[described.section if described else "Irregularities"].append(
            (n, (_bid_line(n, event) if kind == "bid" else None) or event_line(n, event))
        )
    lines = _header(record, deal_tag, commentary)
    for name, found in sections.items():
        comments = _ruling_comments(commentary.rulings) if commentary and name == "Irregularities" else []
        if found or comments:
            lines += ["", f"[{name}]", *(text for _, text in sorted(found)), *comments]
    provenance = _provenance_lines([p for _, p in split])
    if provenance:
        lines += ["", "[Provenance]", "; #event(s) recorded_at author", *provenance]
    return "\n".join(lines) + "\n"


def to_text_many(records: Iterable[Mapping[str, Any]], commentaries: Iterable[Commentary | None]) -> str:
    """Several records in one file, a blank line between them."""
    return "\n".join(to_text(r, c) for r, c in zip(records, commentaries, strict=True))

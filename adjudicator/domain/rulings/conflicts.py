"""A ruling on a record conflict: the table's record and the concealed cards as recorded disagree.

The table's account stands (it is what the table saw happen); which record is wrong, the card
recorded or the deal, is the official's to find out, as each rulebook gives the officials the last
word on what its rules do not settle (``record-conflict``: MATRIX.md has no row for it). The ruling
is ``pending`` until a correction of the record leaves no conflict (``correct_record``).
"""

from __future__ import annotations

from typing import Final

from adjudicator.domain import words as say
from adjudicator.domain.cards import team_of
from adjudicator.domain.records import HandRecord, RecordConflict
from adjudicator.domain.rulebooks import Ruleset
from adjudicator.domain.rulings.ruling import Ruling

#: The ruling's kind: a finding no one at the table called, from cards the table may not see.
RECORD_CONFLICT: Final = "record_conflict"
#: The ruling's kind: a hand recorded by its result whose books, entered since, disagree with it.
RESULT_CONFLICT: Final = "result_conflict"
#: The kinds of ruling no call brings: the record itself brings the official (``officials_queue``).
FROM_THE_RECORD: Final = frozenset({RECORD_CONFLICT, RESULT_CONFLICT})


def conflict_ruling(ruleset: Ruleset, conflict: RecordConflict) -> Ruling:
    return Ruling(
        id=f"{RECORD_CONFLICT}@{conflict.event}",
        kind=RECORD_CONFLICT,
        seat=conflict.seat,
        event=conflict.event,
        book=conflict.book,
        status="pending",
        detail=(
            f"the table's record and the record of the hands (the deal, the discard, an inspection) "
            f"disagree at event {conflict.event}: "
            f"{conflict.detail}; the table's account stands, and the hands are not known from here "
            "until an official corrects the record (the card recorded, or the deal)"
        ),
        penalty="none from the record: the official finds which record is wrong and corrects it",
        citations=ruleset.cite("record-conflict"),
    )


def result_conflict(ruleset: Ruleset, table: HandRecord) -> Ruling | None:
    """The books entered on a hand recorded by its result, when they disagree with it: the result
    stands (it is what both teams agreed) until an official corrects the record, the result or a
    card, as for any conflict of records (``record-conflict``)."""
    recorded = table.result
    if recorded is None or len(table.books) < recorded.tricks:
        return None
    bidders = team_of(table.contract.bidder)
    entered = dict.fromkeys(recorded.books, 0)
    entered[bidders] += sum(recorded.books.values()) - recorded.tricks  # the kitty, if any
    for book in table.books:
        entered[team_of(book["winner"])] += 1
    if entered == recorded.books:
        return None
    event = table.plays[-1].event
    said = "; ".join(
        f"{say.team(team)} took {recorded.books[team]} by the result, {entered[team]} by the books entered"
        for team in recorded.books
    )
    return Ruling(
        id=f"{RESULT_CONFLICT}@{event}",
        kind=RESULT_CONFLICT,
        seat=table.contract.bidder,
        event=event,
        book=None,
        status="pending",
        detail=(
            f"the books entered disagree with the result recorded at event {recorded.event}: {said}; "
            "the result stands until an official corrects the record (the result, or a card entered)"
        ),
        penalty="none from the record: the official finds which record is wrong and corrects it",
        citations=ruleset.cite("record-conflict"),
    )

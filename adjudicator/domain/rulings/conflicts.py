"""A ruling on a record conflict: the table's record and the concealed cards as recorded disagree.

The table's account stands (it is what the table saw happen); which record is wrong, the card
recorded or the deal, is the official's to find out, as each rulebook gives the officials the last
word on what its rules do not settle (``record-conflict``: MATRIX.md has no row for it). The ruling
is ``pending`` until a correction of the record leaves no conflict (``correct_record``).
"""

from __future__ import annotations

from typing import Final

from adjudicator.domain.records import RecordConflict
from adjudicator.domain.rulebooks import Ruleset
from adjudicator.domain.rulings.ruling import Ruling

#: The ruling's kind: a finding no one at the table called, from cards the table may not see.
RECORD_CONFLICT: Final = "record_conflict"


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

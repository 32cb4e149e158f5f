"""What a rulebook says about entering a tournament: who may play, how it is known, until when.

SEASON.md, "Entering a tournament and going on from it": the rows "who may play", "how it is known",
"registration closes" and "entries per centre". What differs per rulebook is this data, kept in each
rulebook's module as its ``ENTRY`` beside its ``TOURNAMENT``; the rule functions that read it are
``adjudicator.domain.tournaments.entry``'s and never test a ruleset's name. A rulebook silent on who
may enter admits anyone until the first round is seated (interpretation: registration-open).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Final

from adjudicator.domain.citations import Citation, cite, interpretation

#: SEASON.md's table of these rows, as its citations name it.
SEASON: Final = "SEASON.md"
ENTERING: Final = "Entering a tournament and going on from it (all five)"


def season_row(row: str) -> Citation:
    """A row of SEASON.md's table, cited as MATRIX.md's rows are."""
    return Citation(SEASON, f"{ENTERING}: {row}")


@dataclass(frozen=True, slots=True)
class Eligibility:
    """Who may play at one level of competition (Ontario's district games and provincial championships
    differ; the other rulebooks have one level). ``min_age``: the least whole years of age on the
    tournament's day, ``age_words`` how the rulebook says it; ``registered_by``: the (month, day) of the
    tournament's year by which each player registered elsewhere (Detroit's Senior Olympics);
    ``residence``: where each player lives; ``qualified``: a qualification each player must hold."""

    min_age: int | None = None
    age_words: str = ""
    registered_by: tuple[int, int] | None = None
    registered_words: str = ""
    residence: str | None = None
    qualified: bool = False


@dataclass(frozen=True, slots=True)
class EntryRules:
    """How one rulebook admits entries. ``levels``: the eligibility at each level of competition, the
    first the default; ``closes_after_start``: how long after the recorded start time no entry is
    taken (None: until the first round is seated); ``present_at_start``: whether a team not checked in
    by the start is in default (Ontario A); ``centre_places``: whether a full field gives a centre's
    first team the place of a centre's further team (Detroit XIV)."""

    levels: Mapping[str, Eligibility] = field(default_factory=lambda: {"open": Eligibility()})
    closes_after_start: timedelta | None = None
    present_at_start: bool = False
    centre_places: bool = False
    citations: Mapping[str, tuple[Citation, ...]] = field(default_factory=dict, repr=False)

    def cite(self, *rules: str) -> tuple[Citation, ...]:
        return cite(self.citations, *rules)


#: Texas, Chicago and Cardtel: silent on who may play and until when.
OPEN_ENTRY: Final = EntryRules(
    citations={
        "closes": (season_row("registration closes"), interpretation("registration-open")),
        "admission": (interpretation("official-admits"),),
    }
)

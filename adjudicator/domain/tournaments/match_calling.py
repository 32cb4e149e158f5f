"""A match called to a table: where its scorekeeper's phone records it.

Named as the director says it ("calling the final to table 3"), apart from a player's call at the
table (``adjudicator.domain.rulings.table_calls``) and a table's call for an official (the officials'
queue, ``adjudicator.domain.officials_queue``).

A preliminary match is played where its round seated it (``R2-T5`` at table 5); a playoff match
(semi-final, final, third place) is seated at no table, so no table's phone could record it and its
paper sheet went to the desk. The director calls a match to a table (``match_called``), and from then
on the sheet is that table's: its phone opens the match's next hand, links its hands, and its calls
name that table. Calling a match again moves it (the lights went out at table 5): a preliminary match
moves the same way, keeping its id.

The rules (interpretation: no rulebook says where a match is played; they are the desk's own):

- any match that is not finished may be called: a sheet signed by both teams, or a playoff match
  decided by an absence, is not;
- to a table numbered from 1 (``adjudicator.domain.tournaments.events.check``) other than the one it is at;
- a table plays one match at a time: a table whose match is still in progress (not signed by both
  teams) takes no other until that one is signed or called elsewhere.

A refusal raises ``IllegalEvent`` and changes nothing.
"""

from __future__ import annotations

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments.events import MatchCalled
from adjudicator.domain.tournaments.scoring import Scorekeeper


def call_to_table(scores: Scorekeeper, event: MatchCalled) -> None:
    """Put the match's sheet at ``event.table``, or refuse, naming what stands in the way.

    The hands already on the sheet are noted again (``Scorekeeper.relinked``), so that a reader
    keeping where each linked hand's match is played (the read models' ``sheet_hands``) follows the
    match to its new table, as a reader building its rows afresh would."""
    sheet = scores.sheet(event.match)
    if sheet.signed:
        raise IllegalEvent(
            f"{sheet.match} is signed by both teams: a finished match is called to no table", "match"
        )
    if sheet.decided:
        raise IllegalEvent(f"{sheet.match} is decided by an absence: there is nothing left to play", "match")
    if sheet.table == event.table:
        raise IllegalEvent(f"{sheet.match} is already played at table {event.table}", "table")
    busy = next(
        (s for s in scores.sheets.values() if s.table == event.table and s is not sheet and not s.decided),
        None,
    )
    if busy is not None:
        raise IllegalEvent(
            f"table {event.table} has {busy.match} in progress, not signed by both teams: "
            f"sign it, or call it to another table, before calling {sheet.match} there",
            "table",
        )
    sheet.table = event.table
    scores.relinked.extend(
        (line.hand, sheet.match) for line in sheet.lines if scores.linked.get(line.hand) == sheet.match
    )

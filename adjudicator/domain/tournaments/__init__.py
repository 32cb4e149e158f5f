"""Tournaments: teams, rounds, tables, matches and their sheets, standings and playoffs, as an event log.

A tournament is modelled as a hand is: an append-only list of JSON-able events, replayed by
``Tournament`` into its state. Impossible events raise ``adjudicator.IllegalEvent`` and change nothing;
random draws are recorded with their outcome and an official's override with its reason, so the
standings, the proposed seating and the bracket are pure functions of the log.

``replay.Tournament`` parses each event (``events``) and hands it to the part it concerns: who plays
(``roster``), rounds and tables (``seating``, ``draws``, ``proposal``, with the rotations in
``movement``), match sheets and running tallies (``sheets``, ``scoring``, ``disputes``), the ranking
(``standings``, ``tiebreaks``) and the bracket (``playoffs``). Each rulebook's tournament rules are
data, in its own module of ``adjudicator.domain.rulebooks``; ``formats`` looks one up by id.

>>> from adjudicator.domain.tournaments import replay_tournament
>>> t = replay_tournament([{"type": "tournament_created", "ruleset": "texas"},
...                        {"type": "team_registered", "team": "Aces"},
...                        {"type": "team_registered", "team": "Kings"}])
>>> t.proposal()["tables"]
[{'table': 1, 'north_south': 'Aces', 'east_west': 'Kings', 'uncounted': []}]
"""

from adjudicator.domain.tournaments.formats import FORMATS, TournamentFormat, get_format
from adjudicator.domain.tournaments.replay import Tournament, replay_tournament

__all__ = ["FORMATS", "Tournament", "TournamentFormat", "get_format", "replay_tournament"]

"""The service layer: the use cases the entry points (``api``, ``adjudicator.cli``) call, and the store.

Use cases (plain values in, plain data out, ``errors`` raised; no HTTP):

- ``hands``: rulesets, open a hand, append its events, read it (summary, events, state at a
  version, rulings, score), check and record the hands of an import file.
- ``tournaments``: create, append events, draw, seat a round, propose/seed the playoff, put a stored
  hand on a match's sheet (``link_hand``, with the rule of which hands may go there), sign a sheet,
  and every read (state at a version, events, proposal, seeding, matches, standings, bracket, medals).
- ``errors``: what they raise (not found, stale version, refused event, commit conflict, ...).

The store:

- ``eventlog``: ``EventStore``, the process's one eventsourcing application (one group commit, one
  set of append listeners), and ``EventLog``, the one generic log store (cache, locks, append with
  the conflict retry, reads at any version) that ``store.HandStore`` and
  ``tournament_store.TournamentStore`` specialise with their aggregates (``Hand``,
  ``TournamentLog``: their modules name their stored topics, so they stay where they are).
- ``groupcommit``: concurrent appends sharing one commit.
- ``readmodels``: the projector and the tables of hands/rulings and tournaments/standings/bracket.
- ``settings``: where the events and the read models are kept (default paths, environment).
"""

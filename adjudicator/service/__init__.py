"""The service layer: the use cases the entry points (``api``, ``adjudicator.cli``) call.

Use cases (plain values in, plain data out, ``errors`` raised; no HTTP):

- ``hands``: rulesets, open a hand, append its events, read it (summary, events, state at a
  version, rulings, score), check and record the hands of an import file.
- ``tournaments``: create, append events, draw, seat a round, propose/seed the playoff, put a stored
  hand on a match's sheet (``link_hand``, with the rule of which hands may go there), sign a sheet,
  and every read (state at a version, events, proposal, seeding, matches, standings, bracket, medals).
- ``errors``: what they raise (not found, stale version, refused event, commit conflict, ...).

The store, the read models and the rest of what the use cases run on are in ``adjudicator.adapters``.
"""

"""The adapters: what the use cases' ports are made of, on the eventsourcing library and SQLite or
PostgreSQL.

- ``event_store``: ``EventStore``, the process's one eventsourcing application, its group commit
  (appends arriving together share one commit), its append listeners and what it counts.
- ``eventlog``: ``EventLog``, the one generic log store (the cache of replayed views, locks, the unit
  of work a use case writes in, reads at any version) that ``hand_store.HandStore`` and
  ``tournament_store.TournamentStore`` specialise with their aggregates (``Hand``, ``TournamentLog``).
- ``chain``, ``heads``, ``heads_postgres``, ``integrity``, ``streams``, ``decoding``, ``aggregates``:
  the hash chain of every stream, the recorders that keep each stream's head, reading streams back.
- ``readmodels``: the projector and the sqlite-utils tables of hands/rulings and
  tournaments/standings/bracket.
- ``settings``, ``preflight``, ``openings``, ``verify``: where the events and the read models are
  kept, whether the store can be reached, who opened which logs, ``adjudicator verify``.
"""

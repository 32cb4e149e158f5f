"""The adapters: what the use cases' ports are made of, on the eventsourcing library and SQLite or
PostgreSQL.

- ``eventlog``: ``EventStore``, the process's one eventsourcing application (one group commit, one
  set of append listeners), and ``EventLog``, the one generic log store (cache, locks, append with
  the conflict retry, reads at any version) that ``hand_store.HandStore`` and
  ``tournament_store.TournamentStore`` specialise with their aggregates (``Hand``, ``TournamentLog``).
- ``chain``, ``heads``, ``heads_postgres``, ``integrity``, ``streams``, ``decoding``, ``aggregates``:
  the hash chain of every stream, the recorders that keep each stream's head, reading streams back.
- ``groupcommit``, ``cache``, ``staging``, ``together``: concurrent appends sharing one commit, the
  cache of replayed logs, writes of several logs at once.
- ``readmodels``: the projector and the sqlite-utils tables of hands/rulings and
  tournaments/standings/bracket.
- ``settings``, ``preflight``, ``metrics``, ``openings``, ``verify``: where the events and the read
  models are kept, whether the store can be reached, what the store counts, who opened which logs,
  ``adjudicator verify``.
"""

"""Read models: tables of hands and rulings, for officials browsing with standard SQLite tools.

They are derived, never written by request handlers: a pull-based projector follows the event
store's notification log and writes the rows of every hand it touched together with its position,
in one transaction, so a crash can only make it redo work. ``rebuild()`` starts again from nothing.
The database is a separate SQLite file (next to the event store's, by default); it can be dropped
at any time, so it trades durability for speed (``synchronous=NORMAL``).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any
from uuid import UUID

import sqlite_utils

from adjudicator.service import tournament_readmodels
from adjudicator.service.store import HandStore, HandView, default_db_path
from adjudicator.service.tournament_store import TournamentStore

READ_DB_ENV = "ADJUDICATOR_READ_DB"
PROJECTION = "hands"
BATCH = 500
DEBOUNCE_SECONDS = 0.5


def default_read_db_path(store: HandStore) -> Path:
    """``$ADJUDICATOR_READ_DB``, else ``events.read.db`` beside the SQLite event store."""
    explicit = os.environ.get(READ_DB_ENV)
    if explicit:
        return Path(explicit)
    events = store.sqlite_path
    if events is not None:
        return events.with_name(events.stem + ".read.db")
    return default_db_path().with_name("postgres.read.db")


def _hand_row(view: HandView) -> dict[str, Any]:
    judged = view.judged()
    score = judged.score
    contract = score["contract"] or {}
    counts = {"detected": 0, "pending": 0, "established": 0, "dismissed": 0}
    for ruling in judged.rulings:
        counts[ruling.status] += 1
    return {
        "id": str(view.id),
        "ruleset": view.ruleset,
        "dealer": view.dealer,
        "label": view.label,
        "players": json.dumps(view.players) if view.players else None,
        "opened_at": view.opened_at,
        "version": view.version,
        "status": view.table.phase,
        "contract_bidder": contract.get("bidder"),
        "contract_bid": contract.get("bid"),
        "contract_trump": contract.get("trump"),
        "contract_direction": contract.get("direction"),
        "final": score["final"],
        "made": score["made"],
        "winner": score["winner"],
        "books_north_south": score["books"]["north_south"],
        "books_east_west": score["books"]["east_west"],
        "points_north_south": score["points"]["north_south"],
        "points_east_west": score["points"]["east_west"],
        "boston": score["boston"],
        "score": json.dumps(score),
        "rulings": len(judged.rulings),
        **{f"rulings_{status}": n for status, n in counts.items()},
    }


def _ruling_rows(view: HandView) -> list[dict[str, Any]]:
    return [
        {
            "hand_id": str(view.id),
            "ruling_id": ruling["id"],
            "kind": ruling["kind"],
            "seat": ruling["seat"],
            "team": ruling["team"],
            "event": ruling["event"],
            "book": ruling["book"],
            "status": ruling["status"],
            "detail": ruling["detail"],
            "penalty": ruling["penalty"],
            "citations": "; ".join(f"{c['document']} {c['section']}" for c in ruling["citations"]),
            "ruling": json.dumps(ruling),
            "version": view.version,
        }
        for ruling in view.judged().rulings_data()
    ]


def _rows(view: HandView) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return _hand_row(view), _ruling_rows(view)


class ReadModels:
    """The projector: ``catch_up()`` brings the tables up to the event store's latest event."""

    def __init__(
        self, store: HandStore, path: str | Path | None = None, tournaments: TournamentStore | None = None
    ) -> None:
        self.store = store
        self.tournaments = tournaments if tournaments is not None else TournamentStore(store)
        self.path = Path(path) if path is not None else default_read_db_path(store)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        with self._db() as db:
            self._ensure(db)

    def _db(self) -> _Connection:
        return _Connection(self.path)

    @staticmethod
    def _ensure(db: sqlite_utils.Database) -> None:
        if "position" not in db.table_names():
            db.table("position").create({"projection": str, "notification_id": int}, pk="projection")
        if "hands" not in db.table_names():
            db.table("hands").create(
                {
                    "id": str,
                    "ruleset": str,
                    "dealer": str,
                    "label": str,
                    "players": str,
                    "opened_at": str,
                    "version": int,
                    "status": str,
                    "contract_bidder": str,
                    "contract_bid": str,
                    "contract_trump": str,
                    "contract_direction": str,
                    "final": bool,
                    "made": bool,
                    "winner": str,
                    "books_north_south": int,
                    "books_east_west": int,
                    "points_north_south": int,
                    "points_east_west": int,
                    "boston": str,
                    "score": str,
                    "rulings": int,
                    "rulings_detected": int,
                    "rulings_pending": int,
                    "rulings_established": int,
                    "rulings_dismissed": int,
                },
                pk="id",
            )
            db.table("hands").create_index(["ruleset", "status"])
        if "rulings" not in db.table_names():
            db.table("rulings").create(
                {
                    "hand_id": str,
                    "ruling_id": str,
                    "kind": str,
                    "seat": str,
                    "team": str,
                    "event": int,
                    "book": int,
                    "status": str,
                    "detail": str,
                    "penalty": str,
                    "citations": str,
                    "ruling": str,
                    "version": int,
                },
                pk=("hand_id", "ruling_id"),
                foreign_keys=[("hand_id", "hands", "id")],
            )
            db.table("rulings").create_index(["kind", "status"])
        tournament_readmodels.ensure(db)

    def position(self) -> int:
        with self._db() as db:
            rows = list(db.query("select notification_id from position where projection = ?", [PROJECTION]))
        return int(rows[0]["notification_id"]) if rows else 0

    def catch_up(self) -> int:
        """Project every notification after the recorded position; returns how many."""
        done = 0
        with self._lock, self._db() as db:
            while True:
                position = self._position(db)
                notifications = self.store.app.recorder.select_notifications(start=position + 1, limit=BATCH)
                if not notifications:
                    return done
                tournament = tournament_readmodels.is_tournament
                latest = dict.fromkeys(
                    UUID(str(n.originator_id)) for n in notifications if not tournament(n.topic)
                )
                touched = dict.fromkeys(
                    UUID(str(n.originator_id)) for n in notifications if tournament(n.topic)
                )
                # Each touched hand as it stands now, which may be past this batch: the rows are
                # idempotent, and a later batch writes the same hand again.
                rows = {hand_id: self.store.read(hand_id, _rows) for hand_id in latest}
                tournaments = {t: self.tournaments.read(t, tournament_readmodels.rows) for t in touched}
                if self._write(db, position, notifications[-1].id, rows, tournaments):
                    done += len(notifications)

    def _write(
        self,
        db: sqlite_utils.Database,
        position: int,
        new_position: int,
        rows: dict[UUID, tuple[dict[str, Any], list[dict[str, Any]]]],
        tournaments: dict[UUID, Any] | None = None,
    ) -> bool:
        """Write the rows and the new position in one transaction, unless another process did."""
        db.conn.execute("begin immediate")
        try:
            if self._position(db) != position:
                db.conn.rollback()
                return False
            hands = [str(hand_id) for hand_id in rows]
            marks = ", ".join("?" * len(hands))
            db.conn.execute(f"delete from rulings where hand_id in ({marks})", hands)
            db.table("hands").upsert_all([hand for hand, _ in rows.values()], pk="id")
            db.table("rulings").insert_all(
                [ruling for _, rulings in rows.values() for ruling in rulings],
                pk=("hand_id", "ruling_id"),
            )
            tournament_readmodels.write(db, tournaments or {})
            db.table("position").upsert(
                {"projection": PROJECTION, "notification_id": new_position}, pk="projection"
            )
        except BaseException:
            db.conn.rollback()
            raise
        db.conn.commit()
        return True

    @staticmethod
    def _position(db: sqlite_utils.Database) -> int:
        row = db.execute("select notification_id from position where projection = ?", [PROJECTION]).fetchone()
        return int(row[0]) if row else 0

    def rebuild(self) -> int:
        """Drop the tables and project the whole notification log again."""
        with self._lock, self._db() as db:
            for table in ("rulings", "hands", "position", *tournament_readmodels.TABLES):
                db[table].drop(ignore=True)
            self._ensure(db)
        return self.catch_up()

    # ------------------------------------------------------------------ following in the background

    def start(self, poll_seconds: float = 1.0, debounce_seconds: float = DEBOUNCE_SECONDS) -> None:
        """Follow the log in a daemon thread: woken by local appends, polling for others'.

        After a wake-up it waits ``debounce_seconds`` so that a stream of appends is projected
        in batches rather than one by one: the read models lag by about that much.
        """
        if self._thread is not None:
            return
        self.store.on_append(self._wake.set)

        def follow() -> None:
            while not self._stop.is_set():
                if self._wake.wait(poll_seconds):
                    self._stop.wait(debounce_seconds)
                self._wake.clear()
                try:
                    self.catch_up()
                except Exception:  # the read model lags; the next wake-up retries
                    self._stop.wait(poll_seconds)

        self._thread = threading.Thread(target=follow, name="read-models", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None


class _Connection:
    """One sqlite-utils connection for one use, on the calling thread: they are not shared."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> sqlite_utils.Database:
        import sqlite3

        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        conn.execute("pragma journal_mode=wal")
        conn.execute("pragma synchronous=normal")
        self.db = sqlite_utils.Database(conn)
        return self.db

    def __exit__(self, *exc: object) -> None:
        self.db.conn.close()

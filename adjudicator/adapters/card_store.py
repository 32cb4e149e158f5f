"""The tables' cards (``adjudicator.service.cards``), kept in the events' database beside the
credentials, on the credentials' own connection: ``table_cards`` (one row a card) and
``table_card_phones`` (which credential each card issued, revoked with it).

Neither of a card's secrets is kept. Its link (256 random bits) is found by its SHA-256, as a token
is. Its code has about 35 bits, which a plain hash would give up to anyone holding the file in
seconds; so it is kept as scrypt (``N=2**14, r=8``: some 16 MB and tens of milliseconds a code, paid
once an exchange), salted by a constant, since the code alone must find its card.

Both tables are made on first use, beside an older database's credentials (which they do not
change): that is all the migration a store made before the cards needs
(``tests/integration/test_cards_stored_v2.py`` opens the committed fixture of a store from before the cards).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, Final

from adjudicator.adapters.credential_store import Database, digest
from adjudicator.service.credentials import TABLE, Card, CredentialError

#: The salt of every code's hash (one salt: the code alone finds its card).
SALT: Final = b"adjudicator table card code"
COLUMNS: Final = "id, tournament, table_number, name, created_at, revoked_at"


def code_hash(code: str) -> str:
    """What is kept of a card's code: its scrypt hash, in hex."""
    return hashlib.scrypt(code.encode(), salt=SALT, n=2**14, r=8, p=1, dklen=32).hex()


class CardStore:
    """Issues, finds, lists and withdraws the tables' cards, on the credentials' connection."""

    def __init__(self, db: Database) -> None:
        self._db = db
        schema = db.table[: -len(TABLE)]  # "" or "schema."
        self.cards = f"{schema}table_cards"
        self.phones = f"{schema}table_card_phones"
        db.execute(
            f"CREATE TABLE IF NOT EXISTS {self.cards} (id TEXT PRIMARY KEY, tournament TEXT NOT NULL, "
            "table_number INTEGER NOT NULL, name TEXT NOT NULL, link_sha256 TEXT NOT NULL UNIQUE, "
            "code_hash TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, revoked_at TEXT)"
        )
        db.execute(
            f"CREATE TABLE IF NOT EXISTS {self.phones} (credential_id TEXT PRIMARY KEY, "
            "card_id TEXT NOT NULL)"
        )

    def create(self, card: Card, link: str, code: str) -> Card:
        stamped = Card(card.id, card.tournament, card.table, card.name, _now())
        inserted = self._db.execute(
            f"INSERT INTO {self.cards} (id, tournament, table_number, name, link_sha256, code_hash, "
            "created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL) ON CONFLICT DO NOTHING",
            (
                card.id,
                card.tournament,
                card.table,
                card.name,
                digest(link),
                code_hash(code),
                stamped.created_at,
            ),
        )
        if not inserted:  # the same key at the same moment, or (never seen) a code drawn twice
            raise CredentialError(f"a card numbered {card.id} or with this code exists: issue it again")
        return stamped

    def _one(self, where: str, value: str) -> Card | None:
        found = self._cards(f"WHERE {where} = ?", (value,))
        return found[0] if found else None

    def find(self, card_id: str) -> Card | None:
        return self._one("id", card_id)

    def by_link(self, link: str) -> Card | None:
        return self._one("link_sha256", digest(link)) if link and len(link) <= 100 else None

    def by_code(self, code: str) -> Card | None:
        return self._one("code_hash", code_hash(code))

    def of(self, tournament: str) -> list[Card]:
        return self._cards("WHERE tournament = ? ORDER BY created_at, table_number, id", (tournament,))

    def _cards(self, where: str, params: Sequence[object]) -> list[Card]:
        rows = self._db.rows(f"SELECT {COLUMNS} FROM {self.cards} {where}", params)
        if not rows:
            return []
        ids = [row[0] for row in rows]
        marks = ", ".join("?" for _ in ids)
        phones: dict[str, list[str]] = {}
        listed = f"SELECT credential_id, card_id FROM {self.phones} WHERE card_id IN ({marks})"
        for credential, card in self._db.rows(listed, ids):
            phones.setdefault(card, []).append(credential)
        return [_card(row, phones.get(row[0], [])) for row in rows]

    def add_phone(self, card_id: str, credential_id: str) -> None:
        self._db.execute(
            f"INSERT INTO {self.phones} (credential_id, card_id) VALUES (?, ?)", (credential_id, card_id)
        )

    def revoke(self, card_id: str) -> None:
        self._db.execute(
            f"UPDATE {self.cards} SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", (_now(), card_id)
        )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _card(row: Sequence[Any], phones: list[str]) -> Card:
    return Card(row[0], row[1], int(row[2]), row[3], row[4], row[5], tuple(phones))

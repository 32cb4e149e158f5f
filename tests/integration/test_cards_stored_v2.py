"""A credentials table written before the table cards (``tests/fixtures/credentials-v2.db``, by
``make_credentials_v2.py`` at commit 84a4cc9) opens with today's code: the cards' two tables are made
beside it, its rows are as they were, its tokens sign in as before (the revoked one still does not),
and a card issued on it signs a phone in and is withdrawn with its phones."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from adjudicator.adapters.card_store import CardStore
from adjudicator.adapters.credential_store import CredentialStore
from adjudicator.service.cards import Guesses, exchange, issue_cards, withdraw

FIXTURES = Path(__file__).parents[1] / "fixtures"
TOURNAMENT = "6f0c1c36-3a55-4d7e-9a0e-3f1f0a6a0b01"


def _rows(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute("SELECT * FROM credentials ORDER BY id"))


def test_a_store_from_before_the_cards_opens_and_takes_cards(tmp_path: Path) -> None:
    db = tmp_path / "events.db"
    shutil.copy(FIXTURES / "credentials-v2.db", db)
    tokens = json.loads((FIXTURES / "credentials-v2.json").read_text())
    before = _rows(db)
    settings = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(db)}
    store = CredentialStore(settings.get)
    cards = CardStore(store.database)
    try:
        with sqlite3.connect(db) as conn:
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == {"credentials", "table_cards", "table_card_phones"}
        assert _rows(db) == before, "the credentials' rows are not touched"
        official = store.verify(tokens["Chief official"]["token"])
        assert official is not None and official.role == "official"
        table_one = store.verify(tokens["Cup, table 1"]["token"])
        assert table_one is not None and (table_one.tournament, table_one.table) == (TOURNAMENT, 1)
        assert store.verify(tokens["Cup, table 2"]["token"]) is None, "revoked then, revoked now"

        key = "0b9c0e9e-7d0a-4f59-8a0a-8f6f8e3c1a11"
        (card,) = issue_cards(
            cards, official, TOURNAMENT, "Cup", [2], (key, tokens["Chief official"]["token"])
        )
        phone, token, _ = exchange(cards, store, Guesses(), "10.0.0.9", code=card.spaced)
        assert phone.name == "Cup, table 2, phone 1", "a name the old table token's never clashes with"
        assert store.verify(token) == phone
        withdraw(cards, store, official, TOURNAMENT, card.card.id)
        assert store.verify(token) is None
        assert store.verify(tokens["Cup, table 1"]["token"]) is not None, "a table token is not a card's"
    finally:
        store.close()
    reopened = CredentialStore(settings.get)
    try:
        found = CardStore(reopened.database).of(TOURNAMENT)
        assert [(c.table, c.revoked_at is not None, len(c.phones)) for c in found] == [(2, True, 1)]
    finally:
        reopened.close()

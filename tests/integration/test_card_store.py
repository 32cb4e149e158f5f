"""Table cards kept beside the credentials, SQLite and PostgreSQL alike: neither a card's link nor its
code is stored (a SHA-256 and a scrypt hash); either finds the card; each phone it signs in gets a
credential of its own, which the card's withdrawal revokes for every process at once."""

from __future__ import annotations

import pytest

from adjudicator.adapters.card_store import CardStore
from adjudicator.adapters.credential_store import CredentialStore
from adjudicator.adapters.hand_store import HandStore
from adjudicator.service.cards import CardWithdrawn, Guesses, UnknownCard, exchange, issue_cards, withdraw
from adjudicator.service.errors import IdempotencyConflict

KEY = "5a1b4f0e-2b8c-4d7e-9f10-1a2b3c4d5e6f"


def test_cards_are_kept_without_their_secrets_and_withdrawn_with_their_phones(
    store_env: dict[str, str],
) -> None:
    events = HandStore(store_env)
    desk, server = CredentialStore(store_env.get), CredentialStore(store_env.get)
    try:
        official, secret = desk.create("Director", "official")
        cards = CardStore(desk.database)
        made = issue_cards(cards, official, "t-1", "Cup", [1, 2], (KEY, secret))
        again = issue_cards(cards, official, "t-1", "Cup", [1, 2], (KEY, secret))
        assert [(m.link, m.code) for m in made] == [(a.link, a.code) for a in again], "a reload: the same"
        assert len(cards.of("t-1")) == 2
        other, other_secret = desk.create("Second", "official")
        with pytest.raises(IdempotencyConflict):
            issue_cards(cards, other, "t-1", "Cup", [1], (KEY, other_secret))
        stored = desk.database.rows(f"SELECT * FROM {cards.cards}")
        for card in made:
            assert card.link not in repr(stored) and card.code not in repr(stored)

        phone, token, card = exchange(
            CardStore(server.database), server, Guesses(), "10.0.0.2", link=made[0].link
        )
        assert (phone.role, phone.tournament, phone.table, card.table) == ("scorekeeper", "t-1", 1, 1)
        second, _, _ = exchange(cards, desk, Guesses(), "10.0.0.3", code=made[0].code.lower())
        assert second.name == "Cup, table 1, phone 2"
        with pytest.raises(UnknownCard):
            exchange(cards, desk, Guesses(), "10.0.0.3", code="AAAAAAAA")
        assert server.verify(token) == phone

        withdrawn = withdraw(cards, desk, official, "t-1", made[0].card.id)
        assert withdrawn.revoked_at is not None and set(withdrawn.phones) == {phone.id, second.id}
        assert server.verify(token) is None, "every process refuses the card's phones at once"
        with pytest.raises(CardWithdrawn, match="ask the director"):
            exchange(cards, desk, Guesses(), "10.0.0.2", link=made[0].link)
        with pytest.raises(UnknownCard):
            withdraw(cards, desk, official, "another tournament", made[1].card.id)
    finally:
        desk.close()
        server.close()
        events.close()

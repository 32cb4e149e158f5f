"""Hand records through the store: export -> import (JSON and text) of every hand of the corpus gives
the same events, rulings and score, and export -> import -> export the same record but for the
hand's ``id`` and ``imported``; on SQLite files and the real PostgreSQL.

The corpus: every hand of ``tests/fixtures/store-v1.db`` (written by older code), a simulated hand
of every ruleset, and hands with a renege, an inspection, a correction and an import's provenance.
(The feature scenarios' logs are read back through the text form in ``tests/features``.)
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator import replay
from adjudicator.adapters.hand_store import HandStore
from adjudicator.domain.handfile import from_text, to_text
from adjudicator.domain.handfile.imports import import_item
from adjudicator.service import handfiles
from adjudicator.service.credentials import Author
from adjudicator.service.hands import append_events
from adjudicator.simulation.hands import random_euchre_hand, random_hand
from tests.integration.v1_answers import FIXTURES

IMPORTER = Author("Records clerk", "official")
TABLE = Author("Table 3", "scorekeeper")
FORMS = ("json", "text")


def _open(store: HandStore, ruleset: str, dealer: str, events: list[dict[str, Any]]) -> UUID:
    view = store.open_hand(ruleset, dealer, {"north": "Ann", "south": "Sam"}, "corpus", TABLE)  # type: ignore[arg-type]
    if events:
        append_events(store, view.id, events, author=TABLE)
    return view.id


def _simulated(store: HandStore) -> list[UUID]:
    reneged = [
        *random_hand(4, "texas", "north")[:12],
        {"type": "play", "seat": "west", "card": "2H"},
        {"type": "renege_call", "by": "north", "against": "west"},
    ]
    played = random_hand(6, "detroit", "east")[:20]
    held = sorted(str(card) for card in replay("detroit", "east", played).holding("north") or ())
    disputed = [
        *played,
        {"type": "inspect", "seat": "north", "cards": held},
        {"type": "correct_record", "event": 20, "replace_with": played[19], "reason": "as the table saw it"},
    ]
    hands = [
        _open(store, ruleset, "west", random_hand(11, ruleset, "west"))  # type: ignore[arg-type]
        for ruleset in ("detroit", "texas", "chicago", "cardtel")
    ]
    hands.append(_open(store, "ontario", "south", random_euchre_hand(12, "south")))
    hands.append(_open(store, "ontario", "south", random_euchre_hand(13, "south", with_deal=False)))
    hands.append(_open(store, "texas", "north", reneged))
    hands.append(_open(store, "detroit", "east", disputed))
    hands.append(_open(store, "chicago", "north", []))
    return hands


@pytest.fixture
def source(tmp_path: Path, store_env: dict[str, str]) -> Iterator[tuple[HandStore, list[UUID]]]:
    """The corpus: the old fixture store's hands, and simulated ones in the backend under test."""
    old = tmp_path / "v1.db"
    shutil.copy(FIXTURES / "store-v1.db", old)
    fixture = HandStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(old)})
    store = HandStore(store_env)
    records = [handfiles.export(fixture, hand).record for hand in handfiles.hand_ids(fixture)]
    assert len(records) == 9
    items = [import_item(record) for record in records]
    handfiles.import_hands(store, items, IMPORTER)  # type: ignore[arg-type]
    hands = handfiles.hand_ids(store)
    hands += _simulated(store)
    yield store, hands
    fixture.close()
    store.close()


def _through(form: str, record: Mapping[str, Any], commentary: Any) -> dict[str, Any]:
    """The record as a file of that form would carry it, read back."""
    if form == "json":
        return dict(record)
    (back,) = from_text(to_text(record, commentary))
    return back


def _judged(store: HandStore, hand: UUID) -> tuple[Any, Any, list[dict[str, Any]]]:
    def read(view: Any) -> tuple[Any, Any, list[dict[str, Any]]]:
        judged = view.judged()
        return judged.score, judged.rulings_data(), [dict(item["entry"]) for item in view.aggregate.log]

    return store.read(hand, read)


def _without(record: Mapping[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k not in keys}


@pytest.mark.parametrize("form", FORMS)
def test_every_hand_of_the_corpus_comes_back_the_same(
    source: tuple[HandStore, list[UUID]], store_env: dict[str, str], form: str
) -> None:
    store, hands = source
    assert len(hands) == 18
    exported = [handfiles.export(store, hand) for hand in hands]
    items = [import_item(_through(form, e.record, e.commentary)) for e in exported]
    handfiles.check_hands(store, items)  # type: ignore[arg-type]
    done = handfiles.import_hands(store, items, IMPORTER)  # type: ignore[arg-type]
    for hand, first, (copy, version) in zip(hands, exported, done, strict=True):
        assert version == first.version
        assert _judged(store, copy) == _judged(store, hand)  # same events, rulings and score
        again = handfiles.export(store, copy).record
        assert _without(again, "id", "imported") == _without(first.record, "id", "imported")
        assert again["imported"]["from"] == str(hand) and again["imported"]["by"] == IMPORTER.to_dict()
        events = store.read(copy, lambda view: [item["author"] for item in view.aggregate.log])
        assert set(map(str, events)) <= {str(IMPORTER.to_dict())}  # the store names the importer


def test_events_as_listed_keep_their_authors_as_provenance(
    source: tuple[HandStore, list[UUID]], store_env: dict[str, str]
) -> None:
    """``GET …/events``'s events (with version, recorded_at, author) import as a new hand's."""
    store, hands = source
    listed = store.read(hands[9], lambda view: view.events)
    events = [
        {"version": e.version, **e.entry, "recorded_at": e.recorded_at, "author": TABLE.to_dict()}
        for e in listed
    ]
    item = import_item({"ruleset": "detroit", "dealer": "west", "events": events})
    ((copy, version),) = handfiles.import_hands(store, [item], IMPORTER)  # type: ignore[list-item]
    record = handfiles.export(store, copy).record
    assert version == len(events) and record["imported"]["from"] is None
    assert [e["author"] for e in record["events"]] == [TABLE.to_dict()] * len(events)
    assert [e["recorded_at"] for e in record["events"]] == [e.recorded_at for e in listed]
    assert record["opened_by"] == IMPORTER.to_dict()


HANDS = st.one_of(
    st.tuples(st.sampled_from(["detroit", "texas", "chicago", "cardtel"]), st.integers(0, 2**32 - 1)).map(
        lambda given: (given[0], random_hand(given[1], given[0], "north"))  # type: ignore[arg-type]
    ),
    st.integers(0, 2**32 - 1).map(lambda seed: ("ontario", random_euchre_hand(seed, "north"))),
)


@pytest.fixture(scope="module")
def one_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HandStore]:
    path = tmp_path_factory.mktemp("records") / "events.db"
    store = HandStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)})
    yield store
    store.close()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=HANDS, cut=st.integers(0, 70), with_deal=st.booleans())
def test_a_random_hand_survives_json_text_json_store_export(
    one_store: HandStore, hand: tuple[str, list[dict[str, Any]]], cut: int, with_deal: bool
) -> None:
    ruleset, events = hand
    events = events[: cut if cut < len(events) else len(events)][0 if with_deal else 1 :]
    record = handfiles.export(one_store, _open(one_store, ruleset, "north", events)).record
    (back,) = from_text(to_text(record))
    ((copy, _),) = handfiles.import_hands(one_store, [import_item(back)], IMPORTER)  # type: ignore[list-item]
    again = handfiles.export(one_store, copy).record
    assert _without(again, "id", "imported") == _without(record, "id", "imported")

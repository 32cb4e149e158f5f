"""``adjudicator demo`` records its demonstration once: run twice, one set; ``--again``, one more set,
numbered; a run cut short is completed by the next, recording only what is missing."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.openings import opened_by
from adjudicator.cli import main
from adjudicator.cli.demo import DEMO, hands
from adjudicator.service import hand_imports
from adjudicator.service.handfiles import hand_ids
from tests.e2e.test_cli import database

__all__ = ["database"]  # the fixture: a SQLite store in the test's folder


def _recorded() -> Counter[str]:
    """How many hands and tournaments are stored, of every kind and by anyone."""
    store = HandStore()
    try:
        openings = list(opened_by(store, DEMO.name))
        assert len(hand_ids(store)) == sum(o.kind == "hand" for o in openings)  # nothing but the demo's
        return Counter(o.kind for o in openings) + Counter(
            f"named {o.name}" for o in openings if o.kind == "tournament"
        )
    finally:
        store.close()


def test_a_second_run_records_nothing_and_again_records_one_more_set(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo"]) == 0
    first = _recorded()
    demo_hands = len(hands())
    assert first["tournament"] == 1 and first["named Demo Open"] == 1
    linked = first["hand"] - demo_hands
    assert linked > 0
    capsys.readouterr()

    assert main(["demo"]) == 0
    said = capsys.readouterr().out
    assert _recorded() == first
    assert "nothing was added" in said and said.count("already recorded") == demo_hands + 1

    assert main(["demo", "--again"]) == 0
    again = _recorded()
    assert again["tournament"] == 2 and again["named Demo Open 2"] == 1
    assert again["hand"] == 2 * first["hand"]
    assert "Table 3, board 7 (called) (set 2)" in capsys.readouterr().out
    assert main(["demo"]) == 0 and _recorded() == again


def test_a_run_cut_short_is_completed(database: Path) -> None:
    store = HandStore()
    try:
        for hand in hands()[:3]:  # the first run stopped after three hands
            hand_imports.record_hand(store, hand, DEMO)
    finally:
        store.close()
    assert main(["demo"]) == 0
    done = _recorded()
    assert done["tournament"] == 1
    store = HandStore()
    try:
        labels = Counter(o.name for o in opened_by(store, DEMO.name) if o.kind == "hand")
    finally:
        store.close()
    assert all(labels[hand["label"]] == 1 for hand in hands())

"""The association's registry of players in the event store, on SQLite and PostgreSQL: recorded and
merged all or none, read back by another process's store, its stream's chain verified."""

from __future__ import annotations

import pytest

from adjudicator.adapters.event_store import EventStore
from adjudicator.adapters.player_store import REGISTRY_ID, PlayerStore
from adjudicator.adapters.verify import verify
from adjudicator.domain.events import IllegalEvent
from adjudicator.service import players as use
from adjudicator.service.errors import EventRefused, PossibleMatch


def test_the_registry_is_kept_recorded_once_and_read_back_by_another_store(store_env: dict[str, str]) -> None:
    first = PlayerStore(EventStore(store_env))
    ann = use.record_player(first, "Ann Lee", None, centre="Windsor")["player"]
    with pytest.raises(PossibleMatch):
        use.record_player(first, "ANN LEE", None)
    twin = use.record_player(first, "ANN LEE", None, new_person=True)["player"]
    use.merge(first, ann, twin, "one person", None)
    with pytest.raises(EventRefused):
        use.merge(first, ann, twin, None, None)
    first.close()
    second = PlayerStore(EventStore(store_env))
    assert use.person(second, twin)["player"] == ann
    assert second.read_registry(lambda r: r.version) == 4  # opened, two records, one merge
    (report,) = [r for r in verify(second.events) if r.stream == REGISTRY_ID]
    assert report.ok and report.noun == "player registry" and report.records == 4
    with pytest.raises(IllegalEvent):
        second.append(lambda _: [{"type": "players_merged", "kept": ann, "merged": "nobody"}], None)
    assert second.read_registry(lambda r: r.version) == 4
    second.close()

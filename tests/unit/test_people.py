"""The association's registry of players (``adjudicator.domain.people``): recorded once, matched by
a name that reads the same, merged by a recorded fact that every read follows."""

from __future__ import annotations

import pytest

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.people import Registry, normalised, replay_registry

ANN = {"type": "player_recorded", "player": "p1", "name": "Ann Lee", "centre": "Windsor"}
ANN_AGAIN = {"type": "player_recorded", "player": "p2", "name": "ann  LÉE", "birth_date": "1950-03-01"}


def test_a_name_reads_the_same_whatever_its_case_accents_and_spacing() -> None:
    assert normalised("  Ann  LÉE ") == normalised("ann lee") == "ann lee"
    assert normalised("O'Neil, Bo") == "o neil bo"


def test_a_desk_is_offered_the_person_whose_name_reads_the_same() -> None:
    registry = replay_registry([ANN])
    (found,) = registry.matches("ANN lee")
    assert found.described() == "Ann Lee of Windsor centre"
    assert registry.matches("Ann Leed") == []


def test_a_merge_is_a_fact_that_reads_follow_and_nothing_is_edited() -> None:
    registry = replay_registry([ANN, ANN_AGAIN, {"type": "players_merged", "kept": "p1", "merged": "p2"}])
    assert registry.resolve("p2") == "p1"
    assert registry.person("p2").name == "Ann Lee"
    assert registry.records_of("p2") == ["p1", "p2"]
    assert registry.people["p2"].birth_date == "1950-03-01"  # the merged record stays as recorded
    assert [p.player for p in registry.matches("Ann Lee")] == ["p1"]


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"type": "players_merged", "kept": "p1", "merged": "p1"}, "merged"),
        ({"type": "players_merged", "kept": "p1", "merged": "nobody"}, "merged"),
        ({**ANN, "player": "p3", "birth_date": "1950-13-01"}, "birth_date"),
        ({**ANN, "name": " "}, "name"),
        ({**ANN, "player": "p3", "nickname": "Annie"}, "nickname"),
        (ANN, "player"),
    ],
)
def test_an_impossible_event_is_refused_and_changes_nothing(event: dict[str, str], field: str) -> None:
    registry = replay_registry([ANN])
    before = dict(registry.people)
    with pytest.raises(IllegalEvent) as refused:
        registry.apply(event)
    assert refused.value.field == field
    assert registry.people == before and registry.version == 1


def test_a_record_merged_away_is_not_merged_again() -> None:
    registry = Registry()
    for player in ("p1", "p2", "p3"):
        registry.apply({"type": "player_recorded", "player": player, "name": "Bo"})
    registry.apply({"type": "players_merged", "kept": "p1", "merged": "p2"})
    with pytest.raises(IllegalEvent, match="merged into 'p1' already"):
        registry.apply({"type": "players_merged", "kept": "p3", "merged": "p2"})
    registry.apply({"type": "players_merged", "kept": "p3", "merged": "p1"})
    assert registry.resolve("p2") == "p3"

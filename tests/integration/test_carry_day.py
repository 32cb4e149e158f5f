"""A hall's day carried home: the demonstration tournament recorded in the hall's SQLite file, written
out whole by ``export-day`` and carried into another store, a SQLite file and a PostgreSQL schema: every
stream arrives with its chain intact; a file with one record's content changed, or one record dropped,
is refused naming that record, and nothing is stored; carrying the same file again stores nothing; a
stream already held under the same id with other records is refused whole. The day brings the claims
on its calls and the hall's registry: a store whose registry is the hall's takes its new records as
they are, another matches the hall's players with its own by name and birth date, a merge recorded."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest

from adjudicator.adapters.days import StoreDays
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.player_store import REGISTRY_ID, PlayerStore
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.adapters.verify import verify
from adjudicator.cli import main
from adjudicator.service import days
from adjudicator.service import players as registry
from adjudicator.service.day_players import matcher
from adjudicator.service.errors import DayConflict, DayRefused
from tests.days import HALL_DIRECTOR, dropped, edited, hall_day

#: The line of the file changed or dropped: the tournament's fifth record (line 1 is the header).
LINE = 5


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> tuple[UUID, list[str]]:
    return hall_day(tmp_path_factory.mktemp("hall"))


@pytest.fixture
def home(store_env: dict[str, str]) -> Iterator[HandStore]:
    store = HandStore(store_env)
    yield store
    store.close()


def test_a_day_arrives_whole_with_its_chains(day: tuple[UUID, list[str]], home: HandStore) -> None:
    tournament, lines = day
    header = json.loads(lines[0])
    carried = days.carry(StoreDays(home.events), lines)
    assert carried.added == len(lines) - 1 and carried.present == 0
    assert len(carried.new_streams) == len(header["streams"]) > 1
    reports = verify(home.events)
    assert [r.line() for r in reports if not r.ok] == []
    assert {(str(r.stream), r.records, r.chain) for r in reports} == {
        (s["stream"], s["records"], s["chain"]) for s in header["streams"]
    }
    name = TournamentStore(home).read(tournament, lambda view: view.tournament.name)
    assert name == "Demo Open"
    # and it goes out again as it came in
    again = list(StoreDays(home.events).export(tournament))
    assert again[1:] == lines[1:]


def test_the_same_day_again_stores_nothing(day: tuple[UUID, list[str]], home: HandStore) -> None:
    _, lines = day
    days.carry(StoreDays(home.events), lines)
    before = home.events.last_event()
    carried = days.carry(StoreDays(home.events), lines)
    assert (carried.added, carried.present, carried.new_streams) == (0, len(lines) - 1, [])
    assert home.events.last_event() == before
    assert "nothing stored" in carried.line()


@pytest.mark.parametrize(("tamper", "problem"), [(edited, "edited"), (dropped, "missing")])
def test_a_tampered_day_is_refused_and_nothing_stored(
    day: tuple[UUID, list[str]], home: HandStore, tamper: object, problem: str
) -> None:
    tournament, lines = day
    bad = tamper(lines, LINE)  # type: ignore[operator]
    with pytest.raises(DayRefused) as refused:
        days.carry(StoreDays(home.events), bad)
    assert refused.value.problem == problem
    assert (refused.value.stream, refused.value.record, refused.value.line) == (tournament, LINE, LINE + 1)
    assert "nothing of the day was stored" in str(refused.value)
    assert home.events.last_event() == 0


def test_a_dropped_last_record_is_a_truncated_stream(day: tuple[UUID, list[str]], home: HandStore) -> None:
    _, lines = day
    with pytest.raises(DayRefused) as refused:
        days.carry(StoreDays(home.events), lines[:-1])
    assert refused.value.problem == "truncated"
    assert home.events.last_event() == 0


def test_a_conflicting_stream_refuses_the_whole_day(day: tuple[UUID, list[str]], home: HandStore) -> None:
    _, lines = day
    header = json.loads(lines[0])
    hand = UUID(header["streams"][1]["stream"])
    home.open_hand("detroit", "north", label="another hand, under the same id", key=str(hand))
    held = home.events.last_event()
    with pytest.raises(DayConflict) as conflict:
        days.carry(StoreDays(home.events), lines)
    assert (conflict.value.stream, conflict.value.record) == (hand, 1)
    assert home.events.last_event() == held


def test_the_commands_carry_a_day(
    day: tuple[UUID, list[str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    tournament, lines = day
    monkeypatch.setenv("ADJUDICATOR_DB", str(tmp_path / "home.db"))
    good, bad = tmp_path / "day.jsonl", tmp_path / "edited.jsonl"
    good.write_text("".join(lines), encoding="utf-8")
    bad.write_text("".join(edited(lines, LINE)), encoding="utf-8")
    assert main(["import-day", str(bad)]) == 1
    said = capsys.readouterr().err
    assert f"line {LINE + 1}: tournament {tournament}, stored record {LINE} (event {LINE}): edited" in said
    assert main(["import-day", str(good)]) == 0
    assert main(["import-day", str(good)]) == 0
    assert "nothing stored" in capsys.readouterr().out
    out = tmp_path / "out.jsonl"
    assert main(["export-day", str(tournament), "--to", str(out)]) == 0
    assert out.read_text(encoding="utf-8").splitlines()[1:] == [line.rstrip("\n") for line in lines[1:]]


def _carry(home: HandStore, lines: list[str]) -> days.Carried:
    return days.carry(StoreDays(home.events), lines, matcher(PlayerStore(home), HALL_DIRECTOR))


def _kinds(lines: list[str]) -> dict[str, str]:
    return {s["stream"]: s["kind"] for s in json.loads(lines[0])["streams"]}


def test_the_day_brings_its_claims_and_its_registry(day: tuple[UUID, list[str]]) -> None:
    _, lines = day
    kinds = _kinds(lines)
    assert sorted(set(kinds.values())) == ["CallLog", "Hand", "PlayerRegistryLog", "TournamentLog"]
    assert kinds[str(REGISTRY_ID)] == "PlayerRegistryLog"


def test_players_are_matched_with_another_registry_and_a_merge_recorded(
    day: tuple[UUID, list[str]], home: HandStore
) -> None:
    tournament, lines = day
    people = PlayerStore(home)
    ada = registry.record_player(people, "ADA", None, birth_date="1950-03-01", centre="Windsor")["player"]
    registry.record_player(people, "Bea", None, birth_date="1948-07-13")  # another Bea
    cy = registry.record_player(people, "Cy", None, birth_date="1947-01-01", centre="Sarnia")["player"]
    first_record = people.read_registry(lambda r: list(r.people))[0]
    carried = _carry(home, lines)
    said = {p["name"]: (p["as"], p["offered"]) for p in carried.players}
    assert said == {
        "Ada": ("merged", []),
        "Bea": ("new", []),
        "Cy": ("offered", ["Cy of Sarnia centre"]),
        "Dee": ("new", []),
    }
    merged = next(p for p in carried.players if p["name"] == "Ada")
    assert merged["player"] == ada and merged["record"] != ada
    assert registry.person(people, merged["record"])["player"] == ada  # reads follow the merge
    assert sorted(registry.person(people, ada)["records"]) == sorted([ada, merged["record"]])
    assert people.read_registry(lambda r: list(r.people))[0] == first_record  # its own registry kept
    assert carried.streams == len(_kinds(lines)) - 1  # the hall's registry matched, not stored
    assert cy in people.read_registry(lambda r: r.people)
    assert "1 merged with the association's record" in carried.line()
    # the history's tournament links lead to the association's Ada
    links = TournamentStore(home).read(tournament, lambda view: view.tournament.roster.people_of_team)
    assert merged["record"] in links["T01"]
    before = home.events.last_event()
    again = _carry(home, lines)
    assert {p["as"] for p in again.players} == {"same"} and again.added == 0
    assert home.events.last_event() == before


def test_the_same_registry_takes_the_halls_new_records_as_they_are(tmp_path: Path, home: HandStore) -> None:
    hall = tmp_path / "hall"
    hall.mkdir()
    _, first = hall_day(hall, "Spring Open")
    assert {p["as"] for p in _carry(home, first).players} == {"same"}
    more = [("Ada", None), ("Bea", None), ("Eve", "1949-05-05"), ("Fay", None)]
    _, second = hall_day(hall, "Summer Open", more)
    carried = _carry(home, second)
    assert {p["name"] for p in carried.players} == {"Ada", "Bea", "Eve", "Fay"}
    assert {p["as"] for p in carried.players} == {"same"}
    header = json.loads(second[0])
    (held,) = [s for s in header["streams"] if s["stream"] == str(REGISTRY_ID)]
    (report,) = [r for r in verify(home.events) if r.stream == REGISTRY_ID]
    assert (report.ok, report.records, report.chain) == (True, held["records"], held["chain"])


def test_a_tampered_registry_is_refused_and_nothing_stored(
    day: tuple[UUID, list[str]], home: HandStore
) -> None:
    _, lines = day
    index = next(
        i for i, line in enumerate(lines[1:], start=1) if json.loads(line)["stream"] == str(REGISTRY_ID)
    )
    record = json.loads(lines[index + 1])
    record["state"]["entry"]["birth_date"] = "1990-01-01"
    tampered = [*lines[: index + 1], json.dumps(record) + "\n", *lines[index + 2 :]]
    with pytest.raises(DayRefused) as refused:
        _carry(home, tampered)
    assert (refused.value.problem, refused.value.stream, refused.value.line) == (
        "edited",
        REGISTRY_ID,
        index + 2,
    )
    assert home.events.last_event() == 0

"""A hall's day carried home: the demonstration tournament recorded in the hall's SQLite file, written
out whole by ``export-day`` and carried into another store, a SQLite file and a PostgreSQL schema: every
stream arrives with its chain intact; a file with one record's content changed, or one record dropped,
is refused naming that record, and nothing is stored; carrying the same file again stores nothing; a
stream already held under the same id with other records is refused whole."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest

from adjudicator.adapters.days import StoreDays
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.tournament_store import TournamentStore
from adjudicator.adapters.verify import verify
from adjudicator.cli import main
from adjudicator.service import days
from adjudicator.service.errors import DayConflict, DayRefused
from tests.days import dropped, edited, hall_day

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

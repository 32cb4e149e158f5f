"""Facts are recorded, impossibilities refused: a refused event raises IllegalEvent and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.tournaments import Tournament, replay_tournament
from adjudicator.domain.tournaments.events import EVENT_TYPES

Event = dict[str, Any]


def win(side: str, points: int = 3) -> dict[str, Any]:
    other = "east_west" if side == "north_south" else "north_south"
    return {
        "final": True,
        "void": False,
        "winner": side,
        "points": {side: points, other: 0},
        "hand_wins": {side: 1, other: 0},
        "boston": None,
    }


def detroit_log(*, signed: bool = True) -> list[Event]:
    """Four Detroit teams, round 1 seated (A v B, C v D) and played; both sheets signed if ``signed``."""
    log: list[Event] = [{"type": "tournament_created", "ruleset": "detroit"}]
    log += [
        {"type": "team_registered", "team": t, "players": [t.lower() + "1", t.lower() + "2"]} for t in "ABCD"
    ]
    log.append({"type": "draw", "purpose": "first_pairing", "round": 1, "outcome": ["A", "B", "C", "D"]})
    log.append(
        {
            "type": "seating_confirmed",
            "round": 1,
            "tables": [
                {"table": 1, "north_south": "A", "east_west": "B"},
                {"table": 2, "north_south": "C", "east_west": "D"},
            ],
        }
    )
    for table in (1, 2):
        for n, side in enumerate(["north_south", "north_south", "east_west", "north_south"], start=1):
            log.append(
                {"type": "hand_scored", "match": f"R1-T{table}", "hand": f"t{table}h{n}", "score": win(side)}
            )
    if signed:
        for table, (ns, ew) in ((1, "AB"), (2, "CD")):
            log.append(
                {"type": "sheet_signed", "match": f"R1-T{table}", "team": ns, "player": ns.lower() + "1"}
            )
            log.append(
                {"type": "sheet_signed", "match": f"R1-T{table}", "team": ew, "player": ew.lower() + "1"}
            )
    return log


def ontario_log() -> list[Event]:
    log: list[Event] = [{"type": "tournament_created", "ruleset": "ontario"}]
    for t in "ABCD":
        for n in "12":
            log.append({"type": "player_registered", "player": t.lower() + n})
        log.append({"type": "team_registered", "team": t, "players": [t.lower() + "1", t.lower() + "2"]})
    return log


def _snapshot(t: Tournament) -> str:
    return json.dumps(t.state(), sort_keys=True, default=str) if t.fmt else "{}"


def refuse(log: list[Event], event: Event, text: str, field: str | None = None) -> IllegalEvent:
    t = replay_tournament(log)
    before, version = _snapshot(t), t.version
    with pytest.raises(IllegalEvent) as refused:
        t.apply(event)
    assert text in refused.value.message, refused.value.message
    if field is not None:
        assert refused.value.field == field
    assert refused.value.index == version + 1
    assert t.version == version and _snapshot(t) == before, "a refused event changed the tournament"
    return refused.value


SEATED = detroit_log()[:7]
PLAYED = detroit_log(signed=False)
SIGNED = detroit_log()

CASES: list[tuple[str, list[Event], Event, str, str | None]] = [
    ("nothing before the tournament", [], {"type": "team_registered", "team": "A"}, "starts with", "type"),
    (
        "a second tournament",
        SEATED,
        {"type": "tournament_created", "ruleset": "texas"},
        "already exists",
        "type",
    ),
    (
        "an unknown ruleset",
        [],
        {"type": "tournament_created", "ruleset": "bridge"},
        "unknown ruleset",
        "ruleset",
    ),
    ("an unknown event", SEATED, {"type": "shuffle"}, "unknown tournament event", "type"),
    ("a missing field", SEATED, {"type": "hand_scored", "match": "R1-T1"}, "needs 'hand'", "hand"),
    (
        "a mistyped field",
        SEATED,
        {"type": "draw", "purpose": "first_pairing", "round": "1", "outcome": []},
        "whole number",
        "round",
    ),
    (
        "an unknown field",
        SEATED,
        {"type": "sheet_signed", "match": "R1-T1", "colour": "red"},
        "no field",
        "colour",
    ),
    (
        "a team registered twice",
        SEATED[:3],
        {"type": "team_registered", "team": "A"},
        "already registered",
        "team",
    ),
    (
        "a team number taken",
        SEATED[:3],
        {"type": "team_registered", "team": "E", "number": 1},
        "is taken",
        "number",
    ),
    (
        "registration after play began",
        SEATED,
        {"type": "team_registered", "team": "E"},
        "registration closed",
        "team",
    ),
    (
        "a draw of an unknown team",
        SEATED[:5],
        {"type": "draw", "purpose": "first_pairing", "round": 1, "outcome": ["A", "B", "C", "Z"]},
        "unknown team",
        "outcome/3",
    ),
    (
        "a draw missing a team",
        SEATED[:5],
        {"type": "draw", "purpose": "first_pairing", "round": 1, "outcome": ["A", "B", "C"]},
        "every team in play",
        "outcome",
    ),
    (
        "a second draw",
        SEATED[:6],
        {"type": "draw", "purpose": "first_pairing", "round": 1, "outcome": ["A", "C", "B", "D"]},
        "already recorded",
        "purpose",
    ),
    (
        "a draw nobody needs",
        SEATED[:6],
        {"type": "draw", "purpose": "odd_opponent", "round": 1, "outcome": ["A"]},
        "needs no odd_opponent draw",
        "purpose",
    ),
    (
        "confirming before the draw",
        SEATED[:5],
        {"type": "seating_confirmed", "round": 1, "tables": []},
        "nothing to confirm",
        "tables",
    ),
    (
        "confirming another seating",
        SEATED[:6],
        {
            "type": "seating_confirmed",
            "round": 1,
            "tables": [
                {"table": 1, "north_south": "A", "east_west": "C"},
                {"table": 2, "north_south": "B", "east_west": "D"},
            ],
        },
        "differs from the proposal",
        "tables",
    ),
    (
        "a second pairing of a team",
        SEATED[:6],
        {
            "type": "seating_overridden",
            "round": 1,
            "reason": "x",
            "tables": [
                {"table": 1, "north_south": "A", "east_west": "B"},
                {"table": 2, "north_south": "C", "east_west": "B"},
            ],
        },
        "already seated in round 1",
        "tables/1/east_west",
    ),
    (
        "a table seated twice",
        SEATED[:6],
        {
            "type": "seating_overridden",
            "round": 1,
            "reason": "x",
            "tables": [
                {"table": 1, "north_south": "A", "east_west": "B"},
                {"table": 1, "north_south": "C", "east_west": "D"},
            ],
        },
        "seated twice",
        "tables/1/table",
    ),
    (
        "an unknown team seated",
        SEATED[:6],
        {
            "type": "seating_overridden",
            "round": 1,
            "reason": "x",
            "tables": [{"table": 1, "north_south": "A", "east_west": "Q"}],
        },
        "unknown team",
        "tables/0/east_west",
    ),
    (
        "an uncounted team not at the table",
        SEATED[:6],
        {
            "type": "seating_overridden",
            "round": 1,
            "reason": "x",
            "tables": [
                {"table": 1, "north_south": "A", "east_west": "B", "uncounted": ["C"]},
                {"table": 2, "north_south": "C", "east_west": "D"},
            ],
        },
        "uncounted team",
        "tables/0/uncounted/0",
    ),
    (
        "the wrong round",
        SEATED[:6],
        {"type": "seating_overridden", "round": 2, "reason": "x", "tables": []},
        "next round to seat is 1",
        "round",
    ),
    (
        "a round before the last is signed",
        PLAYED,
        {"type": "seating_overridden", "round": 2, "reason": "x", "tables": []},
        "is not signed",
        "round",
    ),
    (
        "a hand for an unknown match",
        SEATED,
        {"type": "hand_scored", "match": "R9-T9", "hand": "h", "score": win("north_south")},
        "unknown match",
        "match",
    ),
    (
        "a hand that is not final",
        SEATED,
        {
            "type": "hand_scored",
            "match": "R1-T1",
            "hand": "h",
            "score": {**win("north_south"), "final": False},
        },
        "only a final hand",
        "score/final",
    ),
    (
        "a hand without points",
        SEATED,
        {"type": "hand_scored", "match": "R1-T1", "hand": "h", "score": {"final": True}},
        "whole-number points",
        "score/points",
    ),
    (
        "a hand recorded twice",
        SEATED + PLAYED[7:8],
        {"type": "hand_scored", "match": "R1-T1", "hand": "t1h1", "score": win("east_west")},
        "already on",
        "hand",
    ),
    (
        "a fifth hand in a round of 4",
        PLAYED,
        {"type": "hand_scored", "match": "R1-T1", "hand": "h5", "score": win("east_west")},
        "is over",
        "match",
    ),
    (
        "a hand after sign-off",
        SIGNED,
        {"type": "hand_scored", "match": "R1-T1", "hand": "h5", "score": win("east_west")},
        "signed and final",
        "match",
    ),
    (
        "a result for a team not in the match",
        PLAYED,
        {"type": "sheet_signed", "match": "R1-T1", "team": "C"},
        "is not in R1-T1",
        "team",
    ),
    (
        "a result for an unknown team",
        PLAYED,
        {"type": "hand_forfeited", "match": "R1-T1", "team": "Z", "reason": "x"},
        "is unknown to R1-T1",
        "team",
    ),
    (
        "a sheet signed twice by one team",
        PLAYED + SIGNED[len(PLAYED) : len(PLAYED) + 1],
        {"type": "sheet_signed", "match": "R1-T1", "team": "A", "player": "a2"},
        "already signed for north_south",
        "team",
    ),
    (
        "a signature by a non-member",
        PLAYED,
        {"type": "sheet_signed", "match": "R1-T1", "team": "A", "player": "b1"},
        "does not play for",
        "player",
    ),
    (
        "a sheet signed before the match is over",
        SEATED,
        {"type": "sheet_signed", "match": "R1-T1", "team": "A", "player": "a1"},
        "is not over",
        "match",
    ),
    (
        "a correction of an unknown hand",
        SIGNED,
        {
            "type": "sheet_corrected",
            "match": "R1-T1",
            "hand": "zz",
            "score": {"points": {"north_south": 1, "east_west": 0}},
            "reason": "x",
        },
        "is not on",
        "hand",
    ),
    (
        "a ruling on an unknown dispute",
        SIGNED,
        {"type": "dispute_ruled", "dispute": "d9", "upheld": True, "reason": "x"},
        "unknown dispute",
        "dispute",
    ),
    (
        "a tie-break between unknown teams",
        SIGNED,
        {"type": "tiebreak_decided", "teams": ["A", "Z"], "reason": "x"},
        "unknown team",
        "teams/1",
    ),
    (
        "a tie-break between teams not tied",
        SIGNED,
        {"type": "tiebreak_decided", "teams": ["A", "B"], "reason": "x"},
        "not tied",
        "teams",
    ),
    (
        "seeding before the rounds are over",
        PLAYED,
        {"type": "playoff_seeded", "seeds": ["A", "C"]},
        "not finished",
        "seeds",
    ),
    (
        "seeding a team that is not in the standings",
        SIGNED,
        {"type": "playoff_seeded", "seeds": ["A", "Z"], "reason": "x"},
        "not a team in the standings",
        "seeds/1",
    ),
    (
        "a withdrawal of an unknown team",
        SIGNED,
        {"type": "team_withdrawn", "team": "Z", "reason": "x"},
        "unknown team",
        "team",
    ),
    (
        "an ontario team of unregistered players",
        ontario_log()[:1],
        {"type": "team_registered", "team": "A", "players": ["x1", "x2"]},
        "unknown player",
        "players/0",
    ),
    (
        "an ontario player on two teams",
        ontario_log(),
        {"type": "team_registered", "team": "E", "players": ["a1", "b1"]},
        "already plays for",
        "players/0",
    ),
    (
        "an ontario side of one player",
        [
            *ontario_log(),
            {"type": "draw", "purpose": "session_start", "round": 1, "outcome": ["A", "B", "C", "D"]},
        ],
        {
            "type": "seating_overridden",
            "round": 1,
            "reason": "x",
            "tables": [{"table": 1, "north_south": ["a1"], "east_west": ["b1", "b2"]}],
        },
        "two different players",
        "tables/0/north_south",
    ),
    (
        "an odd number of ontario pairs without a floater",
        ontario_log()[:-3],
        {"type": "draw", "purpose": "session_start", "round": 1, "outcome": ["A", "B", "C"]},
        "register a floater",
        "outcome",
    ),
    (
        "a tournament of no rounds",
        [],
        {"type": "tournament_created", "ruleset": "cardtel", "rounds": 0},
        "at least 1",
        "rounds",
    ),
    (
        "an uncounted team that is not a list",
        SEATED[:6],
        {
            "type": "seating_overridden",
            "round": 1,
            "reason": "x",
            "tables": [{"table": 1, "north_south": "A", "east_west": "B", "uncounted": "AB"}],
        },
        "list of team ids",
        "tables/0/uncounted",
    ),
    (
        "an ontario playoff bracket",
        ontario_log(),
        {"type": "playoff_seeded", "seeds": ["A", "B"]},
        "has no playoff bracket",
        "seeds",
    ),
]


@pytest.mark.parametrize(("log", "event", "text", "field"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_an_impossible_event_is_refused_and_changes_nothing(
    log: list[Event], event: Event, text: str, field: str | None
) -> None:
    refuse(log, event, text, field)


def test_the_base_logs_are_legal() -> None:
    t = replay_tournament(SIGNED)
    assert [s.signed for s in t.sheets.values()] == [True, True]
    assert t.standings()["rows"][0]["rounds_won"] == 1
    replay_tournament(ontario_log())


def test_a_correction_after_sign_off_moves_the_standings_and_needs_a_reason() -> None:
    event = {
        "type": "sheet_corrected",
        "match": "R1-T1",
        "hand": "t1h3",
        "score": {"points": {"north_south": 0, "east_west": 12}},
    }
    refuse(SIGNED, event, "needs 'reason'", "reason")
    t = replay_tournament([*SIGNED, {**event, "reason": "arithmetic"}])
    rows = {r["team"]: r for r in t.standings()["rows"]}
    assert (rows["A"]["total_points"], rows["B"]["total_points"]) == (9, 12)
    assert (rows["A"]["rounds_won"], rows["B"]["rounds_won"]) == (0, 1)


def test_a_withdrawn_team_leaves_the_standings_and_cannot_be_seated() -> None:
    t = replay_tournament([*SIGNED, {"type": "team_withdrawn", "team": "B", "reason": "left"}])
    assert "B" not in {r["team"] for r in t.standings()["rows"]}
    refuse(
        [*SIGNED, {"type": "team_withdrawn", "team": "B", "reason": "left"}],
        {
            "type": "seating_overridden",
            "round": 2,
            "reason": "x",
            "tables": [{"table": 1, "north_south": "A", "east_west": "B"}],
        },
        "has withdrawn",
        "tables/0/east_west",
    )


VALUES = st.one_of(
    st.sampled_from(["A", "B", "C", "Z", "R1-T1", "R1-T2", "t1h1", "d1", "north_south", "detroit", ""]),
    st.integers(min_value=-2, max_value=5),
    st.booleans(),
    st.lists(st.sampled_from(["A", "B", "C", "D", "Z"]), max_size=5),
    st.just({"points": {"north_south": 2, "east_west": 0}, "final": True, "winner": "north_south"}),
    st.just([{"table": 1, "north_south": "A", "east_west": "C"}]),
)
FIELDS = [
    "ruleset",
    "team",
    "teams",
    "player",
    "players",
    "number",
    "match",
    "hand",
    "score",
    "reason",
    "round",
    "tables",
    "purpose",
    "outcome",
    "minutes",
    "dispute",
    "form_complete",
    "upheld",
    "seeds",
    "fee",
    "floater",
]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([SEATED, PLAYED, SIGNED]),
    st.sampled_from(EVENT_TYPES),
    st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=5),
)
def test_any_event_is_either_recorded_or_refused_without_a_trace(
    log: list[Event], kind: str, fields: dict[str, Any]
) -> None:
    """Fuzz: whatever arrives, the tournament records it (and a replay agrees) or refuses it untouched."""
    t = replay_tournament(log)
    before = _snapshot(t)
    event = {"type": kind, **fields}
    try:
        t.apply(event)
    except IllegalEvent:
        assert _snapshot(t) == before
        return
    assert _snapshot(replay_tournament([*log, event])) == _snapshot(t)

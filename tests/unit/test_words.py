"""Every ruling, effect, penalty and score in words (``adjudicator.domain.words``), as the console's pages
show them: no raw JSON, no code identifier, no ruling id, no word said twice in a row.

The rulings are enumerated from the domain, not listed here: every rulebook's every remedy, with every
option its chooser may take and every status, through the engine's own ``effect`` and
``penalty_text``; and every ruling the engine makes of a few hundred random and mutated logs of all
five rulebooks (``tests/unit/engine_vectors.py``), with their real details and scores.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from datetime import timedelta, timezone
from typing import Any, Final, get_args

import pytest
from flask import Flask, render_template_string

from adjudicator import IllegalEvent, adjudicate
from adjudicator.domain import words as say
from adjudicator.domain.cards import TEAMS, other_team
from adjudicator.domain.events import narrate
from adjudicator.domain.events.shapes import FINDING_OPTIONS
from adjudicator.domain.rulebooks import RULESETS, get_ruleset
from adjudicator.domain.rulings.ruling import Ruling, Status, effect, penalty_text
from adjudicator.simulation.hands import random_hand
from api import create_app
from tests.unit.engine_vectors import WHIST, logs

PAGE = """{% from "hands/ruling.html" import ruling_facts, ruling_line %}
<article>{{ ruling_facts(r, score, ruleset) }}</article><ul>{{ ruling_line(r, score) }}</ul>
<p>{{ say.score(score, [r]) }}</p>"""
RAW_JSON = re.compile(r"[{\[]\s*[\"']|[\"']\s*:\s|[\"'][\]}]")
IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
DOUBLED = re.compile(r"\b(\w+)\b[\s:]+\1\b", re.IGNORECASE)
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\b[BL]J\b")
#: A value as Python writes it: a list or a dict's brackets, a tuple, a None, True or False given.
PYTHON = re.compile(r"[\[\]{}]|\(\s*(?:-?\d+|'[^']*')\s*,|[=:]\s*(?:None|True|False)\b")


def problems(text: str) -> list[str]:
    """What an official must never read on a page: each finding with the words around it."""
    found = []
    for name, pattern in (
        ("raw JSON", RAW_JSON),
        ("code identifier", IDENTIFIER),
        ("doubled word", DOUBLED),
        ("card code", CARD_CODE),
        ("Python value", PYTHON),
        ("ruling id", re.compile(r"\w@\d")),
    ):
        for match in pattern.finditer(text):
            found.append(f"{name}: …{text[max(0, match.start() - 40) : match.end() + 40]}…")
    return found


def page_text(markup: str) -> str:
    """The words a reader sees: block elements apart (a heading and the paragraph after it are not
    one sentence), inline ones inside their sentence."""
    blocks = re.sub(r"</?(?:p|li|dd|dt|dl|ul|ol|h\d|article|section|div)\b[^>]*>", " ¦ ", markup)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", blocks))).strip()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    directory = tmp_path_factory.mktemp("words")
    return create_app(
        {
            "ADJUDICATOR_PERSISTENCE": {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(directory / "events.db"),
            },
            "ADJUDICATOR_READ_MODELS": False,
        }
    )


def rendered(app: Flask, ruling: Mapping[str, Any], score: Mapping[str, Any], ruleset: str) -> str:
    with app.test_request_context("/console/hands"):
        return page_text(render_template_string(PAGE, r=ruling, score=score, ruleset=ruleset))


def _score(ruling: Ruling) -> dict[str, Any]:
    """The hand's score as the engine writes it when this ruling decided the hand (or not)."""
    kind = (ruling.effect or {}).get("type")
    decided = kind in ("loss_of_hand", "redeal")
    winner = other_team(ruling.team) if kind == "loss_of_hand" else None
    return {
        "final": True,
        "void": kind == "redeal",
        "contract": {"bidder": "south", "bid": "4 uptown", "trump": "spades", "direction": "uptown"},
        "books": {"north_south": 7, "east_west": 6},
        "made": winner == "north_south" if winner else True,
        "winner": winner or "north_south",
        "points": {t: (4 if t == (winner or "north_south") else 0) for t in TEAMS},
        "boston": None,
        "decided_by": ruling.id if decided else None,
    }


def every_ruling() -> Iterator[tuple[str, Ruling]]:
    """Every rulebook, remedy, option and status, as the engine builds them."""
    for ruleset_id in RULESETS:
        ruleset = get_ruleset(ruleset_id)
        for kind, remedy in ruleset.remedies.items():
            options = (*remedy.options, *FINDING_OPTIONS) if remedy.kind == "choice" else (None,)
            for option in options:
                for status in get_args(Status):
                    for seat in ("north", "east"):
                        team = "north_south" if seat == "north" else "east_west"
                        yield (
                            ruleset_id,
                            Ruling(
                                id=f"{kind}@12",
                                kind=kind,
                                seat=seat,
                                event=12,
                                book=3,
                                status=status,
                                detail=f"{seat} played AS on a diamonds lead; {seat} held 10D, BJ ({team})",
                                penalty=penalty_text(ruleset, remedy),
                                citations=ruleset.citations.get(kind, ()),
                                effect=effect(remedy, option, team) if status == "established" else None,
                                options=remedy.options if status != "established" else (),
                                choice={"option": option, "by": "official", "event": 14} if option else None,
                                called_by={"seat": "south" if seat == "east" else "west", "event": 13},
                            ),
                        )


def test_every_effect_the_engine_writes_has_a_sentence_of_its_own() -> None:
    written = {r.effect["type"] for _, r in every_ruling() if r.effect}
    assert written, "the domain enumerated no effect"
    assert written <= set(say.EFFECTS), f"effects without a sentence: {written - set(say.EFFECTS)}"


def test_every_ruling_kind_of_every_rulebook_reads_in_words(app: Flask) -> None:
    seen = 0
    for ruleset, ruling in every_ruling():
        text = rendered(app, ruling.to_dict(), _score(ruling), ruleset)
        assert not problems(text), (ruleset, ruling.kind, ruling.status, ruling.effect, problems(text))
        seen += 1
    assert seen > 500, f"only {seen} rulings enumerated"


def misdealt() -> Iterator[tuple[str, str, list[dict[str, Any]]]]:
    """A deal of each Bid Whist rulebook with kitty cards among the first and last four dealt and
    side by side: the misdeal whose words list the positions."""
    for ruleset in WHIST:
        deal = {**random_hand(3, ruleset, "north")[0], "kitty_positions": [1, 6, 7, 20, 21, 54]}
        yield ruleset, "north", [deal]


def test_every_ruling_and_score_of_real_hands_reads_in_words(app: Flask) -> None:
    judged = 0
    for ruleset, dealer, logged in [*logs(200, 20), *misdealt()]:
        try:
            events = logged
            adjudication = adjudicate(ruleset, dealer, events)
        except IllegalEvent as error:  # a mutated log: what was possible of it, up to its refusal
            events = logged[: (error.index or 1) - 1]
            adjudication = adjudicate(ruleset, dealer, events)
        score = adjudication.score
        for ruling in adjudication.rulings_data():
            text = rendered(app, ruling, score, ruleset)
            assert not problems(text), (ruleset, ruling, problems(text))
            judged += 1
        said = [
            say.score(score, adjudication.rulings_data()),
            *(say.ruling_in_full(r, score) for r in adjudication.rulings_data()),
            *(narrate(e) for e in events),
        ]
        assert not problems(" | ".join(said)), problems(" | ".join(said))
        if score["final"] and not score["void"]:  # who won, also where no points are scored (Chicago)
            assert say.team(score["winner"]) in said[0], (ruleset, said[0])
    assert judged > 100, f"only {judged} rulings judged"


#: The issue's hand: a renege by the defenders' partner decides it.
RENEGED: Final = {
    "final": True,
    "void": False,
    "contract": {"bidder": "west", "bid": "4 no trump", "trump": None, "direction": "downtown"},
    "books": {"north_south": 0, "east_west": 3},
    "made": True,
    "winner": "east_west",
    "points": {"north_south": 0, "east_west": 4},
    "boston": None,
    "decided_by": "renege@13",
}
RENEGE: Final = {"id": "renege@13", "kind": "renege", "seat": "north"}


def test_the_score_says_how_the_hand_was_decided() -> None:
    """Not "made": the renege decided it."""
    assert say.score(RENEGED, [RENEGE]) == "East\u2013West score 4 on North's renege."
    effect_said = say.effect({"type": "loss_of_hand", "team": "north_south"}, RENEGED)
    assert effect_said == "North\u2013South lose the hand; East\u2013West score 4"


def test_a_chicago_hand_says_who_won_it() -> None:
    """Chicago scores no points for a set contract: the hand's winner is said, and a hand counted twice."""
    set_hand = {
        **RENEGED,
        "contract": {"bidder": "north", "bid": "5 no trump", "trump": None, "direction": "downtown"},
        "books": {"north_south": 9, "east_west": 4},
        "made": False,
        "points": {"north_south": 0, "east_west": 0},
        "hand_wins": {"north_south": 0, "east_west": 2},
        "decided_by": None,
    }
    assert say.score(set_hand) == (
        "North bid 5 no trump downtown: set with 9 books; "
        "East\u2013West win the hand, counted as 2 hands won."
    )
    reneged = {**set_hand, "decided_by": "renege@13"}
    assert say.score(reneged, [RENEGE]) == (
        "East\u2013West win the hand on North's renege, counted as 2 hands won."
    )
    effect_said = say.effect({"type": "loss_of_hand", "team": "north_south"}, reneged)
    assert (
        effect_said == "North\u2013South lose the hand; East\u2013West win the hand, counted as 2 hands won"
    )


def test_lists_the_engine_wrote_read_as_a_sentence_lists() -> None:
    said = say.prose("kitty cards at positions [1, 54]; side by side at positions [(6, 7), (20, 21)] (a, b)")
    assert (
        said == "Kitty cards at positions 1 and 54; side by side at positions 6 and 7, and 20 and 21 (a, b)"
    )


def test_cards_seats_and_teams_read_as_a_page_writes_them() -> None:
    said = say.prose("north played AS on a diamonds lead; north held 10D, BJ, north_south, renege@13")
    assert said == (
        "North played the ace of spades on a diamonds lead; North held the ten of diamonds, the big joker, "
        "North\u2013South, the renege at the record's entry 13"
    )
    assert say.kind("bid_out_of_turn") == "Bid out of turn"


def test_the_checks_find_what_they_look_for() -> None:
    """The render test cannot pass vacuously: each check finds its defect in the text main showed."""
    shown = (
        'Effect on the score {"team": "north_south", "type": "loss_of_hand"} '
        "renege established: established AS; dealt into the kitty at positions [(6, 7)]"
    )
    found = " ".join(problems(shown))
    for name in ("raw JSON", "code identifier", "doubled word", "card code", "Python value"):
        assert name in found


def test_a_card_in_a_sentence_is_named() -> None:
    assert [say.name(c) for c in ("QH", "10D", "2C", "AS", "BJ", "LJ")] == [
        "the queen of hearts",
        "the ten of diamonds",
        "the two of clubs",
        "the ace of spades",
        "the big joker",
        "the little joker",
    ]


def test_a_moment_of_the_hand_is_said_by_its_book() -> None:
    """Books 1 and 2 played at events 6-9 and 10-13: before, in and after a book, never an event."""
    at = say.moments(
        {
            "books": [{"number": 1, "plays": [{"event": n} for n in (6, 7, 8, 9)]}],
            "book": {"number": 2, "plays": [{"event": n} for n in (10, 11, 12, 13)]},
        }
    )
    assert [at.where(n) for n in (2, 7, 10, 14)] == [
        "before the first book",
        "in book 1",
        "in book 2",
        "after book 2",
    ]
    assert say.moments({"books": [], "book": None}).where(5) == "before the first book"  # still bidding
    assert say.NOWHERE.where(5) == "at the record's entry 5"  # no table at hand: the record's numbering
    said = say.prose("called by west at event 14; event 7 is not a conduct tech call; renege@11", at)
    assert (
        said
        == "Called by West after book 2; the entry in book 1 is not a conduct tech call; the renege in book 2"
    )


def test_a_call_names_who_called_what_on_whom() -> None:
    assert say.call({"kind": "renege", "seat": "north", "against": "east"}) == "North called a renege on East"
    assert (
        say.call({"kind": "looking_at_kitty", "seat": "east", "against": "north"})
        == "East called a tech on North: looking at kitty"
    )
    assert say.call({"kind": "score_dispute", "seat": "east", "against": "east"}) == "East disputed the score"
    assert (
        say.call({"kind": "sheet_dispute", "against": "T01"}) == "A dispute on the match's sheet, against T01"
    )


def test_a_recorded_time_is_the_halls_clock() -> None:
    hall = timezone(timedelta(hours=-6))
    assert say.clock("2026-11-28T16:05:09.123+00:00", hall) == "10:05"
    assert say.clock(None) == ""

"""The features read as a rulebook: no code identifier in any line of ``features/`` (issue 21, item 9).

A step says "there is an established ruling against south for a bid out of turn", "North-South wins the
hand" (the pages' words, ``adjudicator.domain.words``), never ``"bid_out_of_turn"``, ``north_south`` or a raw
event; ``adjudicator/examples/steps/vocabulary.py`` maps the words back to the engine's names. What counts as
code here:

- a snake_case token (``talking_the_game``, ``north_south``, ``total_points``);
- an event written as JSON (``{"type": ...}``);
- a quoted name of a ruling, an effect or a rulebook's rule (``"renege" ruling``, ``"first-lead" rule``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

FEATURES = Path(__file__).resolve().parents[2] / "features"

CODE = {
    "a snake_case identifier": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    "an event as JSON": re.compile(r"\{\s*\""),
    "a quoted name of a ruling, effect or rule": re.compile(r'"[a-z0-9_-]+" (?:ruling|effect|rule)\b'),
}


def code_in(text: str) -> list[str]:
    """Each line of ``text`` that speaks code, with what it says and why it counts."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for why, pattern in CODE.items():
            found += [f"line {number}: {match[0]!r} is {why}" for match in pattern.finditer(line)]
    return found


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ('Then there is a detected "bid_out_of_turn" ruling against south', "'bid_out_of_turn'"),
        ("And the score gives north_south 4 points and east_west 0", "'north_south'"),
        ('When the official records the event {"type": "close"}', "'{\"'"),
        ('Then there is no "renege" ruling', "'\"renege\" ruling'"),
        ('And the "first-lead" rule cites "MATRIX.md" section "x"', "'\"first-lead\" rule'"),
        ("      | rank | team | total_points | games_won |", "'total_points'"),
    ],
)
def test_code_in_a_step_is_found(line: str, code: str) -> None:
    assert code in " ".join(code_in(line))


@pytest.mark.parametrize(
    "line",
    [
        "Then there is a detected ruling against south for a bid out of turn",
        "And North\u2013South wins the hand",
        'And the ruling cites "MATRIX.md" section "interpretation: hand-loss-value"',
        'And the ruling offers "no penalty, loss of hand, redeal"',
        'And the first lead rule cites "ontario-55-bid-euchre.txt" section "I.6"',
    ],
)
def test_a_step_in_words_passes(line: str) -> None:
    assert code_in(line) == []


def test_no_feature_file_speaks_code() -> None:
    files = sorted(FEATURES.rglob("*.feature"))
    assert len(files) >= 18
    found = [f"{path.relative_to(FEATURES)} {said}" for path in files for said in code_in(path.read_text())]
    assert found == [], "\n".join(found)

"""The rulebooks' rules as executable scenarios: features/<ruleset>/ and features/shared/.

Every row of MATRIX.md's Bid Whist tables (the deal, bidding, kitty contract and play, infractions,
scoring a hand) has at least one scenario. Each example (a scenario, or one row of an outline's
``Examples``) is one test, run by the package's own runner (``adjudicator.examples``), the one the
service runs for the living rulebook: one set of steps, read by one parser
(``api.console.rulebook.examples``).
"""

from __future__ import annotations

import pytest

from adjudicator import adjudicate
from adjudicator.domain.handfile import FORMAT, from_text, judged, normalized, to_text
from adjudicator.examples import run
from adjudicator.examples.registry import Fixtures
from adjudicator.examples.steps.hands import Hand
from adjudicator.service.rulebook.examples import Example, load_examples
from adjudicator.service.rulebook.sources import features_dir

EXAMPLES = load_examples(features_dir())


def _id(example: Example) -> str:
    row = "-".join(example.row.values())
    return f"{example.feature}:{example.line}" + (f"[{row}]" if row else "")


def every_hand_survives_its_text_record(fixtures: Fixtures) -> None:
    """After each scenario, its hand's log (if it recorded one) as a text record reads back into the
    same events, and they give the same rulings and score (``adjudicator.domain.handfile``)."""
    scene = fixtures.made.get("scene")
    hand = next((s for s in scene.subjects if isinstance(s, Hand)), None) if scene is not None else None
    if hand is None or hand.table is None or not hand.events:
        return
    table = hand.table
    given = normalized(
        {"format": FORMAT, "ruleset": table.ruleset.id, "dealer": table.dealer, "events": hand.events}
    )
    (back,) = from_text(to_text(given, judged(given)))
    assert back == given
    before, after = (adjudicate(table.ruleset, table.dealer, r["events"]) for r in (given, back))
    assert (after.score, after.rulings_data()) == (before.score, before.rulings_data())


def test_every_feature_file_gives_examples() -> None:
    assert len({e.feature for e in EXAMPLES}) >= 18
    assert len({_id(e) for e in EXAMPLES}) == len(EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=_id)
def test_example(example: Example) -> None:
    outcome = run(example.steps, after=every_hand_survives_its_text_record)
    if outcome.error is not None:
        raise outcome.error
    assert outcome.passed, outcome.failure

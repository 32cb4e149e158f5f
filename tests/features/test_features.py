"""The rulebooks' rules as executable scenarios: features/<ruleset>/ and features/shared/.

Every row of MATRIX.md's Bid Whist tables (the deal, bidding, kitty contract and play, infractions,
scoring a hand) has at least one scenario; the steps live in the package ``steps``.
"""

from collections.abc import Iterator

import pytest
from pytest_bdd import scenarios

from adjudicator import adjudicate
from adjudicator.handfile import FORMAT, from_text, judged, normalized, to_text
from tests.features.steps.hands import Hand
from tests.features.steps.scene import Scene

scenarios("shared")
scenarios("detroit")
scenarios("texas")
scenarios("chicago")
scenarios("cardtel")
scenarios("ontario")


@pytest.fixture(autouse=True)
def _every_scenarios_hand_survives_its_text_record(scene: Scene) -> Iterator[None]:
    """After each scenario, its hand's log (if it recorded one) as a text record reads back into the
    same events, and they give the same rulings and score (``adjudicator.handfile``)."""
    yield
    hand = next((subject for subject in scene.subjects if isinstance(subject, Hand)), None)
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

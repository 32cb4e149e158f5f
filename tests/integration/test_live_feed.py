"""The live channel's feed over a real store: which logs a span of the notification log touched (a
hand, a tournament, a claim), a span too long or gone backwards answered ``whole``, and the facts the
sight decides each hand's id by."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from adjudicator.adapters import live_feed
from adjudicator.adapters.hand_store import HandStore
from adjudicator.adapters.live_feed import LiveFeed, Moved
from adjudicator.adapters.readmodels import ReadModels
from adjudicator.service.hands import append_events
from tests.integration.test_call_queue import queue_of

BIDS: list[dict[str, Any]] = [
    {"type": "bid", "seat": seat, "bid": bid}
    for seat, bid in (("north", "pass"), ("east", "pass"), ("south", "4"), ("west", "pass"))
]
CALL = {"type": "tech_call", "by": "east", "against": "south", "infraction": "talking_the_game"}


def test_a_span_names_the_hands_tournaments_and_claims_it_touched(
    store_env: dict[str, str], tmp_path: Path
) -> None:
    store = HandStore(store_env)
    try:
        read_models = ReadModels(store, tmp_path / "read.db")
        feed = LiveFeed(read_models.path, store)
        calls = queue_of(store, read_models)
        quiet = store.open_hand("detroit", "west").id
        read_models.catch_up()
        start = feed.position()
        hand = store.open_hand("detroit", "west", label="Table 12").id
        append_events(store, hand, [*BIDS, CALL])
        tournament = read_models.tournaments.create({"type": "tournament_created", "ruleset": "texas"}).id
        read_models.catch_up()
        middle = feed.position()
        assert feed.between(start, middle) == Moved((hand,), (tournament,))
        assert feed.between(start, middle) is feed.between(start, middle)  # one read for every follower

        calls.claim(f"{hand}@5", "Ann")
        read_models.catch_up()
        end = feed.position()
        assert feed.between(middle, end) == Moved(claims=True)
        assert quiet not in feed.between(start, end).hands
        assert feed.between(end, end) == Moved()
        assert feed.between(end + 1, end).whole  # the read models were rebuilt behind the follower
        assert feed.between(end - live_feed.LIMIT - 1, end).whole

        facts = feed.hand_facts((hand, quiet))
        assert set(facts) == {hand, quiet} and facts[hand].in_play
    finally:
        store.close()

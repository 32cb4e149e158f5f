"""The score of a hand, and a match tallied from the hands played."""

from __future__ import annotations

from typing import cast

from adjudicator.domain.adjudication import adjudicate
from adjudicator.domain.cards import Seat, Team
from adjudicator.domain.matches import match_result, next_dealer
from adjudicator.examples.registry import then, when
from adjudicator.examples.steps.hands import Hand
from adjudicator.examples.steps.vocabulary import step
from adjudicator.simulation.hands import scripted_hand


@then(step("{team:Team} wins the hand"))
def wins_the_hand(hand: Hand, team: Team) -> None:
    score = hand.score()
    assert score["final"] and score["winner"] == team, score


@then("the bid is made")
def bid_made(hand: Hand) -> None:
    assert hand.score()["made"] is True


@then("the bid is set")
def bid_set(hand: Hand) -> None:
    assert hand.score()["made"] is False


@then(step("{team:Team} is credited with {wins:d} hand-win"))
@then(step("{team:Team} is credited with {wins:d} hand-wins"))
def hand_wins(hand: Hand, team: Team, wins: int) -> None:
    assert hand.score()["hand_wins"][team] == wins, hand.score()


@then(step("the score counts {first:Team} {a:d} books and {second:Team} {b:d}"))
def score_books(hand: Hand, first: Team, a: int, second: Team, b: int) -> None:
    assert hand.score()["books"] == {first: a, second: b}, hand.score()


@then(step("the score records a Boston for {team:Team}"))
def boston(hand: Hand, team: Team) -> None:
    assert hand.score()["boston"] == team


@then("the score records no Boston")
def no_boston(hand: Hand) -> None:
    assert hand.score()["boston"] is None


@then("the score is final")
def final(hand: Hand) -> None:
    assert hand.score()["final"] is True


@then("the score is not final yet")
def not_final(hand: Hand) -> None:
    score = hand.score()
    assert score["final"] is False and score["winner"] is None, score


@then(step("the next hand is dealt by {seat:Seat}"))
def next_hand_dealer(hand: Hand, seat: Seat) -> None:
    rightful = next((e["seat"] for e in hand.t.log if e.get("type") == "wrong_dealer"), None)
    assert next_dealer(hand.t.dealer, rightful) == seat


@when("these hands are played:")
def hands_played(hand: Hand, datatable: list[list[str]]) -> None:
    """Rows ``bidder | bid | books`` (the bidding team's books); the deal passes to the left."""
    header = [h.strip() for h in datatable[0]]
    dealer = hand.t.dealer
    for row in datatable[1:]:
        cells = dict(zip(header, (c.strip() for c in row), strict=True))
        events = scripted_hand(
            int(cells["books"]), bidder=cast(Seat, cells["bidder"]), dealer=dealer, bid=cells["bid"]
        )
        hand.match_scores.append(adjudicate(hand.ruleset_id, dealer, events).score)
        dealer = next_dealer(dealer)


@then(step("the match stands at {first:Team} {a:d} and {second:Team} {b:d}"))
def match_stands(hand: Hand, first: Team, a: int, second: Team, b: int) -> None:
    result = match_result(hand.t.ruleset, hand.match_scores)
    assert result["tally"] == {first: a, second: b}, result

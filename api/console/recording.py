"""What the table recorder shows of a hand: whose turn, the cards each seat may still play, the bids
and calls a scorekeeper taps, the rulings so far, and the score the other team confirms.

Built from the same use cases and the same reader's sight as the REST API: when the reader may not
see the deal (or none was recorded), every card not yet played is offered instead of a seat's hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from adjudicator.domain import words as say
from adjudicator.domain.events import narrate, recorder_forms
from adjudicator.domain.games import GameRules, rules_for
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.service import hands as use
from adjudicator.service.hands import Seer
from adjudicator.service.ports import Hands
from api.console.cards import SUIT_NAMES, SUIT_ORDER, by_suit
from api.console.moment import SEATS

#: How many recorded entries the recorder lists, newest last.
RECENT = 6
TRUMPS = tuple(SUIT_NAMES[s] for s in SUIT_ORDER)
#: The second tap of a bid, after its level; Bid Euchre's calls are tapped whole.
BID_KINDS = {
    "Bid Whist": ("uptown", "downtown", "no trump"),
    "Bid Euchre": (*TRUMPS, "no trump"),
}
BID_LEVELS = {"Bid Whist": range(4, 8), "Bid Euchre": range(2, 9)}
CALLS = {"Bid Whist": (), "Bid Euchre": ("call for two", "call for one", "moonshot")}
#: What a hand recorded by its result names after the bid's level, in one tap, in rows under their
#: heading: (said, bid's words, trump, direction). Bid Whist: a trump for uptown and downtown, a
#: direction for no trump; Bid Euchre: the suit or no trump, part of the bid.
ResultKind = tuple[str, str, str | None, str | None]
RESULT_KINDS: dict[str, tuple[tuple[str, tuple[ResultKind, ...]], ...]] = {
    "Bid Whist": (
        *(
            (f"{strain.capitalize()}: the trump", tuple((f"{t} {strain}", strain, t, None) for t in TRUMPS))
            for strain in ("uptown", "downtown")
        ),
        (
            "No trump: the direction",
            tuple((f"no trump {d}", "no trump", None, d) for d in ("uptown", "downtown")),
        ),
    ),
    "Bid Euchre": (("", tuple((t, t, None, None) for t in (*TRUMPS, "no trump"))),),
}
#: The books a bidding team may have taken: Bid Whist counts the kitty as its first.
RESULT_BOOKS = {"Bid Whist": range(1, 14), "Bid Euchre": range(0, 9)}
#: Before anything of these is recorded, the hand may still be recorded by its result.
BEFORE_RESULT = frozenset({"deal", "scoped"})


@dataclass(frozen=True, slots=True)
class Recording:
    """A hand as its table records it now."""

    hand: Mapping[str, Any]
    state: Mapping[str, Any]
    rulings: Sequence[Mapping[str, Any]]
    events: Sequence[Mapping[str, Any]]

    @property
    def game(self) -> GameRules:
        return rules_for(get_ruleset(str(self.hand["ruleset"])).game)

    @property
    def version(self) -> int:
        return int(self.hand["version"])

    @property
    def turn(self) -> Mapping[str, str]:
        return self.hand.get("turn") or {}

    @property
    def book_plays(self) -> int:
        return len((self.state.get("book") or {}).get("plays") or [])

    def deck(self) -> list[tuple[str, list[Any]]]:
        """Every card of the game by suit, for tapping in the deal."""
        return by_suit([str(c) for c in self.game.deck], None)

    def copies(self) -> int:
        return max(self.game.deck.values())

    def kitty_size(self) -> int:
        return sum(self.game.deck.values()) - 4 * self.game.tricks

    def played(self) -> Counter[str]:
        books = [*(self.state.get("books") or []), self.state.get("book") or {}]
        gone = Counter(str(p["card"]) for b in books for p in b.get("plays") or [])
        gone.update(str(c) for c in self.state.get("discard") or [])
        return gone

    def unplayed(self) -> list[tuple[str, list[Any]]]:
        """The cards not yet played (or laid away), by suit: what any seat may play without a deal."""
        gone = self.played()
        left = [c for c, n in self.game.deck.items() for _ in range(n - gone[str(c)])]
        return by_suit(sorted({str(c) for c in left}), self.hand.get("contract"))

    def offered(self) -> dict[str, list[tuple[str, list[Any]]]] | None:
        """Each seat's remaining cards, when the deal is known to this reader; None otherwise."""
        held = self.state.get("hands") or {}
        if not self.state.get("deal_known") or any(held.get(s) is None for s in SEATS):
            return None
        cards = {s: list(held[s]) for s in SEATS}
        if self.turn.get("action") == "discard":  # the bidder lays away from the hand and the kitty
            cards[self.turn["seat"]] += self.state.get("kitty") or []
        return {s: by_suit(cards[s], self.hand.get("contract")) for s in SEATS}

    def bid_levels(self) -> range:
        return BID_LEVELS[self.game.name]

    def bid_kinds(self) -> tuple[str, ...]:
        return BID_KINDS[self.game.name]

    def calls(self) -> tuple[str, ...]:
        return CALLS[self.game.name]

    def trumps(self) -> tuple[str, ...]:
        return TRUMPS

    def recent(self) -> list[tuple[int, str]]:
        return [(int(e["version"]), narrate(e)) for e in self.events[-RECENT:]]

    def forms(self) -> list[dict[str, Any]]:
        """The calls' forms for ``static/recorder-forms.js`` to draw (``domain.events.recorder_forms``),
        a card field offering the cards not yet played."""
        cards = [[c.code, c.name] for _, group in self.unplayed() for c in group]
        return [
            {
                **form,
                "fields": [{**f, "choices": cards} if f["input"] == "cards" else f for f in form["fields"]],
            }
            for form in recorder_forms()
        ]

    def result_open(self) -> bool:
        """Whether the hand may be recorded by its result: nothing of its bidding or play is."""
        return all(e.get("type") in BEFORE_RESULT for e in self.events)

    def by_result(self) -> bool:
        return any(e.get("type") == "result" for e in self.events)

    def result_levels(self) -> tuple[str, ...]:
        return (*(str(n) for n in BID_LEVELS[self.game.name]), *CALLS[self.game.name])

    def result_kinds(self) -> tuple[tuple[str, tuple[ResultKind, ...]], ...]:
        return RESULT_KINDS[self.game.name]

    def result_books(self) -> range:
        return RESULT_BOOKS[self.game.name]

    def walk(self) -> dict[str, Any] | None:
        """A hand recorded by its result whose books are being entered as they lie: how many are
        in, and the seat whose card comes next (the bidder leads the first)."""
        books = len(self.state.get("books") or [])
        if not self.by_result() or books >= self.game.tricks:
            return None
        book = self.state.get("book") or {}
        plays = book.get("plays") or []
        seat = book.get("leader") or (self.hand.get("contract") or {}).get("bidder")
        if plays:
            after = SEATS.index(plays[-1]["seat"])
            out = self.state.get("sitting_out")
            seat = next(s for s in (SEATS[(after + i) % 4] for i in (1, 2, 3)) if s != out)
        return {
            "entered": books,
            "book": books + 1,
            "tricks": self.game.tricks,
            "seat": seat,
            "begun": bool(books or plays),
        }

    def decided(self) -> bool:
        return bool((self.hand.get("score") or {}).get("final"))

    @property
    def moments(self) -> say.Moments:
        return say.moments(self.state)

    def confirmations(self) -> list[Mapping[str, Any]]:
        return [e for e in self.events if e.get("type") == "score_confirmation"]


def recording(hands: Hands, hand_id: UUID, sight: Seer) -> Recording:
    return Recording(
        hand=use.hand(hands, hand_id, sight),
        state=use.state(hands, hand_id, None, sight),
        rulings=use.rulings(hands, hand_id, sight)[1],
        events=use.events(hands, hand_id, sight)["events"],
    )

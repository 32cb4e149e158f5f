"""One sight, applied to everything that leaves the service: what a reader may see of a hand.

What a reader sees of a hand is decided once, by ``Reader`` (made once per request from its
credential by ``authority.reader``), on the hand as it is now (``HandFacts``), as one of three sights:

``FULL``
    every card and every ruling: an official, always; everyone, once the hand is over (complete,
    closed or void, however it ended).
``TABLE``
    the scorekeeper of the hand's own table, or the one who entered its deal (an unscoped one
    included), while it is in play: every card (it records them), but no
    ruling the table has not called (``detected``): calling an infraction is the opponents' job, and
    nobody points out one nobody has called.
``PUBLIC``
    everyone else while the hand is in play (a viewer, another table's scorekeeper, an unscoped one):
    no concealed card (``adjudicator.service.concealment``) and no uncalled ruling, in any words.

Every representation of the hand passes through its ``Sight``: each event (nested ones included),
the replayed table, the rulings and their count, the record, and the words of a refusal (the domain
says where a card is in ``IllegalEvent.message`` and without it in ``IllegalEvent.public``). An
answer's ETag says which sight it was made for (``Reader.tag``), so that no cache hands one reader's
answer to another whose sight is narrower.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from adjudicator.events import IllegalEvent
from adjudicator.service.concealment import called, conceal_event, conceal_rulings, conceal_state
from adjudicator.service.results import HandFacts, facts
from adjudicator.service.views import HandView


@dataclass(frozen=True, slots=True)
class Sight:
    """What one reader sees of one hand now: its concealed ``cards``, and rulings not yet ``called``."""

    name: str
    cards: bool
    uncalled: bool

    def event(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        return dict(entry) if self.cards else conceal_event(entry)

    def state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return dict(state) if self.cards else conceal_state(state)

    def rulings(self, rulings: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        shown = rulings if self.uncalled else called(rulings)
        return [dict(ruling) for ruling in shown] if self.cards else conceal_rulings(shown)

    def refusal(self, error: IllegalEvent) -> str:
        """Why an event was refused, in the words this reader may read."""
        return error.words(self.cards)


FULL: Final = Sight("full", cards=True, uncalled=True)
TABLE: Final = Sight("table", cards=True, uncalled=False)
PUBLIC: Final = Sight("public", cards=False, uncalled=False)
#: From the widest sight to the narrowest.
SIGHTS: Final = (FULL, TABLE, PUBLIC)


def sight_of(hand: HandFacts, official: bool, sees_cards: bool) -> Sight:
    """The sight of a reader on ``hand``: an official's, or one that ``sees_cards`` in play or not."""
    if official or not hand.in_play:
        return FULL
    return TABLE if sees_cards else PUBLIC


class Reader:
    """One request's reader: decides what it sees of each hand it reads (``decide``: the sight, or
    raises when it may not read the hand at all), and remembers the narrowest sight it was given,
    which the answer's ETag and caching headers then say (``tag``)."""

    __slots__ = ("_decide", "narrowest")

    def __init__(self, decide: Callable[[HandFacts], Sight]) -> None:
        self._decide = decide
        self.narrowest: Sight | None = None

    def __call__(self, hand: HandFacts) -> Sight:
        sight = self._decide(hand)
        if self.narrowest is None or SIGHTS.index(sight) > SIGHTS.index(self.narrowest):
            self.narrowest = sight
        return sight

    def tag(self, tag: str) -> str:
        """An answer's ETag for this reader: the same for every reader who sees all of it, and
        another for each narrower sight (a viewer's ``"9-public"`` is never an official's ``"9"``)."""
        narrowest = self.narrowest
        return tag if narrowest is None or narrowest is FULL else f"{tag}-{narrowest.name}"


def sight_on(view: HandView, reader: Reader | None) -> Sight:
    """What ``reader`` sees of the hand as ``view`` has it (None: an official's reader, the CLI's)."""
    return FULL if reader is None else reader(facts(view))

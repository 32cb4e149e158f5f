"""Who sees what of a hand: the sight a reader has of it, decided once per request on the hand as it is
now; who may do what is ``adjudicator.service.authority``.

A private tournament (``adjudicator.service.privacy``) is not there for a reader who may not know of
it: its hands, finished or not, answer ``HandNotFound``, and ``Reader.known`` holds its routes, lists
and streams to the same.

What a reader sees of a hand is decided once per request (``reader``: a ``Reader``), on the hand as
it is now (``HandFacts``), as one of three sights:

``FULL``
    every card and every ruling: an official, always; everyone, once the hand is over.
``AT_TABLE``
    while in play, the scorekeeper of the hand's own table, or the one who entered its deal: every
    card (it records them), but no ruling the table has not called (``detected``): calling an
    infraction is the opponents' job.
``PUBLIC``
    everyone else while the hand is in play: no concealed card (``adjudicator.service.concealment``)
    and no uncalled ruling, in any words.

Every answer about the hand passes through its ``Sight``: each event (nested ones included), the
table, the rulings, the record, a refusal's words, and the judgement of a write (``writing_on``:
``PUBLIC``'s play against the concealed cards is recorded for an official, never refused). An
answer's ETag says the sight it was made for (``Reader.tag``): no cache hands it to a narrower one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.table import Conflicts, OnConflict
from adjudicator.service.authority import hand_table, may_read_hand, sees_concealed
from adjudicator.service.concealment import called, conceal_event, conceal_rulings, conceal_state
from adjudicator.service.credentials import Credential
from adjudicator.service.errors import HandNotFound
from adjudicator.service.ports import Credentials
from adjudicator.service.privacy import Known, Private, known, reach
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

    def conflicts(self, entries: Sequence[Mapping[str, Any]] = ()) -> Conflicts:
        """A conflict with the concealed cards: refused if it sees them (or brings the deal), else noted."""
        seen = self.cards or any(entry.get("type") == "deal" for entry in entries)
        return "refused" if seen else "noted"


FULL: Final = Sight("full", cards=True, uncalled=True)
AT_TABLE: Final = Sight("table", cards=True, uncalled=False)
PUBLIC: Final = Sight("public", cards=False, uncalled=False)
#: From the widest sight to the narrowest.
SIGHTS: Final = (FULL, AT_TABLE, PUBLIC)


def sight_of(hand: HandFacts, official: bool, sees_cards: bool) -> Sight:
    """The sight of a reader on ``hand``: an official's, or one that ``sees_cards`` in play or not."""
    if official or not hand.in_play:
        return FULL
    return AT_TABLE if sees_cards else PUBLIC


class Reader:
    """One request's reader: decides what it sees of each hand it reads (``decide``: the sight, or
    raises when it may not read the hand at all), and remembers the narrowest sight it was given,
    which the answer's ETag and caching headers then say (``tag``); ``known``: which tournaments it
    may know of (``adjudicator.service.privacy``)."""

    __slots__ = ("decide", "known", "narrowest")

    def __init__(self, decide: Callable[[HandFacts], Sight], known: Known | None = None) -> None:
        self.decide = decide
        self.narrowest: Sight | None = None
        self.known = known or Known()

    def __call__(self, hand: HandFacts) -> Sight:
        sight = self.decide(hand)
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


def writing_on(view: HandView, reader: Reader | None, entries: Sequence[Mapping[str, Any]]) -> OnConflict:
    """How ``entries`` are judged on ``view`` for ``reader``'s writer (None: an official's, the CLI's),
    decided when a conflict arises; not kept for the ETag: a write's answer shows nothing of the hand."""
    if reader is None:
        return FULL.conflicts(entries)
    return lambda: reader.decide(facts(view)).conflicts(entries)


def reader(who: Credential | None, credentials: Credentials, private: Private | None = None) -> Reader:
    """How ``who`` reads hands: a hand of a private tournament it may not know of (``private``: which
    are; None: none is) is not there (``HandNotFound``, finished or not); refused in play if
    anonymous; concealed cards shown only by right, uncalled rulings only to an official."""
    official, tournaments = who is not None and who.role == "official", known(who, private)

    def decide(hand: HandFacts) -> Sight:
        table = hand_table(credentials, hand.opened_by, hand.scope)
        if not tournaments.knows(None if table is None else table[0]):
            raise HandNotFound(hand.hand)
        may_read_hand(who, not hand.in_play)
        sees = official or (hand.in_play and sees_concealed(who, table, hand.dealt_by))
        return sight_of(hand, official, sees)

    return Reader(decide, tournaments)


def sight_class(who: Credential | None) -> str:
    """The class of readers ``reader`` treats alike, for every hand and tournament: readers of one
    class are shown the same answer of any list or stream (the front renders a stream's change once
    per class, ``api.stream``). What ``reader`` reads of ``who``: anonymous or not; an official; the
    tournament (and table) a credential is scoped to, which ``privacy.reach`` and
    ``authority.sees_concealed`` read; for a scorekeeper its name too, since the one who entered a
    hand's deal sees its cards (``dealt_by``). Keep this beside ``reader``: a sight that reads more
    of ``who`` must say so here, or readers of one class would be shown another's answer."""
    if who is None:
        return "anonymous"
    if who.role == "official":
        return "official"
    scope = "hall" if who.tournament is None else f"{who.tournament}/{who.table}"
    if who.role == "scorekeeper":
        return f"scorekeeper {scope} {who.name}"
    return f"{who.role} {scope}"


def knowing_class(who: Credential | None) -> str:
    """The class of readers that know of the same tournaments and may read the same hands, whatever
    they see of a hand's cards: what ``reader`` decides before the sight (``privacy.reach``, and
    ``authority.may_read_hand``, which refuses an anonymous reader a hand in play). An answer that
    names hands and tournaments and shows nothing of them (the live channel's) is the same for a
    class, with the role (what a role may call is the authority's): the officials are one, a
    tournament's table tokens another, whichever table."""
    if who is None:
        return "anonymous"
    found = reach(who)
    return f"{who.role} " + ("whole" if found.whole else f"tournament {found.own}")

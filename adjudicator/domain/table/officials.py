"""What officials and players record beside the cards: inspections, exposed cards, choices, concessions.

Also the hesitation penalty (Ontario I.6) and the close of the hand, which needs the hand decided:
all books played, conceded, or a ruling that ends it; and the hand's scope, which changes nothing at
the table.
"""

from __future__ import annotations

from adjudicator.domain.cards import counted, other_team, partner_of, team_of
from adjudicator.domain.events import (
    Choice,
    Concede,
    ConflictsWithDeal,
    Hesitation,
    IllegalEvent,
    Inspect,
    Scoped,
)
from adjudicator.domain.rulebooks import Remedy
from adjudicator.domain.table.conduct import awaiting_findings
from adjudicator.domain.table.confirmation import decided, open_disputes
from adjudicator.domain.table.effects import effect
from adjudicator.domain.table.state import TableState
from adjudicator.domain.table.view import sort_cards


def inspect(table: TableState, event: Inspect, n: int) -> None:
    seat, cards = event.seat, counted(event.cards)
    hand = table.known[seat]
    if hand is not None:
        if not dict.__eq__(cards, hand) and cards != hand:  # dict's == in C first; Counter's in Python
            missing = sort_cards((hand - cards).elements())
            extra = sort_cards((cards - hand).elements())
            public = f"the inspection of {seat} disagrees with the record"
            raise ConflictsWithDeal(
                f"{public}: missing {missing or 'nothing'}, not held {extra or 'nothing'}",
                "cards",
                seat,
                public=public,
            )
    else:
        for i, card in enumerate(event.cards):
            table.check_available(seat, card, f"cards/{i}")
        left = table.cards_left(seat)
        if len(event.cards) != left:
            raise IllegalEvent(
                f"{seat} has {left} cards left, the inspection lists {len(event.cards)}", "cards"
            )
        table.known[seat] = counted(event.cards)
    table.inspections.append((n, seat, cards))


def choice(table: TableState, event: Choice, n: int) -> None:
    infraction = next((i for i in table.infractions if i.id == event.ruling), None)
    if infraction is None or infraction.remedy.kind != "choice":
        open_ids = [i.id for i in table.infractions if i.remedy.kind == "choice" and i.choice is None]
        raise IllegalEvent(
            f"no ruling {event.ruling!r} offers a choice; open choices: {open_ids or 'none'}", "ruling"
        )
    if infraction.choice is not None:
        raise IllegalEvent(f"{infraction.id} was already settled at event {infraction.choice[0]}", "ruling")
    if table.awaiting is not None and infraction is not table.awaiting:
        raise IllegalEvent(f"{table.awaiting.id} waits for its choice first", "ruling")
    remedy = infraction.remedy
    if remedy.chooser == "official" and event.by != "official":
        raise IllegalEvent("this is the official's discretion: record it with by 'official'", "by")
    if remedy.chooser == "non_offending_team" and (
        event.by == "official" or team_of(event.by) == infraction.team
    ):
        raise IllegalEvent(
            f"the choice belongs to {other_team(infraction.team)}: by must be one of its seats", "by"
        )
    if remedy.chooser == "offender" and event.by not in (infraction.seat, "official"):
        raise IllegalEvent(f"the choice belongs to {infraction.seat}, who bid", "by")
    if remedy.needs_call and not any(
        call.event > infraction.event
        and team_of(call.against) == infraction.team != team_of(call.by)
        and call.infraction in (None, infraction.kind)
        for call in table.calls
    ):
        raise IllegalEvent(f"{infraction.id} is decided only once the opponents have called it", "ruling")
    if event.option not in remedy.options:
        raise IllegalEvent(
            f"{event.option!r} is not an option here: choose one of {', '.join(remedy.options)}", "option"
        )
    if table.awaiting is infraction:  # the game checks a raised bid before anything changes
        table.game.settle(table, infraction, event.option, _raised(table, event))
    elif event.bid is not None:
        raise IllegalEvent("a bid is named only when a same-number bid is raised", "bid")
    infraction.choice = (n, event.option, event.by)
    if event.option == "redeal":
        table.void_by = infraction.id
    elif event.option == "continue_partner_silenced":
        table.silenced.add(partner_of(infraction.seat))
    if table.awaiting is infraction:
        table.awaiting = None


def _raised(table: TableState, event: Choice) -> object:
    try:
        return None if event.bid is None else table.game.parse_bid(event.bid)
    except ValueError as error:
        raise IllegalEvent(str(error), "bid") from None


def concede(table: TableState, event: Concede, n: int) -> None:
    if table.contract is None:
        raise IllegalEvent("there is no contract to concede yet", "type")
    if table.concession is not None:
        raise IllegalEvent(f"the hand was already conceded at event {table.concession[0]}")
    if table.hand_over:
        raise IllegalEvent(f"all {table.game.tricks} books have been played: there is nothing to concede")
    if event.agreed_by is not None and team_of(event.agreed_by) == team_of(event.seat):
        raise IllegalEvent(
            "the other team agrees to a concession: agreed_by is one of its seats", "agreed_by"
        )
    why = _why_the_concession_does_not_stand(table, event)
    if why is not None:
        detail = f"{event.seat} conceded, but {why}: the hand is played out"
        table.note("concession", event.seat, n, detail, ("concession",), Remedy("no_effect"))
        return
    table.concession = (n, event.seat)


def _why_the_concession_does_not_stand(table: TableState, event: Concede) -> str | None:
    """Detroit IX.l, Chicago, Cardtel Play 14, Ontario I.12: only with both teams' agreement;
    Texas: only the bidder may concede, and only the set (interpretation: concession-agreed)."""
    if table.ruleset.concession == "bidder_sets":
        return None if event.seat == table.bidder else "only the bidder may concede, and only the set"
    if event.agreed_by is None:
        return f"{other_team(team_of(event.seat))} did not agree"
    return None


def hesitation(table: TableState, event: Hesitation, n: int) -> None:
    """Ontario I.6: the convenor may order a redeal or, if repeated, a five-point penalty: repeated means
    an earlier hesitation by the same player on this hand's record (a hand's record is all it knows of
    the game); a five-point penalty without one is recorded as a warning."""
    if "hesitation" not in table.ruleset.remedies:
        raise IllegalEvent("this rulebook has no hesitation penalty", "type")
    effects = {
        "warning": (Remedy("no_effect"), "a warning, no penalty"),
        "redeal": (Remedy("redeal"), "the convenor orders a complete redeal"),
        "five_points": (Remedy("point_penalty", points=5), "a five-point penalty to the team"),
    }
    remedy, words = effects[event.penalty]
    earlier = [i.event for i in table.infractions if i.kind == "hesitation" and i.seat == event.seat]
    if event.penalty == "five_points" and not earlier:  # only for a repeated hesitation on record
        remedy = Remedy("no_effect")
        words = "the five-point penalty is only for a repeated hesitation, and none is on record: a warning"
    elif earlier:
        words += f" (repeated: an earlier hesitation at event {earlier[-1]})"
    infraction = table.note(
        "hesitation",
        event.seat,
        n,
        f"{event.seat} hesitated or delayed the game: {words}",
        ("hesitation",),
        remedy,
    )
    if event.penalty == "redeal":
        table.void_by = infraction.id


def close(table: TableState, n: int) -> None:
    waiting = awaiting_findings(table)
    if waiting:
        raise IllegalEvent(
            f"the hand cannot be closed: the tech call at event {waiting[0].event} waits for the "
            "official's finding",
            "type",
        )
    if table.conflicts:
        raise IllegalEvent(
            f"the hand cannot be closed: the record conflicts with the record of the hands at event "
            f"{table.conflicts[0].event}: correct the record first",
            "type",
        )
    disputes = open_disputes(table)
    if disputes:
        raise IllegalEvent(
            f"the hand cannot be closed: the score disputed at event {disputes[0].event} waits for the "
            "official's finding",
            "type",
        )
    if not decided(table):
        raise IllegalEvent(
            f"the hand cannot be closed: {table.game.tricks - table.tricks_played} books remain "
            "and no concession or ruling has decided it",
            "type",
        )
    table.closed_at = n


@effect(Scoped)
def scoped(table: TableState, event: Scoped, n: int) -> None:
    """Where the hand belongs (its tournament and table) is a fact about the hand, not a move at the
    table: nothing of the hand changes, whatever its state (``Table.apply`` takes one on a closed or
    void hand too), and the same scope recorded again changes nothing either."""

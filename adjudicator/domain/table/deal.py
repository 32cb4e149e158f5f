"""The deal, and a misdeal: a bad deal is the dealer's, a redeal or (Texas, after the first card) a loss."""

from __future__ import annotations

from adjudicator.domain.cards import Seat, counted, next_seat, team_of
from adjudicator.domain.events import Deal, IllegalEvent, WrongDealer
from adjudicator.domain.rulebooks import Remedy
from adjudicator.domain.table.state import TableState


def deal(table: TableState, deal: Deal, n: int) -> None:
    if n != 1:
        raise IllegalEvent("the deal is the first event of a hand, recorded once", "type")
    problems, rules = table.game.check_deal(table, deal.hands, deal.kitty, deal.kitty_positions)
    table.dealt = True
    table.kitty = deal.kitty if table.game.kitty_size else None
    for seat, cards in deal.hands.items():
        table.known[seat] = counted(cards)
    if problems:
        misdeal(table, n, "; ".join(problems), rules)


#: The rule keys a misdeal called for a reason cites besides the misdeal's own.
MISDEAL_RULES = {"shuffle": ("deal-shuffle",), "cut": ("deal-cut",), "sporting_card": ("deal-sporting-card",)}


def misdeal(
    table: TableState, n: int, detail: str, rules: tuple[str, ...], cause: Seat | None = None
) -> None:
    """A misdeal is a redeal; found after the first card (Texas), the team that caused it loses the hand:
    the team of the seat the official names as its cause, else the dealer's (interpretation:
    misdeal-cause)."""
    if table.plays and table.ruleset.misdeal_after_first_card == "loss_of_hand":
        who = "the dealer's team" if cause is None else f"{team_of(cause)}, whose {cause} caused it,"
        detail += f"; found after the first card was played: {who} loses the hand"
        rules += ("misdeal-cause",)
        table.note("misdeal", cause or table.dealer, n, detail, rules, Remedy("loss_of_hand"))
        return
    infraction = table.note(
        "misdeal", table.dealer, n, detail + "; the hand is redealt", rules, Remedy("redeal")
    )
    table.void_by = infraction.id


def wrong_dealer(table: TableState, event: WrongDealer, n: int) -> None:
    """Cardtel Deal 9 (the others: interpretation deal-order): found before any bid, the right dealer
    deals again; once a bid is made the hand stands, and the order is put right from the next hand."""
    right = event.seat
    if right == table.dealer:
        raise IllegalEvent(f"{right} is this hand's dealer: name the seat whose deal it was", "seat")
    if table.plays or table.bids:
        detail = (
            f"{table.dealer} dealt, but it was {right}'s deal; found after a bid was made: the hand "
            f"stands, and the deal order is put right from the next hand, dealt by {next_seat(right)}"
        )
        table.note("wrong_dealer", table.dealer, n, detail, ("wrong-dealer",), Remedy("hand_stands"))
        return
    detail = f"{table.dealer} dealt, but it was {right}'s deal; found before any bid: {right} deals again"
    infraction = table.note("wrong_dealer", table.dealer, n, detail, ("wrong-dealer",), Remedy("redeal"))
    table.void_by = infraction.id

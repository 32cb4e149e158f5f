"""The scorekeeper's table: every match's sheet, and the standings' tallies moved as sheets change.

Hands, forfeits, delays, signatures and corrections are written on a sheet here, each after its
checks pass. Whatever a change does to a signed preliminary sheet moves the tallies by the same
difference (``contribution`` before and after), so the standings never need a full recount, and
``compute_tallies`` over the sheets must always give the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, cast

from adjudicator.domain import words
from adjudicator.domain.cards import TEAMS, Seat, Team, next_seat, other_team
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import TournamentFormat
from adjudicator.domain.tournaments.clock_events import OnTheClock
from adjudicator.domain.tournaments.events import (
    DelayOfGame,
    HandForfeited,
    HandScored,
    RawScore,
    SheetCorrected,
    SheetSigned,
)
from adjudicator.domain.tournaments.movement import SeatedTable
from adjudicator.domain.tournaments.roster import Roster
from adjudicator.domain.tournaments.sheets import (
    DealRuling,
    HandScore,
    Line,
    Sheet,
    Side,
    forfeit_score,
    normalise_score,
    table_match_id,
)
from adjudicator.domain.tournaments.standings import Tally, contribution


@dataclass
class Scorekeeper:
    """The match sheets by match id, and each counted team's (or player's) tally from them."""

    sheets: dict[str, Sheet] = field(default_factory=dict)
    tallies: dict[str, Tally] = field(default_factory=dict)
    #: How many changes have moved the tallies: the standings are the same while it is.
    moves: int = 0
    #: How many changes a playoff sheet has had (the bracket is the same while it is).
    playoff_moves: int = 0
    #: The units whose tallies moved since the tournament last took them (``take_moved``).
    moved: set[str] = field(default_factory=set)
    #: How many sheets both sides have signed (kept, so that a reader need not count the field's).
    signed_count: int = 0
    #: The playoff's sheets, by match: the bracket reads these, not every round's.
    playoff: dict[str, Sheet] = field(default_factory=dict)
    #: Each stored hand a sheet links, and the match of the first sheet (in the order the sheets
    #: were opened) that links it: where the hand was played.
    linked: dict[str, str] = field(default_factory=dict)
    #: The hands whose ``linked`` match was set since the tournament last took them.
    relinked: list[tuple[str, str]] = field(default_factory=list)
    #: Each sheet's place in the order the sheets were opened.
    opened: dict[str, int] = field(default_factory=dict)
    #: The sides on the delay clock now, by match (``delay_clock``).
    clocks: dict[str, OnTheClock] = field(default_factory=dict)

    def take_moved(self) -> tuple[set[str], list[tuple[str, str]]]:
        """The units whose tallies moved and the hands linked anew since the last call, forgotten here."""
        moved, relinked = self.moved, self.relinked
        self.moved, self.relinked = set(), []
        return moved, relinked

    def sheet(self, match: str) -> Sheet:
        if match not in self.sheets:
            raise IllegalEvent(f"unknown match {match!r}", "match")
        return self.sheets[match]

    def unsigned(self) -> list[str]:
        return [s.match for s in self.sheets.values() if not s.decided]

    def open_round(self, rnd: int, tables: list[SeatedTable]) -> None:
        """A sheet for every table of a seated round but a bye."""
        for t in tables:
            ns, ew = t["north_south"], t["east_west"]
            if ew is None:
                continue
            number = int(t["table"])
            match = table_match_id(rnd, number)
            sides: dict[Team, Side] = {"north_south": _side(ns), "east_west": _side(ew)}
            self._open(Sheet(match, "round", rnd, number, sides, frozenset(t["uncounted"])))

    def open_playoff(self, matches: Mapping[str, Mapping[str, Any]]) -> None:
        """A sheet for every bracket match whose two teams are known and that has none yet."""
        for match, entry in matches.items():
            if match not in self.sheets:
                ns, ew = entry["teams"]
                sides: dict[Team, Side] = {"north_south": ns, "east_west": ew}
                sheet = Sheet(match, "playoff", int(entry["round"]), None, sides, slot=match)
                self.playoff[match] = sheet
                self._open(sheet)

    def _open(self, sheet: Sheet) -> None:
        self.opened.setdefault(sheet.match, len(self.opened))
        self.sheets[sheet.match] = sheet

    def score_hand(self, fmt: TournamentFormat, event: HandScored, at: int) -> None:
        sheet = self.sheet(event.match)
        sheet.check_new_hand(fmt, event.hand)
        score = normalise_score(fmt, event.score)
        dealer = cast(Seat | None, event.dealer)
        rightful = sheet.next_dealer() if fmt.deals_per_player else None
        line = Line(event.hand, score, "hand", dealer=dealer)

        def write() -> None:
            sheet.lines.append(line)
            if dealer is not None and rightful is not None and dealer != rightful:
                sheet.rulings.append(out_of_turn(fmt, event.hand, dealer, rightful, at))

        self.change(fmt, sheet, write)
        self.link(sheet, event.hand)

    def link(self, sheet: Sheet, hand: str) -> None:
        """Note that ``sheet`` links the stored ``hand``, unless a sheet opened before it already does."""
        first = self.linked.get(hand)
        if first is None or self.opened[sheet.match] < self.opened[first]:
            self.linked[hand] = sheet.match
            self.relinked.append((hand, sheet.match))

    def forfeit_hand(self, fmt: TournamentFormat, roster: Roster, event: HandForfeited, at: int) -> None:
        sheet = self.sheet(event.match)
        side = named_side(roster, sheet, event.team, event.player)
        sheet.check_open(fmt, "a forfeit is added")
        line = Line(f"forfeit@{at}", forfeit_score(other_team(side), 0), "official")

        def write() -> None:
            sheet.lines.append(line)
            sheet.rulings.append(
                {
                    "kind": "forfeit",
                    "team": side,
                    "reason": event.reason,
                    "event": at,
                    "by": event.by or "official",
                }
            )

        self.change(fmt, sheet, write)

    def charge_delay(self, fmt: TournamentFormat, roster: Roster, event: DelayOfGame, at: int) -> None:
        sheet = self.sheet(event.match)
        late = named_side(roster, sheet, event.team, event.player)
        sheet.check_open(fmt, "a delay is charged")
        forfeits = sheet.delay_forfeits(fmt, late, event.minutes)

        def write() -> None:
            for i, score in enumerate(forfeits):
                sheet.lines.append(Line(f"delay@{at}.{i + 1}", score, "delay"))
            if fmt.delay == "clock":
                sheet.clock[late] = sheet.clock.get(late, 0) + len(forfeits)
            sheet.rulings.append(
                {
                    "kind": "delay_of_game",
                    "team": late,
                    "minutes": event.minutes,
                    "event": at,
                    "forfeited_hands": len(forfeits),
                    "detail": _delay_detail(fmt, late, event.minutes, len(forfeits)),
                    "citations": fmt.cite_data("delay"),
                }
            )

        self.change(fmt, sheet, write)

    def sign(self, fmt: TournamentFormat, roster: Roster, event: SheetSigned) -> Sheet:
        """A member of a side signs its sheet after the match; the sheet is final once both have."""
        sheet = self.sheet(event.match)
        side = named_side(roster, sheet, event.team, event.player)
        if sheet.decided and not sheet.signed:
            raise IllegalEvent(f"{sheet.match} is decided by an absence: there is nothing to sign", "match")
        if side in sheet.signatures:
            raise IllegalEvent(f"{sheet.match}'s sheet is already signed for {side}", "team")
        player = event.player
        members = roster.members(sheet.sides[side])
        if members and player is None:
            raise IllegalEvent("a member of the team signs: name the player", "player")
        if player is not None and members and player not in members:
            raise IllegalEvent(f"{player!r} does not play for {side} in {sheet.match}", "player")
        result = sheet.result(fmt)
        if not result["over"]:
            raise IllegalEvent(
                f"{sheet.match} is not over ({result['hands']} of {fmt.match_hands} hands): "
                "a sheet is signed after the match",
                "match",
            )
        if sheet.stage == "playoff" and result["winner"] is None:
            raise IllegalEvent(f"{sheet.match} is level: record its tie-break before signing", "match")
        self.change(fmt, sheet, lambda: sheet.signatures.__setitem__(side, player or str(sheet.sides[side])))
        return sheet

    def correct_sheet(self, fmt: TournamentFormat, event: SheetCorrected, at: int) -> None:
        """An official's correction of a hand's score, on a signed sheet as on an open one."""
        sheet, by = self.sheet(event.match), event.by or "official"
        if sheet.signed and fmt.signed_corrections == "arithmetic":
            check_arithmetic(fmt, sheet, event.hand, event.score)
        self.correct(
            fmt, sheet, event.hand, event.score, reason=event.reason, kind="correction", by=by, at=at
        )

    def correct(
        self,
        fmt: TournamentFormat,
        sheet: Sheet,
        hand: str,
        score: RawScore,
        *,
        reason: str,
        kind: str,
        by: str,
        at: int,
    ) -> None:
        """Change a hand's score on a sheet, unless the change would rewrite a bracket already played on."""
        line = next((ln for ln in sheet.lines if ln.hand == hand), None)
        if line is None:
            raise IllegalEvent(f"hand {hand!r} is not on {sheet.match}'s sheet", "hand")
        merged = corrected(fmt, line.score, score)
        if sheet.stage == "playoff" and sheet.signed:
            trial = replace(
                sheet, lines=[replace(ln, score=merged) if ln is line else ln for ln in sheet.lines]
            )
            later = [s for s in self.sheets.values() if s.stage == "playoff" and s.round > sheet.round]
            if sheet.result(fmt)["winner"] != trial.result(fmt)["winner"] and later:
                raise IllegalEvent(
                    "the correction would change who advanced after the next playoff match was seated",
                    "score",
                )
        previous = line.score.copy()

        def write() -> None:
            line.score, line.corrected = merged, True
            sheet.corrections.append(
                {
                    "hand": hand,
                    "before": previous,
                    "after": merged,
                    "reason": reason,
                    "kind": kind,
                    "by": by,
                    "event": at,
                    "citations": fmt.cite_data("correction"),
                }
            )

        self.change(fmt, sheet, write)

    def change(self, fmt: TournamentFormat, sheet: Sheet, write: Callable[[], None]) -> None:
        """Apply ``write`` to a sheet, moving the tallies by the difference it makes."""
        before, signed = contribution(fmt, sheet), sheet.signed
        write()
        after = contribution(fmt, sheet)
        self.signed_count += sheet.signed - signed
        self.playoff_moves += sheet.stage == "playoff"
        if before or after:
            self.moves += 1
            self.moved.update(before, after)
        for unit, tally in before.items():
            self.tallies[unit].add(tally, -1)
            if self.tallies[unit].is_empty():
                del self.tallies[unit]
        for unit, tally in after.items():
            self.tallies.setdefault(unit, Tally()).add(tally)


def corrected(fmt: TournamentFormat, before: Mapping[str, Any], score: RawScore) -> HandScore:
    """A hand's score after a correction that gives ``score``'s members: a new winner without its
    ``hand_wins`` takes the hand's wins with it (as many as the hand counted: two for a Chicago
    no-trump hand), so that a match won on hands won is tallied for the team that won the hand."""
    given = dict(score)
    winner = given.get("winner")
    if "hand_wins" not in given and winner in TEAMS and winner != before.get("winner"):
        count = max([int(n) for n in (before.get("hand_wins") or {}).values()] + [1])
        given["hand_wins"] = {t: count if t == winner else 0 for t in TEAMS}
    return normalise_score(fmt, {**before, **given})


def check_arithmetic(fmt: TournamentFormat, sheet: Sheet, hand: str, score: RawScore) -> None:
    """After both signatures (Cardtel Score Sheets 3) only an obvious arithmetic error is corrected:
    a hand's points, never its result (who won it, the hands won, a Boston, a void hand)."""
    line = next((ln for ln in sheet.lines if ln.hand == hand), None)
    if line is None:
        return
    merged = corrected(fmt, line.score, score)
    changed = [k for k in ("winner", "void", "hand_wins", "boston") if merged[k] != line.score[k]]
    if changed:
        raise IllegalEvent(
            f"{sheet.match}'s sheet is signed by both teams: an official corrects only its arithmetic, "
            f"never a hand's result ({changed[0]}); file a dispute (dispute_filed, with its form and "
            f"${fmt.dispute_fee} fee) ({'; '.join(str(c) for c in fmt.cite('correction'))})",
            "score",
        )


def out_of_turn(fmt: TournamentFormat, hand: str, dealer: Seat, rightful: Seat, at: int) -> DealRuling:
    """A hand dealt out of turn: a fact, not an impossibility. Once it was bid on and played (a hand on
    the sheet was) it stands, and the deal goes on from the seat whose turn it was (interpretation:
    deal-order), so that each seat still has its deals of the game (Ontario C.1)."""
    return {
        "kind": "deal_out_of_turn",
        "hand": hand,
        "dealer": dealer,
        "rightful": rightful,
        "event": at,
        "detail": (
            f"{dealer} dealt hand {hand!r}, but it was {rightful}'s deal (the deal passes to the left): "
            f"the hand was played and stands, and the order is put right from the next hand, dealt by "
            f"{next_seat(rightful)} (as MATRIX.md's deal-order interpretation rules for Bid Whist)"
        ),
        "citations": fmt.cite_data("deal"),
    }


def named_side(roster: Roster, sheet: Sheet, team: str | None, player: str | None) -> Team:
    """The side of a sheet an event names by its team or, failing that, by one of its players."""
    if team is not None:
        side = sheet.side_of_team(team)
        if side is None:
            where = "not in" if team in roster.teams else "unknown to"
            raise IllegalEvent(f"team {team!r} is {where} {sheet.match}", "team")
        return side
    if player is not None:
        side = sheet.side_of_player(player)
        if side is None:
            side = next((t for t in TEAMS if player in roster.members(sheet.sides[t])), None)
        if side is None:
            raise IllegalEvent(f"player {player!r} is not at {sheet.match}", "player")
        return side
    raise IllegalEvent("name the team (or the player)", "team")


def _side(seated: str | list[str]) -> Side:
    return seated if isinstance(seated, str) else (seated[0], seated[1])


def _delay_detail(fmt: TournamentFormat, late: Team, minutes: int, forfeited: int) -> str:
    """The delay ruling in words: the clock (Cardtel Play 17), a forfeit (Chicago), or the director."""
    side, waiting = words.team(late), words.team(other_team(late))
    if fmt.delay == "clock":
        hands = "1 more hand" if forfeited == 1 else f"{forfeited} more hands"
        return (
            f"{side} on the clock {minutes} minutes: {hands} to {waiting} at 3 points each, "
            f"{fmt.delay_cap} at most"
        )
    if fmt.delay == "forfeit_hand":
        if forfeited:
            return f"{side} not ready {minutes} minutes after sitting down: forfeits the hand"
        return f"{side} {minutes} minutes late: under {fmt.forfeit_after_minutes} minutes, no penalty"
    return f"{side} {minutes} minutes late: referred to the director (the rulebook is silent)"

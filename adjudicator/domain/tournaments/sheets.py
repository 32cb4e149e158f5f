"""The score sheet of one match: its hands, forfeits, signatures, corrections and disputes.

A sheet is built from its hands (each the final score of a hand the core engine adjudicated, linked
by the hand's id), plus the hands a delay of game forfeits. Once a member of each team has signed it,
it is final (Detroit I Preliminary Rounds, Texas Scoring, Cardtel Score Sheets 3): no more hands,
only an official's correction of arithmetic or an upheld dispute, each an event with a reason.
The match itself is tallied by ``adjudicator.domain.matches.match_result`` under the format's rules.

What is written on a sheet (rulings, corrections, disputes) is kept as the JSON records the answers
serve, typed as ``TypedDict`` so that the record and its answer cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NotRequired, TypedDict, cast

from adjudicator.domain import words
from adjudicator.domain.cards import SEATS, TEAMS, Seat, Team, next_seat, other_team
from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.matches import match_result
from adjudicator.domain.rulebooks import TournamentFormat, get_ruleset

#: A side of a match: a team id (Bid Whist) or the two players who partner for one game (Bid Euchre).
Side = str | tuple[str, str]
Stage = Literal["round", "playoff"]
Citations = list[dict[str, str]]


class HandScore(TypedDict):
    """A hand's final score as the sheet keeps it: the ``score`` of ``adjudicator.adjudicate``."""

    final: bool
    void: bool
    winner: Team | None
    points: dict[Team, int]
    hand_wins: dict[Team, int]
    boston: Team | None
    forfeit: NotRequired[bool]


class Forfeit(TypedDict):
    """An official's ruling that a side forfeits a hand."""

    kind: Literal["forfeit"]
    team: Team
    reason: str
    event: int
    by: str


class DelayRuling(TypedDict):
    """A delay of game charged to a side, and the hands it cost."""

    kind: Literal["delay_of_game"]
    team: Team
    minutes: int
    event: int
    forfeited_hands: int
    detail: str
    citations: Citations


class DealRuling(TypedDict):
    """A hand dealt out of turn (Ontario C.1): it stands, and the deal goes on from the rightful seat."""

    kind: Literal["deal_out_of_turn"]
    hand: str
    dealer: Seat
    rightful: Seat
    event: int
    detail: str
    citations: Citations


Ruling = Forfeit | DelayRuling | DealRuling


class Correction(TypedDict):
    """A hand's score changed after the fact: by an official, or by an upheld dispute."""

    hand: str
    before: HandScore
    after: HandScore
    reason: str
    kind: str
    by: str
    event: int
    citations: Citations


DisputeStatus = Literal["filed", "not_honored", "upheld", "denied"]


class Dispute(TypedDict):
    """A dispute filed against a sheet; ``ruling`` and ``ruled_at`` once it is ruled on."""

    dispute: str
    team: Team
    status: DisputeStatus
    detail: str
    fee: int
    refund: int
    filed_at: int
    text: str | None
    citations: Citations
    ruling: NotRequired[str]
    ruled_at: NotRequired[int]


class Stoppage(TypedDict):
    """A match decided off the cards: a team absent from its playoff match (eliminated, the
    opponent advancing), or a game stopped by the time limit (scored on the hands completed)."""

    kind: Literal["absent", "time_limit"]
    team: Team | None
    minutes: int | None
    reason: str
    by: str
    event: int
    citations: Citations


class MatchTiebreak(TypedDict):
    """How a level playoff match was decided: ``team`` won it, sitting at ``winner``."""

    winner: Team | None
    team: str
    reason: str
    hand: str | None
    citations: Citations


def table_match_id(rnd: int, table: int) -> str:
    """The match played at a table of a preliminary round: ``R2-T5``."""
    return f"R{rnd}-T{table}"


def side_data(side: Side) -> str | list[str]:
    return side if isinstance(side, str) else list(side)


def normalise_score(fmt: TournamentFormat, score: Mapping[str, Any], field_name: str = "score") -> HandScore:
    """A hand's final score as the sheet keeps it; ``IllegalEvent`` if it is not a final score.

    Bid Whist: the ``score`` of ``adjudicator.adjudicate`` (``final``, ``void``, ``winner``,
    ``points``, ``hand_wins``, ``boston``). Bid Euchre: ``points`` to both teams; the hand's winner
    is the side with more points.
    """
    points = score.get("points")
    if not isinstance(points, Mapping) or any(
        not isinstance(points.get(t), int) or isinstance(points.get(t), bool) for t in TEAMS
    ):
        raise IllegalEvent(
            "a hand's score gives whole-number points to north_south and east_west", f"{field_name}/points"
        )
    pts = {t: int(points[t]) for t in TEAMS}
    check_points(fmt, pts, f"{field_name}/points")
    if fmt.game == "Bid Euchre":
        winner: Team | None = None
        if pts["north_south"] != pts["east_west"]:
            winner = "north_south" if pts["north_south"] > pts["east_west"] else "east_west"
        wins: dict[Team, int] = {t: int(t == winner) for t in TEAMS}
        return {
            "final": True,
            "void": False,
            "winner": winner,
            "points": pts,
            "hand_wins": wins,
            "boston": None,
        }
    if score.get("final") is not True:
        raise IllegalEvent("only a final hand goes on the sheet: close the hand first", f"{field_name}/final")
    void = bool(score.get("void"))
    said = score.get("winner")
    if said not in (*TEAMS, None) or (said is None and not void):
        raise IllegalEvent(
            "a final hand that is not void has a winner: north_south or east_west", f"{field_name}/winner"
        )
    won = score.get("hand_wins") or {t: int(t == said) for t in TEAMS}
    if not isinstance(won, Mapping) or any(not isinstance(won.get(t), int) for t in TEAMS):
        raise IllegalEvent("hand_wins gives a whole number to each team", f"{field_name}/hand_wins")
    boston = score.get("boston")
    if boston not in (*TEAMS, None):
        raise IllegalEvent("boston is north_south, east_west or null", f"{field_name}/boston")
    return {
        "final": True,
        "void": void,
        "winner": cast(Team | None, said),
        "points": pts,
        "hand_wins": {t: int(won[t]) for t in TEAMS},
        "boston": cast(Team | None, boston),
    }


def check_points(fmt: TournamentFormat, points: Mapping[Team, int], where: str) -> None:
    """``IllegalEvent`` for points no hand of the rulebook can score: more than its most to a side
    (Texas: 7), fewer than its least, or points to both sides where only one side scores a hand
    (Bid Whist: the bidders when they make it, the other team when they are set)."""
    low, high = fmt.hand_points
    cited = "; ".join(str(c) for c in fmt.cite("hand_points"))
    title = get_ruleset(fmt.ruleset).title
    for team in TEAMS:
        if points[team] > high or (low is not None and points[team] < low):
            most = f"at most {high}" if low is None else f"from {low} to {high}"
            raise IllegalEvent(
                f"{points[team]} points to {words.team(team)} in one hand: under the {title}, a hand "
                f"gives a team {most} points ({cited})",
                f"{where}/{team}",
            )
    if fmt.one_side_scores and all(points[team] for team in TEAMS):
        raise IllegalEvent(
            f"points to both teams in one hand: under the {title}, only one team scores a hand ({cited})",
            where,
        )


def forfeit_score(winner: Team, points: int) -> HandScore:
    """A hand forfeited to ``winner``: one hand won, ``points`` on the sheet, never a Boston."""
    return {
        "final": True,
        "void": False,
        "winner": winner,
        "points": {t: points if t == winner else 0 for t in TEAMS},
        "hand_wins": {t: int(t == winner) for t in TEAMS},
        "boston": None,
        "forfeit": True,
    }


@dataclass
class Line:
    """One hand on the sheet: a linked hand, or a forfeit (``source`` says which)."""

    hand: str
    score: HandScore
    source: Literal["hand", "delay", "official"]
    corrected: bool = False
    dealer: Seat | None = None

    def to_dict(self) -> dict[str, Any]:
        dealt = {} if self.dealer is None else {"dealer": self.dealer}
        return {"hand": self.hand, "source": self.source, "corrected": self.corrected, **self.score, **dealt}


@dataclass
class Sheet:
    """One match's score sheet. ``uncounted`` names teams whose result here does not count."""

    match: str
    stage: Stage
    round: int
    table: int | None
    sides: dict[Team, Side]
    uncounted: frozenset[str] = frozenset()
    slot: str | None = None
    lines: list[Line] = field(default_factory=list)
    signatures: dict[Team, str] = field(default_factory=dict)
    corrections: list[Correction] = field(default_factory=list)
    disputes: dict[str, Dispute] = field(default_factory=dict)
    rulings: list[Ruling] = field(default_factory=list)
    clock: dict[Team, int] = field(default_factory=dict)  # hands forfeited on the clock, per late side
    tiebreak: MatchTiebreak | None = None
    stoppage: Stoppage | None = None

    # ------------------------------------------------------------------ reading
    def result(self, fmt: TournamentFormat) -> dict[str, Any]:
        """The match as tallied from its lines; a tied playoff match takes its recorded tie-break."""
        result = match_result(fmt, [line.score for line in self.lines])
        result["citations"] = [c.to_dict() for c in result["citations"]]
        if self.stoppage is not None:
            result["over"], result["decided_by"] = True, self.stoppage["kind"]
            result["citations"] += self.stoppage["citations"]
            absent = self.stoppage["team"]
            if absent is not None:
                result["winner"] = other_team(absent)
            elif result["tally"]["north_south"] != result["tally"]["east_west"]:
                ns_ahead = result["tally"]["north_south"] > result["tally"]["east_west"]
                result["winner"] = "north_south" if ns_ahead else "east_west"
        if result["over"] and result["winner"] is None and self.tiebreak is not None:
            result["winner"] = self.tiebreak["winner"]
            result["decided_by"] = "tiebreak"
        return result

    @property
    def signed(self) -> bool:
        return len(self.signatures) == len(TEAMS)

    @property
    def decided(self) -> bool:
        """Final: signed by both sides, or a team eliminated for absence (no one left to sign)."""
        return self.signed or (self.stoppage is not None and self.stoppage["kind"] == "absent")

    def status(self, fmt: TournamentFormat) -> str:
        if self.stoppage is not None and self.stoppage["kind"] == "absent":
            return "eliminated"
        if self.signed:
            return "signed"
        return "complete" if self.result(fmt)["over"] else "open"

    def side_of_team(self, team: str) -> Team | None:
        return next((t for t in TEAMS if self.sides[t] == team), None)

    def side_of_player(self, player: str) -> Team | None:
        return next(
            (t for t in TEAMS if not isinstance(self.sides[t], str) and player in self.sides[t]), None
        )

    def has_hand(self, hand: str) -> bool:
        return any(line.hand == hand for line in self.lines)

    def next_dealer(self) -> Seat | None:
        """Whose deal the next hand is: the left of the seat whose deal the last hand was (the deal
        passes to the left, Ontario C.1), every hand on the sheet taking a turn; after a hand dealt
        out of turn, from the seat whose turn it was (interpretation: deal-order). None until a
        hand's dealer is recorded."""
        turn: Seat | None = None
        for line in self.lines:
            if turn is not None:
                turn = next_seat(turn)
            elif line.dealer is not None:
                turn = next_seat(line.dealer)
        return turn

    def deal_data(self, fmt: TournamentFormat) -> dict[str, Any]:
        """The deals recorded, per seat, and whose deal is next (only once a dealer is recorded)."""
        if all(line.dealer is None for line in self.lines):
            return {}
        dealt = {seat: sum(line.dealer == seat for line in self.lines) for seat in SEATS}
        deals = {"dealt": dealt, "next": self.next_dealer(), "per_player": fmt.deals_per_player}
        cited = fmt.cite_data("deal") if "deal" in fmt.citations else []  # Ontario C.1 names the order
        return {"deal": {**deals, "citations": cited}}

    def to_dict(self, fmt: TournamentFormat) -> dict[str, Any]:
        return (
            {
                "match": self.match,
                "stage": self.stage,
                "round": self.round,
                "table": self.table,
                "slot": self.slot,
                "north_south": side_data(self.sides["north_south"]),
                "east_west": side_data(self.sides["east_west"]),
                "uncounted": sorted(self.uncounted),
                "status": self.status(fmt),
                "hands": [line.to_dict() for line in self.lines],
                "result": self.result(fmt),
                "signatures": dict(self.signatures),
                "corrections": list(self.corrections),
                "disputes": list(self.disputes.values()),
                "rulings": list(self.rulings),
                "tiebreak": self.tiebreak,
                "citations": fmt.cite_data("match", "score_sheet"),
            }
            | ({} if self.stoppage is None else {"stoppage": self.stoppage})
            | self.deal_data(fmt)
        )

    # ------------------------------------------------------------------ checks (raise, change nothing)
    def check_open(self, fmt: TournamentFormat, what: str) -> None:
        if self.signed:
            raise IllegalEvent(
                f"{self.match}'s sheet is signed and final: {what} only by an official's correction",
                "match",
            )
        if self.result(fmt)["over"]:
            raise IllegalEvent(f"{self.match} is over: its {fmt.match_name} takes no more hands", "match")

    def check_new_hand(self, fmt: TournamentFormat, hand: str) -> None:
        self.check_open(fmt, "a hand is added")
        if self.has_hand(hand):
            raise IllegalEvent(f"hand {hand!r} is already on {self.match}'s sheet", "hand")

    # ------------------------------------------------------------------ delay of game
    def delay_forfeits(self, fmt: TournamentFormat, late: Team, minutes: int) -> list[HandScore]:
        """Hands a delay forfeits now (as forfeit scores), and the ruling; nothing is changed here.

        Cardtel (Play 17): on the clock the waiting team gains 3 points at 3, 7, 12 and 18 minutes,
        12 at most, each step standing in for one hand of the sheet. Chicago (Delay of game): a team
        not ready 5 minutes after sitting down forfeits that hand. Elsewhere the rulebook is silent and
        the director decides (an official's ``hand_forfeited``).
        """
        waiting = other_team(late)
        room = fmt.match_hands - self.result(fmt)["hands"]
        if fmt.delay == "clock":
            steps = [pts for at, pts in fmt.delay_chart if minutes >= at]
            capped: list[int] = []
            total = 0
            for pts in steps:
                if total + pts > fmt.delay_cap:
                    break
                capped.append(pts)
                total += pts
            new = capped[self.clock.get(late, 0) :][: max(room, 0)]
            return [forfeit_score(waiting, pts) for pts in new]
        if fmt.delay == "forfeit_hand" and minutes >= fmt.forfeit_after_minutes:
            return [forfeit_score(waiting, 0)]
        return []

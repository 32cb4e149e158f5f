"""Tournament: a tournament's event log applied in order, as ``adjudicator.table.Table`` is a hand's.

Facts are recorded, impossibilities refused: an unknown team, a hand for a match that does not exist,
a second pairing of a team in one round, a sheet signed twice by one team raise ``IllegalEvent`` and
change nothing (every handler checks before it writes). Rule-breaking facts (a late team, a dispute
without its form) are recorded and ruled on, with citations. Standings are kept incrementally as
sheets are signed or corrected, and ``replay_tournament(log)`` rebuilds the same from the log alone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from adjudicator.cards import TEAMS, Team, other_team
from adjudicator.events import IllegalEvent
from adjudicator.tournaments import movement, playoffs
from adjudicator.tournaments.events import Event, check
from adjudicator.tournaments.formats import TournamentFormat, get_format
from adjudicator.tournaments.sheets import Line, Sheet, Side, forfeit_score, normalise_score
from adjudicator.tournaments.standings import Tally, contribution, standings

TableData = dict[str, Any]


class Tournament:
    """The state of one tournament after the events applied so far."""

    def __init__(self) -> None:
        self.fmt: TournamentFormat | None = None
        self.name: str | None = None
        self.max_rounds: int | None = None
        self.games_per_session: int | None = None
        self.players: dict[str, dict[str, Any]] = {}
        self.teams: dict[str, dict[str, Any]] = {}
        self.team_of_player: dict[str, str] = {}
        self.draws: dict[tuple[str, int], dict[str, Any]] = {}
        self.rounds: dict[int, dict[str, Any]] = {}
        self.sheets: dict[str, Sheet] = {}
        self.tallies: dict[str, Tally] = {}
        self.tiebreaks: list[dict[str, Any]] = []
        self.seeding: dict[str, Any] | None = None
        self.version = 0

    # ------------------------------------------------------------------ applying events
    @property
    def format(self) -> TournamentFormat:
        if self.fmt is None:
            raise IllegalEvent("a tournament starts with tournament_created", "type")
        return self.fmt

    def apply(self, event: Mapping[str, Any]) -> None:
        """Record one event, or raise ``IllegalEvent`` (with the log index it would have had)."""
        try:
            ev = check(event)
            if ev["type"] != "tournament_created":
                _ = self.format
            getattr(self, "_on_" + ev["type"])(ev)
        except IllegalEvent as error:
            raise error.at(self.version + 1) from None
        self.version += 1

    def _on_tournament_created(self, ev: Event) -> None:
        if self.fmt is not None:
            raise IllegalEvent("the tournament already exists", "type")
        fmt = get_format(ev["ruleset"])
        for name in ("rounds", "games_per_session"):
            if name in ev and ev[name] < 1:
                raise IllegalEvent(f"'{name}' is at least 1", name)
        self.fmt, self.name = fmt, ev.get("name")
        self.max_rounds = ev.get("rounds", fmt.rounds)
        self.games_per_session = ev.get("games_per_session", fmt.games_per_session)

    def _on_player_registered(self, ev: Event) -> None:
        if ev["player"] in self.players:
            raise IllegalEvent(f"player {ev['player']!r} is already registered", "player")
        self.players[ev["player"]] = {"player": ev["player"], "name": ev.get("name")}

    def _on_team_registered(self, ev: Event) -> None:
        fmt, team = self.format, ev["team"]
        if team in self.teams:
            raise IllegalEvent(f"team {team!r} is already registered", "team")
        floater = bool(ev.get("floater", False))
        if self.rounds and not floater:
            raise IllegalEvent(
                "registration closed when play began; only a floater team joins later "
                f"({'; '.join(str(c) for c in fmt.cite('rounds'))})",
                "team",
            )
        players = ev.get("players", [])
        if any(not isinstance(p, str) or not p for p in players) or len(set(players)) != len(players):
            raise IllegalEvent("players are distinct ids", "players")
        if fmt.registers_players:
            if len(players) != 2:
                raise IllegalEvent("a team is two registered players (Bid Euchre doubles, A)", "players")
            for i, p in enumerate(players):
                if p not in self.players:
                    raise IllegalEvent(f"unknown player {p!r}: register the player first", f"players/{i}")
                if p in self.team_of_player:
                    raise IllegalEvent(
                        f"player {p!r} already plays for {self.team_of_player[p]!r}", f"players/{i}"
                    )
        numbers = {t["number"] for t in self.teams.values()}
        number = ev.get("number", max(numbers, default=0) + 1)
        if number in numbers:
            raise IllegalEvent(f"team number {number} is taken", "number")
        self.teams[team] = {
            "team": team,
            "number": number,
            "name": ev.get("name"),
            "players": list(players),
            "floater": floater,
            "withdrawn": None,
        }
        if fmt.registers_players:
            for p in players:
                self.team_of_player[p] = team

    def _on_team_withdrawn(self, ev: Event) -> None:
        team = self._team(ev["team"], "team")
        if self.teams[team]["withdrawn"] is not None:
            raise IllegalEvent(f"team {team!r} has already withdrawn", "team")
        self.teams[team]["withdrawn"] = {
            "reason": ev["reason"],
            "at": self.version + 1,
            "citations": self.format.cite_data("withdrawal"),
        }

    def _on_draw(self, ev: Event) -> None:
        purpose, rnd, outcome = ev["purpose"], ev["round"], ev["outcome"]
        if (purpose, rnd) in self.draws:
            raise IllegalEvent(
                f"the {purpose} draw for round {rnd} is already recorded; "
                "change the seating with seating_overridden and a reason",
                "purpose",
            )
        if rnd != self.next_round:
            raise IllegalEvent(f"the next round to seat is {self.next_round}, not {rnd}", "round")
        needed = self.draws_needed()
        if purpose not in needed:
            raise IllegalEvent(
                f"round {rnd} needs no {purpose} draw"
                + (f" (it needs: {', '.join(needed)})" if needed else ""),
                "purpose",
            )
        for i, team in enumerate(outcome):
            if not isinstance(team, str) or team not in self.teams:
                raise IllegalEvent(f"unknown team {team!r}", f"outcome/{i}")
        if purpose == "session_start" and len(self._pairing_pool()) % 2:
            raise IllegalEvent(
                "an odd number of pairs: register a floater team to make up the tables "
                f"({'; '.join(str(c) for c in self.format.cite('odd_team'))})",
                "outcome",
            )
        if purpose in ("first_pairing", "session_start"):
            pool = set(self._pairing_pool())
            if sorted(outcome) != sorted(pool):
                missing = sorted(pool - set(outcome)) or sorted(set(outcome) - pool) or ["a repeat"]
                raise IllegalEvent(
                    f"the draw's outcome is every team in play, each once (check {missing[0]!r})", "outcome"
                )
        else:
            odd = self._odd_team()
            if len(outcome) != 1 or outcome[0] == odd or outcome[0] not in self._pairing_pool():
                raise IllegalEvent(
                    "the odd-team draw picks one team in play other than the odd team", "outcome"
                )
        self.draws[(purpose, rnd)] = {
            "purpose": purpose,
            "round": rnd,
            "outcome": list(outcome),
            "by": ev.get("by"),
            "citations": self.format.cite_data("odd_team" if purpose == "odd_opponent" else "first_pairing"),
        }

    def _on_seating_confirmed(self, ev: Event) -> None:
        tables = self._check_seating(ev)
        proposal = self.proposal()
        if proposal["tables"] is None:
            raise IllegalEvent("nothing to confirm: " + proposal["detail"], "tables")
        if _canonical(tables) != _canonical(proposal["tables"]):
            raise IllegalEvent(
                "the seating differs from the proposal: record seating_overridden with a reason", "tables"
            )
        self._seat(ev["round"], tables, "confirmed", None)

    def _on_seating_overridden(self, ev: Event) -> None:
        tables = self._check_seating(ev)
        self._seat(ev["round"], tables, "overridden", ev["reason"])

    def _on_hand_scored(self, ev: Event) -> None:
        sheet = self._sheet(ev["match"])
        sheet.check_new_hand(self.format, ev["hand"])
        score = normalise_score(self.format, ev["score"])
        self._change(sheet, lambda: sheet.lines.append(Line(ev["hand"], score, "hand")))

    def _on_hand_forfeited(self, ev: Event) -> None:
        sheet = self._sheet(ev["match"])
        side = self._side(sheet, ev)
        sheet.check_open(self.format, "a forfeit is added")
        line = Line(f"forfeit@{self.version + 1}", forfeit_score(other_team(side), 0), "official")

        def write() -> None:
            sheet.lines.append(line)
            sheet.rulings.append(
                {
                    "kind": "forfeit",
                    "team": side,
                    "reason": ev["reason"],
                    "event": self.version + 1,
                    "by": ev.get("by", "official"),
                }
            )

        self._change(sheet, write)

    def _on_delay_of_game(self, ev: Event) -> None:
        fmt, sheet = self.format, self._sheet(ev["match"])
        late = self._side(sheet, ev)
        sheet.check_open(fmt, "a delay is charged")
        forfeits = sheet.delay_forfeits(fmt, late, ev["minutes"])
        at = self.version + 1
        if fmt.delay == "clock":
            detail = (
                f"{late} on the clock {ev['minutes']} minutes: {len(forfeits)} more hand(s) to "
                f"{other_team(late)} at 3 points each, {fmt.delay_cap} at most"
            )
        elif fmt.delay == "forfeit_hand":
            detail = (
                f"{late} not ready {ev['minutes']} minutes after sitting down: forfeits the hand"
                if forfeits
                else f"{late} {ev['minutes']} minutes late: under "
                f"{fmt.forfeit_after_minutes} minutes, no penalty"
            )
        else:
            detail = f"{late} {ev['minutes']} minutes late: referred to the director (the rulebook is silent)"

        def write() -> None:
            for i, score in enumerate(forfeits):
                sheet.lines.append(Line(f"delay@{at}.{i + 1}", score, "delay"))
            if fmt.delay == "clock":
                sheet.clock[late] = sheet.clock.get(late, 0) + len(forfeits)
            sheet.rulings.append(
                {
                    "kind": "delay_of_game",
                    "team": late,
                    "minutes": ev["minutes"],
                    "event": at,
                    "forfeited_hands": len(forfeits),
                    "detail": detail,
                    "citations": fmt.cite_data("delay"),
                }
            )

        self._change(sheet, write)

    def _on_sheet_signed(self, ev: Event) -> None:
        fmt, sheet = self.format, self._sheet(ev["match"])
        side = self._side(sheet, ev)
        if side in sheet.signatures:
            raise IllegalEvent(f"{sheet.match}'s sheet is already signed for {side}", "team")
        player = ev.get("player")
        members = self.members(sheet.sides[side])
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
        self._change(sheet, lambda: sheet.signatures.__setitem__(side, player or str(sheet.sides[side])))
        if sheet.signed and sheet.stage == "playoff":
            self._open_playoff_matches()

    def _on_sheet_corrected(self, ev: Event) -> None:
        sheet = self._sheet(ev["match"])
        self._correct(sheet, ev["hand"], ev["score"], ev["reason"], "correction", ev.get("by", "official"))

    def _on_dispute_filed(self, ev: Event) -> None:
        fmt, sheet = self.format, self._sheet(ev["match"])
        side = self._side(sheet, ev)
        if ev["dispute"] in self._disputes():
            raise IllegalEvent(f"dispute {ev['dispute']!r} is already filed", "dispute")
        fee = ev.get("fee", fmt.dispute_fee)
        honoured = ev["form_complete"] or not fmt.dispute_needs_form
        status = "filed" if honoured else "not_honored"
        detail = "filed" if honoured else "no dispute is honored without a complete form"
        if honoured and fee < fmt.dispute_fee:
            status, detail = "not_honored", f"a dispute review costs ${fmt.dispute_fee}"
        sheet.disputes[ev["dispute"]] = {
            "dispute": ev["dispute"],
            "team": side,
            "status": status,
            "detail": detail,
            "fee": fee,
            "refund": 0,
            "filed_at": self.version + 1,
            "text": ev.get("detail"),
            "citations": fmt.cite_data("dispute"),
        }

    def _on_dispute_ruled(self, ev: Event) -> None:
        disputes = self._disputes()
        if ev["dispute"] not in disputes:
            raise IllegalEvent(f"unknown dispute {ev['dispute']!r}", "dispute")
        sheet, dispute = disputes[ev["dispute"]]
        if dispute["status"] != "filed":
            raise IllegalEvent(
                f"dispute {ev['dispute']!r} is {dispute['status'].replace('_', ' ')}", "dispute"
            )
        correcting = "hand" in ev or "score" in ev
        if correcting and not ev["upheld"]:
            raise IllegalEvent("only an upheld dispute corrects the sheet", "upheld")
        if correcting and ("hand" not in ev or "score" not in ev):
            raise IllegalEvent(
                "a correction names the hand and its score", "hand" if "hand" not in ev else "score"
            )
        if correcting:
            self._correct(
                sheet, ev["hand"], ev["score"], ev["reason"], f"dispute {ev['dispute']}", "official"
            )
        dispute.update(
            status="upheld" if ev["upheld"] else "denied",
            ruling=ev["reason"],
            refund=dispute["fee"] if ev["upheld"] else 0,
            ruled_at=self.version + 1,
        )

    def _on_tiebreak_decided(self, ev: Event) -> None:
        teams = ev["teams"]
        for i, team in enumerate(teams):
            if not isinstance(team, str) or team not in self.teams:
                raise IllegalEvent(f"unknown team {team!r}", f"teams/{i}")
        if len(set(teams)) != len(teams) or len(teams) < 2:
            raise IllegalEvent("a tie-break orders two or more different teams", "teams")
        if "match" in ev:
            sheet = self._sheet(ev["match"])
            if sheet.stage != "playoff":
                raise IllegalEvent(
                    "a preliminary match may end level; only a playoff match needs a tie-break", "match"
                )
            result = sheet.result(self.format)
            if not result["over"] or result["winner"] is not None or sheet.tiebreak is not None:
                raise IllegalEvent(f"{sheet.match} is not a finished, level match", "match")
            if set(teams) != {sheet.sides["north_south"], sheet.sides["east_west"]}:
                raise IllegalEvent(f"the tie-break is between {sheet.match}'s two teams", "teams")
            winner = sheet.side_of_team(teams[0])
            sheet.tiebreak = {
                "winner": winner,
                "team": teams[0],
                "reason": ev["reason"],
                "hand": ev.get("hand"),
                "citations": self.format.cite_data("tiebreak_playoff"),
            }
            return
        table = self.standings()
        tied = next((t for t in table["ties"] if set(teams) <= set(t["teams"])), None)
        if tied is None or set(teams) != set(tied["teams"]):
            raise IllegalEvent("these teams are not tied on every tie-breaker: nothing to decide", "teams")
        self.tiebreaks.append(
            {
                "teams": list(teams),
                "reason": ev["reason"],
                "hand": ev.get("hand"),
                "event": self.version + 1,
                "citations": self.format.cite_data("tiebreak_playoff"),
            }
        )

    def _on_playoff_seeded(self, ev: Event) -> None:
        fmt, seeds = self.format, ev["seeds"]
        if self.seeding is not None:
            raise IllegalEvent("the playoff is already seeded", "seeds")
        if fmt.playoff == "none":
            raise IllegalEvent(
                f"{fmt.ruleset} has no playoff bracket: the standings decide "
                f"({'; '.join(str(c) for c in fmt.cite('standings'))})",
                "seeds",
            )
        unsigned = [s.match for s in self.sheets.values() if not s.signed]
        if unsigned:
            raise IllegalEvent(
                f"the preliminary rounds are not finished: {unsigned[0]} is not signed", "seeds"
            )
        counted = self.counted_teams()
        for i, team in enumerate(seeds):
            if not isinstance(team, str) or team not in counted:
                raise IllegalEvent(f"{team!r} is not a team in the standings", f"seeds/{i}")
        if len(set(seeds)) != len(seeds) or len(seeds) < 2:
            raise IllegalEvent("seeds are two or more different teams", "seeds")
        proposal = self.propose_seeding(None if fmt.playoff != "director" else len(seeds))
        if "reason" not in ev:
            if proposal["waiting_for"]:
                raise IllegalEvent(
                    "the cut falls inside a tie: record its playoff (tiebreak_decided) or seed with a reason",
                    "seeds",
                )
            if list(seeds) != proposal["seeds"]:
                raise IllegalEvent("the seeds differ from the standings' proposal: give a reason", "seeds")
        self.seeding = {
            "seeds": list(seeds),
            "reason": ev.get("reason"),
            "by": ev.get("by"),
            "overridden": list(seeds) != proposal["seeds"],
            "citations": fmt.cite_data("playoff_field", "bracket"),
        }
        self._open_playoff_matches()

    # ------------------------------------------------------------------ helpers (checks first)
    def _team(self, team: object, where: str) -> str:
        if not isinstance(team, str) or team not in self.teams:
            raise IllegalEvent(f"unknown team {team!r}", where)
        return team

    def _sheet(self, match: str) -> Sheet:
        if match not in self.sheets:
            raise IllegalEvent(f"unknown match {match!r}", "match")
        return self.sheets[match]

    def members(self, side: Side) -> list[str]:
        """Who may sign for a side: the two players (Bid Euchre) or the team's registered players."""
        return list(side) if not isinstance(side, str) else list(self.teams[side]["players"])

    def _side(self, sheet: Sheet, ev: Event) -> Team:
        if "team" in ev:
            side = sheet.side_of_team(ev["team"])
            if side is None:
                where = "not in" if ev["team"] in self.teams else "unknown to"
                raise IllegalEvent(f"team {ev['team']!r} is {where} {sheet.match}", "team")
            return side
        if "player" in ev:
            side = sheet.side_of_player(ev["player"])
            if side is None:
                side = next((t for t in TEAMS if ev["player"] in self.members(sheet.sides[t])), None)
            if side is None:
                raise IllegalEvent(f"player {ev['player']!r} is not at {sheet.match}", "player")
            return side
        raise IllegalEvent("name the team (or the player)", "team")

    def _disputes(self) -> dict[str, tuple[Sheet, dict[str, Any]]]:
        return {d: (s, dispute) for s in self.sheets.values() for d, dispute in s.disputes.items()}

    def _change(self, sheet: Sheet, write: Any) -> None:
        """Apply ``write`` to a sheet, moving the standings by the difference it makes."""
        before = contribution(self.format, sheet)
        write()
        after = contribution(self.format, sheet)
        for unit, tally in before.items():
            self.tallies[unit].add(tally, -1)
            if self.tallies[unit].is_empty():
                del self.tallies[unit]
        for unit, tally in after.items():
            self.tallies.setdefault(unit, Tally()).add(tally)

    def _correct(
        self, sheet: Sheet, hand: str, score: Mapping[str, Any], reason: str, kind: str, by: str
    ) -> None:
        fmt = self.format
        line = next((ln for ln in sheet.lines if ln.hand == hand), None)
        if line is None:
            raise IllegalEvent(f"hand {hand!r} is not on {sheet.match}'s sheet", "hand")
        merged = normalise_score(fmt, {**line.score, **score})
        if sheet.stage == "playoff" and sheet.signed:
            before = sheet.result(fmt)["winner"]
            saved = line.score
            line.score = merged
            after = sheet.result(fmt)["winner"]
            line.score = saved
            later = [s for s in self.sheets.values() if s.stage == "playoff" and s.round > sheet.round]
            if before != after and later:
                raise IllegalEvent(
                    "the correction would change who advanced after the next playoff match was seated",
                    "score",
                )
        previous = dict(line.score)

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
                    "event": self.version + 1,
                    "citations": fmt.cite_data("correction"),
                }
            )

        self._change(sheet, write)

    # ------------------------------------------------------------------ rounds and seating
    @property
    def next_round(self) -> int:
        return len(self.rounds) + 1

    def counted_teams(self) -> dict[str, dict[str, Any]]:
        """Teams in the standings: not the floater (Ontario A), not withdrawn or eliminated."""
        return {t: reg for t, reg in self.teams.items() if not reg["floater"] and reg["withdrawn"] is None}

    def _active(self) -> list[str]:
        return sorted(
            (t for t, reg in self.teams.items() if reg["withdrawn"] is None),
            key=lambda t: self.teams[t]["number"],
        )

    def _pairing_pool(self) -> list[str]:
        """Teams that play: the counted ones, plus the floater when their number is odd (Ontario A)."""
        counted = [t for t in self._active() if not self.teams[t]["floater"]]
        floaters = [t for t in self._active() if self.teams[t]["floater"]]
        if self.format.odd_team == "floater" and len(counted) % 2 and floaters:
            counted.append(floaters[0])
        return counted

    def session_first(self, rnd: int) -> bool:
        gps = self.games_per_session
        return rnd == 1 or (
            self.format.movement == "progressive" and gps is not None and (rnd - 1) % gps == 0
        )

    def _odd_team(self) -> str | None:
        fmt, rnd = self.format, self.next_round
        if fmt.odd_team != "picked_opponent":
            return None
        if rnd == 1:
            draw = self.draws.get(("first_pairing", 1))
            if draw is None:
                return None
            return movement.pair_off(draw["outcome"])[1]
        previous = self.rounds[rnd - 1]["tables"]
        odd = next((t for t in previous if t.get("uncounted") or t.get("east_west") is None), None)
        return None if odd is None else str(odd["north_south"])

    def draws_needed(self) -> list[str]:
        """The draws the next round's proposal waits for, in order."""
        fmt, rnd = self.format, self.next_round
        needed: list[str] = []
        if fmt.draw_first_pairing and self.session_first(rnd):
            purpose = "session_start" if fmt.movement == "progressive" else "first_pairing"
            if (purpose, rnd) not in self.draws:
                return [purpose]
        if fmt.odd_team == "picked_opponent" and self._odd_team() and ("odd_opponent", rnd) not in self.draws:
            needed.append("odd_opponent")
        return needed

    def proposal(self) -> dict[str, Any]:
        """The next round's seating as the rulebook moves the teams, or what it waits for.

        Returns ``round``, ``tables`` (None while a draw or a round's sheets are missing), ``needs``
        (draws to record), ``detail`` and ``citations``.
        """
        fmt, rnd = self.format, self.next_round
        cites = fmt.cite_data("first_pairing" if self.session_first(rnd) else "movement")
        out: dict[str, Any] = {
            "round": rnd,
            "tables": None,
            "needs": [],
            "citations": cites,
            "set_by_director": fmt.movement_set_by_director,
        }
        if self.max_rounds is not None and rnd > self.max_rounds:
            return {**out, "detail": f"all {self.max_rounds} rounds are seated"}
        if self.seeding is not None:
            return {**out, "detail": "the playoff has begun"}
        unsigned = [s.match for s in self.sheets.values() if s.stage == "round" and not s.signed]
        if unsigned:
            return {**out, "detail": f"round {rnd - 1} is not finished: {unsigned[0]} is not signed"}
        needs = self.draws_needed()
        if needs:
            return {**out, "needs": needs, "detail": f"record the {needs[0].replace('_', ' ')} draw"}
        tables = self._propose_tables(rnd)
        if any(t["east_west"] is None or t["uncounted"] for t in tables):
            out["citations"] = out["citations"] + fmt.cite_data("odd_team")
        detail = (
            "the director sets the rotation: this is a proposal"
            if fmt.movement_set_by_director
            else "proposed"
        )
        return {**out, "tables": tables, "detail": detail}

    def _propose_tables(self, rnd: int) -> list[TableData]:
        fmt = self.format
        if fmt.movement == "progressive":
            if self.session_first(rnd):
                players = {t: self.teams[t]["players"] for t in self.teams}
                return movement.session_start(self.draws[("session_start", rnd)]["outcome"], players)
            previous = self.rounds[rnd - 1]["tables"]
            winners = {
                int(t["table"]): self.sheets[_match_id(rnd - 1, int(t["table"]))].result(fmt)["winner"]
                for t in previous
            }
            tables = movement.progressive(previous, winners, first_of_session=self.session_first(rnd - 1))
            return self._floater_fills(tables)
        if fmt.movement == "texas":
            if rnd == 1:
                return movement.by_number(self._pairing_pool())
            return movement.texas(self.rounds[rnd - 1]["tables"], rnd)
        picked = fmt.odd_team == "picked_opponent"
        if rnd == 1:
            tables, odd = movement.pair_off(self.draws[("first_pairing", 1)]["outcome"])
        else:
            previous = self.rounds[rnd - 1]["tables"]
            tables = movement.stay_and_move(previous, include_odd=not picked)
            odd = None
            if picked:
                odd_rows = [t for t in tables if t["east_west"] is None]
                tables = [t for t in tables if t["east_west"] is not None]
                odd = str(odd_rows[0]["north_south"]) if odd_rows else None
        if odd is not None:
            opponent = self.draws[("odd_opponent", rnd)]["outcome"][0] if picked else None
            tables.append(movement.odd_table(len(tables) + 1, odd, opponent))
        return tables

    def _floater_fills(self, tables: list[TableData]) -> list[TableData]:
        """The floater's players take the seats of a team that defaulted (Ontario A)."""
        gone = [p for p, team in self.team_of_player.items() if self.teams[team]["withdrawn"] is not None]
        seated = {p for t in tables for s in TEAMS for p in t[s] or []}
        spare = [
            p
            for t in self.teams.values()
            if t["floater"] and t["withdrawn"] is None
            for p in t["players"]
            if p not in seated
        ]
        swap = dict(zip([p for p in gone if p in seated], spare, strict=False))
        for t in tables:
            for s in TEAMS:
                t[s] = [swap.get(p, p) for p in t[s]]
        return tables

    def _check_seating(self, ev: Event) -> list[TableData]:
        fmt, rnd = self.format, ev["round"]
        if rnd != self.next_round:
            raise IllegalEvent(f"the next round to seat is {self.next_round}, not {rnd}", "round")
        if self.max_rounds is not None and rnd > self.max_rounds:
            raise IllegalEvent(
                f"{fmt.ruleset} plays {self.max_rounds} rounds "
                f"({'; '.join(str(c) for c in fmt.cite('rounds'))})",
                "round",
            )
        if self.seeding is not None:
            raise IllegalEvent("the playoff has begun: no more preliminary rounds", "round")
        unsigned = [s.match for s in self.sheets.values() if not s.signed]
        if unsigned:
            raise IllegalEvent(
                f"round {rnd - 1} is not finished: {unsigned[0]}'s sheet is not signed", "round"
            )
        tables: list[TableData] = []
        numbers: set[int] = set()
        seen: dict[str, bool] = {}  # unit -> its first seat this round counts
        counted_seen: set[str] = set()
        uncounted_seen: set[str] = set()
        for i, raw in enumerate(ev["tables"]):
            where = f"tables/{i}"
            if not isinstance(raw, Mapping) or not isinstance(raw.get("table"), int) or raw["table"] < 1:
                raise IllegalEvent("a table is {table: number, north_south, east_west}", where)
            if raw["table"] in numbers:
                raise IllegalEvent(f"table {raw['table']} is seated twice", f"{where}/table")
            numbers.add(raw["table"])
            uncounted = raw.get("uncounted") or []
            if not isinstance(uncounted, list) or not all(isinstance(u, str) for u in uncounted):
                raise IllegalEvent("uncounted is a list of team ids", f"{where}/uncounted")
            table: TableData = {"table": raw["table"], "uncounted": list(uncounted)}
            for side in TEAMS:
                value = raw.get(side)
                if value is None and side == "east_west":
                    table[side] = None
                    continue
                checked = self._check_side(value, f"{where}/{side}")
                table[side] = checked
                for unit in [checked] if isinstance(checked, str) else checked:
                    counts = unit not in uncounted
                    if unit in seen and counts == seen[unit]:
                        raise IllegalEvent(
                            f"{unit!r} is already seated in round {rnd}: a second pairing "
                            "counts only as the odd team's game",
                            f"{where}/{side}",
                        )
                    seen[unit] = counts
                    if counts:
                        counted_seen.add(unit)
            if table["east_west"] is None and fmt.game == "Bid Euchre":
                raise IllegalEvent(
                    "a Bid Euchre table seats two pairs: a floater fills an odd number", f"{where}/east_west"
                )
            sides = [table["north_south"], table["east_west"]]
            for j, team in enumerate(uncounted):
                if team not in sides or not isinstance(team, str) or team in uncounted_seen:
                    raise IllegalEvent(
                        "an uncounted team is one of the table's teams, once a round",
                        f"{where}/uncounted/{j}",
                    )
                uncounted_seen.add(team)
            tables.append(table)
        for team in uncounted_seen:
            if team not in counted_seen:
                raise IllegalEvent(f"{team!r}'s only game of round {rnd} would not count", "tables")
        return sorted(tables, key=lambda t: int(t["table"]))

    def _check_side(self, value: object, where: str) -> str | list[str]:
        fmt = self.format
        if fmt.registers_players:
            if not isinstance(value, list) or len(value) != 2 or len(set(value)) != 2:
                raise IllegalEvent("a Bid Euchre side is two different players", where)
            for j, p in enumerate(value):
                team = self.team_of_player.get(p) if isinstance(p, str) else None
                if team is None:
                    raise IllegalEvent(f"unknown player {p!r}", f"{where}/{j}")
                if self.teams[team]["withdrawn"] is not None:
                    raise IllegalEvent(f"{p!r}'s team has withdrawn", f"{where}/{j}")
            return list(value)
        team = self._team(value, where)
        if self.teams[team]["withdrawn"] is not None:
            raise IllegalEvent(f"team {team!r} has withdrawn", where)
        return team

    def _seat(self, rnd: int, tables: list[TableData], how: str, reason: str | None) -> None:
        self.rounds[rnd] = {
            "round": rnd,
            "tables": tables,
            "how": how,
            "reason": reason,
            "citations": self.format.cite_data("movement" if rnd > 1 else "first_pairing"),
        }
        for t in tables:
            if t["east_west"] is None:
                continue
            sides: dict[Team, Side] = {
                s: t[s] if isinstance(t[s], str) else (t[s][0], t[s][1]) for s in TEAMS
            }
            mid = _match_id(rnd, int(t["table"]))
            self.sheets[mid] = Sheet(mid, "round", rnd, int(t["table"]), sides, frozenset(t["uncounted"]))

    def random_draw(self, purpose: str, rng: random.Random) -> Event:
        """A draw the official can record: its outcome drawn here, once, and kept in the event.

        A session's starting draw tries to start every team at a table other than where it started
        earlier sessions, against other opponents (Ontario C.3: "care will be taken").
        """
        pool = self._pairing_pool()
        rnd = self.next_round
        if purpose == "odd_opponent":
            odd = self._odd_team()
            return {
                "type": "draw",
                "purpose": purpose,
                "round": rnd,
                "outcome": [rng.choice([t for t in pool if t != odd])],
                "by": "official",
            }
        earlier = [d["outcome"] for (p, _), d in self.draws.items() if p == purpose]
        outcome = list(pool)
        for _ in range(50):
            rng.shuffle(outcome)
            if not any(_repeats(outcome, before) for before in earlier):
                break
        return {"type": "draw", "purpose": purpose, "round": rnd, "outcome": outcome, "by": "official"}

    # ------------------------------------------------------------------ playoffs
    def _playoff_results(self) -> tuple[dict[str, str | None], dict[str, str | None]]:
        winners: dict[str, str | None] = {}
        losers: dict[str, str | None] = {}
        for sheet in self.sheets.values():
            if sheet.stage == "playoff" and sheet.signed:
                side = sheet.result(self.format)["winner"]
                if side is not None:
                    winners[sheet.match] = str(sheet.sides[side])
                    losers[sheet.match] = str(sheet.sides[other_team(side)])
        return winners, losers

    def bracket(self) -> dict[str, Any] | None:
        if self.seeding is None:
            return None
        winners, losers = self._playoff_results()
        result = playoffs.bracket(self.seeding["seeds"], winners, losers)
        result["citations"] = self.format.cite_data("bracket")
        return result

    def _open_playoff_matches(self) -> None:
        bracket = self.bracket()
        assert bracket is not None
        for mid, match in bracket["matches"].items():
            if mid not in self.sheets:
                ns, ew = match["teams"]
                self.sheets[mid] = Sheet(
                    mid, "playoff", int(match["round"]), None, {"north_south": ns, "east_west": ew}, slot=mid
                )

    def propose_seeding(self, size: int | None = None) -> dict[str, Any]:
        """The playoff seeds the standings give, and any tie across the cut still to be played off."""
        entries = len(self.counted_teams())
        return playoffs.propose_seeds(self.format, self.standings(), entries, size)

    def medals(self) -> dict[str, Any]:
        """Places: from the bracket where there is one, from the standings otherwise (Ontario D.2, E),
        where a place still tied on every key waits for its playoff; ``members`` get a medal each."""
        fmt = self.format
        if fmt.playoff == "none":
            table = self.standings()
            unresolved = {t for tie in table["ties"] if tie["rank"] <= len(fmt.places) for t in tie["teams"]}
            places = {
                str(i + 1): row["team"]
                for i, row in enumerate(table["rows"][: len(fmt.places)])
                if row["team"] not in unresolved and row["played"] > 0
            }
        else:
            bracket = self.bracket()
            places = bracket["places"] if bracket else {}
        result = playoffs.medals(fmt, places)
        result["members"] = {
            name: list(self.teams[team]["players"])
            for name, team in result["places"].items()
            if team is not None
        }
        return result

    # ------------------------------------------------------------------ reading
    def standings(self) -> dict[str, Any]:
        return standings(
            self.format, self.tallies, self.counted_teams(), [t["teams"] for t in self.tiebreaks]
        )

    def state(self) -> dict[str, Any]:
        fmt = self.format
        return {
            "ruleset": fmt.ruleset,
            "game": fmt.game,
            "name": self.name,
            "version": self.version,
            "players": list(self.players.values()),
            "teams": list(self.teams.values()),
            "draws": list(self.draws.values()),
            "rounds": list(self.rounds.values()),
            "sheets": [s.to_dict(fmt) for s in self.sheets.values()],
            "standings": self.standings(),
            "tiebreaks": list(self.tiebreaks),
            "proposal": self.proposal(),
            "seeding": self.seeding,
            "bracket": self.bracket(),
            "medals": self.medals(),
        }


def _repeats(outcome: Sequence[str], before: Sequence[str]) -> bool:
    """Whether a drawn order puts a team at the table, or against the team, of an earlier draw."""
    where = {
        team: (i // 2, before[i ^ 1] if (i ^ 1) < len(before) else None) for i, team in enumerate(before)
    }
    for i, team in enumerate(outcome):
        opponent = outcome[i ^ 1] if (i ^ 1) < len(outcome) else None
        if team in where and (where[team][0] == i // 2 or where[team][1] == opponent):
            return True
    return False


def _match_id(rnd: int, table: int) -> str:
    return f"R{rnd}-T{table}"


def _canonical(tables: Sequence[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    def side(value: Any) -> Any:
        return tuple(value) if isinstance(value, list) else value

    return sorted(
        (
            int(t["table"]),
            side(t["north_south"]),
            side(t.get("east_west")),
            tuple(sorted(t.get("uncounted") or [])),
        )
        for t in tables
    )


def replay_tournament(events: Iterable[Mapping[str, Any]]) -> Tournament:
    """The tournament a log describes; ``IllegalEvent`` (with its index) for the first impossible event."""
    tournament = Tournament()
    for event in events:
        tournament.apply(event)
    return tournament

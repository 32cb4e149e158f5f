"""The season's results as a static site, readable without the service (``adjudicator site --to DIR``):
plain HTML and one style sheet, relative links only, no script, so that the files open from a disk,
a USB stick or any web host as a results secretary publishes them.

- ``index.html``: the season's public tournaments, newest first, each with its date, game, field and
  gold medal; a private tournament (``service.privacy``: its board never made public) stays out;
- ``tournaments/<name>.html``: its medals, standings and bracket, and the CSV of each
  (``service.exports``'s tables, the same a director prints), beside it;
- ``players.html`` and ``players/<name>.html``: every player's tournaments, team, place and medal.
  A player a tournament links to the association's registry has one page whatever the tournaments
  typed, and every record merged into theirs is on it too (``registered``), with their matches
  (round, opponents, outcome, points) and medals; a name no registration linked is taken, as
  before, to be one person in every tournament that typed it.

Everything is in words: teams by their names, matches as a hall says them, never an id.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, Final
from uuid import UUID

from adjudicator.domain import words as say
from adjudicator.domain.people import Registry
from adjudicator.domain.tournaments.careers import career
from adjudicator.domain.tournaments.replay import Tournament
from adjudicator.service.exports import Export, Names, bracket, sheets, standings
from adjudicator.service.ports import Tournaments

MEDALS: Final = ("gold", "silver", "bronze")
STYLE: Final = """\
body{font:1.1rem/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#111}
a{color:#0645ad}nav a,li a{display:inline-block;min-height:44px;line-height:44px}
ul.list{list-style:none;padding:0}ul.list li{border-bottom:1px solid #ddd;padding:.25rem 0}
.wide{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0 1rem}
th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;white-space:nowrap}
th{background:#f2f2f2}.medal{font-weight:bold}small{color:#555}
"""


@dataclass
class Played:
    """One tournament a player played: where, with which team, the place and medal won."""

    tournament: str
    page: str
    team: str
    place: str
    medal: str | None
    #: Each match, in words (a registered player's: their career says them).
    matches: list[str] = field(default_factory=list)


@dataclass
class Person:
    """A player as the site lists them: a person of the registry, or a name no registration linked."""

    name: str
    page: str = ""
    played: list[Played] = field(default_factory=list)
    described: str = ""


@dataclass
class Registered:
    """One tournament's registered players: each team's players' persons (the record kept, after
    merges; None: a name only), and each person's name, description and career in it."""

    persons: dict[str, list[str | None]] = field(default_factory=dict)
    people: dict[str, tuple[str, str]] = field(default_factory=dict)
    careers: dict[str, dict[str, Any]] = field(default_factory=dict)


def registered(tournaments: Tournaments, registry: Registry, tournament_id: UUID) -> Registered:
    """Who of ``tournament_id``'s players the registry knows, with their careers in it."""

    def read(t: Tournament) -> Registered:
        roster, found = t.roster, Registered()
        for team, reg in roster.teams.items():
            linked = roster.people_of_team.get(team) or tuple(roster.person_of.get(p) for p in reg["players"])
            kept = [registry.resolve(p) if p in registry.people else None for p in linked]
            found.persons[team] = kept
            for person in (p for p in kept if p is not None and p not in found.careers):
                known = registry.people[person]
                found.people[person] = (known.name, known.described())
                found.careers[person] = career(t, registry.records_of(person)) or {}
        return found

    return tournaments.read(tournament_id, lambda view: read(view.tournament))


def _match(names: Names, match: Mapping[str, Any]) -> str:
    """A match of a career in words: "Round 1, table 2 against Belle Isle Books: won 7 to 3"."""
    points = match["points"]
    outcome = "in play" if match["outcome"] == "open" else match["outcome"]
    said = f"{outcome}, {points['for']} to {points['against']}"
    return f"{names.match(match['match'])} against {match['opponents']}: {said}"


def slug(text: str, taken: set[str]) -> str:
    """A file name from a name: lower case ASCII words joined by hyphens, unique among ``taken``."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "page"
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base}-{n}"
    taken.add(name)
    return name


def _page(title: str, body: str, up: str = "") -> str:
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{escape(title)}</title><link rel="stylesheet" href="{up}style.css"></head>\n<body>'
        f'<nav><a href="{up}index.html">All tournaments</a> · <a href="{up}players.html">Players</a></nav>\n'
        f"<h1>{escape(title)}</h1>\n{body}\n</body></html>\n"
    )


def _table(export: Export, caption: str) -> str:
    if not export.rows:
        return f"<p>No {escape(caption.lower())} yet.</p>"
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in export.header)
    rows = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in export.rows)
    return f'<div class="wide"><table><caption>{escape(caption)}</caption><tr>{head}</tr>{rows}</table></div>'


def _when(t: Mapping[str, Any]) -> str:
    return say.day(t.get("date") or str(t.get("created_at") or "")[:10])


def _medals(t: Mapping[str, Any], names: Names) -> str:
    places = (t.get("medals") or {}).get("places") or {}
    items = [
        f'<li><span class="medal">{medal.title()}</span>: {escape(names.team(places[medal]))}'
        f"{_players(names, places[medal])}</li>"
        for medal in MEDALS
        if places.get(medal)
    ]
    return f'<ul class="list">{"".join(items)}</ul>' if items else "<p>No medals decided yet.</p>"


def _players(names: Names, team: str) -> str:
    players = names.players(team)
    return f" <small>({escape(players)})</small>" if players and players != names.team(team) else ""


@dataclass
class Site:
    """The site's files, by relative path: HTML, CSS and CSV text."""

    files: dict[str, str] = field(default_factory=dict)
    people: dict[str, Person] = field(default_factory=dict)
    _taken: set[str] = field(default_factory=set)

    def tournament(self, t: Mapping[str, Any], known: Registered | None = None) -> str:
        """Add a tournament's page and CSV; its page's path (``known``: its registered players)."""
        name = str(t.get("name") or "A tournament")
        page = slug(name, self._taken)
        names = Names(t)
        tables = {"standings": standings(t), "bracket": bracket(t), "sheets": sheets(t)}
        for what, export in tables.items():
            self.files[f"tournaments/{page}-{what}.csv"] = "\ufeff" + export.csv()
        csv = " · ".join(
            f'<a href="{page}-{what}.csv">{escape(export.title)} (CSV)</a>' for what, export in tables.items()
        )
        body = (
            f"<p>{escape(_when(t))} · {escape(str(t.get('game') or ''))}"
            f" · {len(t['teams'])} teams</p>\n<h2>Medals</h2>{_medals(t, names)}\n"
            f"<h2>Standings</h2>{_table(tables['standings'], 'Standings')}\n"
            f"<h2>Bracket</h2>{_table(tables['bracket'], 'Bracket')}\n<p>{csv}</p>"
        )
        self.files[f"tournaments/{page}.html"] = _page(name, body, "../")
        self._players(t, names, name, f"tournaments/{page}.html", known or Registered())
        return f"tournaments/{page}.html"

    def _players(self, t: Mapping[str, Any], names: Names, title: str, page: str, known: Registered) -> None:
        places = {row["team"]: str(row["rank"]) for row in t["standings"]["rows"]}
        medals = {team: medal for medal, team in ((t.get("medals") or {}).get("places") or {}).items()}
        for team in t["teams"]:
            persons = known.persons.get(team["team"]) or []
            for i, player in enumerate(team.get("players") or []):
                record = persons[i] if i < len(persons) else None
                played = Played(
                    title,
                    page,
                    names.team(team["team"]),
                    places.get(team["team"], ""),
                    medals.get(team["team"]),
                )
                if record is None:
                    self.people.setdefault(f"name:{player}", Person(str(player))).played.append(played)
                    continue
                name, described = known.people[record]
                person = self.people.setdefault(f"person:{record}", Person(name, described=described))
                if not any(p.page == page for p in person.played):  # one line a tournament
                    played.matches = [_match(names, m) for m in known.careers[record].get("matches", [])]
                    person.played.append(played)

    def finish(self, listed: Sequence[tuple[Mapping[str, Any], str]]) -> dict[str, str]:
        """The index, the players' pages and the style sheet, after every tournament."""
        items = []
        for t, page in listed:
            gold = ((t.get("medals") or {}).get("places") or {}).get("gold")
            won = f" · gold: {escape(Names(t).team(gold))}" if gold else ""
            items.append(
                f'<li><a href="{page}">{escape(str(t.get("name") or "A tournament"))}</a> '
                f"<small>{escape(_when(t))} · {len(t['teams'])} teams{won}</small></li>"
            )
        body = f'<ul class="list">{"".join(items)}</ul>' if items else "<p>No public tournament yet.</p>"
        self.files["index.html"] = _page("Season results", body)
        taken: set[str] = set()
        for person in sorted(self.people.values(), key=lambda p: p.name.casefold()):
            person.page = f"players/{slug(person.name, taken)}.html"
            rows = "".join(
                f'<li><a href="../{p.page}">{escape(p.tournament)}</a> <small>with {escape(p.team)}'
                f"{', placed ' + escape(p.place) + ' in the standings' if p.place else ''}"
                f"{', ' + p.medal + ' medal' if p.medal else ''}</small>{_matches(p.matches)}</li>"
                for p in person.played
            )
            about = f"<p>{escape(person.described)}</p>" if person.described != person.name else ""
            body = f'{about}<ul class="list">{rows}</ul>'
            self.files[person.page] = _page(person.name, body, "../")
        people = "".join(
            f'<li><a href="{p.page}">{escape(p.name)}</a></li>'
            for p in sorted(self.people.values(), key=lambda p: p.name.casefold())
        )
        self.files["players.html"] = _page("Players", f'<ul class="list">{people}</ul>')
        self.files["style.css"] = STYLE
        return self.files


def _matches(matches: Sequence[str]) -> str:
    return f"<ul>{''.join(f'<li>{escape(m)}</li>' for m in matches)}</ul>" if matches else ""


def build(
    tournaments: Sequence[Mapping[str, Any]], known: Sequence[Registered | None] = ()
) -> dict[str, str]:
    """The site of ``tournaments`` (each an ``overview``, newest first, the private ones left out
    already; ``known``: each one's registered players, in the same order): its files by path."""
    site = Site()
    listed = [
        (t, site.tournament(t, known[i] if i < len(known) else None)) for i, t in enumerate(tournaments)
    ]
    return site.finish(listed)

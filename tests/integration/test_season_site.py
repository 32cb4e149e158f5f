"""``adjudicator site``: the season's public results as plain files. Every link resolves to a file of
the site, no page needs a script, the visible text names teams and matches in words (no team key
like T01 standing alone, no id), the CSV sits beside each tournament, and a private tournament is
nowhere in it."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from uuid import UUID

import pytest

from tests.season_site import PRIVATE, PUBLIC, season_site

UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
TEAM_KEY = re.compile(r"\bT\d{2}\b")


class Read(HTMLParser):
    """A page's links, scripts and visible text."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.scripts = 0
        self.text: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "script":
            self.scripts += 1
        if tag in ("script", "style", "title"):
            self._hidden += 1
        for name in ("href", "src"):
            if found.get(name):
                self.links.append(str(found[name]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "title"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.text.append(data)


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[UUID]]:
    return season_site(tmp_path_factory.mktemp("season"))


def test_every_link_resolves_and_no_page_needs_a_script(season: tuple[Path, list[UUID]]) -> None:
    root, _ = season
    pages = sorted(root.rglob("*.html"))
    assert len(pages) > 5
    for page in pages:
        read = Read()
        read.feed(page.read_text(encoding="utf-8"))
        assert read.scripts == 0, page
        for link in read.links:
            assert "://" not in link and not link.startswith("/"), (page, link)
            assert (page.parent / link).resolve().is_file(), (page, link)


def test_the_text_is_in_words(season: tuple[Path, list[UUID]]) -> None:
    root, _ = season
    for page in root.rglob("*.html"):
        read = Read()
        read.feed(page.read_text(encoding="utf-8"))
        text = " ".join(read.text)
        assert not UUID_TEXT.search(text), page
        assert not TEAM_KEY.search(text), (page, TEAM_KEY.findall(text))
    tournament = (root / "tournaments" / "spring-open.html").read_text(encoding="utf-8")
    assert "Gold" in tournament and "Motor City Aces" in tournament and "Semi-final" in tournament
    standings = (root / "tournaments" / "spring-open-standings.csv").read_text(encoding="utf-8-sig")
    assert standings.startswith("Place,Team,Players")
    player = (root / "players" / "ada.html").read_text(encoding="utf-8")
    assert PUBLIC in player and "Motor City Aces" in player


def test_a_private_tournament_is_not_in_the_site(season: tuple[Path, list[UUID]]) -> None:
    root, ids = season
    for path in root.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            assert PRIVATE not in text and str(ids[1]) not in text, path
            assert "private-cup" not in path.name
    assert PUBLIC in (root / "index.html").read_text(encoding="utf-8")


def test_a_registered_player_has_one_page_with_every_record_merged(season: tuple[Path, list[UUID]]) -> None:
    root, _ = season
    pages = sorted(p.name for p in (root / "players").glob("ada*.html"))
    assert pages == ["ada.html"]
    read = Read()
    read.feed((root / "players" / "ada.html").read_text(encoding="utf-8"))
    text = " ".join(read.text)
    assert "Ada of Windsor centre" in text
    assert {"../tournaments/spring-open.html", "../tournaments/autumn-open.html"} <= set(read.links)
    assert re.search(
        r"Round 1, table \d+ against [A-Z][a-z]+ [A-Z][a-z]+.*: (won|lost|tied), \d+ to \d+", text
    )
    players = (root / "players.html").read_text(encoding="utf-8")
    assert players.count(">Ada<") == 1 and ">Cy<" in players  # a name no one linked keeps its page

"""The living rulebook as served and as written: every citation the engine can give, under every
rulebook, lands on an anchor of the page the console links it to; ``adjudicator rulebook --out DIR``
writes the same pages as files whose relative links and anchors all resolve."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Flask

from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.rulebook.library import engine_citations
from api.console.links import citation_href

IDS = re.compile(r'\bid="([^"]+)"')
HREFS = re.compile(r'\bhref="([^"]+)"')


def ids(html: str) -> set[str]:
    found = IDS.findall(html)
    assert len(found) == len(set(found)), (
        f"repeated ids: {sorted({i for i in found if found.count(i) > 1})[:5]}"
    )
    return set(found)


def test_every_citation_of_every_rulebook_lands_on_its_section(app: Flask) -> None:
    client = app.test_client()  # the rules are public: no credential
    pages: dict[str, set[str]] = {}
    checked = 0
    for ruleset in RULESETS:
        for citation in engine_citations(ruleset):
            href = urlsplit(citation_href(citation.to_dict(), ruleset))
            if href.path not in pages:
                reply = client.get(href.path)
                assert reply.status_code == 200, href.path
                assert reply.headers["Content-Security-Policy"].startswith("default-src 'self'")
                pages[href.path] = ids(reply.get_data(as_text=True))
            assert href.fragment in pages[href.path], f"{ruleset}: {citation} -> {href.geturl()}"
            checked += 1
    assert checked > 200
    assert set(pages) == {f"/console/rulebooks/{r}" for r in (*RULESETS, "matrix")}


def test_the_index_the_comparison_and_an_unknown_rulebook(app: Flask) -> None:
    client = app.test_client()
    index = client.get("/console/rulebooks").get_data(as_text=True)
    for name in (*RULESETS, "matrix", "compare"):
        assert f'href="/console/rulebooks/{name}"' in index
    compare = client.get("/console/rulebooks/compare")
    assert compare.status_code == 200
    assert "same level: downtown vs uptown" in compare.get_data(as_text=True)
    unknown = client.get("/console/rulebooks/nowhere")
    assert unknown.status_code == 404
    assert "no rulebook &#39;nowhere&#39;" in unknown.get_data(as_text=True)


def test_the_command_writes_the_pages_as_a_static_site_whose_links_work_from_the_files(
    tmp_path: Path,
) -> None:
    out = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", "rulebook", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "wrote 10 files" in done.stdout
    pages = {p.name: p.read_text() for p in out.glob("*.html")}
    assert set(pages) == {f"{n}.html" for n in ("index", *RULESETS, "matrix", "compare")}
    anchors = {name: ids(html) for name, html in pages.items()}
    followed = 0
    for name, html in pages.items():
        assert "/console/" not in html, f"{name} links into the console"
        for href in HREFS.findall(html):
            if href.startswith(("#", "data:")):
                assert href == "data:," or href[1:] in anchors[name], f"{name}: {href}"
                continue
            target, _, fragment = href.partition("#")
            assert (out / target).is_file(), f"{name}: {href}"
            if fragment:
                assert fragment in anchors[target], f"{name}: {href}"
            followed += 1
    assert followed > 1000
    assert (out / "static" / "rulebook.css").is_file()
    assert "RENEGE" in pages["texas.html"]  # the rulebook's own words, read from the rules directory


def test_the_command_refuses_a_directory_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator.cli", "rulebook", "--out", str(blocker / "site")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "adjudicator: cannot write" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.fixture(autouse=True)
def _rules_present() -> None:
    from adjudicator.service.rulebook.sources import rules_dir

    if not (rules_dir() / "MATRIX.md").exists():
        pytest.skip("the shared rulebooks are not beside this checkout")

"""The living rulebook's reading of its sources: every scenario of ``features/`` becomes an example,
every MATRIX.md interpretation and row is found, every section the engine cites is found in its
rulebook's text, and each example's outcome is the one this engine computed for it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from adjudicator.domain.citations import MATRIX
from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.results import engine
from adjudicator.service.rulebook import checks, sources
from adjudicator.service.rulebook.examples import load_examples, parse_feature
from adjudicator.service.rulebook.library import engine_citations, library
from adjudicator.service.rulebook.matrix import source_parts
from adjudicator.service.rulebook.results import CHECKING, NOT_RUN, Results
from api.console.rulebook.matrix_pages import compare_rows, matrix_page
from api.console.rulebook.pages import rulebook_page
from api.console.rulebook.site import Where, content, environment

FEATURES = sources.features_dir()
RULES = sources.rules_dir()
needs_rules = pytest.mark.skipif(
    not (RULES / "MATRIX.md").exists() and not os.environ.get("CI"),
    reason="the shared rulebooks are not beside this checkout (CI always has them, and fails without)",
)


def test_every_scenario_of_every_feature_file_is_an_example_with_its_own_key() -> None:
    examples = load_examples(FEATURES)
    keys = [e.key for e in examples]
    assert len(keys) == len(set(keys))
    outlines = sum(text.count("Scenario Outline:") for text in _texts())
    rows = sum(len(e.row) > 0 for e in examples)
    assert len(examples) - rows == sum(text.count("Scenario:") for text in _texts())
    assert rows > outlines > 0
    assert {e.feature for e in examples} == {
        p.relative_to(FEATURES).as_posix() for p in FEATURES.rglob("*.feature")
    }
    assert all(e.rulesets for e in examples), "an example no rulebook page shows"


def _texts() -> list[str]:
    return [p.read_text() for p in FEATURES.rglob("*.feature")]


def test_an_outline_is_filled_in_row_by_row_with_its_tables_and_tags() -> None:
    text = """@texas
Feature: F
  Scenario Outline: <who> bids
    Source: texas-bid-whist-alliance.txt Bidding; MATRIX.md Bid Whist: bidding: order
    Given a <ruleset> hand
    Then the table is
      | seat | bid   |
      | <who> | 4    |
    And the "bidding" rule cites "<doc>" section "Bidding"

    @interpretation
    Examples:
      | who   | ruleset | doc |
      | north | texas   | t.txt |
      | east  | texas   | u.txt |
"""
    first, second = parse_feature(text, "texas/x.feature")
    assert first.name == "north bids" and second.name == "east bids"
    assert first.steps[1].table == (("seat", "bid"), ("north", "4"))
    assert first.citations == (("t.txt", "Bidding"),)
    assert first.interpretation and first.rulesets == {"texas"}
    assert first.sources[0].startswith("Source: texas-bid-whist-alliance.txt Bidding")
    assert first.anchor != second.anchor


@needs_rules
def test_every_interpretation_matrix_md_names_is_on_the_matrix_page() -> None:
    text = (RULES / "MATRIX.md").read_text()
    named = set(re.findall(r"interpretation:? ([a-z]+(?:-[a-z]+)+)", text))
    page = matrix_page(library())
    found = {i.interpretation.name for i in page.interpretations}
    assert named <= found
    assert len(found) >= 25
    template, context = content("matrix", Where(static=True))
    html = environment().get_template(template).render(layout="rulebooks/static.html", **context)
    for name in found:
        assert f'id="interpretation-{re.sub(r"[^a-z0-9]+", "-", name)}"' in html
    assert page.unfound == [], "the engine cites MATRIX.md rows or interpretations the file does not have"


@needs_rules
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_section_the_engine_cites_is_found_in_the_rulebooks_text(ruleset: str) -> None:
    page = rulebook_page(library(), ruleset)
    assert page.text_available
    assert [c.name for c in page.unplaced] == []
    placed = [c for s in page.sections for c in s.cited]
    own = [c for c in engine_citations(ruleset) if c.document != MATRIX]
    assert len(placed) == len(own)
    items = [c for c in placed if c.anchor]
    assert all(c.item for c in items if re.search(r"[.\d]", c.name)), (
        "an item cited by number without its words"
    )


@needs_rules
def test_the_comparison_holds_the_rows_where_the_rulebooks_differ_and_every_bid_euchre_row() -> None:
    groups = dict(compare_rows(library()))
    rules = {d.rule: d for rows in groups.values() for d in rows}
    assert "same level: downtown vs uptown" in rules
    assert "renege penalty" in rules
    assert "deck" in rules  # the same for every Bid Whist rulebook, not for Bid Euchre
    assert rules["deck"].cells[-1].startswith("two decks")
    assert "order" not in rules  # "(all)": every Bid Whist rulebook the same, and no Bid Euchre row
    for name, rows in groups.items():
        for row in rows:  # a Bid Euchre row stands alone: its game differs from every Bid Whist one
            assert len({c for c in row.cells if c}) > 1 or (name.startswith("Bid Euchre") and row.cells[-1])


SAID = """Feature: F
  Scenario: held
    Given a texas hand dealt by west
    When the scorekeeper records an event of a kind named "shuffle"
    Then the event is refused: "unknown event type 'shuffle'"

  Scenario: wrong
    Given a texas hand dealt by west
    When the scorekeeper records an event of a kind named "shuffle"
    Then the event is refused: "the shuffle was too short"

  Scenario: unsaid
    Given a hand dealt by the moon
"""


def test_each_outcome_is_what_this_engine_computed_for_the_example(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ADJUDICATOR_RULEBOOK_CHECKS", str(tmp_path))  # no run's outcomes kept yet
    monkeypatch.setitem(checks._state, "results", Results())
    held, wrong, unsaid = parse_feature(SAID, "texas/said.feature")
    other = load_examples(FEATURES)[0]
    assert library().outcome(held) == CHECKING
    results = checks.check([held, wrong, unsaid])
    assert results.engine == engine()
    outcomes = [results.of(e.key) for e in (held, wrong, unsaid, other)]
    assert outcomes == ["passed", "failed", "failed", NOT_RUN]
    assert results.why(held.key) is None
    assert str(results.why(wrong.key)).startswith(
        'Then the event is refused: "the shuffle was too short": '
        "refused for another reason: unknown event type 'shuffle'"
    )
    said = "Given a hand dealt by the moon: no given step says 'a hand dealt by the moon'"
    assert results.why(unsaid.key) == said
    assert library().outcome(wrong) == "failed"
    assert "1 of 3 examples hold" in library().results.provenance
    template, context = content("texas", Where(static=True))
    html = environment().get_template(template).render(layout="rulebooks/static.html", **context)
    assert "outcome-no-result-here" in html and "not run" not in html


def test_without_the_rules_directory_the_pages_say_so_and_keep_their_anchors(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ADJUDICATOR_RULES", str(tmp_path / "nowhere"))
    lib = library()
    assert not lib.matrix_available
    page = rulebook_page(lib, "texas")
    assert not page.text_available and page.sections == []
    assert {c.name for c in page.unplaced} >= {"Renege", "Technical", "Misdeal"}
    assert sum(len(c.examples) for c in page.unplaced) > 0
    template, context = content("texas", Where(static=True), lib)
    html = environment().get_template(template).render(layout="rulebooks/static.html", **context)
    assert "not available here" in html and 'id="renege"' in html
    assert {u.section for u in matrix_page(lib).unfound} >= {"interpretation: texas-points"}


def test_a_feature_file_that_does_not_parse_is_named_and_the_others_still_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "texas").mkdir()
    (tmp_path / "texas" / "good.feature").write_text("Feature: G\n  Scenario: S\n    Given a rule\n")
    (tmp_path / "texas" / "bad.feature").write_text("Feature: B\n  Scenario: S\n    Given a\nnot gherkin\n")
    monkeypatch.setenv("ADJUDICATOR_FEATURES", str(tmp_path))
    lib = library()
    assert [e.name for e in lib.examples] == ["S"]
    assert len(lib.unreadable) == 1 and lib.unreadable[0].startswith("texas/bad.feature: ")
    template, context = content("texas", Where(static=True), lib)
    html = environment().get_template(template).render(layout="rulebooks/static.html", **context)
    assert "could not be read" in html and "texas/bad.feature" in html


@needs_rules
def test_a_source_line_links_each_matrix_row_it_cites() -> None:
    tables = library().matrix
    line = "Source: detroit.txt I; MATRIX.md Bid Whist: tournaments: rounds, odd team (the draw)"
    parts = source_parts(line, tables)
    assert "".join(words for words, _ in parts) == line
    assert [(w, a) for w, a in parts if a] == [
        ("rounds", "bid-whist-tournaments-rounds"),
        ("odd team", "bid-whist-tournaments-odd-team"),
    ]
    plain = source_parts("Source: nothing of MATRIX.md here", tables)
    assert "".join(w for w, _ in plain) == "Source: nothing of MATRIX.md here"
    assert not any(a for _, a in plain)


def test_without_features_the_pages_say_where_they_looked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ADJUDICATOR_FEATURES", str(tmp_path / "none"))
    lib = library()
    assert lib.examples == () and lib.features_dir == tmp_path / "none"
    template, context = content("index", Where(static=True), lib)
    html = environment().get_template(template).render(layout="rulebooks/static.html", **context)
    assert f"No scenario was found ({tmp_path / 'none'} holds no feature file" in html

"""The living rulebook's reading of its sources: every scenario of ``features/`` becomes an example
keyed as the test run records it, every MATRIX.md interpretation and row is found, every section the
engine cites is found in its rulebook's text, and only an observed outcome is shown as one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pytest_bdd.parser import FeatureParser
from pytest_bdd.scenario import collect_example_parametrizations

from adjudicator.citations import MATRIX
from adjudicator.rulebooks import RULESETS
from adjudicator.service.results import engine
from api.console.rulebook import sources
from api.console.rulebook.examples import load_examples, parse_feature
from api.console.rulebook.library import engine_citations, library
from api.console.rulebook.matrix import source_parts
from api.console.rulebook.matrix_pages import compare_rows, matrix_page
from api.console.rulebook.pages import rulebook_page
from api.console.rulebook.results import NOT_RUN, load_results, scenario_key
from api.console.rulebook.site import Where, content, environment

FEATURES = sources.features_dir()
RULES = sources.rules_dir()
needs_rules = pytest.mark.skipif(
    not (RULES / "MATRIX.md").exists(), reason="the shared rulebooks are not beside this checkout"
)


def pytest_bdd_keys() -> set[str]:
    """Each example as pytest-bdd itself parses and parametrizes it: the keys the test run records."""
    keys = set()
    for path in sorted(FEATURES.rglob("*.feature")):
        relative = path.relative_to(FEATURES).as_posix()
        feature = FeatureParser(str(FEATURES), relative).parse()
        for template in feature.scenarios.values():
            rows = collect_example_parametrizations(template)
            for row in [p.values[0] for p in rows] if rows else [{}]:
                keys.add(scenario_key(relative, template.line_number, row))
    return keys


def test_every_scenario_of_every_feature_file_is_an_example_keyed_as_the_run_records_it() -> None:
    examples = load_examples(FEATURES)
    keys = [e.key for e in examples]
    assert len(keys) == len(set(keys))
    assert set(keys) == pytest_bdd_keys()
    assert {e.feature for e in examples} == {
        p.relative_to(FEATURES).as_posix() for p in FEATURES.rglob("*.feature")
    }
    assert all(e.rulesets for e in examples), "an example no rulebook page shows"


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


def test_an_outcome_is_shown_only_where_the_run_observed_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    examples = load_examples(FEATURES)
    passed, failed = examples[0], examples[1]
    results = tmp_path / "scenarios.json"
    results.write_text(
        json.dumps(
            {
                "run_at": "2026-11-23T22:00:00+00:00",
                "engine": engine(),
                "scenarios": {passed.key: "passed", failed.key: "failed", "junk": "weird"},
            }
        )
    )
    monkeypatch.setenv("ADJUDICATOR_RESULTS", str(results))
    lib = library()
    assert lib.outcome(passed) == "passed" and lib.outcome(failed) == "failed"
    assert lib.outcome(examples[2]) == NOT_RUN
    assert "junk" not in lib.results.outcomes
    assert lib.results.provenance == (
        "Outcomes checked by the test suite of this build of the engine, 2026-11-23T22:00:00+00:00."
    )
    results.write_text("not json")
    assert load_results(results).outcomes == {}
    assert "has not been run here" in load_results(results).provenance


def test_outcomes_recorded_against_another_build_of_the_engine_are_not_shown(tmp_path: Path) -> None:
    """A run of other code says nothing of this one: its outcomes are named as another build's."""
    example = load_examples(FEATURES)[0]
    results = tmp_path / "scenarios.json"
    recorded = {"run_at": "2026-11-23T22:00:00+00:00", "scenarios": {example.key: "passed"}}
    for other in ({**recorded, "engine": "0" * 64}, recorded):
        results.write_text(json.dumps(other))
        found = load_results(results, engine())
        assert found.of(example.key) == NOT_RUN == "no result here"
        assert "another build of the engine" in found.provenance
        assert "has not been run here" in found.provenance
    results.write_text(json.dumps({**recorded, "engine": engine()}))
    assert load_results(results, engine()).of(example.key) == "passed"
    assert load_results(tmp_path / "absent.json").run_at is None


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

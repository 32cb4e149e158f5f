"""Each rulebook's tournament format: field sizes, and citations that point at real rows and documents."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import MATRIX
from adjudicator.domain.tournaments.formats import FORMATS, get_format

RULES = Path(__file__).resolve().parents[4] / "shared" / "rules"
KEYS = {
    "match",
    "rounds",
    "first_pairing",
    "movement",
    "odd_team",
    "standings",
    "tiebreak_playoff",
    "playoff_field",
    "bracket",
    "medals",
    "score_sheet",
    "correction",
    "dispute",
    "delay",
    "withdrawal",
}


@pytest.mark.parametrize(
    ("entries", "field"),
    [(2, 2), (7, 4), (15, 8), (16, 16), (40, 16), (63, 16), (64, 32), (127, 32), (128, 64), (500, 64)],
)
def test_detroit_field_by_entries(entries: int, field: int) -> None:
    assert FORMATS["detroit"].playoff_field(entries) == field


def test_fixed_and_director_fields() -> None:
    assert FORMATS["texas"].playoff_field(30) == 8
    assert FORMATS["texas"].playoff_field(6) == 6
    assert FORMATS["chicago"].playoff_field(30) == 7
    assert FORMATS["cardtel"].playoff_field(30) == 0  # the director names the field
    assert FORMATS["ontario"].playoff_field(30) == 0  # the standings decide


@pytest.mark.parametrize("ruleset", sorted(FORMATS))
def test_every_format_cites_every_tournament_rule(ruleset: str) -> None:
    fmt = FORMATS[ruleset]
    assert set(fmt.citations) >= KEYS
    for key in KEYS:
        assert fmt.cite(key), key


@pytest.mark.skipif(
    not (RULES / "MATRIX.md").exists() and not os.environ.get("CI"),
    reason="the shared rulebooks are not beside this checkout (CI always has them, and fails without)",
)
@pytest.mark.parametrize("ruleset", sorted(FORMATS))
def test_citations_name_real_documents_and_matrix_rows(ruleset: str) -> None:
    matrix = (RULES / "MATRIX.md").read_text()
    sections = dict(re.findall(r"^## (.+?)\n(.*?)(?=^## |\Z)", matrix, re.M | re.S))
    for key in FORMATS[ruleset].citations:
        for citation in FORMATS[ruleset].cite(key):
            if citation.document == MATRIX and citation.section.startswith("interpretation: "):
                name = citation.section.removeprefix("interpretation: ")
                assert f"interpretation: {name})" in matrix, citation  # the cell that settles it
            elif citation.document == MATRIX:
                table, row = citation.section.rsplit(": ", 1)
                assert table in sections, citation
                assert re.search(rf"^\| {re.escape(row)}", sections[table], re.M), citation
            else:
                assert (RULES / citation.document).exists(), citation


def test_an_unknown_ruleset_is_refused() -> None:
    with pytest.raises(IllegalEvent) as refused:
        get_format("pinochle")
    assert refused.value.field == "ruleset"

"""The scenarios of ``features/`` as examples of the rules: each outline expanded to one example per
row of its ``Examples`` tables, with the rulebooks it runs for and what it cites.

Parsed with ``gherkin-official``. The same examples are what the engine runs (``checks``, through
``adjudicator.examples``) and what the test suite runs, so the pages show exactly what was checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from gherkin.errors import ParserError
from gherkin.parser import Parser

from adjudicator.domain.citations import MATRIX
from adjudicator.domain.rulebooks import RULESETS, get_ruleset
from adjudicator.service.rulebook.anchors import anchor, rulebook_of
from adjudicator.service.rulebook.results import scenario_key

#: A step that checks a citation: ``… cites "<document>" section "<section>"``.
CITES = re.compile(r'cites "([^"]+)" section "([^"]+)"')
WHIST = tuple(r for r in RULESETS if get_ruleset(r).game == "Bid Whist")


@dataclass(frozen=True)
class Step:
    keyword: str
    text: str
    table: tuple[tuple[str, ...], ...] = ()
    docstring: str | None = None


@dataclass(frozen=True)
class Example:
    """One run of one scenario: an outline's row, or a plain scenario."""

    feature: str  # the file, relative to features/
    feature_name: str
    name: str
    line: int
    row: Mapping[str, str]
    tags: frozenset[str]
    sources: tuple[str, ...]
    notes: tuple[str, ...]
    steps: tuple[Step, ...]
    number: int = 0  # its place among the scenario's examples

    @property
    def key(self) -> str:
        return scenario_key(self.feature, self.line, self.row)

    @property
    def anchor(self) -> str:
        return anchor(f"example {self.feature.removesuffix('.feature')} {self.line} {self.number}")

    @property
    def interpretation(self) -> bool:
        return "interpretation" in self.tags

    @property
    def rulesets(self) -> frozenset[str]:
        """The rulebooks it exercises: its folder's, or for ``shared/`` its tags (``@all``: Bid Whist)."""
        folder = self.feature.split("/", 1)[0]
        if folder in RULESETS:
            return frozenset({folder})
        tagged = self.tags & set(RULESETS)
        return frozenset(tagged or (WHIST if "all" in self.tags else ()))

    @cached_property
    def citations(self) -> tuple[tuple[str, str], ...]:
        return tuple((m[1], m[2]) for s in self.steps for m in CITES.finditer(s.text))


#: Words, and where they lead: (page, anchor), None for plain words.
Linked = tuple[str, tuple[str, str] | None]


def cited_parts(text: str) -> tuple[Linked, ...]:
    """A step's words with the section it checks a citation of linked to its place: (words, (page,
    anchor)), the page MATRIX.md's or the cited rulebook's."""
    parts: list[Linked] = []
    done = 0
    for m in CITES.finditer(text):
        page = "matrix" if m[1] == MATRIX else rulebook_of(m[1])
        if page is None:
            continue
        parts += [(text[done : m.start(2)], None), (m[2], (page, anchor(m[2])))]
        done = m.end(2)
    parts.append((text[done:], None))
    return tuple(p for p in parts if p[0])


def _fill(text: str, row: Mapping[str, str]) -> str:
    for name, value in row.items():
        text = text.replace(f"<{name}>", value)
    return text


def _step(node: Mapping[str, Any], row: Mapping[str, str]) -> Step:
    table = tuple(
        tuple(_fill(c["value"], row) for c in r["cells"]) for r in node.get("dataTable", {}).get("rows", ())
    )
    doc = node.get("docString")
    return Step(
        node["keyword"].strip(), _fill(node["text"], row), table, _fill(doc["content"], row) if doc else None
    )


def _tags(node: Mapping[str, Any]) -> frozenset[str]:
    return frozenset(t["name"].lstrip("@") for t in node.get("tags", ()))


def _scenarios(
    children: list[Any], background: tuple[Any, ...], tags: frozenset[str]
) -> Iterator[tuple[Any, tuple[Any, ...], frozenset[str]]]:
    for child in children:
        if "background" in child:
            background = (*background, *child["background"]["steps"])
        elif "rule" in child:
            rule = child["rule"]
            yield from _scenarios(rule["children"], background, tags | _tags(rule))
        elif "scenario" in child:
            yield child["scenario"], background, tags


def parse_feature(text: str, feature: str) -> list[Example]:
    """Every example of one feature file (``feature``: its path relative to ``features/``)."""
    document = Parser().parse(text)
    root = document.get("feature")
    if root is None:
        return []
    found: list[Example] = []
    for scenario, background, inherited in _scenarios(root["children"], (), _tags(root)):
        lines = [ln.strip() for ln in (scenario.get("description") or "").splitlines() if ln.strip()]
        sources = tuple(ln for ln in lines if ln.startswith("Source:"))
        notes = tuple(ln for ln in lines if not ln.startswith("Source:"))
        tags = inherited | _tags(scenario)
        rows: list[tuple[dict[str, str], frozenset[str]]] = []
        for block in scenario.get("examples", ()):
            header = [c["value"] for c in block.get("tableHeader", {}).get("cells", ())]
            for body in block.get("tableBody", ()):
                rows.append(
                    (dict(zip(header, (c["value"] for c in body["cells"]), strict=True)), _tags(block))
                )
        for number, (row, more) in enumerate(rows or [({}, frozenset())]):
            found.append(
                Example(
                    feature=feature,
                    feature_name=root["name"],
                    name=_fill(scenario["name"], row),
                    line=scenario["location"]["line"],
                    row=row,
                    tags=tags | more,
                    sources=tuple(_fill(s, row) for s in sources),
                    notes=notes,
                    steps=tuple(_step(s, row) for s in (*background, *scenario["steps"])),
                    number=number,
                )
            )
    return found


def load_examples(features: Path, unreadable: list[str] | None = None) -> list[Example]:
    """Every example of every feature file under ``features``, in file order (none if it is missing);
    a file that cannot be read or parsed is named in ``unreadable`` with the reason, and skipped."""
    found: list[Example] = []
    for path in sorted(features.rglob("*.feature")):
        relative = path.relative_to(features).as_posix()
        try:
            found += parse_feature(path.read_text(encoding="utf-8"), relative)
        except (OSError, UnicodeDecodeError, ParserError) as error:
            if unreadable is not None:
                unreadable.append(f"{relative}: {' '.join(str(error).split())}")
    return found

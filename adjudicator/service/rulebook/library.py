"""Everything the living rulebook reads, read once per change: the scenarios, MATRIX.md and the
rulebooks' texts, kept until a file's modification time says it changed; and the outcomes of the
examples as this process's engine computed them (``checks``), or until it has, as a test suite's report
says them (``report``, where ``$ADJUDICATOR_CUCUMBER_REPORT`` names one)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from adjudicator.domain.rulebooks import RULESETS, TOURNAMENT_FORMATS, Citation
from adjudicator.service.rulebook import checks, sources
from adjudicator.service.rulebook.examples import Example, load_examples
from adjudicator.service.rulebook.matrix import Interpretation, Table, interpretations, parse_tables
from adjudicator.service.rulebook.report import read_report
from adjudicator.service.rulebook.results import Results
from adjudicator.service.rulebook.texts import Section, sections


@dataclass(frozen=True)
class Library:
    examples: tuple[Example, ...]
    matrix: tuple[Table, ...]  # empty when MATRIX.md is not available
    interpretations: tuple[Interpretation, ...]
    texts: dict[str, list[Section] | None]  # by ruleset; None when its document is not available
    rules_dir: Path
    unreadable: tuple[str, ...] = ()  # feature files that could not be parsed, with the reason
    features_dir: Path | None = None  # where the scenarios were looked for, when no feature file is there
    suite: Results | None = None  # the test suite's report, shown until this engine has checked them

    @property
    def results(self) -> Results:
        own = checks.current()
        return self.suite if own.run_at is None and self.suite is not None else own

    @property
    def matrix_available(self) -> bool:
        return bool(self.matrix)

    def outcome(self, example: Example) -> str:
        return self.results.of(example.key)

    def examples_of(self, ruleset: str) -> list[Example]:
        return [e for e in self.examples if ruleset in e.rulesets]


def engine_citations(ruleset: str) -> dict[Citation, list[str]]:
    """Every citation the engine can give under a rulebook (its rules' and its tournament format's),
    with the rules that give it, in the order the rulebook's module lists them."""
    found: dict[Citation, list[str]] = {}
    tables = (RULESETS[ruleset].citations, TOURNAMENT_FORMATS[ruleset].citations)
    for table in tables:
        for rule, citations in table.items():
            for citation in citations:
                rules = found.setdefault(citation, [])
                name = rule.replace("_", "-")
                if name not in rules:
                    rules.append(name)
    return found


def _stamp(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return -1.0


def _signature() -> tuple[object, ...]:
    features = sources.features_dir()
    rules = sources.rules_dir()
    watched = [*sorted(features.rglob("*.feature")), rules / sources.MATRIX_FILE]
    watched += [rules / r.document for r in RULESETS.values()]
    watched += [report] if (report := sources.cucumber_report()) else []
    return (str(features), str(rules), *((str(p), _stamp(p)) for p in watched))


@lru_cache(maxsize=2)
def _load(signature: tuple[object, ...]) -> Library:
    matrix_text = sources.read_rules(sources.MATRIX_FILE)
    tables = parse_tables(matrix_text) if matrix_text else []
    texts: dict[str, list[Section] | None] = {}
    for ruleset in RULESETS.values():
        text = sources.read_rules(ruleset.document)
        texts[ruleset.id] = sections(text) if text else None
    unreadable: list[str] = []
    examples = load_examples(sources.features_dir(), unreadable)
    report = sources.cucumber_report()
    return Library(
        examples=tuple(examples),
        matrix=tuple(tables),
        interpretations=tuple(interpretations(tables)),
        texts=texts,
        rules_dir=sources.rules_dir(),
        unreadable=tuple(unreadable),
        features_dir=None if examples or unreadable else sources.features_dir(),
        suite=read_report(report, examples) if report else None,
    )


def library() -> Library:
    return _load(_signature())

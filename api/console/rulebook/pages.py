"""The models of a rulebook's page: its text by sections, each cited place with the engine's rules and
the examples that exercise it, the MATRIX.md rows it relies on, and every example with its outcome."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from adjudicator.domain.citations import MATRIX, Citation
from adjudicator.domain.rulebooks import RULESETS, Ruleset, get_ruleset
from adjudicator.service.rulebook.examples import Example, Linked, cited_parts
from adjudicator.service.rulebook.library import Library, engine_citations
from adjudicator.service.rulebook.matrix import Part, source_parts
from adjudicator.service.rulebook.texts import Section, locate, plain
from api.console.links import anchor


@dataclass(frozen=True)
class Shown:
    """An example as a page shows it: the example and its outcome as this process's engine computed it."""

    example: Example
    outcome: str
    failure: str | None = None  # where and why it failed, in words
    sources: tuple[tuple[Part, ...], ...] = ()  # its Source lines, MATRIX.md rows marked for linking
    steps: tuple[tuple[Linked, ...], ...] = ()  # its steps' words, the sections they check linked


@dataclass
class Cited:
    """A place the engine cites: its name, its anchor, the item's words, its rules and examples."""

    name: str
    anchor: str | None  # None where the section's own heading carries it
    item: list[str]
    rules: list[str]
    examples: list[Shown]


@dataclass
class TextSection:
    heading: str
    anchor: str
    lines: list[tuple[int, str, str | None]]  # (depth, words, anchor of the section a contents entry names)
    cited: list[Cited] = field(default_factory=list)


@dataclass(frozen=True)
class FeatureGroup:
    feature: str
    name: str
    examples: list[Shown]


@dataclass
class RulebookPage:
    ruleset: Ruleset
    text_available: bool
    sections: list[TextSection]
    unplaced: list[Cited]  # cited, but not found in the text (or the text is not available)
    matrix: list[Cited]  # the MATRIX.md rows and interpretations it relies on
    features: list[FeatureGroup]
    counts: Counter[str]
    run_at: str | None


def counts(shown: list[Shown]) -> Counter[str]:
    return Counter(s.outcome for s in shown)


def shown(lib: Library, examples: list[Example]) -> list[Shown]:
    return [Shown(e, lib.outcome(e), lib.results.why(e.key)) for e in examples]


def cites(example: Example, citation: Citation) -> bool:
    """The example checks this citation in a step, or names it on a ``Source:`` line."""
    if (citation.document, citation.section) in example.citations:
        return True
    said = f"{citation.document} {citation.section}"
    return any(
        part.strip().removeprefix("Source:").strip() == said
        for source in example.sources
        for part in source.split(";")
    )


def _contents_entry(line: str, within: list[Section]) -> Section | None:
    """The section a table-of-contents line names ("IV.<tab>The Deal<tab>5", "THE DEAL<tab>2")."""
    fields = [f.strip(" .") for f in line.split("\t") if f.strip()]
    if len(fields) < 2 or not fields[-1].isdigit():
        return None
    said = " ".join(fields[:-1]).casefold()
    exact = [s for s in within if said == " ".join(s.heading.replace(".", " ").split()).casefold()]
    named = [s for s in within if any(f.casefold() in s.names() for f in fields[:-1])]
    return next(iter(exact + named), None)


def _lines(
    section: Section, within: list[Section], anchors: dict[int, str]
) -> list[tuple[int, str, str | None]]:
    out: list[tuple[int, str, str | None]] = []
    for line in section.lines:
        words = plain(line).removeprefix("- ")
        if words:
            entry = _contents_entry(line, within)
            target = anchors.get(id(entry)) if entry is not None and entry is not section else None
            out.append((len(line) - len(line.lstrip()), words, target))
    return out


def section_anchor(section: Section, cited: list[str]) -> str:
    """A section is anchored by the name the engine cites it by, else by its heading."""
    for name in cited:
        place = locate(name, [section])
        if place is not None and not place.item:
            return anchor(name)
    return anchor(min(section.names(), key=len))


def rulebook_page(lib: Library, ruleset_id: str) -> RulebookPage:
    rulebook = get_ruleset(ruleset_id)
    examples = lib.examples_of(ruleset_id)
    citations = engine_citations(ruleset_id)
    own = [c for c in citations if c.document == rulebook.document]
    text = lib.texts.get(ruleset_id)
    names = [c.section for c in own]
    views: dict[int, TextSection] = {}
    for section in text or []:
        name = section_anchor(section, names)
        taken = {v.anchor for v in views.values()}
        views[id(section)] = TextSection(
            section.heading, name if name not in taken else f"{name}-{len(views)}", []
        )
    anchors = {key: view.anchor for key, view in views.items()}
    for section in text or []:
        views[id(section)].lines = _lines(section, text or [], anchors)
    unplaced: list[Cited] = []
    for citation in own:
        place = locate(citation.section, text) if text else None
        related = shown(lib, [e for e in examples if cites(e, citation)])
        item = [plain(line).removeprefix("- ") for line in place.item] if place else []
        view = views[id(place.section)] if place else None
        own_anchor = (
            None if view is not None and view.anchor == anchor(citation.section) else anchor(citation.section)
        )
        cited = Cited(citation.section, own_anchor, item, citations[citation], related)
        (view.cited if view is not None else unplaced).append(cited)
    matrix = [
        Cited(c.section, anchor(c.section), [], rules, shown(lib, [e for e in examples if cites(e, c)]))
        for c, rules in citations.items()
        if c.document == MATRIX
    ]
    groups: dict[str, FeatureGroup] = {}
    for example in examples:
        parts = tuple(source_parts(line, lib.matrix) for line in example.sources)
        steps = tuple(cited_parts(step.text) for step in example.steps)
        one = Shown(example, lib.outcome(example), lib.results.why(example.key), parts, steps)
        group = groups.setdefault(
            one.example.feature, FeatureGroup(one.example.feature, one.example.feature_name, [])
        )
        group.examples.append(one)
    everything = [s for g in groups.values() for s in g.examples]
    return RulebookPage(
        ruleset=rulebook,
        text_available=text is not None,
        sections=list(views.values()),
        unplaced=unplaced,
        matrix=matrix,
        features=list(groups.values()),
        counts=counts(everything),
        run_at=lib.results.run_at,
    )


@dataclass(frozen=True)
class IndexEntry:
    id: str
    title: str
    game: str
    document: str
    counts: Counter[str]


def index_entries(lib: Library) -> list[IndexEntry]:
    return [
        IndexEntry(r.id, r.title, r.game, r.document, counts(shown(lib, lib.examples_of(r.id))))
        for r in RULESETS.values()
    ]

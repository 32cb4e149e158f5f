"""Section references said in words ("(XI.a)", "(Techs 1.A, 1.B; Play 8)", "(Cardtel Deal 9)",
"interpretation: joker-lead") found in a MATRIX.md cell, each with the page and anchor that shows it:
the rulebook page where the section's text lives, or the MATRIX.md page for an interpretation."""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.rulebook.examples import Linked
from adjudicator.service.rulebook.library import Library
from adjudicator.service.rulebook.texts import Section
from api.console.links import anchor
from api.console.rulebook.pages import rulebook_page

GROUP = re.compile(r"\(([^()]*)\)")
PIECE = re.compile(r"[^;,]+")
INTERPRETATION = re.compile(r"interpretation:?\s+([a-z][a-z0-9-]*)")


@dataclass(frozen=True)
class Places:
    """A rulebook's page as a target: its sections (text order) with their anchors, and all its ids."""

    sections: tuple[tuple[Section, str], ...]
    ids: frozenset[str]

    def find(self, name: str) -> str | None:
        """The anchor of the cited place itself when the page has it, else of the section it falls in."""
        if anchor(name) in self.ids:
            return anchor(name)
        best: tuple[int, str] | None = None
        for said in (name.casefold(), f"the {name.casefold()}"):  # "Deal 6" under "THE DEAL"
            for section, at in self.sections:
                for key in section.names():
                    rest = said[len(key) :]
                    whole = said.startswith(key) and (not rest or not rest[0].isalnum())
                    if whole and (best is None or len(key) > best[0]):
                        best = (len(key), at)
        return None if best is None else best[1]


_last: list[tuple[Library, dict[str, Places]]] = []  # the last library's (it is read once per change)


def places(lib: Library) -> dict[str, Places]:
    """Every rulebook whose text is here, as a target of references; made once per library read."""
    if _last and _last[0][0] is lib:
        return _last[0][1]
    found: dict[str, Places] = {}
    for ruleset, text in lib.texts.items():
        if not text:
            continue
        page = rulebook_page(lib, ruleset)
        ids = {s.anchor for s in page.sections} | {
            c.anchor for s in page.sections for c in s.cited if c.anchor
        }
        ids |= {c.anchor for c in page.unplaced if c.anchor}
        found[ruleset] = Places(
            tuple(zip(text, (s.anchor for s in page.sections), strict=True)), frozenset(ids)
        )
    _last[:] = [(lib, found)]
    return found


def _target(
    piece: str, ruleset: str, where: dict[str, Places], known: set[str], before: str
) -> tuple[int, str, str] | None:
    """Where a piece of a parenthesis leads: (offset of the linked words, page, anchor); ``before``
    is the reference ahead of it, whose section a bare item ("1.B" after "Techs 1.A") belongs to."""
    named = INTERPRETATION.search(piece)
    if named:
        at = anchor(f"interpretation: {named.group(1)}")
        return (named.start(), "matrix", at) if at in known else None
    text = piece.strip()
    offset = len(piece) - len(piece.lstrip())
    if ": " in text:  # "a second bid …, changing it: XI.h"
        head, _, text = text.rpartition(": ")
        offset += len(head) + 2
    first, _, rest = text.partition(" ")
    if first.casefold() in RULESETS and rest:  # "Cardtel Deal 9" in a row said for all
        ruleset, text, offset = first.casefold(), rest, offset + len(first) + 1
    if text[:1].isdigit() and " " in before:  # "Techs 1.A, 1.B": 1.B of Techs
        text = f"{before.rpartition(' ')[0]} {text}"
    elif ruleset not in where or not text[:1].isupper() or len(text) > 40:
        return None
    if ruleset not in where:
        return None
    found = where[ruleset].find(text)
    return (offset, ruleset, found) if found else None


def link_cell(cell: str, ruleset: str, where: dict[str, Places], known: set[str]) -> tuple[Linked, ...]:
    """A cell cut into words and the references in its parentheses, each linked to its place."""
    parts: list[Linked] = []
    done = 0
    for group in GROUP.finditer(cell):
        before = ""
        for piece in PIECE.finditer(group.group(1)):
            target = _target(piece.group(0), ruleset, where, known, before)
            if target is None:
                before = ""
                continue
            offset, page, at = target
            start = group.start(1) + piece.start() + offset
            end = group.start(1) + piece.end()
            words = cell[start:end].rstrip()
            parts += [(cell[done:start], None), (words, (page, at))]
            before = words
            done = start + len(words)
    parts.append((cell[done:], None))
    return tuple((w.replace("**", ""), to) for w, to in parts if w)

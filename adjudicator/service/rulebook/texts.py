"""A rulebook's text cut into its sections, and where in it a cited section ("III.c.i", "Techs 1.A",
"I.13", "The Deal 6") is: the heading it falls under and, for an item, the item's own lines.

The documents are plain text with a few Markdown marks. A heading is a short line standing alone
between blank lines, without closing punctuation, said once in the document (a line said on every
page is the page's header, not a heading); the lines before the first heading are the introduction.
An item is a ``- 6.``, ``- c.``, ``- (iv)`` line, or a line that begins with the cited words.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

INTRODUCTION = "Introduction"
MARKS = re.compile(r"\*\*|(?<!\w)\*|\*(?!\w)|</?u>")
ROMAN_OR_LETTER = re.compile(r"^(?:[IVXLC]+\.|[A-Z]\))\s")


@dataclass(frozen=True)
class Section:
    heading: str
    lines: tuple[str, ...]  # as in the document, the heading excluded

    def names(self) -> tuple[str, ...]:
        """What a citation may call it: "IV" for "IV. The Deal", "Techs" for "TECHS/INFRACTIONS"."""
        head = self.heading.casefold()
        marker = ROMAN_OR_LETTER.match(self.heading)
        found = {head, re.split(r"[/(]", head)[0].strip()}
        if marker:
            found.add(marker.group(0).strip(" .)").casefold())
        return tuple(sorted(found, key=len, reverse=True))


@dataclass(frozen=True)
class Place:
    """Where a cited section is: its section, and the item's lines when it names an item of it."""

    section: Section
    item: tuple[str, ...] = ()


def plain(line: str) -> str:
    """A line without its Markdown marks (bold, italics, underlining)."""
    return MARKS.sub("", line).strip()


def _is_heading(lines: list[str], i: int, said: Counter[str]) -> bool:
    text = lines[i].strip()
    alone = (i == 0 or not lines[i - 1].strip()) and (i + 1 == len(lines) or not lines[i + 1].strip())
    if not (alone and text and len(text) <= 60 and said[text] == 1 and "\t" not in lines[i]):
        return False
    if text[0] in "-•(*" or text[-1] in ".,:;!" or "," in text:
        return False
    if (re.search(r"\d", text) and not ROMAN_OR_LETTER.match(text)) or (" " not in text and "." in text):
        return False
    return len(text.split()) > 1 or text.isupper()


def sections(text: str) -> list[Section]:
    lines = text.splitlines()
    said = Counter(line.strip() for line in lines)
    found: list[Section] = []
    heading, body = INTRODUCTION, list[str]()
    for i, line in enumerate(lines):
        if _is_heading(lines, i, said):
            found.append(Section(heading, tuple(body)))
            heading, body = line.strip(), []
        elif said[line.strip()] == 1 or not line.strip():
            body.append(line)
    found.append(Section(heading, tuple(body)))
    return [s for s in found if s.heading != INTRODUCTION or any(ln.strip() for ln in s.lines)]


def _nth_item(lines: tuple[str, ...], start: int, n: int) -> int:
    """The n-th item of a list whose numbers the document lost (``- The deck must…`` for item 2)."""
    items = [i for i in range(start, len(lines)) if lines[i].startswith("- ")]
    return items[n - 1] if 0 < n <= len(items) else -1


def _item(lines: tuple[str, ...], path: list[str]) -> tuple[str, ...]:
    """The lines of the item a path of markers names (``["c", "i"]``), or of a line starting with it."""
    start = 0
    found = -1
    for marker in path:
        pattern = re.compile(rf"^\s*-?\s*\(?{re.escape(marker)}[.)]\s")
        found = next((i for i in range(start, len(lines)) if pattern.match(lines[i])), -1)
        if found < 0 and marker.isdigit():
            found = _nth_item(lines, start, int(marker))
        if found < 0:
            break
        start = found + 1
    if found < 0:
        words = " ".join(path).casefold()
        found = next(
            (i for i, ln in enumerate(lines) if plain(ln).lstrip("- ").casefold().startswith(words)), -1
        )
    if found < 0:
        return ()
    depth = len(lines[found]) - len(lines[found].lstrip())
    end = found + 1
    while end < len(lines) and lines[end].strip() and len(lines[end]) - len(lines[end].lstrip()) > depth:
        end += 1
    return lines[found:end]


def locate(cited: str, within: list[Section]) -> Place | None:
    """The section (and item) a citation of this document names; None when the text has no such place."""
    name = cited.casefold()
    best: tuple[int, Section, str] | None = None
    for section in within:
        for key in section.names():
            rest = name[len(key) :]
            if (
                name.startswith(key)
                and (not rest or not rest[0].isalnum())
                and (best is None or len(key) > best[0])
            ):
                best = (len(key), section, cited[len(key) :].strip(" ."))
    if best is not None:
        _, section, rest = best
        if not rest:
            return Place(section)
        path = [rest] if " " in rest else rest.split(".")
        item = _item(section.lines, path)
        return Place(section, item) if item else None
    for section in within:
        item = _item(section.lines, [cited])
        if item:
            return Place(section, item)
    return None

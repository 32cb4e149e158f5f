"""One event on one line: ``#N type member=value …``, and the members' values in text.

A value is written bare when it reads back as the same string (``north``, ``AS``, ``10H``,
``bid_out_of_turn@6``); a list of such cards as ``[AS,KS,10H]``; anything else as JSON (``"4"``,
``"a note with spaces"``, ``null``, ``[6,15,24]``, ``{"type": "play", …}``). So every value,
whatever it is, reads back exactly as it was written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

from adjudicator.domain.handfile.record import HandFileError
from adjudicator.domain.limits import MAX_DIGITS

BARE: Final = re.compile(r"[A-Za-z0-9_@.:+/-]+")
WORD: Final = re.compile(r"[A-Za-z0-9]+")
KEY: Final = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=")
NUMBER: Final = re.compile(r"#([0-9]+)")
_DECODER: Final = json.JSONDecoder()


def whole(digits: str, line: int) -> int:
    """A number a line writes in ASCII digits (an event's, a kitty position), no longer than any
    hand's numbers are: a longer one is refused, not converted (Python refuses 4,300 digits)."""
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        shown = digits if len(digits) <= 12 else digits[:12] + "…"
        raise HandFileError(f"{shown!r} is no number a hand record holds (at most {MAX_DIGITS} digits)", line)
    return int(digits)


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _reads_as_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def is_bare(value: object) -> bool:
    """Whether a string is written as it is: it reads back as itself, not as a number or null."""
    return isinstance(value, str) and BARE.fullmatch(value) is not None and not _reads_as_json(value)


def is_word(value: object) -> bool:
    """A card or a seat as the compact lines write it: letters and digits, and not a number."""
    return isinstance(value, str) and WORD.fullmatch(value) is not None and not _reads_as_json(value)


def cards_text(cards: list[Any]) -> str:
    return "[" + ",".join(cards) + "]"


def encode(value: object) -> str:
    """A member's value as a line writes it."""
    if is_bare(value):
        return str(value)
    if isinstance(value, list) and value and all(is_word(v) for v in value):
        return cards_text(value)
    return _json(value)


def event_line(number: int, event: Mapping[str, Any]) -> str:
    """``#N type member=value …``: any event, exactly."""
    members = " ".join(f"{key}={encode(value)}" for key, value in event.items() if key != "type")
    kind = event.get("type")
    head = f"#{number} {kind if is_bare(kind) else 'type=' + _json(kind)}"
    return f"{head} {members}" if members else head


def read_value(text: str, at: int, line: int) -> tuple[Any, int]:
    """The value that starts at ``text[at]``, and where it ends."""
    if at < len(text) and text[at] in '"{[':
        try:
            return _DECODER.raw_decode(text, at)
        except ValueError:
            if text[at] != "[":
                raise HandFileError(f"a value at column {at + 1} is not valid JSON", line) from None
            end = text.find("]", at)
            cards = text[at + 1 : end].split(",") if end > at else []
            if end < 0 or not all(is_word(card) for card in cards):
                raise HandFileError(f"a list at column {at + 1} is neither [AS,KS] nor JSON", line) from None
            return cards, end + 1
    end = at
    while end < len(text) and not text[end].isspace():
        end += 1
    word = text[at:end]
    if not word:
        raise HandFileError(f"a value is missing at column {at + 1}", line)
    if BARE.fullmatch(word) is None:
        raise HandFileError(f"{word!r} is not a value: quote it as JSON", line)
    return (json.loads(word) if _reads_as_json(word) else word), end


def members(text: str, line: int) -> dict[str, Any]:
    """``member=value member=value …``, in order; a member named twice is an error."""
    found: dict[str, Any] = {}
    at = 0
    while True:
        while at < len(text) and text[at] == " ":
            at += 1
        if at == len(text):
            return found
        key = KEY.match(text, at)
        if key is None:
            raise HandFileError(f"expected member=value at column {at + 1}: {text[at : at + 20]!r}", line)
        name = key.group(1)
        if name in found:
            raise HandFileError(f"{name} is given twice", line)
        found[name], at = read_value(text, key.end(), line)
        if at < len(text) and text[at] != " ":
            raise HandFileError(f"a space must follow {name}'s value (column {at + 1})", line)


def parse_event_line(text: str, line: int) -> tuple[int, dict[str, Any]]:
    """``#N type member=value …`` read back: (N, the event)."""
    number = NUMBER.match(text)
    if number is None:
        raise HandFileError("an event line starts with #N, its number in the hand", line)
    rest = text[number.end() :].lstrip(" ")
    kind, _, tail = rest.partition(" ")
    if kind.startswith("type="):
        found = members(rest, line)
        return whole(number.group(1), line), found
    if not kind or not is_bare(kind):
        raise HandFileError("an event line names its type after its number", line)
    return whole(number.group(1), line), {"type": kind, **members(tail, line)}

"""JSON a program can hold (RFC 7493, I-JSON), as the API reads a body and ``adjudicator import`` a file.

Nesting at most ``MAX_DEPTH`` deep (a deeper value is refused before Python's recursion limit is
near), no lone UTF-16 surrogate in any string or member name (``"\\ud800"`` parses in Python but
cannot be encoded to UTF-8, so it could never be stored), no ``NaN`` or ``Infinity``. Each refusal
says what and where (a JSON pointer). Both entry points read bodies this way, so it lives below them.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, NoReturn

#: The largest whole number a double holds exactly: a float beyond it is kept a float.
EXACT = 2**53
#: The deepest nesting of arrays and objects a body may have; the API's deepest body needs 5.
MAX_DEPTH = 32
SURROGATE = re.compile("[\ud800-\udfff]")


class BodyRefused(ValueError):
    """JSON that parses but that this service refuses to hold: what is wrong (a problem's type slug,
    title and detail) and where (a JSON pointer); the API answers it as a 400 problem."""

    def __init__(self, slug: str, title: str, detail: str, pointer: str, field: str | None = None) -> None:
        super().__init__(detail)
        self.slug, self.title, self.detail, self.pointer, self.field = slug, title, detail, pointer, field


def _escape(token: str) -> str:
    """A JSON pointer token (RFC 6901), any surrogate shown as its ``\\uXXXX`` escape."""
    token = token.replace("~", "~0").replace("/", "~1")
    return SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", token)


def _pointer(path: list[str | int]) -> str:
    return "".join(f"/{_escape(str(token))}" for token in path)


def _too_deep(path: list[str | int]) -> NoReturn:
    shown = _pointer(path[:MAX_DEPTH])
    where = f" (at {shown}/…)" if shown else ""
    raise BodyRefused(
        "json-too-deep",
        "JSON nested too deeply",
        f"the body nests arrays and objects more than {MAX_DEPTH} deep{where}; nothing was recorded",
        pointer=shown,
    )


def _surrogate(path: list[str | int], in_name: bool) -> NoReturn:
    pointer = _pointer(path)
    what = "a member name" if in_name else "the string"
    raise BodyRefused(
        "lone-surrogate",
        "Unpaired UTF-16 surrogate",
        f"{what} at {pointer or '/'} has a lone UTF-16 surrogate (\\ud800-\\udfff without its pair), "
        "which is not a character: send text as UTF-8 or escape a pair; nothing was recorded",
        pointer=pointer,
        field=pointer.lstrip("/") or None,
    )


def check(value: Any) -> None:
    """Refuse a parsed body nested deeper than ``MAX_DEPTH`` or holding a lone surrogate (iteratively:
    a check must not itself recurse)."""
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and SURROGATE.search(item):
                _surrogate(path, in_name=False)
        elif isinstance(item, (dict, list)):
            if len(path) >= MAX_DEPTH:
                _too_deep(path)
            members = item.items() if isinstance(item, dict) else enumerate(item)
            for key, member in members:
                if isinstance(key, str) and not key.isascii() and SURROGATE.search(key):
                    _surrogate([*path, key], in_name=True)
                stack.append((member, [*path, key]))


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


def _number(text: str) -> int | float:
    """A JSON number with a fraction or an exponent: an int when it is a whole number."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:40]} is too large for a JSON number (beyond a double)")
    return int(value) if value.is_integer() and abs(value) <= EXACT else value


def loads(s: str | bytes, **kwargs: Any) -> Any:
    """JSON as this service accepts it, from a request or from a file (``adjudicator import``):
    parsed, then ``check``ed; ``BodyRefused`` (a ``ValueError``) says what is wrong and where."""
    try:
        value = json.loads(s, parse_constant=_no_constant, parse_float=_number, **kwargs)
    except RecursionError:
        _too_deep([])
    check(value)
    return value

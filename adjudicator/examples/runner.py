"""Run one example of the rules, step by step, against the engine in this process.

An example is a scenario's steps with its outline row filled in (``adjudicator.service.rulebook.examples``
reads them from ``features/``); each sentence runs the step of the registry it matches, ``And`` and
``But`` continuing the kind before them. The outcome says whether every step held and, if not, which
step failed and why, in words. The steps check with ``assert``: under ``python -O`` nothing would be
checked, so the run refuses rather than report examples as holding.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from adjudicator.examples.registry import DEFINITIONS, Definition, Fixtures, Kind

KINDS: dict[str, Kind] = {"given": "given", "when": "when", "then": "then"}


class Step(Protocol):
    @property
    def keyword(self) -> str: ...
    @property
    def text(self) -> str: ...
    @property
    def table(self) -> Sequence[Sequence[str]]: ...


@dataclass(frozen=True)
class Outcome:
    passed: bool
    failure: str | None = None  # the step that failed and why, in words
    error: BaseException | None = None


class NoStep(LookupError):
    """A sentence no step of the registry says."""


def definition(kind: Kind, text: str) -> tuple[Definition, dict[str, object]]:
    """The step a sentence runs, with its fields: the last registered of its kind that matches it."""
    for candidate in reversed(DEFINITIONS):
        if candidate.kind == kind:
            fields = candidate.match(text)
            if fields is not None:
                return candidate, fields
    raise NoStep(f"no {kind} step says {text!r}")


def run(steps: Iterable[Step], after: Callable[[Fixtures], None] | None = None) -> Outcome:
    """Every step in order, stopping at the first that fails; then ``after`` with the scenario's
    fixtures (a check every example must also pass)."""
    if not __debug__:
        return Outcome(False, "the examples cannot be checked under python -O: the steps' checks are asserts")
    fixtures = Fixtures()
    kind: Kind = "given"
    said = ""
    try:
        for step in steps:
            said = f"{step.keyword} {step.text}"
            kind = KINDS.get(step.keyword.strip().lower(), kind)
            found, fields = definition(kind, step.text)
            if step.table:
                fields["datatable"] = [list(row) for row in step.table]
            fixtures.call(found.function, fields)
        said = "after the last step"
        if after is not None:
            after(fixtures)
    except Exception as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        return Outcome(False, f"{said}: {reason}", error)
    return Outcome(True)

"""The step library's registry: which sentence of a scenario runs which function.

A step module declares its sentences with :func:`given`, :func:`when` and :func:`then` (a plain string
matches itself; a :class:`parse.Parser`, made with ``vocabulary.step``, matches its fields) and the objects
its steps share with :func:`fixture`. A step function's parameters are filled by name, as pytest fills a
test's: a field of its sentence, ``datatable`` (the step's table, a list of rows), or a fixture, made
once per scenario on first use. One registry, so the service and the test suite run the same steps.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import parse

Kind = Literal["given", "when", "then"]
F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Definition:
    kind: Kind
    pattern: str | parse.Parser
    function: Callable[..., Any]

    def match(self, text: str) -> dict[str, Any] | None:
        """The sentence's fields when it is this step's whole sentence, else None."""
        if isinstance(self.pattern, str):
            return {} if text == self.pattern else None
        found = self.pattern.parse(text)
        return dict(found.named) if isinstance(found, parse.Result) else None


DEFINITIONS: list[Definition] = []
FIXTURES: dict[str, Callable[..., Any]] = {}


def _register(kind: Kind, pattern: str | parse.Parser) -> Callable[[F], F]:
    def register(function: F) -> F:
        DEFINITIONS.append(Definition(kind, pattern, function))
        return function

    return register


def given(pattern: str | parse.Parser) -> Callable[[F], F]:
    return _register("given", pattern)


def when(pattern: str | parse.Parser) -> Callable[[F], F]:
    return _register("when", pattern)


def then(pattern: str | parse.Parser) -> Callable[[F], F]:
    return _register("then", pattern)


def fixture(function: F) -> F:
    """An object the steps of one scenario share, named by the function (``hand``, ``scene``)."""
    FIXTURES[function.__name__] = function
    return function


class Fixtures:
    """One scenario's fixtures, each made on first use (its own parameters filled the same way)."""

    def __init__(self) -> None:
        self.made: dict[str, Any] = {}

    def get(self, name: str) -> Any:
        if name not in self.made:
            if name not in FIXTURES:
                raise LookupError(f"no fixture {name!r} for a step")
            self.made[name] = self.call(FIXTURES[name], {})
        return self.made[name]

    def call(self, function: Callable[..., Any], given: Mapping[str, Any]) -> Any:
        parameters = inspect.signature(function).parameters
        arguments = {
            name: given[name] if name in given else self.get(name)
            for name, parameter in parameters.items()
            if name in given or parameter.default is inspect.Parameter.empty
        }
        return function(**arguments)

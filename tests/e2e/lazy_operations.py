"""Schemathesis' pytest items, collected without building their tests.

schemathesis 4 builds each operation's hypothesis test, its coverage phase's cases included, while
pytest collects, and every xdist worker collects everything: with the API's 46 operations that was
most of a minute of each worker's collection. Here collection only names the operations (the same
items, ids and marks); an item builds its test when it is set up, in the worker that runs it, exactly
as schemathesis would have (same configuration, seed, checks and constants). A schema loaded without
an app gets it then from the ``schemathesis_app`` fixture, so importing a test module builds no app.

``schemathesis.pytest.from_fixture`` would defer the schema too, but breaks on pytest 9.2
(STACK-NOTES). This leans on schemathesis' pytest collector (``SchemathesisCase``), pinned below 5.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from schemathesis.checks import load_all_checks
from schemathesis.core.result import Ok, Result
from schemathesis.generation.feedback import FeedbackSources
from schemathesis.pytest._test_builder import build_operation_test
from schemathesis.pytest.plugin import SchemathesisCase, SchemathesisFunction
from schemathesis.pytest.warnings import emit_constants_warnings
from schemathesis.python._constants.orchestrator import make_constants_value_source
from schemathesis.schemas import APIOperation

APP_FIXTURE = "schemathesis_app"
_BUILD = "_lazy_operations_build"


class LazyOperations(SchemathesisCase):
    """One item per operation, each holding a stand-in until ``build_test`` replaces it."""

    def _gen_items(
        self, result: Result[APIOperation, Any], feedback: FeedbackSources
    ) -> Iterator[SchemathesisFunction]:
        if self.is_invalid_test or not isinstance(result, Ok):
            yield from super()._gen_items(result, feedback)  # a failing item, as schemathesis makes it
            return
        operation = result.ok()
        stand_in = self._stand_in(operation.label)
        yield from self._make_items(stand_in, self._get_test_name(operation), operation.label, operation.tags)

    def _stand_in(self, label: str) -> Callable[..., Any]:
        """A function with the built test's signature (the test's own, ``case`` drawn by hypothesis), its
        marks, and the app's fixture when the schema has none yet; running it unbuilt is an error."""

        @functools.wraps(self.test_function)
        def unbuilt(*args: Any, **kwargs: Any) -> None:
            raise RuntimeError(f"{label}: its test was never built (tests/e2e/lazy_operations.py)")

        signature = inspect.signature(self.test_function)
        unbuilt.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=[p for p in signature.parameters.values() if p.name != "case"]
        )
        marks = list(getattr(self.test_function, "pytestmark", []))
        if self.schema.app is None:
            marks.append(pytest.mark.usefixtures(APP_FIXTURE).mark)
        unbuilt.pytestmark = marks  # type: ignore[attr-defined]
        unbuilt.is_hypothesis_test = True  # type: ignore[attr-defined]  # hypothesis marks it `hypothesis`
        setattr(unbuilt, _BUILD, functools.partial(self._build, label))
        return unbuilt

    def _build(self, label: str, app: Any) -> Callable[..., Any]:
        if self.schema.app is None:
            self.schema.app = app
            self.schema._operations.clear_cache()  # those named at collection were made without it
            emit_constants_warnings(self.schema)
        load_all_checks()
        return build_operation_test(
            config=self.schema.config,
            operation=self._operations()[label],
            test_func=self.test_function,
            given_kwargs=self.given_kwargs,
            feedback=self._feedback(),
        )

    @functools.cache  # noqa: B019  (one collector per test function, alive for the session)
    def _operations(self) -> dict[str, APIOperation]:
        """The schema's operations as its app is attached (an operation keeps the app it was made with)."""
        return {
            result.ok().label: result.ok()
            for result in self.schema.get_all_operations()
            if isinstance(result, Ok)
        }

    @functools.cache  # noqa: B019
    def _feedback(self) -> FeedbackSources:
        """The constants schemathesis reads from the app's modules, once per worker as at collection."""
        return FeedbackSources(constants_value_source=make_constants_value_source(self.schema))


def build_test(item: pytest.Item) -> None:
    """Replace a set-up item's stand-in with its operation's test (a no-op for any other item)."""
    build = getattr(getattr(item, "obj", None), _BUILD, None)
    if isinstance(item, pytest.Function) and build is not None:
        item.obj = build(item.funcargs.get(APP_FIXTURE))

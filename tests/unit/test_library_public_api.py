"""The event-sourcing library through its public API only (issue 21, item 3): no private name of
``eventsourcing`` is read, called, overridden or imported anywhere in the project's source, and the
library's frozen events are never written to behind its back.

The private names are the library's own, read from its installed source (every ``_name``, not
dunder, that it defines as a function, method, class or attribute): a new release that adds one is
held to the same rule. The deviations that remain are named in ``DEVIATIONS``, each with the test
that fails when the library changes under it, and explained in docs/architecture.md.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import eventsourcing

from adjudicator.adapters.chain import GENESIS, digest, link, seal
from adjudicator.adapters.hand_store import Hand, HandStore

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ("adjudicator", "api", "benchmarks", "scripts")
LIBRARY = Path(eventsourcing.__file__).parent
#: Where the project still writes to one of the library's frozen events, and why (docs/architecture.md,
#: "Deviations from the library's public API"); each is checked by the test named.
DEVIATIONS = {
    # chain.seal: a new event's digest and chain, set after it was made and before it is stored
    # (tests/unit/test_library_public_api.py::test_a_new_event_can_be_sealed_before_it_is_stored)
    ("adjudicator/adapters/chain.py", "object.__setattr__"): 2,
}
#: The project's own frozen dataclasses, written once in their ``__post_init__``: not the library's.
OWN = {
    ("adjudicator/cards.py", "object.__setattr__"): 1,
    ("adjudicator/adapters/readmodels/tables.py", "object.__setattr__"): 1,
}
#: The library's undocumented registries of ``@event`` methods, once read here to fold faster.
INTERNALS = frozenset({"decorated_funcs", "decorated_func_callers", "DecoratedFuncCaller"})
#: Undocumented names of the library the project still reads (none now).
UNDOCUMENTED: dict[tuple[str, str], int] = {}


def private_names() -> set[str]:
    """Every private name the library defines: functions, methods, classes, attributes."""
    found: set[str] = set()
    for path in LIBRARY.rglob("*.py"):
        if "tests" in path.relative_to(LIBRARY).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            name = None
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = node.name
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                name = node.attr
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                name = node.id
            if name and name.startswith("_") and not name.startswith("__"):
                found.add(name)
    return found


def sources() -> Iterator[tuple[str, ast.AST]]:
    for folder in SOURCE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text())


def library_subclasses(tree: ast.AST) -> list[ast.ClassDef]:
    """The classes of a module that subclass a class imported from the library."""
    imported = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("eventsourcing")
        for alias in node.names
    }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(isinstance(base, ast.Name) and base.id in imported for base in node.bases)
    ]


def own_names(trees: list[ast.AST]) -> set[str]:
    """The names the project defines itself (a method of a library subclass overrides, not defines)."""
    found: set[str] = set()
    for tree in trees:
        overriding = {
            id(f) for c in library_subclasses(tree) for f in c.body if isinstance(f, ast.FunctionDef)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                and id(node) not in overriding
            ):
                found.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                found.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
            elif isinstance(node, ast.arg):
                found.add(node.arg)
    return found


def uses(tree: ast.AST, private: set[str]) -> Iterator[str]:
    """Each use of one of the library's private names in ``tree``: read, called, overridden, named
    in a string (``getattr``) or imported."""
    for cls in library_subclasses(tree):
        for node in cls.body:
            if isinstance(node, ast.FunctionDef) and node.name in private:
                yield f"line {node.lineno}: {cls.name}.{node.name} overrides the library's private method"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in private:
            yield f"line {node.lineno}: .{node.attr}"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in private:
            yield f"line {node.lineno}: {node.value!r}"
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("eventsourcing"):
            parts = [*(node.module or "").split("."), *(alias.name for alias in node.names)]
            if any(part.startswith("_") for part in parts):
                yield f"line {node.lineno}: from {node.module} import {', '.join(a.name for a in node.names)}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("eventsourcing") and any(
                    p.startswith("_") for p in alias.name.split(".")
                ):
                    yield f"line {node.lineno}: import {alias.name}"


def test_the_library_defines_private_names_this_test_looks_for() -> None:
    private = private_names()
    assert {"_insert_events", "_decode_obj", "_create_table"} <= private  # the ones once used here


def test_no_private_name_of_the_library_is_used() -> None:
    modules = dict(sources())
    private = private_names() - own_names(list(modules.values()))
    found = {path: list(uses(tree, private)) for path, tree in modules.items()}
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_frozen_events_are_written_only_where_explained() -> None:
    counted: dict[tuple[str, str], int] = {}
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "__setattr__":
                if isinstance(node.value, ast.Name) and node.value.id == "object":
                    counted[path, "object.__setattr__"] = counted.get((path, "object.__setattr__"), 0) + 1
            else:
                name = (
                    getattr(node, "attr", None) or getattr(node, "id", None) or getattr(node, "value", None)
                )
                if isinstance(name, str) and name in INTERNALS:
                    counted[path, name] = counted.get((path, name), 0) + 1
    assert counted == {**DEVIATIONS, **UNDOCUMENTED, **OWN}


def test_a_new_event_can_be_sealed_before_it_is_stored() -> None:
    """``chain.seal`` writes a new event's ``digest`` and ``chain`` after the aggregate made it and
    before the mapper stores it: the mapper must store both, and give them back."""
    hand = Hand("texas", "north", None, None, None)
    hand.record({"type": "bid", "seat": "east", "bid": "4"}, "2026-01-01T00:00:00+00:00", None, "id-1")
    events = list(hand.collect_events())
    head = seal(events, GENESIS)
    mapper = HandStore({"PERSISTENCE_MODULE": "eventsourcing.popo"}).app.mapper
    prev = GENESIS
    for event in events:
        prev = link(prev, digest(event), event.originator_version)
        stored = json.loads(mapper.to_stored_event(event).state)
        assert stored["digest"] == digest(event) and stored["chain"] == prev
        again = mapper.to_domain_event(mapper.to_stored_event(event))
        assert (again.digest, again.chain) == (event.digest, event.chain)
    assert head == prev

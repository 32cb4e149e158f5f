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
from dataclasses import replace
from pathlib import Path
from uuid import UUID

import eventsourcing
import pytest
from eventsourcing.application import Application, LRUCache
from eventsourcing.domain import Snapshot

from adjudicator.adapters.chain import GENESIS, digest, link, seal
from adjudicator.adapters.hand_store import Hand, HandStore

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ("adjudicator", "api", "benchmarks", "scripts")
LIBRARY = Path(eventsourcing.__file__).parent
#: Where the project still writes to one of the library's frozen events, and why (docs/architecture.md);
#: none now: ``chain.seal`` makes each sealed event anew (``dataclasses.replace``).
DEVIATIONS: dict[tuple[str, str], int] = {}
#: The project's own frozen dataclasses, written once in their ``__post_init__``: not the library's.
OWN = {
    ("adjudicator/domain/cards.py", "object.__setattr__"): 1,
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


def test_a_new_event_is_sealed_anew_and_no_library_object_is_mutated() -> None:
    """``chain.seal`` makes each new event anew, with its ``digest`` and ``chain``, after the aggregate
    made it and before the mapper stores it: the events the aggregate made are left as they were
    (equal to a copy taken before), the sealed ones are new objects of the same class, and the mapper
    stores both hashes and gives them back. Fails if the library's events stop being dataclasses
    (``replace`` then raises) or its mapper stops storing members of the event's class."""
    hand = Hand("texas", "north", None, None, None)
    hand.record({"type": "bid", "seat": "east", "bid": "4"}, "2026-01-01T00:00:00+00:00", None, "id-1")
    events = list(hand.collect_events())
    before = [dict(vars(event)) for event in events]
    sealed, head = seal(events, GENESIS)
    assert [dict(vars(event)) for event in events] == before  # nothing written to the library's events
    assert all(event.digest is None and event.chain is None for event in events)
    mapper = HandStore({"PERSISTENCE_MODULE": "eventsourcing.popo"}).app.mapper
    prev = GENESIS
    for made, event in zip(events, sealed, strict=True):
        assert event is not made and type(event) is type(made)
        assert {k: v for k, v in vars(event).items() if k not in ("digest", "chain")} == {
            k: v for k, v in vars(made).items() if k not in ("digest", "chain")
        }
        prev = link(prev, digest(event), event.originator_version)
        assert digest(event) == digest(made)  # the hashes are not content
        stored = json.loads(mapper.to_stored_event(event).state)
        assert stored["digest"] == digest(event) and stored["chain"] == prev
        again = mapper.to_domain_event(mapper.to_stored_event(event))
        assert (again.digest, again.chain) == (event.digest, event.chain)
    assert head == prev


# ------------------------------------------------------- where we do not use the library's piece
# docs/architecture.md, "Where we do not use the library's piece, and why": each test below holds one
# assumption that reason rests on, read from the library as installed, and fails when a release changes it.


def _hand_with_events(n: int) -> Hand:
    hand = Hand("texas", "north", None, None, None)
    for k in range(n):
        hand.record({"type": "bid", "seat": "east", "bid": "4"}, "2026-01-01T00:00:00+00:00", None, f"id-{k}")
    return hand


def test_the_repository_cache_holds_aggregates_by_count_copied_on_every_read() -> None:
    """The library's ``Repository`` cache (``AGGREGATE_CACHE_MAXSIZE``) keeps the aggregate, not the
    table the engine replays from it (the cost a hit must save), bounds itself in aggregates, not in
    bytes (a tournament of a thousand events counts as an opened hand), and deep-copies the cached
    aggregate on every read (``DEEPCOPY_FROM_AGGREGATE_CACHE``, on by default): ``ViewCache`` keeps
    the replayed view, weighs it, and serves it under the log's lock without a copy."""
    app: Application[UUID] = Application(
        env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": "2"}
    )
    hands = [_hand_with_events(n) for n in (60, 0, 0)]
    for hand in hands:
        app.save(hand)
    first, again = app.repository.get(hands[0].id), app.repository.get(hands[0].id)
    assert type(first) is Hand and first is not again and first.log == again.log  # a copy per read
    assert isinstance(app.repository.cache, LRUCache) and app.repository.deepcopy_from_cache
    app.repository.get(hands[1].id)
    app.repository.get(hands[2].id)
    with pytest.raises(KeyError):  # two tiny hands pushed out the large one: a bound in aggregates
        app.repository.cache.get(hands[0].id)


def test_the_repository_fast_forward_does_not_check_the_chain() -> None:
    """The library's fast-forward applies the records stored after the cached version as the mapper
    decodes them: a record whose digest does not match its content is served. ``EventLog._caught_up``
    checks them against the chain (``integrity.checked_after``) and replays the log if they fail."""
    app: Application[UUID] = Application(
        env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": "10"}
    )
    hand = _hand_with_events(1)
    sealed, head = seal(hand.collect_events(), GENESIS)
    app.events.put(sealed)
    cached = app.repository.get(hand.id)
    cached.record({"type": "bid", "seat": "south", "bid": "5"}, "2026-01-01T00:00:01+00:00", None, "id-x")
    (forged,) = cached.collect_events()
    (sealed_forged,), _ = seal([forged], head)
    app.events.put([replace(sealed_forged, digest="f" * 64)])  # its digest no longer matches
    served = app.repository.get(hand.id)
    assert served.version == 3 and served.log[-1]["id"] == "id-x"  # fast-forwarded, unchecked


def test_a_snapshot_holds_the_whole_log_and_no_hashes() -> None:
    """A snapshot (``snapshotting_intervals``) is the aggregate's state: for a hand, its whole log of
    entries (as many bytes as its records, so reading one saves no statement and little decoding),
    not the table the engine replays from it; and it carries no digest or chain, so it is outside the
    hash chain every read checks."""
    hand = _hand_with_events(5)
    hand.collect_events()
    snapshot = Snapshot.take(hand)
    assert len(snapshot.state["log"]) == 5 and "table" not in snapshot.state
    assert not {"digest", "chain"} & set(vars(snapshot))


def test_the_sqlite_recorder_gives_no_subscription(tmp_path: Path) -> None:
    """The library's projection runners follow an application through its recorder's ``subscribe``,
    which its SQLite recorder (the default store's) does not have: the read models' follower
    (``adapters/readmodels``) reads the notification log itself, for both backends alike."""
    store = HandStore({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "e.db")})
    try:
        with pytest.raises(NotImplementedError):
            store.app.recorder.subscribe(gt=0)
    finally:
        store.close()

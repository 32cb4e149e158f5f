"""The files one append crosses: ``POST /hands/{id}/events`` through the Flask app, traced.

A scorekeeper of a table (the usual writer: its hand's scope is checked) appends one event to a hand
it opened, on a real SQLite store with the read models following; ``sys.setprofile`` records every
function called on the request's thread, and the files of ``api/``, ``adjudicator/wire/`` (the strict
JSON and the schemas both entry points read bodies by), ``adjudicator/service/`` and
``adjudicator/adapters/`` they are in are printed in the order first crossed, then the counts: the
files of the entry point and the use cases, of the wire, and of the entry point, the use cases and
the adapters. The domain, the libraries and the test client are not counted. Every call from a frame of
an adapter into a frame of the service (the floor above: a callback, a view's method) is listed too,
as ``caller -> callee``: an append has none, the use case drives its unit of work.
``python benchmarks/trace_append.py [--functions]``.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The floors traced: the entry point, the wire it reads bodies by, the use cases, the adapters.
COUNTED = ("api/", "adjudicator/wire/", "adjudicator/service/", "adjudicator/adapters/")
#: The entry point and the use cases; the wire; and the three floors issue 28's bar counts.
UPPER = ("api/", "adjudicator/service/")
WIRE = "adjudicator/wire/"
FLOORS = ("api/", "adjudicator/service/", "adjudicator/adapters/")
ADAPTERS, SERVICE = "adjudicator/adapters/", "adjudicator/service/"


@dataclass
class Trace:
    """What one append crossed: each counted file with its functions called, in the order first
    entered; and every call from an adapter's frame into a service frame (``file:function``)."""

    files: dict[str, list[str]] = field(default_factory=dict)
    upward: list[str] = field(default_factory=list)


def _where(frame: FrameType | None) -> str | None:
    """The frame's file, relative to the project (None outside it)."""
    name = frame.f_code.co_filename if frame is not None else ""
    return Path(name).relative_to(ROOT).as_posix() if name.startswith(str(ROOT)) else None


def crossed(directory: Path) -> Trace:
    """The counted files one append crosses, with the functions called and the calls that go back
    up from an adapter to the service (warm: the hand is cached, as it is for a table recording its
    hand)."""
    from adjudicator.simulation.hands import random_hand
    from api import create_app

    persistence = {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(directory / "events.db"),
    }
    app = create_app(
        {"ADJUDICATOR_PERSISTENCE": persistence, "ADJUDICATOR_READ_DB": str(directory / "read.db")}
    )
    try:
        token = app.extensions["adjudicator.credentials"].create("Table 4", "scorekeeper", "spring", 4)[1]
        client = app.test_client()
        client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {token}"
        hand = client.post("/hands", json={"ruleset": "texas", "dealer": "north"}).get_json()["id"]
        events = random_hand(21, "texas", "north")
        assert client.post(f"/hands/{hand}/events", json=events[:1]).status_code == 201
        trace = Trace()

        def profile(frame: FrameType, what: str, arg: Any) -> None:
            if what != "call":
                return
            relative = _where(frame)
            if relative is None or not relative.startswith(COUNTED):
                return
            called = trace.files.setdefault(relative, [])
            if frame.f_code.co_qualname not in called:
                called.append(frame.f_code.co_qualname)
            caller = _where(frame.f_back)
            if relative.startswith(SERVICE) and caller is not None and caller.startswith(ADAPTERS):
                assert frame.f_back is not None
                pair = f"{caller}:{frame.f_back.f_code.co_qualname} -> {relative}:{frame.f_code.co_qualname}"
                if pair not in trace.upward:
                    trace.upward.append(pair)

        sys.setprofile(profile)
        try:
            reply = client.post(f"/hands/{hand}/events", json=events[1:2])
        finally:
            sys.setprofile(None)
        assert reply.status_code == 201, reply.get_json()
        return trace
    finally:
        read_models = app.extensions.get("adjudicator.read_models")
        if read_models is not None:
            read_models.stop()
        app.extensions["adjudicator.adapters.hand_store"].close()
        app.extensions["adjudicator.credentials"].close()


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        trace = crossed(Path(directory))
    files = trace.files
    for name, functions in files.items():
        print(f"{name}: {', '.join(functions)}" if "--functions" in sys.argv else name)
    count = sum(len(functions) for functions in files.values())
    for floors in (UPPER, (WIRE,), FLOORS):
        crossed_here = [name for name in files if name.startswith(floors)]
        print(f"{len(crossed_here)} files of {', '.join(floors)} crossed by one append")
    print(f"{len(files)} files in all ({count} functions)")
    print(f"{len(trace.upward)} calls from an adapter's frame into the service's", *trace.upward, sep="\n  ")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()

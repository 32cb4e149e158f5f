"""The files one append crosses: ``POST /hands/{id}/events`` through the Flask app, traced.

A scorekeeper of a table (the usual writer: its hand's scope is checked) appends one event to a hand
it opened, on a real SQLite store with the read models following; ``sys.setprofile`` records every
function called on the request's thread, and the files of ``api/``, ``adjudicator/service/`` and
``adjudicator/adapters/`` they are in are printed in the order first crossed, then two counts: the
files of the entry point and the use cases (``api/`` and ``adjudicator/service/``), and of all three
floors. The domain, the libraries and the test client are not counted.
``python benchmarks/trace_append.py [--functions]``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The floors counted: the entry point, the use cases and ports, the adapters.
COUNTED = ("api/", "adjudicator/service/", "adjudicator/adapters/")
#: The floors above the adapters: the entry point and the use cases.
UPPER = COUNTED[:2]


def crossed(directory: Path) -> dict[str, list[str]]:
    """The counted files one append crosses, in the order first entered, each with the functions of
    it that were called (warm: the hand is cached, as it is for a table recording its hand)."""
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
        seen: dict[str, list[str]] = {}

        def profile(frame: FrameType, what: str, arg: Any) -> None:
            if what == "call":
                name = frame.f_code.co_filename
                if name.startswith(str(ROOT)):
                    relative = Path(name).relative_to(ROOT).as_posix()
                    if relative.startswith(COUNTED):
                        called = seen.setdefault(relative, [])
                        if frame.f_code.co_qualname not in called:
                            called.append(frame.f_code.co_qualname)

        sys.setprofile(profile)
        try:
            reply = client.post(f"/hands/{hand}/events", json=events[1:2])
        finally:
            sys.setprofile(None)
        assert reply.status_code == 201, reply.get_json()
        return seen
    finally:
        read_models = app.extensions.get("adjudicator.read_models")
        if read_models is not None:
            read_models.stop()
        app.extensions["adjudicator.adapters.hand_store"].close()
        app.extensions["adjudicator.credentials"].close()


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        files = crossed(Path(directory))
    for name, functions in files.items():
        print(f"{name}: {', '.join(functions)}" if "--functions" in sys.argv else name)
    count = sum(len(functions) for functions in files.values())
    upper = [name for name in files if name.startswith(UPPER)]
    print(f"{len(upper)} files of {', '.join(UPPER)} crossed by one append")
    print(f"{len(files)} files of {', '.join(COUNTED)} crossed by one append ({count} functions)")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()

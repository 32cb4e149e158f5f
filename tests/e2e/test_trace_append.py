"""The path of one append (``POST /hands/{id}/events``), traced through the Flask app
(``benchmarks/trace_append.py``): one read of the hand, one judgement, one write; the use case drives
the unit of work, so no adapter's frame ever calls into the service; and no more files crossed than
today."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
#: The files of ``api/`` and ``adjudicator/service/`` an append crosses (``python
#: benchmarks/trace_append.py``): issue 21's bar, half of its 17 (16 by this tracer: 10 of api/, 6 of
#: service/, before the per-request envelope, the reader and who-is-who were folded by concept); 9
#: since issue 30 gave the request log a module of its own (``api/request_log.py``: one line a
#: request, made without the logging machinery's per-call cost).
MOST_UPPER_FILES = 9
#: The files of ``adjudicator/wire/``: the event schemas (``api/schemas/`` until the CLI read files by
#: them too) and the strict JSON rules (split out of ``api/request.py`` for the same reason).
MOST_WIRE_FILES = 2
#: The files of api/, the service and the adapters: issue 28's bar (15 before the append owned its
#: unit of work: the hand store, the staging and the credentials' hashing were crossed too; 25 before
#: the fold of issue 21); 13 since issue 29 gave the reader's sight and the tournaments' privacy a
#: module each (the reader is made once a request, whatever its role); 14 with the request log's.
MOST_FILES = 14


def _tracer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trace_append", ROOT / "benchmarks" / "trace_append.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def test_an_append_reads_the_hand_once_and_the_store_judges_nothing(tmp_path: Path) -> None:
    tracer = _tracer()
    trace = tracer.crossed(tmp_path)
    files = trace.files
    # Each floor is crossed going down: no adapter's frame calls a function of the service.
    assert trace.upward == [], "adapter -> service calls:\n" + "\n".join(trace.upward)
    assert len([name for name in files if name.startswith(tracer.UPPER)]) <= MOST_UPPER_FILES, list(files)
    assert len([name for name in files if name.startswith(tracer.WIRE)]) <= MOST_WIRE_FILES, list(files)
    assert len([name for name in files if name.startswith(tracer.FLOORS)]) <= MOST_FILES, list(files)
    # The route calls one use case, once: no first read for who opened the hand, none for the sight.
    assert files["api/routes/hands.py"] == ["append", "hands"]
    assert files["adjudicator/service/hands.py"] == [
        "append_events",
        "append_to",
        "retried",
        "append_to.<locals>.attempt",
        "staged",
        "before",  # whether these events were recorded before, under their ids or a request's key
        "judged",
        "judged.<locals>.<listcomp>",
        "staged.<locals>.<listcomp>",
    ]
    # The unit of work: opened, the hand's view from the cache, the events added, one commit.
    assert files["adjudicator/adapters/eventlog.py"][:2] == ["EventLog.unit_of_work", "Work.__init__"]
    assert "EventLog.read" not in files["adjudicator/adapters/eventlog.py"]
    # Reading a hand's facts replays its rulings: an append that reads the hand once never needs them.
    assert "adjudicator/service/results.py" not in files
    # The hand's table is read from its log: the credential that opened it is not looked up.
    assert "CredentialStore.find" not in files["adjudicator/adapters/credential_store.py"]
    # The store records what the use case judged: it calls no judgement of its own.
    assert not any("_judge" in f for name, fs in files.items() if "adapters" in name for f in fs)

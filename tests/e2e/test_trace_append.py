"""The path of one append (``POST /hands/{id}/events``), traced through the Flask app
(``benchmarks/trace_append.py``): one read of the hand, one judgement, one write, no callback from
the store into the domain, and no more files crossed than today."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
#: The files of ``api/`` and ``adjudicator/service/`` an append crosses (``python
#: benchmarks/trace_append.py``): issue 21's bar, half of its 17 (16 by this tracer: 10 of api/, 6 of
#: service/, before the per-request envelope, the reader and who-is-who were folded by concept).
MOST_UPPER_FILES = 8
#: The files of all three floors, adapters included (25 before the fold: the store's group commit and
#: counters are now the event store's module, the cache the event log's).
MOST_FILES = 15


def _tracer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trace_append", ROOT / "benchmarks" / "trace_append.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_append_reads_the_hand_once_and_the_store_judges_nothing(tmp_path: Path) -> None:
    tracer = _tracer()
    files = tracer.crossed(tmp_path)
    assert len([name for name in files if name.startswith(tracer.UPPER)]) <= MOST_UPPER_FILES, list(files)
    assert len(files) <= MOST_FILES, list(files)
    # The route calls one use case, once: no first read for who opened the hand, none for the sight.
    assert files["api/routes/hands.py"] == ["append", "hands"]
    assert files["adjudicator/service/hands.py"] == ["append_events", "judged", "judged.<locals>.<listcomp>"]
    # Reading a hand's facts replays its rulings: an append that reads the hand once never needs them.
    assert "adjudicator/service/results.py" not in files
    # The hand's table is read from its log: the credential that opened it is not looked up.
    assert "CredentialStore.find" not in files["adjudicator/adapters/credential_store.py"]
    # The store records what the use case judged: it calls no judgement of its own.
    assert not any("_judge" in f for name, fs in files.items() if "adapters" in name for f in fs)

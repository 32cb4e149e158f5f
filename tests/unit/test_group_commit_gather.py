"""The group commit's leader waits for as many appends as shared the last commit, never for nothing."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from adjudicator.adapters.event_store import GroupCommit, gather
from adjudicator.adapters.settings import GATHER_ENV


class _Recorder:
    """An application whose ``save`` records each batch; the first save blocks until released."""

    def __init__(self) -> None:
        self.batches: list[tuple[Any, ...]] = []
        self.release = threading.Event()

    def save(self, *events: Any) -> None:
        if not self.batches:
            self.release.wait(30)
        self.batches.append(events)


def _until(condition: Any) -> None:
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, "the appends never queued"
        time.sleep(0.001)


def _saving(commit: GroupCommit, name: str) -> threading.Thread:
    thread = threading.Thread(target=commit.save, args=([name],))
    thread.start()
    return thread


def _three_batches(gather_seconds: float) -> list[tuple[Any, ...]]:
    app = _Recorder()
    commit = GroupCommit(app, gather_seconds=gather_seconds)  # type: ignore[arg-type]
    threads = [_saving(commit, "a")]
    _until(lambda: commit._leading)
    threads += [_saving(commit, name) for name in "bcd"]
    _until(lambda: len(commit._queue) == 3)  # queued behind a's commit
    app.release.set()
    _until(lambda: len(app.batches) == 2)
    threads.append(_saving(commit, "e"))  # leads; the last commit was shared by three
    if gather_seconds:  # e waits, queued, for two more
        _until(lambda: commit._leading and len(commit._queue) == 1)
    else:  # e commits alone, at once
        _until(lambda: len(app.batches) == 3)
    threads += [_saving(commit, name) for name in "fg"]
    for thread in threads:
        thread.join(30)
    return app.batches


def test_a_leader_gathers_as_many_appends_as_shared_the_last_commit() -> None:
    assert _three_batches(gather_seconds=30) == [("a",), ("b", "c", "d"), ("e", "f", "g")]


def test_without_gathering_a_leader_commits_what_is_queued() -> None:
    batches = _three_batches(gather_seconds=0)
    assert batches[:3] == [("a",), ("b", "c", "d"), ("e",)]
    assert sorted(name for batch in batches[3:] for name in batch) == ["f", "g"]


def test_the_wait_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GATHER_ENV, "0.5")
    assert gather() == 0.0005
    monkeypatch.delenv(GATHER_ENV)
    assert gather() == 0.002
    for wrong in ("soon", "-1", "5000"):
        monkeypatch.setenv(GATHER_ENV, wrong)
        with pytest.raises(ValueError, match=GATHER_ENV):
            gather()

"""What the store does, counted for Prometheus: appends, group-commit sizes, the cache's hits.

The metrics are prometheus-client's process-wide objects. Under ``adjudicator serve`` every worker
writes its values to files in ``$PROMETHEUS_MULTIPROC_DIR`` and ``GET /metrics`` sums them over the
workers (prometheus-client's multiprocess mode). The client chooses between files and memory when it
is first imported, and granian forks its workers from the supervising process: so the client is
imported, and the metrics made, on their first use, never at import (the supervisor, which sets the
variable, appends nothing). The read models' lag is measured when scraped (``api.metrics``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any


@dataclass(frozen=True)
class _Metrics:
    appends: Any
    events: Any
    commit_size: Any
    cache_reads: Any
    followers: Any


@cache
def _metrics() -> _Metrics:
    from prometheus_client import Counter, Gauge, Histogram

    return _Metrics(
        appends=Counter(
            "adjudicator_appends",
            "Appends committed to the event store, by kind of log (an opened hand or tournament counts).",
            ["log"],
        ),
        events=Counter(
            "adjudicator_appended_events", "Events appended to the event store, by kind of log.", ["log"]
        ),
        commit_size=Histogram(
            "adjudicator_group_commit_size",
            "Appends saved together in one commit of the event store (group commit).",
            buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256),
        ),
        cache_reads=Counter(
            "adjudicator_cache_reads",
            "Reads of a log through the process's cache: hit (the cached view, brought up to date) or "
            "miss (replayed from the store).",
            ["log", "result"],
        ),
        followers=Gauge(
            "adjudicator_stream_followers",
            "Clients following a live stream of events now.",
            multiprocess_mode="livesum",
        ),
    )


def appended(log: str, events: int) -> None:
    """One append of ``events`` events committed to a ``log`` (``hand``, ``tournament``)."""
    metrics = _metrics()
    metrics.appends.labels(log).inc()
    metrics.events.labels(log).inc(events)


def committed(appends: int) -> None:
    """One commit of the event store, shared by ``appends`` appends."""
    _metrics().commit_size.observe(appends)


def cache_read(log: str, hit: bool) -> None:
    _metrics().cache_reads.labels(log, "hit" if hit else "miss").inc()


def stream_followers() -> Any:
    """The gauge of open live-stream followers: ``inc()`` when one starts following, ``dec()`` when it
    stops (summed over the live workers)."""
    return _metrics().followers


def declare() -> None:
    """Make every metric now, so that a scrape lists them all, at zero, before their first use."""
    _metrics()

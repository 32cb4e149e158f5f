"""``GET /metrics``: the service's metrics in Prometheus' text format, for a scraper.

Every request is counted by route and status, with its latency in a histogram (``api.request_log``);
the store adds its own (declared when the app is built: ``Services.declare_metrics``). Under
``adjudicator serve --workers N`` each worker keeps its values in ``$PROMETHEUS_MULTIPROC_DIR`` and
any worker's answer sums them all (prometheus-client's multiprocess mode). The read models' lag is
measured at each scrape: the event store's last notification id less the position the read models
have reached, whichever worker projects them.
Anonymous like a load balancer's probe: the numbers say how busy the service is, nothing of a hand.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, Final

from flask import Blueprint, Response, current_app
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from api.declare import EVERYONE, route
from api.stream import stream_followers

#: What the contract shows of an answer (``GET /metrics``).
EXAMPLE: Final = """\
# HELP adjudicator_http_requests_total HTTP requests answered, by method, route and status.
# TYPE adjudicator_http_requests_total counter
adjudicator_http_requests_total{method="GET",route="/rulesets",status="200"} 3.0
# HELP adjudicator_read_model_lag_events Events the read models have not projected yet.
# TYPE adjudicator_read_model_lag_events gauge
adjudicator_read_model_lag_events 0.0
"""
MULTIPROC_ENV: Final = "PROMETHEUS_MULTIPROC_DIR"
blueprint = Blueprint("metrics", __name__)


class _Lag(Collector):
    """The read models' lag, in events, measured now (absent when the app keeps none)."""

    def __init__(self, extensions: dict[str, Any]) -> None:
        self.extensions = extensions

    def collect(self) -> Iterator[Metric]:
        read_models = self.extensions.get("adjudicator.read_models")
        if read_models is None:
            return
        last = read_models.store.app.recorder.max_notification_id() or 0
        lag = GaugeMetricFamily(
            "adjudicator_read_model_lag_events",
            "Events in the event store that the read models have not projected yet.",
        )
        lag.add_metric([], max(0, last - read_models.position()))
        yield lag


class _Process(Collector):
    """This process's own registry (one process: no multiprocess directory)."""

    def collect(self) -> Iterator[Metric]:
        yield from REGISTRY.collect()


def scrape(extensions: dict[str, Any]) -> bytes:
    """The text exposition of every metric: the workers' summed, or this process's, and the lag."""
    stream_followers()  # listed at zero before anyone follows
    registry = CollectorRegistry(auto_describe=False)
    if os.environ.get(MULTIPROC_ENV):
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    else:
        registry.register(_Process())
    registry.register(_Lag(extensions))
    return generate_latest(registry)


@route(
    blueprint,
    "GET /metrics",
    "getMetrics",
    summary="The service's metrics, for Prometheus",
    description=(
        "Prometheus' text exposition format: requests by method, route and status with "
        "their latency (`adjudicator_http_requests_total`, "
        "`adjudicator_http_request_duration_seconds`), appends and the events they carried, "
        "group-commit sizes, the cache's hits and misses, the read models' lag in events and "
        "the open live-stream followers. Under `adjudicator serve --workers N` every "
        "worker's answer sums all the workers'. Never cached."
    ),
    roles=EVERYONE,
    anonymous="public",
    responses={
        "200": {
            "description": "every metric, in the text format (version 0.0.4 and later)",
            "content": {"text/plain": {"schema": {"type": "string"}, "example": EXAMPLE}},
        }
    },
)
def metrics() -> Response:
    response = Response(scrape(current_app.extensions), mimetype="text/plain")
    response.headers["Content-Type"] = CONTENT_TYPE_LATEST
    response.headers["Cache-Control"] = "no-store"
    return response

"""``GET /metrics`` in the contract: Prometheus' text format, for a scraper (``api.metrics``)."""

from __future__ import annotations

from typing import Final

from apispec import APISpec

TEXT: Final = "text/plain"
EXAMPLE: Final = """\
# HELP adjudicator_http_requests_total HTTP requests answered, by method, route and status.
# TYPE adjudicator_http_requests_total counter
adjudicator_http_requests_total{method="GET",route="/rulesets",status="200"} 3.0
# HELP adjudicator_read_model_lag_events Events the read models have not projected yet.
# TYPE adjudicator_read_model_lag_events gauge
adjudicator_read_model_lag_events 0.0
"""


def add_paths(spec: APISpec) -> None:
    spec.path(
        "/metrics",
        operations={
            "get": {
                "summary": "The service's metrics, for Prometheus",
                "description": (
                    "Prometheus' text exposition format: requests by method, route and status with "
                    "their latency (`adjudicator_http_requests_total`, "
                    "`adjudicator_http_request_duration_seconds`), appends and the events they carried, "
                    "group-commit sizes, the cache's hits and misses, the read models' lag in events and "
                    "the open live-stream followers. Under `adjudicator serve --workers N` every "
                    "worker's answer sums all the workers'. Never cached."
                ),
                "operationId": "getMetrics",
                "responses": {
                    "200": {
                        "description": "every metric, in the text format (version 0.0.4 and later)",
                        "content": {TEXT: {"schema": {"type": "string"}, "example": EXAMPLE}},
                    }
                },
            }
        },
    )

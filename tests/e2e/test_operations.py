"""What an operator reads off a running ``adjudicator serve``: /metrics and one log line per request.

Against the real server with two workers: the metrics of both are summed (prometheus-client's
multiprocess mode, which ``serve`` sets up), so /metrics counts exactly the requests just made
whichever worker answered each; the JSON log has one line per request, under the id that the
answer's ``X-Request-Id`` carries, and never a token.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.conftest import HTTP, free_port
from tests.e2e.serving import ServeProcesses

READS = 7
MANY = 1_000  # requests, each a log line of about 90 bytes


@pytest.fixture
def processes() -> Iterator[ServeProcesses]:
    started = ServeProcesses()
    yield started
    started.close()


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one sample of the text exposition (0 when absent)."""
    wanted = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    for line in text.splitlines():
        metric, _, value = line.rpartition(" ")
        found = re.fullmatch(r"(\w+)(?:\{(.*)\})?", metric)
        if found and found[1] == name and ",".join(sorted((found[2] or "").split(","))) == wanted:
            return float(value)
    return 0.0


def test_metrics_count_the_requests_just_made_across_two_workers(
    tmp_path: Path, processes: ServeProcesses
) -> None:
    port = free_port()
    processes.start(tmp_path, port, "--workers", "2")  # its readiness probe: one GET /rulesets
    for _ in range(READS):  # a connection each: the workers share them out
        assert HTTP(port, token=None).get("/rulesets").status == 200
    assert HTTP(port, token=None).get("/no-such-route").status == 404
    official = HTTP(port, token=processes.token)
    opened = official.post("/hands", {"ruleset": "texas", "dealer": "north"})
    assert opened.status == 201, opened.body
    for _ in range(3):
        assert official.get(f"/hands/{opened.body['id']}").status == 200

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", "/metrics")
    reply = conn.getresponse()
    text = reply.read().decode()
    requests = "adjudicator_http_requests_total"
    conn.close()
    assert reply.status == 200
    assert reply.getheader("Content-Type", "").startswith("text/plain")
    assert sample(text, requests, method="GET", route="/rulesets", status="200") == READS + 1
    assert sample(text, requests, method="GET", route="unmatched", status="404") == 1
    assert sample(text, requests, method="POST", route="/hands", status="201") == 1
    latency = sample(text, "adjudicator_http_request_duration_seconds_count", method="GET", route="/rulesets")
    assert latency == READS + 1
    assert sample(text, "adjudicator_appends_total", log="hand") == 1
    assert sample(text, "adjudicator_appended_events_total", log="hand") == 1
    assert sample(text, "adjudicator_group_commit_size_count") >= 1
    reads = sample(text, "adjudicator_cache_reads_total", log="hand", result="hit")
    reads += sample(text, "adjudicator_cache_reads_total", log="hand", result="miss")
    assert reads >= 3
    assert "adjudicator_read_model_lag_events " in text
    assert sample(text, "adjudicator_stream_followers") == 0
    assert "# TYPE adjudicator_stream_followers gauge" in text


def test_one_json_log_line_per_request_under_its_request_id_and_no_token(
    tmp_path: Path, processes: ServeProcesses
) -> None:
    port = free_port()
    server = processes.start(tmp_path, port, ADJUDICATOR_LOG_FORMAT="json")
    token = processes.token
    assert token is not None
    client = HTTP(port, token=token)
    mine = client.request("GET", "/rulesets", headers={"X-Request-Id": "probe-42"})
    assert mine.headers["x-request-id"] == "probe-42"
    forged = client.request("GET", "/rulesets", headers={"X-Request-Id": "bad id with spaces"})
    made = forged.headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    refused = HTTP(port, token="adj_not-a-real-token").get(f"/hands?token={token}")
    assert refused.status == 401
    assert refused.headers["x-request-id"]

    os.killpg(server.pid, signal.SIGTERM)
    with contextlib.suppress(Exception):
        server.wait(timeout=30)
    output = processes.output(server)
    assert token not in output and "adj_not-a-real-token" not in output
    lines = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    requests = {line["request_id"]: line for line in lines if line.get("logger") == "adjudicator.requests"}
    assert requests["probe-42"]["status"] == 200
    assert requests["probe-42"]["route"] == "/rulesets"
    assert requests[made]["method"] == "GET"
    listed = requests[refused.headers["x-request-id"]]
    assert listed["status"] == 401
    assert listed["path"] == "/hands?token=%5Bredacted%5D"
    assert listed["who"] is None


def test_a_served_test_server_logging_every_request_keeps_answering(
    tmp_path: Path, processes: ServeProcesses
) -> None:
    """More log lines than a pipe holds (64 KiB): the helper's servers write their output to a file
    that nobody has to read while they run, so a long test never stops them at a log line."""
    port = free_port()
    server = processes.start(tmp_path, port)
    client = HTTP(port, token=None)
    for _ in range(MANY):
        assert client.get("/rulesets").status == 200
    client.close()
    assert len(processes.output(server)) > 64 * 1024

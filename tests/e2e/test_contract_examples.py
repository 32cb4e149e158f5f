"""Every example in the contract runs green on a fresh server: each operation's example request, sent
over HTTP to a server on a new store that holds only what the example needs (the scene the examples
were recorded on, ``test_roles.scene``), answers the example's status with an answer the contract
allows (a stream's events and their data held to ``itemSchema``).

The example is sent as the contract gives it (the committed openapi.yaml, as served), its body
included: the only thing changed is an id the scene made anew (a hand's, a tournament's, a call's),
in the path or the body, as a reader running the example puts their own id in its place.
"""

from __future__ import annotations

import http.client
import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
import yaml

from api import create_app
from api.spec import SPEC_PATH
from tests.e2e.conformance import answer_errors
from tests.e2e.conftest import credentials, serving, sqlite_config, token
from tests.e2e.test_roles import CALLER_NAME, scene

DOCUMENT: dict[str, Any] = yaml.safe_load(SPEC_PATH.read_text())
JSON = "application/json"
FORM = "multipart/form-data"


def _request_example(operation: dict[str, Any]) -> tuple[str, Any] | None:
    """The request body's example: its media type and value."""
    for media, content in (operation.get("requestBody") or {}).get("content", {}).items():
        for example in (content.get("examples") or {}).values():
            return media, example["value"]
    return None


def _answer_examples(operation: dict[str, Any]) -> list[str]:
    """The statuses whose answer the contract gives an example of."""
    return [
        status
        for status, response in operation["responses"].items()
        for content in (response.get("content") or {}).values()
        if content.get("examples") or "example" in content
    ]


EXAMPLES = [
    (path, method, operation)
    for path, operations in DOCUMENT["paths"].items()
    for method, operation in operations.items()
    if _answer_examples(operation)
]


def _ids(recorded: Any, fresh: Any) -> dict[str, str]:
    """The ids in ``recorded`` (the example) that ``fresh`` (the scene's) has anew at the same place."""
    if isinstance(recorded, dict) and isinstance(fresh, dict):
        return {
            k: v for key in recorded.keys() & fresh.keys() for k, v in _ids(recorded[key], fresh[key]).items()
        }
    if isinstance(recorded, list) and isinstance(fresh, list):
        return {k: v for old, new in zip(recorded, fresh, strict=False) for k, v in _ids(old, new).items()}
    if isinstance(recorded, str) and isinstance(fresh, str) and recorded != fresh and _is_id(recorded):
        return {recorded: fresh}
    return {}


def _is_id(text: str) -> bool:
    try:
        uuid.UUID(text.split("@")[0])
    except ValueError:
        return bool(re.fullmatch(r"[0-9a-f]{12}", text))  # a table token's id
    return True


def _swapped(value: Any, ids: dict[str, str]) -> Any:
    text = json.dumps(value)
    for old, new in ids.items():
        text = text.replace(old, new)
    return json.loads(text)


def _multipart(parts: dict[str, str]) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = b"".join(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{name}.txt"\r\n'
        f"Content-Type: text/plain\r\n\r\n{text}\r\n".encode()
        for name, text in parts.items()
    )
    return body + f"--{boundary}--\r\n".encode(), f"{FORM}; boundary={boundary}"


@pytest.mark.parametrize(
    ("path", "method", "operation"),
    EXAMPLES,
    ids=[op["operationId"] for _, _, op in EXAMPLES],
)
def test_every_example_runs_green_on_a_fresh_server(
    tmp_path: Path, path: str, method: str, operation: dict[str, Any]
) -> None:
    app = create_app(sqlite_config(tmp_path))
    try:
        given = scene(app, operation["operationId"])
        official = token(app, "official", CALLER_NAME["official"])
        recorded = {p["name"]: p["example"] for p in operation.get("parameters", []) if "example" in p}
        ids = {str(recorded[name]): value for name, value in given.params.items() if name in recorded}
        url = path.format(**{**recorded, **given.params})
        headers = {"Authorization": f"Bearer {official}"}
        body = None
        example = _request_example(operation)
        if example is not None:
            media, value = example
            ids |= _ids(value, given.form if media == FORM else given.body)
            value = _swapped(value, ids)
            if media == FORM:
                body, headers["Content-Type"] = _multipart(value)
            else:
                body, headers["Content-Type"] = json.dumps(value).encode(), media
        with serving(app) as port:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            conn.request(method.upper(), url, body=body, headers=headers)
            reply = conn.getresponse()
            answered = reply.read()
            conn.close()
        assert str(reply.status) in _answer_examples(operation), answered[:500]
        kind = reply.getheader("Content-Type", "")
        assert not answer_errors(DOCUMENT, method, url.split("?")[0], reply.status, kind, answered)
    finally:
        read_models = app.extensions.get("adjudicator.read_models")
        if read_models is not None:
            read_models.stop()
        app.extensions["adjudicator.adapters.hand_store"].close()
        credentials(app).close()


def test_a_stream_example_that_breaks_its_events_shape_is_caught() -> None:
    """The check above can fail: an event whose data is not the queue is refused."""
    media = DOCUMENT["paths"]["/calls/stream"]["get"]["responses"]["200"]["content"]["text/event-stream"]
    from tests.e2e.conformance import stream_errors

    assert stream_errors(DOCUMENT, media, 'id: 1\nevent: calls\ndata: {"calls": 3}\n\n')
    assert not stream_errors(DOCUMENT, media, 'id: 1\nevent: calls\ndata: {"calls": []}\n\n')

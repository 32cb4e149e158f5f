"""The contract served: ``GET /openapi.json`` and ``GET /openapi.yaml`` over a real HTTP server are
the committed openapi.yaml, to the byte for the YAML; both are in the document they serve, cached
with a strong ETag, and readable without a credential unless anonymous reads are off."""

from __future__ import annotations

import http.client
import json
from pathlib import Path

import yaml
from flask import Flask

from api.spec import SPEC_PATH
from tests.e2e.conftest import LiveServer, sqlite_config


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers=headers or {})
    response = conn.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    conn.close()
    return response


def test_the_served_documents_are_the_committed_openapi_yaml(live_server: LiveServer) -> None:
    committed = SPEC_PATH.read_text()
    as_yaml = _get(live_server.port, "/openapi.yaml")  # anonymous: the contract is public
    assert as_yaml.status == 200
    assert as_yaml.getheader("Content-Type", "").startswith("application/yaml")
    assert as_yaml.body.decode() == committed  # type: ignore[attr-defined]
    as_json = _get(live_server.port, "/openapi.json")
    assert as_json.status == 200 and as_json.getheader("Content-Type") == "application/json"
    document = json.loads(as_json.body)  # type: ignore[attr-defined]
    assert document == yaml.safe_load(committed)
    assert as_json.getheader("ETag") == as_yaml.getheader("ETag")
    served = {(path, op["operationId"]) for path, ops in document["paths"].items() for op in ops.values()}
    assert {("/openapi.json", "getContract"), ("/openapi.yaml", "getContractYaml")} <= served
    tags = {op["tags"][0] for ops in document["paths"].values() for op in ops.values()}
    assert tags == {tag["name"] for tag in document["tags"]}


def test_an_unchanged_document_is_a_304(live_server: LiveServer) -> None:
    first = _get(live_server.port, "/openapi.json")
    etag = first.getheader("ETag")
    assert etag and etag.startswith('"')
    again = _get(live_server.port, "/openapi.json", {"If-None-Match": etag})
    assert again.status == 304 and again.body == b""  # type: ignore[attr-defined]
    other = _get(live_server.port, "/openapi.yaml", {"If-None-Match": '"something-else"'})
    assert other.status == 200


def test_every_problem_type_the_api_raises_is_listed() -> None:
    """The document's ``x-problem-types`` names every slug a ``Problem`` is raised with in ``api/``, and
    every slug of a body the wire refuses (``BodyRefused`` in ``adjudicator/wire/``, a 400 problem)."""
    import re

    document = yaml.safe_load(SPEC_PATH.read_text())
    listed = {p["type"].rsplit(":", 1)[-1] for p in document["x-problem-types"]}
    root = Path(__file__).parents[2]
    source = "\n".join(p.read_text() for d in ("api", "adjudicator/wire") for p in (root / d).rglob("*.py"))
    raised = set(re.findall(r'Problem\(\s*\d{3},\s*"([a-z-]+)"', source))
    raised |= set(re.findall(r'BodyRefused\(\s*"([a-z-]+)"', source))
    assert {"integrity-error", "lone-surrogate", "stale-version"} <= raised  # the pattern finds them
    raised |= {"unknown-hand", "unknown-tournament"}  # f"unknown-{error.noun}"
    assert raised <= listed, raised - listed


def test_with_anonymous_reads_off_the_contract_needs_a_credential(tmp_path: Path) -> None:
    from api import create_app

    app: Flask = create_app({**sqlite_config(tmp_path), "ADJUDICATOR_ANONYMOUS_READS": "none"})
    try:
        assert app.test_client().get("/openapi.json").status_code == 401
    finally:
        app.extensions["adjudicator.read_models"].stop()
        app.extensions["adjudicator.adapters.hand_store"].close()

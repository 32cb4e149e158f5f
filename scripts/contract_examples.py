"""Record the contract's examples from the service itself: ``python scripts/contract_examples.py``.

Every operation of openapi.yaml is called once, as an official, on the scene where the role-matrix
tests make it succeed (``tests.e2e.test_roles.scene``), through the real app on a fresh SQLite store;
its path parameters, its body and its answer are written to ``api/spec/examples.json``, which
``api.spec.examples`` attaches to the document. Long lists in an answer are cut to their first
items, and an answer that would then no longer fit its schema is kept whole. The examples are real
answers, so ``tests/e2e/test_contract_docs.py`` can hold each to its schema; run this again after
changing what an operation answers, then ``adjudicator openapi --write``.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from api import create_app  # noqa: E402
from api.spec import build_spec  # noqa: E402
from api.spec.examples import EXAMPLES_PATH, fits  # noqa: E402
from tests.e2e.conftest import client_as, sqlite_config, token  # noqa: E402
from tests.e2e.test_roles import CALLER_NAME, scene  # noqa: E402

KEEP = 3  # items of a long list kept in an answer
#: Answers too long to show whole, written by hand (each still validated against its schema).
WRITTEN = {
    "getContract": {"openapi": "3.1.0", "info": {"title": "Bid Whist and Bid Euchre rulings service"}},
    "getContractYaml": "openapi: 3.1.0\ninfo:\n  title: Bid Whist and Bid Euchre rulings service\n",
}
SKIPPED = {"getMetrics"}  # its example is in api/metrics.py: the text format, not JSON
#: A bearer token an answer carries (issueTableToken's): shown as this, never as a real one.
TOKEN_SHOWN = "adj_shown-once-to-the-official-who-issued-it-never-again"


def cut(value: Any) -> Any:
    if isinstance(value, list):
        return [cut(item) for item in value[:KEEP]]
    if isinstance(value, dict):
        return {key: cut(item) for key, item in value.items()}
    return value


def record(operation_id: str, method: str, path: str, document: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as directory:
        app = create_app(sqlite_config(Path(directory)))
        try:
            given = scene(app, operation_id)
            client = client_as(app, token(app, "official", CALLER_NAME["official"]))  # the scene's official
            url = path.format(**given.params)
            deadline = time.monotonic() + 10
            while True:
                reply = client.open(url, method=method.upper(), **given.sent())
                found = reply.json if reply.is_json else None
                listed = isinstance(found, dict) and any(found.get(k) for k in ("hands", "tournaments"))
                if not operation_id.startswith("list") or listed or time.monotonic() > deadline:
                    break
                time.sleep(0.2)  # the read models follow the appends
            assert 200 <= reply.status_code < 300, (
                operation_id,
                reply.status_code,
                reply.get_data(as_text=True),
            )
            answer = WRITTEN.get(operation_id, reply.json if reply.is_json else reply.get_data(as_text=True))
            if isinstance(answer, dict) and "token" in answer:
                answer = {**answer, "token": TOKEN_SHOWN}
            status = str(reply.status_code)
            shortened = cut(answer)
            if shortened != answer and fits(document, method, path, status, shortened):
                answer = shortened
            example: dict[str, Any] = {"params": given.params, "status": status, "response": answer}
            if given.body is not None or given.form is not None:
                example["request"] = given.body if given.form is None else given.form
            return example
        finally:
            read_models = app.extensions.get("adjudicator.read_models")
            if read_models is not None:
                read_models.stop()
            app.extensions["adjudicator.adapters.hand_store"].close()


def main(only: list[str]) -> int:
    """Every operation's example, or with ``only`` (operationIds) those, the others kept as written."""
    document = build_spec()
    kept: dict[str, Any] = json.loads(EXAMPLES_PATH.read_text()) if only else {}
    examples = {
        operation["operationId"]: (
            record(operation["operationId"], method, path, document)
            if not only or operation["operationId"] in only
            else kept[operation["operationId"]]
        )
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if operation["operationId"] not in SKIPPED
    }
    EXAMPLES_PATH.write_text(json.dumps(examples, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(examples)} operations' examples to {EXAMPLES_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

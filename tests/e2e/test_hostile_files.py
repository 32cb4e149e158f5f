"""A hostile import file is refused by the CLI with a message and exit status 1, never a traceback,
and by ``POST /hands/import`` (JSON or text) with a problem, never a 500; nothing is stored either way
(issue 19, item 10).

What the API holds a JSON body to (no lone UTF-16 surrogate, nesting at most ``MAX_DEPTH`` deep, no
NaN) an ``adjudicator import`` file is held to as well, and so is a text record, whose tag and member
values are JSON too; a text record's numbers (events', kitty positions) are refused past any hand's
before Python's int conversion refuses them with a ``ValueError``.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from adjudicator.wire.strict_json import MAX_DEPTH
from tests.e2e.conftest import LiveServer
from tests.e2e.serving import command, environment

HEAD = '[Format "adjudicator-hand/1"]\n[Ruleset "texas"]\n[Dealer "north"]\n'
DEEP = 10_000

JSON_FILES = {
    "surrogate-label": json.dumps(
        {"ruleset": "texas", "dealer": "north", "label": "table \ud800", "events": []}
    ),
    "surrogate-player": json.dumps(
        [{"ruleset": "texas", "dealer": "north", "players": {"north": "A\udfff"}, "events": []}]
    ),
    "deep-arrays": "[" * DEEP + "]" * DEEP,
    "deep-objects": '{"a":' * DEEP + "1" + "}" * DEEP,
    "deep-label": '{"ruleset": "texas", "dealer": "north", "events": [], "label": '
    + "[" * (MAX_DEPTH + 1)
    + "]" * (MAX_DEPTH + 1)
    + "}",
    "nan": '{"ruleset": "texas", "dealer": "north", "events": [], "label": NaN}',
    "huge-integer": '{"ruleset": "texas", "dealer": "north", "events": [], "label": ' + "9" * 5000 + "}",
}
TEXT_FILES = {
    "text-surrogate-tag": HEAD + '[Event "table \\ud800"]\n',
    "text-surrogate-seat": HEAD + '[North "A\\udc00"]\n',
    "text-deep-tag": HEAD + "[Players " + '{"a":' * DEEP + "1" + "}" * DEEP + "]\n",
    "text-deep-member": HEAD + "[Auction]\n#1 bid seat=east bid=" + "[" * DEEP + "]" * DEEP + "\n",
    "text-nested-member": HEAD
    + "[Auction]\n#1 bid seat=east bid="
    + "[" * (MAX_DEPTH + 1)
    + "]" * (MAX_DEPTH + 1)
    + "\n",
    "text-event-number": HEAD + "[Auction]\n#" + "9" * 5000 + " bid seat=east bid=pass\n",
    "text-book-number": HEAD + "[Play]\n1 east: #" + "9" * 5000 + " east AS -> east\n",
    "text-deal-number": HEAD + '[Deal "#' + "9" * 5000 + ' N:AS"]\n',
    "text-deal-position": HEAD + '[Deal "#1 N:AS P:' + "9" * 5000 + '"]\n',
    "text-deal-digit": HEAD + '[Deal "#\u00b2 N:AS"]\n',
    "text-provenance": HEAD + "[Provenance]\n#1-" + "9" * 5000 + ' "2026-01-01" Ann (official)\n',
}


def _rows(db: Path) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(db) as conn:
        try:
            return int(conn.execute("select count(*) from stored_events").fetchone()[0])
        except sqlite3.OperationalError:  # no table yet: nothing was ever stored
            return 0


def _import(directory: Path, content: str) -> subprocess.CompletedProcess[str]:
    path = directory / "hostile.txt"
    path.write_text(content, encoding="utf-8")
    return subprocess.run(
        [*command(0)[:-5], "import", str(path)],
        env=environment(directory),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("name", [*JSON_FILES, *TEXT_FILES])
def test_the_cli_refuses_a_hostile_file_with_a_message(tmp_path: Path, name: str) -> None:
    done = _import(tmp_path, {**JSON_FILES, **TEXT_FILES}[name])
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("adjudicator: "), done.stderr
    assert len(done.stderr) < 1000, done.stderr
    assert _rows(tmp_path / "events.db") == 0


@pytest.mark.parametrize("name", list(TEXT_FILES))
def test_the_api_refuses_a_hostile_text_record_with_a_problem(live_server: LiveServer, name: str) -> None:
    client = live_server.client()
    db = live_server.app.extensions["adjudicator.adapters.hand_store"].events.sqlite_path
    before = _rows(db)
    client.conn.request(
        "POST",
        "/hands/import",
        body=TEXT_FILES[name].encode(),
        headers={"Content-Type": "text/plain", "Authorization": f"Bearer {live_server.token}"},
    )
    response = client.conn.getresponse()
    problem = json.loads(response.read())
    assert response.status in (400, 422), problem
    assert response.getheader("Content-Type", "").startswith("application/problem+json")
    assert "nothing was recorded" in problem["detail"] or problem["type"].endswith("invalid-record")
    assert _rows(db) == before
    client.close()


def test_a_good_file_still_imports(tmp_path: Path) -> None:
    done = _import(tmp_path, HEAD + '[Event "table \U0001f0a1"]\n')
    assert done.returncode == 0, done.stderr
    assert _rows(tmp_path / "events.db") == 1


def _cli(directory: Path, *args: str | bytes) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*command(0)[:-5], *args],
        env=environment(directory),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("import", "{file}", "--as", b"Ann \xff"),
        ("token", "create", "--role", "official", "--name", b"Bea \xc3"),
        ("token", "revoke", b"\xff"),
        (
            "token",
            "create",
            "--role",
            "scorekeeper",
            "--name",
            "S",
            "--tournament",
            "{t}",
            "--table",
            str(2**64),
        ),
        ("token", "create", "--role", "scorekeeper", "--name", "S", "--tournament", "{t}", "--table", "-5"),
    ],
    ids=["import-as", "token-name", "token-revoke", "token-table-2^64", "token-table-negative"],
)
def test_the_cli_refuses_arguments_no_store_can_hold(tmp_path: Path, args: tuple[str | bytes, ...]) -> None:
    """Bytes that are not UTF-8 reach Python as lone surrogates; a table number past any tournament's."""
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"ruleset": "texas", "dealer": "north", "events": []}))
    tournament = "0b6c1c36-4b1e-4a43-9f0e-9c1f7b3b2f10"
    given = [a.format(file=path, t=tournament) if isinstance(a, str) else a for a in args]
    done = _cli(tmp_path, *given)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode in (1, 2), done.stderr
    assert done.stderr.startswith("adjudicator: "), done.stderr
    assert _rows(tmp_path / "events.db") == 0

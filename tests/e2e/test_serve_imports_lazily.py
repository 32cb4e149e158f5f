"""``adjudicator serve`` builds no app in the supervising process: the app is built in each worker. It
imports the app's modules before granian forks the workers (``preload``: a worker then only builds
its app, issue 30), but only after the metrics' directory is set, since prometheus-client chooses
its multiprocess mode when it is imported. (It makes the stores' tables, the read models' too,
before the workers start.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: The test run's living rulebook outcomes (``tests/conftest.py``): the probe's check is run once a run.
KEPT = {name: os.environ[name] for name in ("ADJUDICATOR_RULEBOOK_CHECKS",) if name in os.environ}

PROBE = """
import sys
import granian

class Stub:
    def __init__(self, target, **options):
        print("target", target)

    def on_startup(self, hook):
        pass

    def serve(self):
        import flask
        from prometheus_client import values

        made = vars(sys.modules["api.serving"]).items()
        built = [name for name, thing in made if isinstance(thing, flask.Flask)]
        print("apps", built)
        print("metrics", "one process" if values.ValueClass is values.MutexValue else "multiprocess")

granian.Granian = Stub
from adjudicator.cli import main
raise SystemExit(main(["serve", "--port", "8123"]))
"""


def test_serve_builds_no_app_in_the_supervising_process(tmp_path: Path) -> None:
    env = {"ADJUDICATOR_DB": str(tmp_path / "events.db"), "PATH": "", "HOME": str(tmp_path), **KEPT}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=60, check=True
    )
    lines = done.stdout.splitlines()
    # a fresh database: the first official's token, printed once, before anything else
    assert lines[0].startswith("adjudicator: no credential existed here") and lines[2].startswith("adj_")
    assert lines[3] == "More: adjudicator token create --role official|scorekeeper|viewer --name NAME"
    lines = lines[4:]
    assert lines.pop(0).startswith("adjudicator: the living rulebook's examples: ")  # in a process of its own
    assert lines[0] == (
        f"adjudicator: serving on http://127.0.0.1:8123 (events: sqlite:{tmp_path / 'events.db'}; "
        f"read models: {tmp_path / 'events.read.db'})"
    )
    # the app's modules imported (preloaded), no app built; the metrics in their multiprocess mode
    assert lines[1:] == ["target api.serving:worker_app", "apps []", "metrics multiprocess"]


def test_serve_prints_no_token_once_a_credential_exists(tmp_path: Path) -> None:
    env = {"ADJUDICATOR_DB": str(tmp_path / "events.db"), "PATH": "", "HOME": str(tmp_path), **KEPT}
    first = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=60)
    again = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=60)
    assert "adj_" in first.stdout
    assert "adj_" not in again.stdout and again.stdout.startswith("adjudicator: the living rulebook's")

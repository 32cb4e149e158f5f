"""The wheel carries what the service serves: built, installed in a clean virtual environment (no
checkout on its path), started, and its living rulebook shows the scenarios of ``features/``, each
with the outcome the installed engine computed for it (no test suite is installed).

Installed without extras it has no psycopg (issue 21): its metadata asks for psycopg only under the
``postgres`` extra, the environment it makes cannot import it, and it serves SQLite all the same.

pip builds the wheel and installs its dependencies as it always does (its cache first, the package
index for anything not cached): the test needs the index the first time only.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

from api.spec import build_spec
from tests.e2e.conftest import free_port
from tests.e2e.serving import STARTUP_DEADLINE, environment

ROOT = Path(__file__).resolve().parents[2]
PIP_TIMEOUT = 600


def run(*command: str | Path, cwd: Path) -> None:
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, capture_output=True, text=True, timeout=PIP_TIMEOUT
    )
    assert done.returncode == 0, done.stdout + done.stderr


def get(port: int, path: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as reply:
        text: str = reply.read().decode()
        return text


def first_scenario(feature: Path) -> str:
    found = re.search(r"^\s*Scenario(?: Outline)?:\s*(.+?)\s*$", feature.read_text(), re.MULTILINE)
    assert found is not None
    return found[1]


def requirements(wheel: Path) -> list[str]:
    """The wheel's ``Requires-Dist`` lines."""
    with zipfile.ZipFile(wheel) as archive:
        (metadata,) = [name for name in archive.namelist() if name.endswith(".dist-info/METADATA")]
        text = archive.read(metadata).decode()
    return [line.partition(":")[2].strip() for line in text.splitlines() if line.startswith("Requires-Dist:")]


def test_a_wheel_installed_in_a_clean_venv_serves_the_living_rulebooks_examples(tmp_path: Path) -> None:
    wheels, venv = tmp_path / "wheels", tmp_path / "venv"
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--wheel-dir",
        wheels,
        ROOT,
        cwd=tmp_path,
    )
    (wheel,) = wheels.glob("adjudicator-*.whl")
    required = requirements(wheel)
    postgres = [r for r in required if "psycopg" in r or "eventsourcing[postgres]" in r]
    assert postgres and all(r.endswith('extra == "postgres"') for r in postgres), required
    assert any(r.startswith("eventsourcing") and "extra ==" not in r for r in required), required
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)  # this pip installs into it
    pip = (sys.executable, "-m", "pip", "--python", venv / "bin" / "python")
    run(*pip, "install", "--quiet", "--no-compile", wheel, cwd=tmp_path)

    port = free_port()
    env = environment(tmp_path, ADJUDICATOR_RULES=str(ROOT.parent / "shared" / "rules"))
    env.pop("PYTHONPATH", None)
    server = subprocess.Popen(
        [venv / "bin" / "adjudicator", "serve", "--port", str(port)],
        cwd=tmp_path,  # not the checkout: nothing of it on the path
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + STARTUP_DEADLINE
        while True:
            try:
                get(port, "/rulesets")
                break
            except OSError:
                assert server.poll() is None, server.stdout.read().decode() if server.stdout else ""
                assert time.monotonic() < deadline, "the installed service did not start"
                time.sleep(0.1)
        located = subprocess.run(
            [venv / "bin" / "python", "-c", "import api; print(api.__file__)"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
        )
        assert located.stdout.startswith(str(venv)), located.stdout  # the installed copy, not the checkout
        without = subprocess.run(
            [venv / "bin" / "python", "-c", "import psycopg"], cwd=tmp_path, env=env, capture_output=True
        )
        assert without.returncode == 1  # installed without extras: no psycopg, and SQLite served above
        page = get(port, "/console/rulebooks/texas")
        assert "No scenario was found" not in page
        assert first_scenario(ROOT / "features" / "texas" / "infractions.feature") in html.unescape(page)
        while (state := json.loads(get(port, "/console/rulebooks/check")))["run_at"] is None:
            time.sleep(0.1)  # the service checks its examples in the background from the start
        assert state["passed"] > 400 and state["failed"] == 0, state
        page = get(port, "/console/rulebooks/texas")
        assert "outcome-passed" in page and "no result here" not in page
        assert get(port, "/").startswith("<!doctype html>")
        assert json.loads(get(port, "/openapi.json")) == build_spec()  # its examples shipped too
    finally:
        server.terminate()
        server.wait(timeout=30)
        if server.stdout:
            server.stdout.close()

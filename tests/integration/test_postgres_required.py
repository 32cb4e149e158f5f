"""The PostgreSQL tests say what they need: skipped with the reason on a developer's machine without a
server, failed in CI (``CI=true``), where a skip would hide that they never ran."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
from tests.integration import conftest
conftest._postgres_user = lambda: (None, "PostgreSQL at 127.0.0.1:5432 is unreachable: refused")

def test_needs_postgres(postgres_dsn):
    pass
"""


def run(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    probe = tmp_path / "test_probe.py"
    probe.write_text(PROBE)
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "-o",
            "addopts=",
            "--rootdir",
            str(tmp_path),
            "-p",
            "tests.integration.conftest",
            str(probe),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env,
    )


def test_without_a_server_they_skip_and_say_what_they_need(tmp_path: Path) -> None:
    done = run(tmp_path, None)
    assert done.returncode == 0, done.stdout
    assert "1 skipped" in done.stdout
    assert "need a server on 127.0.0.1:5432" in done.stdout


def test_in_ci_they_fail_instead(tmp_path: Path) -> None:
    done = run(tmp_path, "true")
    assert done.returncode == 1, done.stdout
    assert "CI runs them" in done.stdout

"""The documentation site builds, strict, from ``docs/``: a broken link or a page left out of the
navigation fails the test command; every environment variable the code reads has its row."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUILD_TIMEOUT = 300


def build(config: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)],
        cwd=config.parent,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1"},
    )


def test_adjudicator_docs_writes_the_whole_site_strict_and_offline(tmp_path: Path) -> None:
    out = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "adjudicator", "docs", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    pages = {p.name for p in out.glob("*.html")}
    assert {
        "index.html",
        "getting-started.html",
        "operations.html",
        "reference.html",
        "changelog.html",
    } <= pages
    index = (out / "index.html").read_text()
    assert "fonts.googleapis.com" not in index  # nothing fetched: it reads in a hall without internet
    reference = (out / "reference.html").read_text()
    assert "appendEvents" in reference and "Example answer" in reference


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    copy = tmp_path / "repo"
    shutil.copytree(ROOT / "docs", copy / "docs")
    for name in ("mkdocs.yml", "openapi.yaml", "CHANGELOG.md"):
        shutil.copy(ROOT / name, copy / name)
    page = copy / "docs" / "index.md"
    page.write_text(page.read_text() + "\nSee [the missing page](no-such-page.md).\n")
    done = build(copy / "mkdocs.yml", tmp_path / "site")
    assert done.returncode != 0
    assert "no-such-page.md" in done.stdout + done.stderr


def _variables_read_by_the_code() -> set[str]:
    """Every environment variable named in the service's code: read directly, or through a constant."""
    pattern = re.compile(
        r"""(?:os\.environ(?:\.get)?\(\s*|os\.environ\[|os\.getenv\(\s*|_ENV(?::\s*Final)?\s*=\s*)"([A-Z][A-Z0-9_]+)\""""
    )
    names: set[str] = set()
    for folder in ("adjudicator", "api"):
        for source in (ROOT / folder).rglob("*.py"):
            names |= set(pattern.findall(source.read_text()))
    return names


def test_every_environment_variable_of_the_code_is_in_the_operations_table() -> None:
    table = (ROOT / "docs" / "operations.md").read_text()
    found = _variables_read_by_the_code()
    assert {"ADJUDICATOR_DB", "ADJUDICATOR_CACHE_MB", "ADJUDICATOR_LOG_FORMAT"} <= found  # the scan works
    missing = sorted(name for name in found if f"`{name}`" not in table)
    assert not missing, f"docs/operations.md has no row for {missing}"


def test_the_readme_is_short_and_ci_runs_exactly_its_test_command() -> None:
    readme = (ROOT / "README.md").read_text().splitlines()
    assert len(readme) < 200
    start = readme.index("## Run every test")
    command = next(line.strip() for line in readme[start:] if line.startswith("    "))
    ci = [
        line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")
    ]
    assert ci[-1] == command

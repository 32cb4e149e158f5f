"""``scripts/floors.py`` draws the floors from the layers contract: it must keep drawing every floor."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_drawing_shows_every_floor_of_the_layers_contract_top_down() -> None:
    drawn = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "floors.py")], capture_output=True, text=True, check=False
    )
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    packages = [p.strip() for layer in layers for p in layer.replace(":", "|").split("|")]
    rows = [line.split()[2] for line in drawn.stdout.splitlines() if line.startswith("floor ")]
    assert rows == packages, drawn.stderr
    assert drawn.stdout.rstrip().endswith("every arrow runs down"), drawn.stdout
    assert drawn.returncode == 0

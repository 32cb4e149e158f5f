"""scripts/run_tournament.py end to end, small: through a real server, standings rebuilt == live."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import run_tournament


def test_tournaments_run_through_the_api_rebuild_to_the_live_standings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run_tournament.main(["--teams", "16", "--players", "12"]) == 0
    out = capsys.readouterr().out
    assert out.count("standings rebuilt from the event store equal the live ones") == 2, out

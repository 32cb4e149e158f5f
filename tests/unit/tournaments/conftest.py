"""Fixtures for the tournament domain's unit tests: whole simulated tournaments, built once."""

from __future__ import annotations

import pytest

from adjudicator.simulation.tournaments import Director, run_detroit, run_ontario


@pytest.fixture(scope="session")
def detroit_128() -> Director:
    """A 128-team Detroit tournament played through with real adjudicated hands."""
    return run_detroit(128, seed=5)


@pytest.fixture(scope="session")
def ontario_40() -> Director:
    """An Ontario day of 40 players: 12 games of progressive Bid Euchre in two sessions."""
    return run_ontario(40, seed=5)

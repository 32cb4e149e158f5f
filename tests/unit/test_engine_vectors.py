"""The engine's rulings stay what they were, byte for byte, on hundreds of random and mutated logs.

The fixture was written by ``tests/unit/engine_vectors.py`` from the code before the replay was made
faster; any change to a state, ruling, score, status or refusal on any event of any log shows here.
"""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from tests.unit.engine_vectors import FIXTURE, outcome

VECTORS: list[dict[str, Any]] = json.loads(gzip.decompress(FIXTURE.read_bytes()))


@pytest.mark.parametrize("chunk", range(10))
def test_every_log_replays_to_the_outcome_on_record(chunk: int) -> None:
    for number, vector in enumerate(VECTORS[chunk::10]):
        got = outcome(vector["ruleset"], vector["dealer"], vector["events"])
        want = vector["outcome"]
        for step, (mine, theirs) in enumerate(zip(got["steps"], want["steps"], strict=True), start=1):
            assert mine == theirs, f"log {chunk + 10 * number} ({vector['ruleset']}), event {step}"
        assert got == want, f"log {chunk + 10 * number} ({vector['ruleset']})"


def test_the_vectors_cover_every_rulebook_refusals_and_rulings() -> None:
    assert {v["ruleset"] for v in VECTORS} == {"detroit", "texas", "chicago", "cardtel", "ontario"}
    steps = [s for v in VECTORS for s in v["outcome"]["steps"]]
    assert sum(isinstance(s, dict) for s in steps) > 500
    kinds = {r["kind"] for v in VECTORS for r in v["outcome"]["final"][1]}
    assert {"renege", "play_out_of_turn", "misdeal", "exposed_card"} <= kinds

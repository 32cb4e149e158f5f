"""Engine vectors, in the spirit of chess "perft": many logs, and everything the engine made of them.

``outcome`` replays a log event by event and records, after each, a digest of what an official sees
(state, rulings, score, status) or the refusal (message, member, index); then the whole log's
adjudication in full. ``adjudicator.simulation.corpus.logs`` makes random and mutated logs of all five
rulebooks
(events dropped, doubled, swapped, cards changed, inspections, calls, exposures, concessions,
corrections, choices …), as for the engine's fingerprint.
``python tests/unit/engine_vectors.py`` writes ``tests/fixtures/engine_vectors.json.gz`` from the
current code; ``test_engine_vectors`` checks the code still agrees, byte for byte.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from adjudicator import IllegalEvent, Table, adjudicate, get_ruleset, judge
from adjudicator.domain.adjudication import Adjudication
from adjudicator.domain.cards import Seat
from adjudicator.domain.rulings import decision
from adjudicator.simulation.corpus import logs

FIXTURE = Path(__file__).parent.parent / "fixtures" / "engine_vectors.json.gz"
WHIST = ("detroit", "texas", "chicago", "cardtel")
Event = dict[str, Any]


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def seen(table: Table) -> list[Any]:
    """Everything an official reads of the table at this moment: the table's own state (the state a
    hand's reader gets is it with the hand's status, ``Adjudication.state``: a function of both)."""
    found = judge(table)
    return [found.table.state(), found.rulings_data(), found.score, status_as_written(found)]


def status_as_written(found: Adjudication) -> str:
    """The status as the fixture's code said it: a conceded hand is ``complete`` since (issue 20), and
    was then still where its table stood; every other status is the same."""
    table = found.table
    conceded = found.status == "complete" and table.concession is not None and table.phase != "complete"
    if conceded and decision(found.rulings) is None:
        next_is_play = table.game.next_step(table) == "play"
        return "play" if table.phase in ("kitty", "exchange") and next_is_play else table.phase
    return found.status


def outcome(ruleset: str, dealer: Seat, events: list[Event]) -> dict[str, Any]:
    """What the engine makes of ``events``: after each event a digest or the refusal, then in full."""
    table = Table(get_ruleset(ruleset), dealer)
    steps: list[Any] = []
    for event in events:
        try:
            table.apply(event)
        except IllegalEvent as error:
            steps.append(error.to_dict())
        else:
            steps.append(hashlib.sha256(_canonical(seen(table)).encode()).hexdigest()[:16])
    final: list[Any] = seen(table)
    try:
        whole: Any = seen(adjudicate(ruleset, dealer, events).table)
    except IllegalEvent as error:
        whole = error.to_dict()
    return json.loads(_canonical({"steps": steps, "final": final, "whole": whole}))


def vectors(count: int, seed: int) -> list[dict[str, Any]]:
    return [
        {"ruleset": r, "dealer": d, "events": e, "outcome": outcome(r, d, e)} for r, d, e in logs(count, seed)
    ]


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    data = json.dumps(vectors(count, 14), separators=(",", ":")).encode()
    FIXTURE.write_bytes(gzip.compress(data, 9, mtime=0))
    print(f"{FIXTURE}: {count} logs, {FIXTURE.stat().st_size} bytes")

"""What the code before the re-layout answered for ``tests/fixtures/store-v1.db``, as today's code must.

``store-v1.expected.json`` holds the answers exactly as they were given. A few answers changed since
on purpose, each by a rule stated here, so that every other member must still be the same byte for byte:

- a hand's ``status`` follows the hand: a hand a ruling decided is ``complete`` (or ``void`` for a
  redeal) rather than still ``bidding`` or ``play``, and a hand whose next act is the first card is in
  ``play`` (issue 11); such a hand is over everywhere: nobody's ``turn``, in its summary and in its
  latest table, whose ``phase`` is its status (issue 20);
- rulings cite the MATRIX.md interpretations settled since: a Detroit false renege call
  (false-call-value), a Cardtel bid out of turn (cardtel-bid-value);
- a Bid Euchre same-number bid is raised by at least one, the bidder naming the raised bid (I.4): its
  ruling offers ``raise`` before ``raise_by_one`` and says "by at least one";
- an Ontario draw, round or proposal cites the MATRIX.md rows settled since: a session's start
  (euchre-session-start) where it cites C.2-C.3, district partners (euchre-partners-split) where it
  cites C.4. The stored seatings themselves read as they were recorded.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parents[1] / "fixtures"
AS_GIVEN: dict[str, dict[str, Any]] = json.loads((FIXTURES / "store-v1.expected.json").read_text())


def _decided(body: Any) -> str | None:
    """The status of a hand a ruling decided while it was still in play (None: not such a hand)."""
    if not isinstance(body, dict) or not {"status", "score", "turn"} <= set(body):
        return None
    if body["status"] in ("bidding", "kitty", "exchange", "play") and body["score"]["decided_by"]:
        return "void" if body["score"]["void"] else "complete"
    return None


#: The latest table of each hand a ruling decided (its URL), with the hand's status.
DECIDED: dict[str, str] = {
    f"{url}/state": status for url, answer in AS_GIVEN.items() if (status := _decided(answer["body"]))
}


def _status_follows_the_hand(body: Any, url: str) -> None:
    if url in DECIDED:
        body.update(phase=DECIDED[url], turn=None)
    if not isinstance(body, dict) or not {"status", "score", "turn"} <= set(body):
        return
    decided = _decided(body)
    if decided:
        body.update(status=decided, turn=None)
    elif body["status"] in ("kitty", "exchange") and (body["turn"] or {}).get("action") == "play":
        body["status"] = "play"


#: (ruling kind, its rulebook's document) -> the interpretation it cites since.
SETTLED_SINCE = {
    ("false_renege_call", "detroit-senior-olympics-bid-whist.txt"): "false-call-value",
    ("bid_out_of_turn", "capitol-city-cardtel-kitty-bid-whist.txt"): "cardtel-bid-value",
}


def _cites_what_was_settled_since(body: Any) -> None:
    rulings = body.get("rulings") if isinstance(body, dict) else None
    for ruling in rulings if isinstance(rulings, list) else []:
        documents = {c["document"] for c in ruling["citations"]}
        for (kind, document), name in SETTLED_SINCE.items():
            if ruling["kind"] == kind and document in documents:
                ruling["citations"].append({"document": "MATRIX.md", "section": f"interpretation: {name}"})


def _raised_by_at_least_one(body: Any) -> None:
    rulings = body.get("rulings") if isinstance(body, dict) else None
    for ruling in rulings if isinstance(rulings, list) else []:
        if ruling["kind"] == "same_number":
            ruling["options"] = ["raise", *ruling["options"]]
            ruling["penalty"] = ruling["penalty"].replace("chooses: ", "chooses: raise, ")
            ruling["detail"] = ruling["detail"].replace("raise it by one", "raise it by at least one")


_EUCHRE_MOVEMENT = {"document": "MATRIX.md", "section": "Bid Euchre (ontario): movement"}
_ONTARIO = "ontario-55-bid-euchre.txt"


def _cites_the_euchre_rows_settled_since(body: Any) -> None:
    if isinstance(body, list):
        for item in body:
            _cites_the_euchre_rows_settled_since(item)
        return
    if not isinstance(body, dict):
        return
    for value in body.values():
        _cites_the_euchre_rows_settled_since(value)
    citations = body.get("citations")
    if not isinstance(citations, list) or _EUCHRE_MOVEMENT not in citations:
        return
    sections = [c["section"] for c in citations if c["document"] == _ONTARIO]
    if sections == ["C.2", "C.3"]:
        interpretation, row, extra = "euchre-session-start", "a session's start", []
    elif sections == ["C.4"]:
        interpretation, row, extra = "euchre-partners-split", "district partners", ["C.2"]
    else:
        return
    body["citations"] = [
        *({"document": _ONTARIO, "section": section} for section in [*sections, *extra]),
        {"document": "MATRIX.md", "section": f"interpretation: {interpretation}"},
        _EUCHRE_MOVEMENT,
        {"document": "MATRIX.md", "section": f"Bid Euchre (ontario): {row}"},
    ]


def _as_today(url: str, answer: dict[str, Any]) -> dict[str, Any]:
    answer = copy.deepcopy(answer)
    _cites_the_euchre_rows_settled_since(answer["body"])
    _raised_by_at_least_one(answer["body"])
    _status_follows_the_hand(answer["body"], url)
    _cites_what_was_settled_since(answer["body"])
    return answer


EXPECTED: dict[str, dict[str, Any]] = {url: _as_today(url, answer) for url, answer in AS_GIVEN.items()}

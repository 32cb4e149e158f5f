"""Each set of words the contract allows (a seat, a team, a ruling's status …) named once, as a
component every member and parameter that takes it refers to.

marshmallow's ``OneOf`` gives each field its own inline ``enum``, and a nullable one's
``type: [string, null]`` with ``null`` in the list: a generated client then has a class per field,
three for a nullable one (openapi-python-client made ``ContractDirectionType1``,
``…Type2Type1`` and ``…Type3Type1``, all the same). Here every ``enum`` of two words or more becomes
``$ref`` to its component, ``anyOf`` it and ``null`` where null is allowed. A one-word ``enum`` is an
event's ``type``, a discriminator, and stays. An ``enum`` whose words are not named below fails the
build, so a new one is named when it is made (``names``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, Final

from adjudicator.domain.cards import SEATS, TEAMS
from adjudicator.domain.events import SHAPES


def _chosen(kind: str, member: str) -> frozenset[str]:
    """The words a hand event's member takes (the domain's shapes)."""
    return frozenset(SHAPES[kind][member].choices or ())


@cache
def names() -> dict[frozenset[str], tuple[str, str]]:
    """The component of each set of words: its name and what it is."""
    return {
        frozenset(SEATS): ("Seat", "a seat at the table"),
        frozenset(TEAMS): ("Team", "a partnership: `north_south` or `east_west`"),
        frozenset(("detroit", "texas", "chicago", "cardtel", "ontario")): (
            "RulesetId",
            "a rulebook's id, as a hand or a tournament names it",
        ),
        frozenset(("bidding", "kitty", "exchange", "play", "complete", "void", "closed")): (
            "Phase",
            "where a hand stands: its table's phase",
        ),
        frozenset(("open", "claimed", "ruled")): ("CallStatus", "where a call for an official stands"),
        frozenset(("registration", "round", "playoff", "final", "finished")): (
            "DayStage",
            "where a tournament's day is, as its board heads it",
        ),
        frozenset(("uptown", "downtown")): ("Direction", "which way the cards rank (Bid Whist)"),
        frozenset(("official", "scorekeeper", "viewer")): ("Role", "a credential's role"),
        _chosen("tech_call", "infraction"): ("TechInfraction", "the infraction a tech call names"),
        _chosen("finding", "finding"): ("Finding", "an official's finding on a call"),
        _chosen("finding", "option"): ("FindingOption", "the penalty an official's finding chooses"),
        _chosen("misdeal", "reason"): ("MisdealReason", "why the deal was a misdeal"),
        _chosen("choice", "by"): ("Chooser", "who chooses: a seat, or the official"),
        _chosen("hesitation", "penalty"): ("HesitationPenalty", "the penalty for a hesitation"),
        _chosen("score_confirmation", "verdict"): ("Verdict", "the table's verdict on the score"),
        frozenset(("first_pairing", "odd_opponent", "session_start")): ("DrawPurpose", "what a draw decides"),
        frozenset(("established", "pending")): ("OpenRulings", "rulings that stand or await the official"),
        frozenset(("version", "-version", "opened_at", "-opened_at")): (
            "HandOrder",
            "the order of a list of hands: a member, `-` first for the greatest first",
        ),
        frozenset(("json", "text")): ("RecordFormat", "a hand record's form"),
        frozenset(("may_not_bid_colour", "may_not_lead", "silenced")): (
            "RestrictionKind",
            "what a ruling forbids a seat",
        ),
        frozenset(("detected", "pending", "established", "dismissed")): (
            "RulingStatus",
            "where a ruling stands",
        ),
        frozenset(("round", "playoff")): ("Stage", "a match's stage"),
        frozenset(("open", "won", "lost", "tied")): ("MatchOutcome", "how a match went for a player's side"),
        frozenset(("open", "district", "provincial")): (
            "CompetitionLevel",
            "a tournament's level of competition, where its rulebook has several",
        ),
        frozenset(("ready", "not ready")): ("ReadinessStatus", "whether the service is ready"),
        frozenset(("same", "merged", "new", "offered")): (
            "CarriedPlayerMatch",
            "how a carried day's player record was matched with the association's registry",
        ),
        frozenset(("call_claimed", "call_released", "call_handed_over")): (
            "ClaimFactType",
            "what happened to a call's claim",
        ),
    }


NULL: Final = {"type": "null"}


def _nodes(value: Any) -> Iterator[dict[str, Any]]:
    """Every schema-like object in ``value``, examples left out (their values are data)."""
    if isinstance(value, dict):
        yield value
        for key, member in value.items():
            if key not in ("example", "examples"):
                yield from _nodes(member)
    elif isinstance(value, list):
        for member in value:
            yield from _nodes(member)


def _words(node: dict[str, Any]) -> list[str] | None:
    enum = node.get("enum")
    if not isinstance(enum, list):
        return None
    words = [word for word in enum if word is not None]
    return words if len(words) > 1 and all(isinstance(word, str) for word in words) else None


def name_enums(document: dict[str, Any]) -> None:
    """Give every enum of two words or more its component, and refer to it where it was."""
    schemas: dict[str, Any] = document["components"]["schemas"]
    found = [(node, words) for node in _nodes(document["paths"]) for words in [_words(node)] if words]
    found += [(node, words) for node in _nodes(schemas) for words in [_words(node)] if words]
    done: set[int] = set()  # a schema used twice (one dict in two answers) is named once
    for node, words in found:
        if id(node) in done:
            continue
        done.add(id(node))
        named = names().get(frozenset(words))
        if named is None:
            raise ValueError(f"an enum without a component: {sorted(words)}: name it in api.spec.enums.names")
        name, what = named
        if name not in schemas:
            schemas[name] = {"type": "string", "enum": words, "description": what}
        elif schemas[name].get("enum") is None:
            raise ValueError(f"{name} names both an enum and another schema")
        nullable = None in node["enum"]
        rest = {key: value for key, value in node.items() if key not in ("type", "enum")}
        target = {"$ref": f"#/components/schemas/{name}"}
        node.clear()
        node.update({"anyOf": [target, NULL], **rest} if nullable else {**target, **rest})

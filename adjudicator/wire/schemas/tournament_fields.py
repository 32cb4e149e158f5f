"""The fields tournament bodies are made of: names, texts, a side at a table, and whole numbers bounded
by what a real tournament never exceeds (their bounds said in their descriptions, hence in
openapi.yaml), and the facts a player declares at registration."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from marshmallow import ValidationError, fields, validate

from adjudicator.domain.limits import MAX_TABLE
from adjudicator.domain.moments import moment
from adjudicator.wire.schemas.common import Strict, WholeNumber, described

NAME: Final = validate.Length(min=1, max=200)
TEXT: Final = validate.Length(min=1, max=2000)
MAX_ITEMS: Final = 1000

_ID: Final = {"type": "string", "minLength": 1, "maxLength": 200}

#: Every whole number a tournament's bodies carry, bounded by what a real tournament never exceeds:
#: (least, most, what it is). The bounds are in each field's description, hence in openapi.yaml.
BOUNDS: Final[dict[str, tuple[int, int, str]]] = {
    "rounds": (1, 100, "preliminary rounds or games"),
    "round": (1, 200, "the round, preliminary or playoff"),
    "games_per_session": (1, 50, "games in a session"),
    "number": (1, 9999, "the team's number"),
    "minutes": (0, 1440, "minutes of delay"),
    "fee": (0, 10_000, "the dispute fee paid, in dollars"),
    "table": (1, MAX_TABLE, "the table number"),
    "points": (-1000, 1000, "a hand's points (or books, or hand wins) for one side"),
    "places": (2, 9999, "how many teams the field takes"),
}
#: The highest round a path names (``POST …/rounds/{round_number}/seating``).
MOST_ROUNDS: Final = BOUNDS["round"][1]
#: A whole number the vocabulary adds without a bound of its own here.
OTHER_BOUND: Final = (0, 1_000_000, "a whole number")


def Bounded(name: str, text: str | None = None, **kwargs: Any) -> WholeNumber:
    """A whole number within ``BOUNDS[name]``, its bounds said in its description."""
    low, high, what = BOUNDS.get(name, OTHER_BOUND)
    return WholeNumber(
        validate=validate.Range(min=low, max=high),
        metadata=described(f"{text or what}: from {low} to {high}"),
        **kwargs,
    )


class SideField(fields.Field[Any]):
    """A side at a table: a team's id (Bid Whist), or two players' ids (Bid Euchre pairs)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        if isinstance(value, str) and 1 <= len(value) <= 200:
            return value
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(p, str) and 1 <= len(p) <= 200 for p in value)
        ):
            return list(value)
        raise ValidationError("a team's id, or a list of two players' ids")


def Side(text: str, **kwargs: Any) -> SideField:
    shapes: list[dict[str, Any]] = [
        dict(_ID),
        {"type": "array", "items": dict(_ID), "minItems": 2, "maxItems": 2},
    ]
    if kwargs.get("allow_none"):
        shapes.append({"type": "null"})
    return SideField(metadata=described(text, oneOf=shapes), **kwargs)


def Names(text: str, **kwargs: Any) -> fields.List[Any]:
    return fields.List(
        fields.String(validate=NAME),
        validate=validate.Length(max=MAX_ITEMS),
        metadata=described(text),
        **kwargs,
    )


DAY: Final = validate.Regexp(r"^\d{4}-\d{2}-\d{2}$")


class DeclaredFactsSchema(Strict):
    """What one player declares at registration for the entry rules (interpretation:
    declared-eligibility): the service checks the facts, it does not verify them."""

    birth_date = fields.String(validate=DAY, metadata=described("the player's birth date (YYYY-MM-DD)"))
    senior_olympics_registered = fields.String(
        validate=DAY, metadata=described("the day the player registered for the Detroit Senior Olympics")
    )
    residence = fields.String(validate=NAME, metadata=described("the province or state the player lives in"))
    title = fields.String(
        validate=NAME, metadata=described("an earlier title or district gold medal that qualifies the player")
    )
    district_gold = fields.String(
        validate=NAME,
        metadata=described(
            "the district tournament (its id) whose gold medal, recorded on this server, qualifies the "
            "player: written by the server when it records the registration; one a client sends is set aside"
        ),
    )


def starts_at(value: str) -> None:
    if moment(value) is None:
        raise ValidationError("a date and time with its offset, e.g. 2026-06-01T09:00:00-04:00")


def starts_at_answered() -> fields.String:
    """A tournament's scheduled start as answered: a date and time with its offset, as recorded."""
    return fields.String(
        required=True,
        allow_none=True,
        metadata=described(
            "the scheduled start, a date and time with its offset (ISO 8601), the zone it was recorded in; "
            "null: not recorded"
        ),
    )

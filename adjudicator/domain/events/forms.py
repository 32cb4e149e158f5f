"""The recorder's forms as data: what the table recorder draws for each event type that has a form.

Made from the event types' descriptions (``described.Form`` and the members it fills), so that the
console's script draws every form from this one list rather than from forms written out by hand. A
field's ``input`` is how it is filled: ``seat`` and ``select`` from ``choices`` (value, label),
``text`` typed (at most ``max_length``), ``cards`` from the cards the hand still has (the console
adds them as ``choices``).
"""

from __future__ import annotations

from typing import Any

from adjudicator.domain import words as say
from adjudicator.domain.cards import SEATS
from adjudicator.domain.events.described import REGISTRY, EventType, Field
from adjudicator.domain.events.shapes import Member


def _field(event_type: EventType, field: Field) -> dict[str, Any]:
    member: Member = event_type.members[field.member]
    drawn: dict[str, Any] = {
        "name": field.member,
        "label": field.label,
        "optional": field.optional,
        "empty": field.empty if field.optional else None,
    }
    match member.kind:
        case "seat":
            choices = field.choices or SEATS
            return {**drawn, "input": "seat", "choices": [[c, say.seat(c)] for c in choices]}
        case "one_of":
            choices = field.choices or member.choices
            return {**drawn, "input": "select", "choices": [[c, say.words(c)] for c in choices]}
        case "cards" | "card":
            return {**drawn, "input": "cards", "list": member.kind == "cards", "choices": []}
        case _:
            return {**drawn, "input": "text", "max_length": member.max_length}


def recorder_forms() -> list[dict[str, Any]]:
    """Every event type's form: the table's own in the vocabulary's order, then an official's
    (``official``: an official records it)."""
    forms = [
        {
            "type": event_type.name,
            "title": event_type.form.title,
            "submit": event_type.form.submit,
            "official": event_type.recorded_by == "official",
            "fields": [_field(event_type, field) for field in event_type.form.fields],
        }
        for event_type in REGISTRY.values()
        if event_type.form is not None
    ]
    return sorted(forms, key=lambda form: form["official"])

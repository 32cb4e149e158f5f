"""An answer held to the contract: which operation a request was, and what in its answer breaks the
schema the document gives for that status and media type.

JSON answers against their schema; a ``text/event-stream`` answer event by event against its
``itemSchema`` (each event's ``data`` against its ``contentSchema``); text against a string. Used by
the generated client's scenario (every answer it gets) and by the run of the contract's examples.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import jsonschema_rs
import yaml

EVENT_STREAM = "text/event-stream"


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}]+\})", template)
    return re.compile("".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts))


@cache
def _patterns(paths: tuple[str, ...]) -> list[tuple[str, re.Pattern[str]]]:
    return [(path, _pattern(path)) for path in paths]


def template_of(document: dict[str, Any], method: str, path: str) -> str:
    """The document's path template that ``path`` (no query) is a request for, with ``method``."""
    found = [
        template
        for template, pattern in _patterns(tuple(document["paths"]))
        if pattern.fullmatch(path) and method.lower() in document["paths"][template]
    ]
    assert found, f"{method} {path} is no operation of the contract"
    return min(found, key=lambda t: t.count("{"))  # a literal segment wins over a parameter


def _validate(document: dict[str, Any], schema: dict[str, Any], value: Any) -> list[str]:
    whole = {**schema, "components": document.get("components", {})}
    validator = jsonschema_rs.Draft202012Validator(whole)
    return [f"/{'/'.join(map(str, e.instance_path))}: {e.message}" for e in validator.iter_errors(value)]


def events_of(text: str) -> list[dict[str, Any]]:
    """A ``text/event-stream``'s events, each as its fields (comments and blank lines apart)."""
    events = []
    for block in re.split(r"\r?\n\r?\n", text):
        fields: dict[str, Any] = {}
        for line in block.splitlines():
            if not line or line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            fields[name] = int(value) if name == "retry" and value.isdigit() else value
        if "data" in fields or "event" in fields:
            events.append(fields)
    return events


def stream_errors(document: dict[str, Any], media: dict[str, Any], text: str) -> list[str]:
    """What in a stream's text breaks its ``itemSchema``: the events' fields, their data's JSON."""
    item = media["itemSchema"]
    found = events_of(text)
    errors = [] if found else ["the stream holds no event"]
    for event in found:
        errors += _validate(document, item, event)
        data = item["properties"]["data"]
        try:
            said = json.loads(event.get("data", ""))
        except ValueError as error:
            errors.append(f"data is not JSON: {error}")
            continue
        errors += [f"data{e}" for e in _validate(document, data["contentSchema"], said)]
    return errors


def answer_errors(
    document: dict[str, Any], method: str, path: str, status: int, content_type: str, body: bytes
) -> list[str]:
    """What in an answer breaks the contract: its status undeclared, its media type not the
    operation's, or its body not the schema's."""
    template = template_of(document, method, path)
    responses = document["paths"][template][method.lower()]["responses"]
    response = responses.get(str(status))
    if response is None:
        return [f"{method} {template} answered {status}, which the contract does not declare"]
    media_type = content_type.split(";")[0].strip()
    content = response.get("content")
    if not content:
        return [] if not body else [f"{status} has a body the contract gives none"]
    media = content.get(media_type)
    if media is None:
        return [f"{status} answered {media_type}, not one of {sorted(content)}"]
    text = body.decode("utf-8")
    if media_type == EVENT_STREAM:
        return stream_errors(document, media, text)
    if media_type.endswith("json"):
        return _validate(document, media["schema"], json.loads(text))
    if media_type.endswith("yaml"):
        return _validate(document, media["schema"], yaml.safe_load(text))
    return _validate(document, media["schema"], text)

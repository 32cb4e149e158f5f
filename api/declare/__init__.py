"""A route declares itself: its operation, its schemas, its answers, its roles and its problems, in one
decorator beside the function that serves it.

>>> @route(blueprint, "GET /widgets/<uuid:widget_id>", "getWidget", summary="A widget",
...        roles=EVERYONE, anonymous="public", responses={"200": ...})  # doctest: +SKIP

``route`` adds the URL rule to the blueprint and keeps the declaration there: the contract
(``api.spec``) is built from every blueprint's declarations and the shared components, and the
authority (``adjudicator.service.authority``) is handed each route's roles as data, its
``Operation``, before the route runs (``api.auth.authenticate`` reads it from the view's
``declared``). What depends on the body (which events, which table) stays in the route, checked
through the same authority. A write is any method but GET: it documents 403, and an anonymous
caller never makes one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from flask import Blueprint
from marshmallow import Schema

from adjudicator.service.authority import EVERYONE, OFFICIAL, TABLE, Anonymous, Operation
from adjudicator.service.credentials import Role
from api.declare.answers import JSON, Answer, ProblemType, Resource, query_parameters

F = TypeVar("F", bound=Callable[..., Any])
#: A Flask rule's variable (``<uuid:hand_id>``, ``<int(max=9):round_number>``): OpenAPI's ``{hand_id}``.
_VARIABLE: Final = re.compile(r"<(?:[^<>:]+:)?(\w+)>")
_DECLARED: Final[dict[Blueprint, list[Declared]]] = {}

__all__ = [
    "EVERYONE",
    "OFFICIAL",
    "TABLE",
    "Declared",
    "ProblemType",
    "Routes",
    "declarations",
    "route",
]


@dataclass(frozen=True, slots=True)
class Declared:
    """One operation of the contract, as its route declares it."""

    method: str
    path: str
    operation_id: str
    summary: str
    policy: Operation
    responses: Mapping[str, Any]
    description: str | None = None
    parameters: Sequence[Mapping[str, Any]] = ()
    query: type[Schema] | None = None
    body: Mapping[str, Any] | type[Schema] | None = None
    media: Mapping[str, Any] = field(default_factory=dict)
    problems: Sequence[str | ProblemType] = ()

    def operation(self) -> dict[str, Any]:
        """The OpenAPI operation object (before the shared passes add security, tags and examples)."""
        built: dict[str, Any] = {"summary": self.summary}
        if self.description is not None:
            built["description"] = self.description
        built["operationId"] = self.operation_id
        parameters = [*self.parameters, *(query_parameters(self.query) if self.query else [])]
        if parameters:
            built["parameters"] = parameters
        if self.body is not None or self.media:
            content = {**({JSON: {"schema": self.body}} if self.body is not None else {}), **self.media}
            built["requestBody"] = {"required": True, "content": content}
        built["responses"] = dict(self.responses)
        return built


def route(
    blueprint: Blueprint,
    rule: str,
    operation_id: str,
    *,
    summary: str,
    roles: tuple[Role, ...],
    responses: Mapping[str, Any],
    anonymous: Anonymous = "never",
    description: str | None = None,
    parameters: Sequence[Mapping[str, Any]] = (),
    query: type[Schema] | None = None,
    body: Mapping[str, Any] | type[Schema] | None = None,
    media: Mapping[str, Any] | None = None,
    problems: Sequence[str | ProblemType] = (),
) -> Callable[[F], F]:
    """Serve the view at ``rule`` (``"METHOD /path/<converter:name>"``) on ``blueprint``, declared as
    the operation ``operation_id``: ``roles`` may call it, ``anonymous`` says what a caller without a
    credential reads (a write: never), ``query`` is its query's schema, ``body`` its JSON body's
    schema (``media``: other media types it takes), ``responses`` its answers by status, ``problems``
    the problem types it may answer beyond the shared ones."""
    method, _, flask_rule = rule.partition(" ")
    write = method != "GET"
    if write and anonymous != "never":
        raise ValueError(f"{operation_id}: a write is never anonymous")
    declared = Declared(
        method=method.lower(),
        path=_VARIABLE.sub(r"{\1}", flask_rule),
        operation_id=operation_id,
        summary=summary,
        policy=Operation(tuple(roles), write, anonymous),
        responses=responses,
        description=description,
        parameters=parameters,
        query=query,
        body=body,
        media=media or {},
        problems=problems,
    )

    def serve(view: F) -> F:
        view.operation_id = operation_id  # type: ignore[attr-defined]
        view.declared = declared  # type: ignore[attr-defined]  # what api.auth reads per request
        blueprint.add_url_rule(flask_rule, view_func=view, methods=[method])
        _DECLARED.setdefault(blueprint, []).append(declared)
        return view

    return serve


def declarations(blueprint: Blueprint) -> list[Declared]:
    """The operations ``blueprint`` serves, in the order its routes declared them."""
    return list(_DECLARED.get(blueprint, ()))


class Routes:
    """The routes of one resource on ``blueprint``, under ``prefix`` (its id's path): its reads and the
    POSTs that record its events, declared in a line or two each."""

    def __init__(self, blueprint: Blueprint, resource: Resource, prefix: str) -> None:
        self.blueprint, self.resource, self.prefix = blueprint, resource, prefix

    def read(
        self,
        rule: str,
        operation_id: str,
        summary: str,
        schema: Answer,
        *,
        anonymous: Anonymous = "never",
        extra: Sequence[dict[str, Any]] = (),
        query: type[Schema] | None = None,
        answers: dict[str, Any] | None = None,
        described: str | None = None,
        description: str | None = None,
    ) -> Callable[[F], F]:
        """A GET of the resource (or a part of it) that everyone may call: its id, If-None-Match and
        ``extra`` parameters; 200 (``schema``, ``described`` or as the summary says), 304, ``answers``,
        404."""
        return route(
            self.blueprint,
            f"GET {self.prefix}{rule}",
            operation_id,
            summary=summary,
            description=description,
            roles=EVERYONE,
            anonymous=anonymous,
            parameters=self.resource.reading(*extra),
            query=query,
            responses=self.resource.read(schema, described or summary[0].lower() + summary[1:], answers),
        )

    def record(
        self,
        rule: str,
        operation_id: str,
        summary: str,
        body: Mapping[str, Any] | type[Schema],
        *,
        roles: tuple[Role, ...],
        responses: Mapping[str, Any],
        extra: Sequence[dict[str, Any]] = (),
        description: str | None = None,
    ) -> Callable[[F], F]:
        """A POST recording events on the resource, if it is at the version If-Match names."""
        return route(
            self.blueprint,
            f"POST {self.prefix}{rule}",
            operation_id,
            summary=summary,
            description=description,
            roles=roles,
            parameters=self.resource.writing(*extra),
            body=body,
            responses=responses,
        )

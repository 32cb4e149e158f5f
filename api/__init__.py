"""The rulings service: a Flask app over the hand store, its read models following in the background.

>>> app = create_app({"ADJUDICATOR_PERSISTENCE": {"SQLITE_DBNAME": "/tmp/events.db"}})  # doctest: +SKIP

Configuration (all optional): ``ADJUDICATOR_PERSISTENCE``, eventsourcing settings that override the
environment's; ``ADJUDICATOR_READ_DB``, the read-model file; ``ADJUDICATOR_READ_MODELS``, whether
to keep the read models current (default true); ``ADJUDICATOR_STORE``, an already open
``HandStore`` to share. Bodies are held to ``MAX_CONTENT_LENGTH`` (1 MiB), chunked or not, and to
I-JSON (``api.request``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from adjudicator.service.readmodels import ReadModels
from adjudicator.service.store import HandStore
from adjudicator.service.tournament_store import TournamentStore
from api.problems import install
from api.request import MAX_BODY, JSONRequest, StrictJSONProvider, bound_body
from api.routes import BLUEPRINTS


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """One app, one store (one eventsourcing application) per process."""
    app = Flask(__name__)
    app.request_class = JSONRequest
    app.json = StrictJSONProvider(app)
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_BODY,
        ADJUDICATOR_PERSISTENCE={},
        ADJUDICATOR_READ_DB=None,
        ADJUDICATOR_READ_MODELS=True,
        ADJUDICATOR_STORE=None,
    )
    app.config.update(config or {})
    store = app.config["ADJUDICATOR_STORE"] or HandStore(app.config["ADJUDICATOR_PERSISTENCE"])
    app.extensions["adjudicator.service.store"] = store
    tournaments = TournamentStore(store)
    app.extensions["adjudicator.tournaments"] = tournaments
    if app.config["ADJUDICATOR_READ_MODELS"]:
        read_models = ReadModels(store, app.config["ADJUDICATOR_READ_DB"], tournaments)
        read_models.start()
        app.extensions["adjudicator.read_models"] = read_models
    # A chunked body is held to the same limit as one with a Content-Length (api.request).
    app.wsgi_app = bound_body(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])  # type: ignore[method-assign,assignment]
    install(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    return app


__all__ = ["create_app"]

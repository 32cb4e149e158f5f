"""The rulings service: a Flask app over the hand store, its read models following in the background.

>>> app = create_app({"ADJUDICATOR_PERSISTENCE": {"SQLITE_DBNAME": "/tmp/events.db"}})  # doctest: +SKIP

Configuration (all optional): ``ADJUDICATOR_PERSISTENCE``, eventsourcing settings that override the
environment's; ``ADJUDICATOR_READ_DB``, the read-model file; ``ADJUDICATOR_READ_MODELS``, whether
to keep the read models current (default true); ``ADJUDICATOR_STORE``, an already open
``HandStore`` to share; ``ADJUDICATOR_CREDENTIALS``, an open ``CredentialStore`` (default: the
``credentials`` table of the events' database); ``ADJUDICATOR_ANONYMOUS_READS``, what a request
without a credential reads: ``finished`` hands (default) or ``none`` (environment variable of the
same name); ``ADJUDICATOR_LOG_FORMAT``, the request log's ``text`` (default) or ``json``
(``api.access``; environment variable of the same name). Bodies are held to ``MAX_CONTENT_LENGTH``
(1 MiB), chunked or not, and to I-JSON (``api.request``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask

from adjudicator.service.authority import anonymous_reads
from adjudicator.service.credentials import CredentialStore
from adjudicator.service.readmodels import ReadModels
from adjudicator.service.store import HandStore
from adjudicator.service.tournament_store import TournamentStore
from api import access
from api import metrics as metrics_route
from api.auth import EXTENSION, authenticate
from api.console import blueprint as console
from api.console import home
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
        ADJUDICATOR_CREDENTIALS=None,
        ADJUDICATOR_ANONYMOUS_READS=os.environ.get("ADJUDICATOR_ANONYMOUS_READS"),
    )
    app.config.update(config or {})
    app.config["ADJUDICATOR_ANONYMOUS_READS"] = anonymous_reads(app.config["ADJUDICATOR_ANONYMOUS_READS"])
    store = app.config["ADJUDICATOR_STORE"] or HandStore(app.config["ADJUDICATOR_PERSISTENCE"])
    app.extensions["adjudicator.service.store"] = store
    credentials = app.config["ADJUDICATOR_CREDENTIALS"] or CredentialStore(store.events.app.env.get)
    app.extensions[EXTENSION] = credentials
    tournaments = TournamentStore(store)
    app.extensions["adjudicator.tournaments"] = tournaments
    if app.config["ADJUDICATOR_READ_MODELS"]:
        read_models = ReadModels(store, app.config["ADJUDICATOR_READ_DB"], tournaments)
        read_models.start()
        app.extensions["adjudicator.read_models"] = read_models
    # A chunked body is held to the same limit as one with a Content-Length (api.request).
    app.wsgi_app = bound_body(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])  # type: ignore[method-assign,assignment]
    install(app)
    app.before_request(authenticate)
    access.install(app)  # a request id and a log line for every request, timed from the first hook
    app.register_blueprint(metrics_route.blueprint)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.register_blueprint(console)
    app.add_url_rule("/", "console_home", home)
    return app


__all__ = ["create_app"]

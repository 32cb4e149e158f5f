"""The rulings service: a Flask app over the hand store, its read models following in the background.

>>> app = create_app({"ADJUDICATOR_PERSISTENCE": {"SQLITE_DBNAME": "/tmp/events.db"}})  # doctest: +SKIP

Configuration (all optional): ``ADJUDICATOR_PERSISTENCE``, eventsourcing settings that override the
environment's; ``ADJUDICATOR_READ_DB``, the read-model file; ``ADJUDICATOR_READ_MODELS``, whether
to keep the read models current (default true); ``ADJUDICATOR_STORE``, an already open
``HandStore`` to share; ``ADJUDICATOR_CREDENTIALS``, an open ``CredentialStore`` (default: the
``credentials`` table of the events' database); ``ADJUDICATOR_ANONYMOUS_READS``, what a request
without a credential reads: ``finished`` hands (default) or ``none`` (environment variable of the
same name); ``ADJUDICATOR_TRUSTED_PROXIES``, how many reverse proxies in front of the service set
``X-Forwarded-For``/``-Proto``/``-Host``/``-Port``/``-Prefix`` (default 0: none is believed), as
Flask's ProxyFix documents; ``ADJUDICATOR_LOG_FORMAT``, the request log's ``text`` (default) or
``json`` (``api.request_log``; environment variable of the same name). Bodies are held to
``MAX_CONTENT_LENGTH`` (1 MiB), chunked or not, and to I-JSON (``api.request``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from adjudicator.bootstrap import ANONYMOUS, PUBLIC_URL, TRUSTED_PROXIES, bootstrap, settings_problems
from adjudicator.service.authority import anonymous_reads
from adjudicator.service.rulebook import checks
from adjudicator.wire.schemas.hand_events import load_events
from api import metrics as metrics_route
from api.auth import CARDS, EXTENSION, authenticate, private
from api.console import blueprint as console
from api.console import home
from api.problems import install
from api.request import MAX_BODY, JSONRequest, StrictJSONProvider, bound_body, preconditions, synced_once
from api.request_log import log_requests
from api.routes import BLUEPRINTS
from api.routes.health import EVENTS
from api.spec import served

LOG = logging.getLogger("adjudicator")


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """One app, one store (one eventsourcing application) per process; ValueError, a line for each
    setting of the environment it does not accept, before anything is opened."""
    problems = settings_problems()
    if problems:
        raise ValueError("\n".join(problems))
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
        ADJUDICATOR_ANONYMOUS_READS=ANONYMOUS.value(),
        ADJUDICATOR_PUBLIC_URL=PUBLIC_URL.get(),  # the table cards' QR codes (serve --hall sets it)
        ADJUDICATOR_TRUSTED_PROXIES=TRUSTED_PROXIES.value(),
        ADJUDICATOR_CHECK_EXAMPLES=True,  # the living rulebook's examples, run by this engine on start
    )
    app.config.update(config or {})
    app.config["ADJUDICATOR_ANONYMOUS_READS"] = anonymous_reads(app.config["ADJUDICATOR_ANONYMOUS_READS"])
    services = bootstrap(
        app.config["ADJUDICATOR_PERSISTENCE"],
        app.config["ADJUDICATOR_READ_DB"],
        bool(app.config["ADJUDICATOR_READ_MODELS"]),
        app.config["ADJUDICATOR_STORE"],
        app.config["ADJUDICATOR_CREDENTIALS"],
    )
    services.declare_metrics()  # listed by GET /metrics at zero before their first use
    app.extensions["adjudicator.adapters.hand_store"] = services.hands
    app.extensions[EVENTS] = services.events
    app.extensions[EXTENSION] = services.credentials
    app.extensions[CARDS] = services.cards
    app.extensions["adjudicator.tournaments"] = services.tournaments
    app.extensions["adjudicator.days"] = services.days
    app.extensions["adjudicator.players"] = services.players
    if services.read_models is not None:
        app.extensions["adjudicator.read_models"] = services.read_models
        app.extensions["adjudicator.calls"] = services.calls  # the officials' queue
        app.extensions["adjudicator.live"] = services.live
    # A chunked body is held to the same limit as one with a Content-Length (api.request).
    app.wsgi_app = bound_body(app.wsgi_app, app.config["MAX_CONTENT_LENGTH"])  # type: ignore[method-assign,assignment]
    proxies = trusted_proxies(app.config["ADJUDICATOR_TRUSTED_PROXIES"])
    app.config["ADJUDICATOR_TRUSTED_PROXIES"] = proxies
    if proxies:  # the client's address, scheme (a Secure cookie over HTTPS), host and prefix
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies, x_prefix=proxies
        )
    app.ensure_sync = synced_once(app.ensure_sync)  # type: ignore[method-assign,assignment]
    install(app)
    app.before_request(authenticate)
    app.after_request(private)  # an answer that depends on its reader is private to it
    app.before_request(preconditions)
    log_requests(app)  # a request id and a log line for every request, timed from the first hook
    app.register_blueprint(metrics_route.blueprint)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    load_events.ready()  # the hand events' schemas, made once per process before the first request
    app.register_blueprint(served.blueprint)  # the contract, as it is served
    app.register_blueprint(console)
    app.add_url_rule("/", "console_home", home)
    if app.config["ADJUDICATOR_CHECK_EXAMPLES"]:
        ensure_checked()
    return app


def ensure_checked() -> None:
    """The living rulebook's examples checked for this engine, once per version, in a process of its
    own at the lowest priority (``checks``): readiness does not wait for it, nor do requests."""
    try:
        checks.ensure()
    except OSError as error:
        LOG.warning("the living rulebook's outcomes cannot be kept: %s", error)


def trusted_proxies(value: object) -> int:
    """How many proxies in front of the service to believe (``X-Forwarded-*``): a whole number."""
    return TRUSTED_PROXIES.parse(str(value))


__all__ = ["create_app"]

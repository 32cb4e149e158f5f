"""The routes: thin adapters from HTTP to the service layer's use cases, and back.

Every response carries the resource's version as a strong ``ETag`` (``"N"``): send it back in
``If-Match`` to record events only if nothing was recorded meanwhile (else 412), or in
``If-None-Match`` to get a 304 when nothing changed. A route loads its body or query through a
schema, calls one use case and dumps its answer; what the use case refuses becomes a problem in
``api.problems``. Each route declares its operation beside it (``api.declare.route``): the contract
(``api.spec``) and the roles that may call it come from there.
"""

from flask import Blueprint

from api.routes.calls import blueprint as calls
from api.routes.clocks import blueprint as clocks
from api.routes.days import blueprint as days
from api.routes.exports import blueprint as exports
from api.routes.finals import blueprint as finals
from api.routes.hall import blueprint as hall
from api.routes.hands import blueprint as hands
from api.routes.health import blueprint as health
from api.routes.live import blueprint as live
from api.routes.players import blueprint as players
from api.routes.records import blueprint as records
from api.routes.table_cards import blueprint as table_cards
from api.routes.table_tokens import blueprint as table_tokens
from api.routes.tournaments import blueprint as tournaments

BLUEPRINTS: tuple[Blueprint, ...] = (
    hands,
    tournaments,
    hall,
    records,
    health,
    calls,
    live,
    table_tokens,
    table_cards,
    exports,
    days,
    players,
    finals,
    clocks,
)

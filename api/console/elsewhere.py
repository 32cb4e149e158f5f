"""``/console/hands/{id}/rulebooks``: a Bid Whist hand ruled under each Bid Whist rulebook side by
side (``adjudicator.service.elsewhere``), in words, for officials of travelling players."""

from __future__ import annotations

from uuid import UUID

from flask import Response
from werkzeug.exceptions import NotFound

from adjudicator.domain import words as say
from adjudicator.domain.rulebooks import get_ruleset
from adjudicator.domain.when import when
from adjudicator.service import elsewhere
from adjudicator.service import hands as use
from api.auth import sight
from api.console.blueprint import blueprint
from api.console.render import page
from api.problems import Problem
from api.routes.hands import hands


@blueprint.get("/hands/<uuid:hand_id>/rulebooks")
def under_each_rulebook(hand_id: UUID) -> Response:
    try:
        compared = elsewhere.compare(hands(), hand_id, sight())
    except elsewhere.HiddenHere as error:
        raise Problem(403, "forbidden", "Not yet", str(error)) from None
    if compared is None:
        raise NotFound("only a Bid Whist hand is compared under the Bid Whist rulebooks")
    books = say.moments(use.state(hands(), hand_id, None, sight()))

    def where(n: int) -> str:
        """Where a rulebook's refusal stops the record, as the table says it: "the bidding, 2nd bid"."""
        return when(compared.events, n, books, compared.finished)

    return page("hands/rulebooks.html", c=compared, ruleset=get_ruleset(compared.ruleset), where=where)

"""The director's desk: a tournament run from the browser, every action a plain form.

Each form posts to a page of its own (``/console/desk/…``), which records its event through the same
use case as the REST API's route (``adjudicator.service.tournaments``) and redirects back (POST, then
redirect, then GET). A refusal is the page again, with the engine's reason in words and nothing
recorded. A mistake is undone by the event that corrects it (a correction, a ruling), never an edit.
"""

from __future__ import annotations

from api.console.desk import cards, clocks, playoff, rounds, setup, sheets, staff, table, tokens

#: The modules whose routes the console's blueprint holds (imported for their registrations).
PAGES = (setup, rounds, sheets, clocks, playoff, table, tokens, cards, staff)

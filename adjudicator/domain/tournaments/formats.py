"""A tournament's rulebook looked up by its ruleset id, as a ``tournament_created`` event names it.

The formats themselves live with the rest of each rulebook (``adjudicator.domain.rulebooks.detroit`` ...
``TOURNAMENT``); this module only turns an unknown id into an ``IllegalEvent`` on the event's field.
"""

from __future__ import annotations

from typing import Final

from adjudicator.domain.events import IllegalEvent
from adjudicator.domain.rulebooks import TOURNAMENT_FORMATS, TournamentFormat

FORMATS: Final[dict[str, TournamentFormat]] = TOURNAMENT_FORMATS


def get_format(ruleset: object) -> TournamentFormat:
    """The tournament format of a ruleset id; an unknown id is refused as the event's ``ruleset``."""
    if not isinstance(ruleset, str) or ruleset not in FORMATS:
        raise IllegalEvent(f"unknown ruleset {ruleset!r}: choose one of {', '.join(FORMATS)}", "ruleset")
    return FORMATS[ruleset]


__all__ = ["FORMATS", "TournamentFormat", "get_format"]

"""Who writes: the author every recorded event names, and the roles credentials carry.

``official``: every write (choices, findings, corrections, tournament administration);
``scorekeeper``: the table's own events and its team's signature; ``viewer``: reads only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

Role = Literal["official", "scorekeeper", "viewer"]
ROLES: Final[tuple[Role, ...]] = ("official", "scorekeeper", "viewer")


@dataclass(frozen=True, slots=True)
class Author:
    """The name and role of the credential that recorded an event."""

    name: str
    role: Role

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "role": self.role}

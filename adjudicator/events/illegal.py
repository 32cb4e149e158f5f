"""The one error of the domain: an event that is malformed or could not have happened."""

from __future__ import annotations


class IllegalEvent(ValueError):
    """An event that is malformed or could not have happened; nothing of it is recorded.

    ``field`` is a JSON-pointer-like path inside the event (``cards/2``), ``index`` the 1-based
    position the event would have taken in the hand's log.
    """

    def __init__(self, message: str, field: str | None = None, index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.index = index

    def at(self, index: int) -> IllegalEvent:
        self.index = index
        return self

    def to_dict(self) -> dict[str, object]:
        return {"message": self.message, "field": self.field, "index": self.index}

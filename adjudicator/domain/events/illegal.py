"""The one error of the domain: an event that is malformed or could not have happened."""

from __future__ import annotations

from adjudicator.domain.citations import Citation


class IllegalEvent(ValueError):
    """An event that is malformed or could not have happened; nothing of it is recorded.

    ``field`` is a JSON-pointer-like path inside the event (``cards/2``), ``index`` the 1-based
    position the event would have taken in the hand's log. ``message`` says why to a reader who
    sees every card of the hand; ``public``, when the reason rests on a concealed card (who holds
    it, the kitty, the discard), says it without them, for a reader who may not see them
    (``words``): "north does not hold 9D", never "east does".
    """

    def __init__(
        self,
        message: str,
        field: str | None = None,
        index: int | None = None,
        public: str | None = None,
        citations: tuple[Citation, ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.index = index
        self.public = message if public is None else public
        #: The sections a refusal rests on, where it cites them (an entry refused), for the reader.
        self.citations = citations

    def at(self, index: int) -> IllegalEvent:
        self.index = index
        return self

    def words(self, sees_cards: bool) -> str:
        """Why, in the words a reader may read: whether it ``sees_cards`` the hand conceals."""
        return self.message if sees_cards else self.public

    def to_dict(self) -> dict[str, object]:
        return {"message": self.message, "field": self.field, "index": self.index}


class ConflictsWithDeal(IllegalEvent):
    """An event the table could have recorded but the record of its concealed cards says could not
    have happened: ``seat`` does not hold the card as the recorded deal (the discard, an exchange,
    an inspection) has it. Only a reader who sees those cards may be told so; for anyone else the
    event is the table's account of what happened, and the disagreement is an official's to settle
    (``adjudicator.domain.table.table``). ``public`` says it without the concealed cards."""

    def __init__(self, message: str, field: str | None, seat: str, public: str | None = None) -> None:
        super().__init__(message, field, public=public)
        self.seat = seat

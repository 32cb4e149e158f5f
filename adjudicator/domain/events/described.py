"""The registry of event types: one ``EventType`` per ``type`` says everything about it.

Its members (what each holds, with its bounds), how it is read into a typed event, who may record
it, where the hand record's text writes it, how it is said aloud, and the form a scorekeeper fills
in at the table. Parsing, the API's schemas and contract, the roles' check, the text record, the
narration and the recorder's forms all read it from here (``adjudicator.domain.events.vocabulary`` holds
the descriptions), so that an event type is described once. The registry is live: what is derived
from it (``Derived``) follows a type registered later, as a test registers one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Literal, Protocol, TypeVar

from adjudicator.domain.cards import Card
from adjudicator.domain.events.shapes import Member

T = TypeVar("T")
#: Where the hand record's text writes an event (``adjudicator.domain.handfile``).
Section = Literal["Auction", "Play", "Irregularities"]
#: Who records an event: the table's scorekeeper (and an official), or an official only.
Recorder = Literal["table", "official"]
Said = Callable[[Mapping[str, Any]], str]


class Words(Protocol):
    """What parsing asks of a game: which cards exist, and what its bids are."""

    @property
    def deck(self) -> Mapping[Card, int]: ...

    def parse_bid(self, text: object) -> Any: ...


#: A typed event: one of ``kinds.Event``, or the dataclass of a type described after them.
Reader = Callable[[Mapping[str, object], Words, str], object]


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a recorder's form: the member it fills, and what the scorekeeper reads beside it.

    ``choices``: the values offered (the member's own when empty: the seats, or its ``one_of``);
    ``optional``: left empty, the member is left out, and ``empty`` says what that means."""

    member: str
    label: str
    optional: bool = False
    choices: tuple[str, ...] = ()
    empty: str = "nobody"


@dataclass(frozen=True, slots=True)
class Form:
    """The form a scorekeeper (or an official) fills in at the table to record one event."""

    title: str
    submit: str
    fields: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class EventType:
    """Everything about one type of hand event.

    ``build`` makes the typed event from its members as read, unless ``read`` reads it its own way
    (a deal, a bid, a correction); ``official_when``: member values that make the event an
    official's even where the table records the type (a choice ``by: official``)."""

    name: str
    members: Mapping[str, Member]
    build: Callable[..., object]
    narrate: Said
    recorded_by: Recorder = "official"
    official_when: Mapping[str, object] = field(default_factory=dict)
    section: Section = "Irregularities"
    read: Reader | None = None
    form: Form | None = None

    def recorded_by_table(self, event: Mapping[str, Any]) -> bool:
        """Whether the table's scorekeeper may record this event."""
        return self.recorded_by == "table" and not any(
            event.get(name) == value for name, value in self.official_when.items()
        )


REGISTRY: Final[dict[str, EventType]] = {}
#: Every event type's name, in the order they were described (a live view of the registry).
EVENT_TYPES: Final = REGISTRY.keys()


def register(described: EventType) -> EventType:
    """Add an event type; its name must be new."""
    if described.name in REGISTRY:
        raise ValueError(f"the event type {described.name!r} is described already")
    unknown = (
        [f.member for f in described.form.fields if f.member not in described.members]
        if described.form
        else []
    )
    if unknown:
        raise ValueError(f"the form of {described.name!r} fills no member {unknown[0]!r}")
    REGISTRY[described.name] = described
    return described


def unregister(name: str) -> None:
    """Take an event type out again (a test's own type, once the test is over)."""
    del REGISTRY[name]


class Derived(Mapping[str, T], Generic[T]):
    """What ``make`` derives from each registered event type, made once per description and kept in
    step with the registry: a type registered later has its own, one taken out has none."""

    def __init__(self, make: Callable[[EventType], T]) -> None:
        self._make = make
        self._made: dict[str, tuple[EventType, T]] = {}

    def __getitem__(self, name: str) -> T:
        described = REGISTRY[name]
        made = self._made.get(name)
        if made is None or made[0] is not described:
            made = self._made[name] = (described, self._make(described))
        return made[1]

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)

    def __contains__(self, name: object) -> bool:
        return name in REGISTRY


#: Each event type's members, by type: the shape parsing and the API's schemas read.
SHAPES: Final[Mapping[str, Mapping[str, Member]]] = Derived(lambda described: described.members)

"""The event vocabulary of a hand: one description per event type (``described``, the descriptions
in ``vocabulary``), typed events (``kinds``), parsing (``parse``), narration (``narration``).

Every fact an official or scorekeeper records about one hand is one of these events.
"""

from adjudicator.domain.events import vocabulary as _vocabulary  # noqa: F401  (registers every event type)
from adjudicator.domain.events.described import (
    EVENT_TYPES,
    REGISTRY,
    SHAPES,
    Derived,
    EventType,
    Field,
    Form,
    Words,
    register,
    unregister,
)
from adjudicator.domain.events.forms import recorder_forms
from adjudicator.domain.events.illegal import IllegalEvent
from adjudicator.domain.events.kinds import (
    BidMade,
    Choice,
    Close,
    Concede,
    Correct,
    CorrectRecord,
    Deal,
    Declare,
    Discard,
    Event,
    Exchange,
    Expose,
    Finding,
    Hesitation,
    Inspect,
    Misdeal,
    Play,
    RenegeCall,
    Scoped,
    ScoreConfirmation,
    TechCall,
    WrongDealer,
)
from adjudicator.domain.events.narration import narrate
from adjudicator.domain.events.parse import parse_event
from adjudicator.domain.events.shapes import (
    CHOOSERS,
    CONDUCT_INFRACTIONS,
    DIRECTIONS,
    HESITATION_PENALTIES,
    MISDEAL_REASONS,
    TECH_INFRACTIONS,
    VERDICTS,
    Member,
)

__all__ = [
    "CHOOSERS",
    "CONDUCT_INFRACTIONS",
    "DIRECTIONS",
    "EVENT_TYPES",
    "HESITATION_PENALTIES",
    "MISDEAL_REASONS",
    "REGISTRY",
    "SHAPES",
    "TECH_INFRACTIONS",
    "VERDICTS",
    "BidMade",
    "Choice",
    "Close",
    "Concede",
    "Correct",
    "CorrectRecord",
    "Deal",
    "Declare",
    "Derived",
    "Discard",
    "Event",
    "EventType",
    "Exchange",
    "Expose",
    "Field",
    "Finding",
    "Form",
    "Hesitation",
    "IllegalEvent",
    "Inspect",
    "Member",
    "Misdeal",
    "Play",
    "RenegeCall",
    "Scoped",
    "ScoreConfirmation",
    "TechCall",
    "Words",
    "WrongDealer",
    "narrate",
    "parse_event",
    "recorder_forms",
    "register",
    "unregister",
]

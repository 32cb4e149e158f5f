"""The event vocabulary of a hand: its shapes (``shapes``), typed events (``kinds``), parsing (``parse``).

Every fact an official or scorekeeper records about one hand is one of these events.
"""

from adjudicator.events.illegal import IllegalEvent
from adjudicator.events.kinds import (
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
    Hesitation,
    Inspect,
    Misdeal,
    Play,
    RenegeCall,
    TechCall,
    WrongDealer,
)
from adjudicator.events.parse import Words, parse_event
from adjudicator.events.shapes import (
    CHOOSERS,
    DIRECTIONS,
    EVENT_TYPES,
    HESITATION_PENALTIES,
    MISDEAL_REASONS,
    SHAPES,
    TECH_INFRACTIONS,
    Member,
)

__all__ = [
    "CHOOSERS",
    "DIRECTIONS",
    "EVENT_TYPES",
    "HESITATION_PENALTIES",
    "MISDEAL_REASONS",
    "SHAPES",
    "TECH_INFRACTIONS",
    "BidMade",
    "Choice",
    "Close",
    "Concede",
    "Correct",
    "CorrectRecord",
    "Deal",
    "Declare",
    "Discard",
    "Event",
    "Exchange",
    "Expose",
    "Hesitation",
    "IllegalEvent",
    "Inspect",
    "Member",
    "Misdeal",
    "Play",
    "RenegeCall",
    "TechCall",
    "Words",
    "WrongDealer",
    "parse_event",
]

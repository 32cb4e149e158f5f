"""What no real hand reaches: the bounds every entry point (API, import, text record) holds hands to.

A Bid Whist hand records about 60 events (a deal, up to 8 bids, a discard and a declaration, 52 plays
with their books; Bid Euchre fewer); calls, findings, choices and corrections add a handful, and even
a hand corrected event by event (every event replaced once: about 120) and then argued over stays
far below ``MAX_HAND_EVENTS``. A log that long is a script, not a table: refusing it keeps every
answer about one hand (its events, rulings, record, console page) small.
"""

from __future__ import annotations

from typing import Final

from adjudicator.domain.events import IllegalEvent

#: The most events one hand may hold: 5 times a real hand, corrections and calls included.
MAX_HAND_EVENTS: Final = 300
#: The most digits of a number a text record writes (an event's number, a kitty position).
MAX_DIGITS: Final = 6
#: The most tables a tournament seats (and so the highest table number anything names).
MAX_TABLE: Final = 1000
#: The highest event number a reader may ask a log about (``at``, ``after``): beyond any log kept.
MAX_POSITION: Final = 10_000_000
#: The most events one import may bring, every hand's together: 200 hands of a real hand's 60.
MAX_IMPORT_EVENTS: Final = 12_000


def check_hand_size(version: int, adding: int) -> None:
    """Refuse events that would take a hand past ``MAX_HAND_EVENTS`` (``IllegalEvent`` naming the
    first one over): ``version``, the events it holds; ``adding``, how many would follow."""
    if version + adding > MAX_HAND_EVENTS:
        first = max(version, MAX_HAND_EVENTS) + 1
        raise IllegalEvent(
            f"a hand holds at most {MAX_HAND_EVENTS} events (a real one about 60, calls and corrections "
            f"included): this one holds {version}, and {adding} more would make {version + adding}",
            index=first,
        )

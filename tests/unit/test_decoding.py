"""``Decoder.state`` reads a stored state exactly as the mapper's transcoder does, or fails as it does."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

from eventsourcing.persistence import StoredEvent
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.adapters.decoding import Decoder
from adjudicator.adapters.hand_store import Hand, HandStore

STORE = HandStore({"PERSISTENCE_MODULE": "eventsourcing.popo"})
MAPPER = STORE.app.mapper
DECODER = Decoder(MAPPER)
TRANSCODER: Any = MAPPER.transcoder


def same(value: bytes) -> None:
    """Both decode ``value`` to equal values (NaN compared by its text), or both raise."""
    try:
        expected: Any = TRANSCODER.decode(value)
    except Exception as error:
        try:
            DECODER.state(value)
        except Exception as mine:
            assert type(mine) is type(error)
            return
        raise AssertionError(f"{value!r}: the mapper fails ({error}) but the decoder does not") from None
    actual = DECODER.state(value)
    assert repr(actual) == repr(expected) and type(actual) is type(expected), value


TRICKY = [
    b'{"a":1,"a":2}',
    b"[1e400, -1e400]",
    b"[NaN, Infinity, -Infinity]",
    b'"\\ud800"',
    b'"\\u005ftype_"',
    b'{"\\u005ftype_": "datetime_iso", "_data_": "2026-01-01T00:00:00+00:00"}',
    b"123456789012345678901234567890",
    b"-9223372036854775809",
    b"18446744073709551616",
    b"[0.1, 5e-324, 2.2250738585072011e-308, 1.7976931348623157e308, 9007199254740993, -0, -0.0]",
    b"\xef\xbb\xbf{}",
    b'"\xed\xa0\x80"',
    b'"a\tb"',
    b'{"a": "\\"_type_\\""}',
    b'{"timestamp": {"_type_": "datetime_iso", "_data_": "2026-01-01T00:00:00+00:00"}, "x": 1}',
    b'{"timestamp": {"_type_": "nonesuch", "_data_": 1}}',
    b'{"timestamp": {"_type_": "datetime_iso", "_data_": "not a date"}}',
    b'{"timestamp": {"_type_": ["list"], "_data_": 1}}',
    b'{"timestamp": {"_type_": "decimal_str", "_data_": "1.5"}, "y": {"_type_": "uuid_hex", "_data_": "0"}}',
    b'{"timestamp": {"_type_": "uuid_hex"}}',
    b'{"_type_": "uuid_hex", "_data_": "' + uuid4().hex.encode() + b'"}',
    b"[1, 2,]",
    b"",
    b"  {}  ",
]


def test_tricky_states_decode_as_the_mapper_decodes_them() -> None:
    for value in TRICKY:
        same(value)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text()
    | st.sampled_from(["_type_", "_data_", "timestamp", '"_type_"', "\\u005f"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["_type_", "_data_", "timestamp", "entry", "a"]) | st.text(max_size=4),
            children,
            max_size=4,
        )
    ),
    max_leaves=20,
)


@given(json_values)
def test_any_json_the_mapper_writes_decodes_as_it_reads_it(value: Any) -> None:
    same(TRANSCODER.encode(value))


@given(json_values)
def test_a_stored_state_with_its_timestamp_decodes_as_the_mapper_reads_it(value: Any) -> None:
    same(TRANSCODER.encode({"timestamp": datetime.now(UTC), "entry": value, "n": math.pi}))


def test_an_event_decodes_to_the_mappers_domain_event() -> None:
    hand = Hand("texas", "north", None, 'a label with "quotes" and \\u005f and 12345678901234567890', None)
    hand.record({"type": "bid", "seat": "east", "bid": "4"}, "2026-01-01T00:00:00+00:00", None, "id-1")
    for event in hand.collect_events():
        stored = MAPPER.to_stored_event(event)
        mine, theirs = DECODER.event(stored), MAPPER.to_domain_event(stored)
        assert type(mine) is type(theirs) and vars(mine) == vars(theirs)
    broken = StoredEvent(hand.id, 3, stored.topic, b'{"entry": ')
    try:
        MAPPER.to_domain_event(broken)
    except Exception as error:
        expected = type(error)
    try:
        DECODER.event(broken)
    except Exception as error:
        assert type(error) is expected
    else:
        raise AssertionError("an undecodable record decoded")

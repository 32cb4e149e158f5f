"""Stored events decoded exactly as the library's mapper decodes them, in a third of the time.

Decoding the stored JSON was the largest cost of a rebuild after the hashes: the mapper parses each
record with the standard library's ``json`` and an ``object_hook`` (its ``JSONTranscoder``: a dict
of exactly ``_type_`` and ``_data_`` becomes the registered type, here the timestamp's datetime).
``Decoder.event`` gives the same domain event (class and members) as ``Mapper.to_domain_event``,
parsing with ``orjson`` where that is known to give the same values, and handing the record to the
mapper itself everywhere else:

- ``orjson`` reads integers beyond 64 bits as floats and refuses ``NaN``, ``Infinity`` and lone
  surrogates, which ``json`` reads: a record with a run of 19 digits, or that ``orjson`` refuses,
  goes to the mapper (which then decodes it, or fails as it always did);
- the hook's types: the mapper's encoder writes a ``_type_`` key as those bytes, and a ``"`` inside a
  string is escaped, so a record with no escape at all (no backslash) and one ``"_type_"``, the top
  level's ``timestamp``, has no other typed dict; that one is decoded by the mapper's own
  transcoding. Any other record goes to the mapper;
- a cipher or a compressor (the library's settings), another transcoder, or an event class that
  upcasts (``class_version``): every record goes to the mapper.

``tests/integration/test_rebuild_reads.py`` compares it with the mapper on the committed fixture
store and on stores written now, and ``tests/unit/test_decoding.py`` on generated JSON.
"""

from __future__ import annotations

from typing import Any

import orjson
from eventsourcing.persistence import JSONTranscoder, Mapper, StoredEvent, find_id_convertor
from eventsourcing.utils import resolve_topic

#: Every digit as ``0``, so that ``LONG_NUMBER in data.translate(DIGITS)`` finds nineteen digits in a
#: row (possibly an integer beyond 64 bits, which ``orjson`` reads as a float) at C speed: a regular
#: expression took longer than the parse itself on the records' hex digests.
DIGITS = bytes.maketrans(b"123456789", b"000000000")
LONG_NUMBER = b"0" * 19
TYPED = b'"_type_"'
#: The member of every stored event that the mapper's encoder writes as a typed dict.
STAMP = "timestamp"


class Decoder:
    """``Mapper.to_domain_event``, faster where it provably gives the same event."""

    def __init__(self, mapper: Mapper[Any]) -> None:
        self.mapper = mapper
        transcoder = mapper.transcoder
        self.fast = isinstance(transcoder, JSONTranscoder) and not mapper.cipher and not mapper.compressor
        self._decode = transcoder.decode
        self._names = transcoder.names if isinstance(transcoder, JSONTranscoder) else {}
        self._classes: dict[str, Any] = {}

    def state(self, data: bytes) -> Any:
        """What the mapper's transcoder decodes ``data`` to (and it raises where that raises)."""
        if b"\\" in data or LONG_NUMBER in data.translate(DIGITS):
            return self._decode(data)
        try:
            state = orjson.loads(data)
        except orjson.JSONDecodeError:
            return self._decode(data)
        typed = data.count(TYPED)
        if typed:
            stamp: Any = state.get(STAMP) if typed == 1 and type(state) is dict else None
            if type(stamp) is not dict or len(stamp) != 2 or "_data_" not in stamp or "_type_" not in stamp:
                return self._decode(data)
            transcoding = self._names.get(stamp["_type_"])
            if transcoding is None:
                return self._decode(data)
            state[STAMP] = transcoding.decode(stamp["_data_"])
        return state

    def event(self, stored: StoredEvent) -> Any:
        """The domain event ``Mapper.to_domain_event(stored)`` gives."""
        cls = self._classes.get(stored.topic)
        if cls is None:
            cls = self._classes[stored.topic] = resolve_topic(stored.topic)
        if not self.fast or getattr(cls, "class_version", 1) != 1:
            return self.mapper.to_domain_event(stored)
        try:
            state = self.state(stored.state)
        except Exception:
            return self.mapper.to_domain_event(stored)  # raises as it always did
        if type(state) is not dict or "class_version" in state:
            return self.mapper.to_domain_event(stored)
        originator_id = stored.originator_id
        id_type: Any = type(originator_id)
        state["originator_id"] = find_id_convertor(cls, id_type)(originator_id)
        state["originator_version"] = stored.originator_version
        event = object.__new__(cls)
        object.__setattr__(event, "__dict__", state)
        return event

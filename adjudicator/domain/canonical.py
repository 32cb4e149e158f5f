"""The one JSON encoding of a value: sorted keys, no spaces, UTF-8, tuples as arrays, UUIDs and times
as text. What a stored record's digest hashes (``adjudicator.adapters.chain``) and what tells whether
an event posted again under its id is the event recorded (``adjudicator.service.hands.repeated``).
"""

from __future__ import annotations

import json
import json.encoder
from datetime import datetime
from typing import Any
from uuid import UUID


def _plain(value: object) -> object:
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    return str(value)


#: ``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain)``'s
#: C encoder, made once: ``json.dumps`` builds one per call, a third of the time of hashing a record
#: (every record of a log read cold is hashed twice). None where the C speedups are missing.
_MAKE_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)
_ENCODE = (
    _MAKE_ENCODER(None, _plain, json.encoder.encode_basestring, None, ":", ",", True, False, True)
    if _MAKE_ENCODER is not None
    else None
)


def canonical(value: object) -> bytes:
    """The one JSON encoding of ``value``: sorted keys, no spaces, UTF-8 (tuples as arrays)."""
    if _ENCODE is not None and isinstance(value, dict):
        return "".join(_ENCODE(value, 0)).encode()
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain
    ).encode()

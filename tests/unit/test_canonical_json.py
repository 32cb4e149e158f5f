"""The hash chain's canonical JSON is exactly ``json.dumps``'s, made faster: stored hashes depend on it."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.adapters.chain import link, sha256
from adjudicator.domain.canonical import _plain, canonical

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


def reference(value: Any) -> bytes:
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_plain
    ).encode()


@settings(deadline=None)  # no wall-clock bound: the machine is shared
@given(st.dictionaries(st.text(), values, max_size=6))
def test_canonical_is_json_dumps_sorted_and_compact(value: dict[str, Any]) -> None:
    assert canonical(value) == reference(value)


def test_the_members_a_stored_event_carries_encode_as_before() -> None:
    value = {
        "stream": UUID(int=7),
        "timestamp": datetime(2026, 11, 23, 22, 0, 0, 123456, tzinfo=UTC),
        "state": {"entry": {"type": "play", "card": "10S", "cards": ("QH", "BJ")}, "note": "é ✓ \u2028"},
        "ids": frozenset({"b", "a"}),
    }
    assert canonical(value) == reference(value)
    assert canonical([1, {"b": 1, "a": 2}]) == reference([1, {"b": 1, "a": 2}])


@settings(deadline=None)
@given(st.text(), st.text(), st.integers())
def test_a_link_is_the_hash_of_its_canonical_json(prev: str, content: str, version: int) -> None:
    assert link(prev, content, version) == sha256({"prev": prev, "digest": content, "version": version})


def test_a_link_of_hex_digests_is_the_hash_of_its_canonical_json() -> None:
    prev, content = "0" * 64, "ab" * 32
    assert link(prev, content, 12) == sha256({"prev": prev, "digest": content, "version": 12})

"""The cache of replayed logs is bounded in bytes: the least recently used go first."""

from __future__ import annotations

from uuid import UUID, uuid4

import pytest

from adjudicator.adapters.eventlog import ViewCache
from adjudicator.adapters.settings import CACHE_ENV, budget


def test_the_least_recently_used_go_once_the_budget_is_passed() -> None:
    cache: ViewCache[str] = ViewCache(100)
    a, b, c = uuid4(), uuid4(), uuid4()
    cache.put(a, "a", 40)
    cache.put(b, "b", 40)
    assert cache.get(a) == "a"  # a is now the most recently used
    cache.put(c, "c", 40)
    assert cache.get(b) is None and cache.get(a) == "a" and cache.get(c) == "c"
    assert cache.used == 80 and len(cache) == 2


def test_a_view_weighed_again_replaces_its_old_weight() -> None:
    cache: ViewCache[str] = ViewCache(100)
    key = uuid4()
    cache.put(key, "small", 10)
    cache.put(key, "larger", 90)
    assert cache.used == 90 and cache.get(key) == "larger"
    cache.forget(key)
    assert cache.used == 0 and cache.get(key) is None


def test_many_small_views_fit_where_few_large_ones_do() -> None:
    cache: ViewCache[int] = ViewCache(10_000)
    keys: list[UUID] = [uuid4() for _ in range(100)]
    for n, key in enumerate(keys):
        cache.put(key, n, 100)
    assert len(cache) == 100
    cache.put(uuid4(), -1, 5_000)
    assert len(cache) == 51 and cache.used == 10_000


def test_a_view_larger_than_the_whole_budget_is_not_kept() -> None:
    cache: ViewCache[str] = ViewCache(100)
    kept, huge = uuid4(), uuid4()
    cache.put(kept, "kept", 50)
    cache.put(huge, "huge", 101)
    assert cache.get(huge) is None and cache.get(kept) == "kept"


@pytest.mark.parametrize(("setting", "expected"), [(None, 64_000_000), ("0", 0), ("1.5", 1_500_000)])
def test_the_budget_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, setting: str | None, expected: int
) -> None:
    if setting is None:
        monkeypatch.delenv(CACHE_ENV, raising=False)
    else:
        monkeypatch.setenv(CACHE_ENV, setting)
    assert budget() == expected


@pytest.mark.parametrize("setting", ["x", "-1", "nan"])
def test_a_budget_that_is_not_a_size_is_refused(monkeypatch: pytest.MonkeyPatch, setting: str) -> None:
    monkeypatch.setenv(CACHE_ENV, setting)
    with pytest.raises(ValueError, match=CACHE_ENV):
        budget()

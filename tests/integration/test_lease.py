"""The read models' lease: one holder at a time per read-model file, taken over once it lapses."""

from __future__ import annotations

from pathlib import Path

from adjudicator.adapters.readmodels.lease import Lease


def test_one_holder_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "read.db"
    first, second = Lease(path), Lease(path)
    assert first.hold() and not second.hold()
    assert first.hold(), "the holder renews"
    assert first.holder_now() == second.holder_now() == first.holder


def test_a_released_lease_is_taken_at_once(tmp_path: Path) -> None:
    path = tmp_path / "read.db"
    first, second = Lease(path), Lease(path)
    assert first.hold()
    second.release()  # only the holder's release counts
    assert not second.hold()
    first.release()
    assert first.holder_now() is None
    assert second.hold() and not first.hold()


def test_a_lapsed_lease_goes_to_the_next_that_asks(tmp_path: Path) -> None:
    path = tmp_path / "read.db"
    crashed = Lease(path, seconds=-1)  # held, but already lapsed: as after its holder died
    assert crashed.hold()
    assert crashed.holder_now() is None
    successor = Lease(path)
    assert successor.hold()
    assert not Lease(path, holder=crashed.holder).hold()  # the old holder, back, finds it taken
    assert successor.holder_now() == successor.holder

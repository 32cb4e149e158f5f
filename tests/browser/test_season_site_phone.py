"""The season's static site opened from the disk (``file://``) at a phone's width: the index lists the
public tournament, a tap opens its standings and medals, another a player's page; nothing is wider
than the screen but the tables' own scrolling box, and the links are large enough to tap."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.season_site import PRIVATE, PUBLIC, season_site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return season_site(tmp_path_factory.mktemp("season"))[0]


def test_the_site_reads_from_the_disk_on_a_phone(phone: Page, site: Path) -> None:
    phone.goto((site / "index.html").as_uri())
    expect(phone.get_by_role("heading", name="Season results")).to_be_visible()
    expect(phone.get_by_text(PRIVATE)).to_have_count(0)
    link = phone.get_by_role("link", name=PUBLIC)
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44
    link.click()
    expect(phone.get_by_role("heading", name=PUBLIC)).to_be_visible()
    expect(phone.get_by_role("table", name="Standings")).to_be_visible()
    expect(phone.get_by_text("Gold")).to_be_visible()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    phone.get_by_role("link", name="Players").click()
    phone.get_by_role("link", name="Ada", exact=True).click()
    expect(phone.get_by_role("heading", name="Ada")).to_be_visible()
    expect(phone.get_by_role("link", name=PUBLIC)).to_be_visible()

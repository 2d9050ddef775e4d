"""The event wizard in a real Chromium: only the chosen game's settings, each method's own, and every
select's choices shown whole on a 390 px phone and a 1280 px laptop."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, Director

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Every choice of every visible select, set in turn: the text it shows must fit the select's box,
# the arrow's room left aside (canvas measures the text in the select's own font).
CLIPPED = """
() => {
  const canvas = document.createElement("canvas").getContext("2d");
  const clipped = [];
  for (const select of document.querySelectorAll("#event-form select")) {
    if (!select.offsetParent) continue;
    const style = getComputedStyle(select);
    canvas.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
    for (const option of select.options) {
      const width = canvas.measureText(option.text).width;
      if (width > room) clipped.push(`${select.name}: ${option.text} (${Math.round(width)} > ${room})`);
    }
    if (select.scrollWidth > select.clientWidth) clipped.push(`${select.name} scrolls`);
  }
  return clipped;
}
"""


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["390px", "1280px"])
def test_every_select_of_the_wizard_shows_its_choices_whole(
    screen: dict[str, Any], director: Director, director_page: Page, live_server: Any
) -> None:
    director_page.set_viewport_size(screen["viewport"])
    director_page.goto(live_server.url + reverse("event_create", args=[director.club.slug]))
    for game in ("contract", "auction"):
        director_page.select_option("#id_game", game)
        for method in ("matchpoints", "butler", "cross_imps", "team_imps"):
            if game == "contract":
                director_page.select_option("#id_method", method)
            clipped = director_page.evaluate(CLIPPED)
            assert clipped == [], (game, method, clipped)


def test_the_wizard_shows_only_the_chosen_games_and_methods_settings(
    director: Director, director_page: Page, live_server: Any
) -> None:
    page = director_page
    page.goto(live_server.url + reverse("event_create", args=[director.club.slug]))
    expect(page.locator("#id_game option").first).to_have_text("Duplicate Contract Bridge")
    expect(page.locator("#auction-scoring")).to_be_hidden()
    expect(page.locator("#contract-scoring")).to_be_visible()
    expect(page.locator("#id_scale")).to_be_visible()
    expect(page.locator("#id_datum_drop")).to_be_hidden()
    page.select_option("#id_method", "butler")
    expect(page.locator("#id_datum_drop")).to_be_visible()
    expect(page.locator("#id_award_imps")).to_be_visible()
    expect(page.locator("#id_scale")).to_be_hidden()
    expect(page.locator("#id_cross_imps")).to_be_hidden()
    page.select_option("#id_method", "team_imps")
    expect(page.locator("#id_victory_points")).to_be_visible()
    expect(page.locator("#id_award_imps")).to_be_hidden()
    page.select_option("#id_game", "auction")
    expect(page.locator("#contract-scoring")).to_be_hidden()
    expect(page.locator("#auction-scoring")).to_be_visible()

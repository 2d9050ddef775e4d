"""The director types a weighted score in a traveller row in a real Chromium: the preview gives its
law before the row is saved, Enter saves it in place, and the row shows it (Law 12C1(c))."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Director
from tests.tournament.contract_night import make_contract_event, make_contract_result
from tournament.models import Event, Ruling, Seating
from tournament.services.events import set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WORDS = "Law 12C1(c) weighted: 60% 4S N =, 40% 4S N -1"


def test_a_weighted_score_typed_in_a_row_is_previewed_with_its_law_and_saved(
    director: Director, director_page: Page, live_server: Any
) -> None:
    event = make_contract_event(director.club, director.user, name="Tuesday pairs")
    set_status(event=event, user=director.user, status=Event.Status.RUNNING)
    seatings = Seating.objects.filter(section__event=event).select_related("table", "section__event")
    first, *others = sorted((s for s in seatings if 1 in s.board_numbers), key=lambda s: s.round)
    for seating, text in zip(others, ("4S N =", "4S N -1"), strict=True):
        make_contract_result(seating, 1, text, user=director.user)

    page = director_page
    page.goto(live_server.url + reverse("traveller_entry", args=[director.club.slug, event.pk, "A", 1]))
    entry = page.locator(f"#seating-{first.pk} [name=entry]")
    entry.fill("60% 4S N =; 40% 4S N -1")
    expect(page.locator(f"#seating-{first.pk} [data-preview]")).to_contain_text(WORDS)
    entry.press("Enter")
    expect(page.locator(f"#seating-{first.pk}.saved .score")).to_contain_text(WORDS)
    assert Ruling.objects.get().law == "Law 12C1(c)"

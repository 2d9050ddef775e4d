"""Every kind of page still works under the Content-Security-Policy, in a real Chromium.

The policy allows styles, scripts and images from this server only, and the table page's small
inline script by its nonce. Chromium reports anything it refuses on the console; no page here
may have such a report, and the scripts must visibly run: the table page's "Made exactly.", the
traveller's score preview (a fetch), the table cards' QR codes (inline SVG) and the stylesheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from tests.e2e.conftest import Director
from tests.tournament.factories import make_event
from tournament.models import Event, Seating
from tournament.services.events import set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def watch_refusals(page: Page) -> list[str]:
    refused: list[str] = []

    def note(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(f"{page.url}: {message.text}")

    page.on("console", note)
    return refused


def visit(page: Page, url: str) -> None:
    response = page.goto(url)
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    # The stylesheet loaded and applied: the site's header bar is dark, not the browser's default.
    assert page.evaluate("getComputedStyle(document.querySelector('header.site')).backgroundColor") not in (
        "rgba(0, 0, 0, 0)",
        "transparent",
    )


def test_the_pages_work_under_the_policy_and_nothing_is_refused(
    director_page: Page, open_device: Callable[[str], Page], live_server: Any, director: Director
) -> None:
    event = make_event(director.club, director.user, name="Policy night")
    set_status(event=event, user=director.user, status=Event.Status.RUNNING)
    event_url = f"{live_server.url}/c/{director.club.slug}/e/{event.pk}"
    laptop = director_page
    refused = watch_refusals(laptop)

    for path in ("/", "/calculator/", "/director/", "/no-such-page/"):
        visit(laptop, f"{live_server.url}{path}")
    visit(laptop, f"{event_url}/run/")
    visit(laptop, f"{event_url}/tables/")
    expect(laptop.locator("svg.segno").first).to_be_visible()
    visit(laptop, f"{event_url}/s/A/boards/1/enter/")
    laptop.locator("form.entry-row [name=entry]").first.fill("4H N 10")
    expect(laptop.locator("form.entry-row [data-preview]").first).to_contain_text("N-S")

    seating = Seating.objects.select_related("table").get(section__event=event, table__number=1, round=1)
    phone = open_device("phone")
    refused += watch_refusals(phone)
    visit(phone, f"/t/{seating.table.secret}/round/1/board/{seating.board_numbers[0]}/")
    for field, value in (("level", "4"), ("strain", "H"), ("declarer", "N"), ("tricks", "10")):
        group = phone.locator(f"#{field}-group")
        group.locator("label.tbl-choice").filter(has=phone.locator(f'input[value="{value}"]')).tap()
    expect(phone.locator("#made")).to_have_text("Made exactly.")
    visit(laptop, f"{event_url}/")
    expect(laptop.locator("script[src$='refresh.js']")).to_have_count(1)

    assert refused == []

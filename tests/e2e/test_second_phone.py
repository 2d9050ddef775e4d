"""Two phones at one table, in a real Chromium, and the director's running view following them.

The first phone opens the table from the PIN box on the home page, the second from the table's
link. Both open board 1; the first saves 4♥ by North, 10 tricks; the second, which played it
as 9 tricks, is shown what was recorded and corrects it there; the opponents confirm the
corrected board, the table agrees the round, and the second phone is then told the round is
agreed and offered nothing. The director's running view swaps in each change by itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Director
from tests.e2e.test_club_night import assert_fits, tap
from tests.tournament.factories import make_event
from tournament.models import AuditEntry, Event, Result, Seating
from tournament.services.events import set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def fill(page: Page, level: str, strain: str, declarer: str, tricks: str) -> None:
    for field, value in (("level", level), ("strain", strain), ("declarer", declarer), ("tricks", tricks)):
        tap(page, field, value)


def refresh_now(page: Page) -> None:
    """As when the director comes back to the tab: refresh.js fetches the grid at once."""
    with page.expect_response(re.compile(r"/run/live/$")):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def test_a_second_phone_corrects_a_board_the_first_entered_until_the_round_is_agreed(
    director_page: Page, open_device: Callable[..., Page], live_server: Any, director: Director
) -> None:
    event = make_event(director.club, director.user, name="Two phones night")
    set_status(event=event, user=director.user, status=Event.Status.RUNNING)
    seating = Seating.objects.select_related("table").get(section__event=event, table__number=1, round=1)
    first_board, second_board = seating.board_numbers
    laptop = director_page
    laptop.goto(f"{live_server.url}/c/{director.club.slug}/e/{event.pk}/run/")
    cell = laptop.locator(f"#seating-{seating.pk}")
    expect(cell.locator(".marks a").first).to_have_attribute("title", f"Board {first_board}: missing")

    first = open_device("phone")
    first.goto("/")
    first.fill("#home-pin", seating.table.pin)
    first.locator("#pin-box button").tap()
    first.wait_for_url(re.compile(rf"/t/{seating.table.secret}/$"))
    second = open_device("phone")
    second.goto(f"/t/{seating.table.secret}/")
    for phone in (first, second):
        phone.locator("#to-enter a", has_text=re.compile(rf"^Board {first_board}$")).tap()
        phone.wait_for_url(re.compile(rf"/board/{first_board}/$"))

    fill(first, "4", "H", "N", "10")
    first.locator("#save").tap()
    first.wait_for_url(re.compile(r"/results/\d+/$"))
    refresh_now(laptop)
    expect(cell.locator(".marks a").first).to_have_attribute(
        "title", f"Board {first_board}: in, awaiting the opponents"
    )

    fill(second, "4", "H", "N", "9")
    second.locator("#save").tap()
    expect(second.locator("#entered-before")).to_contain_text("Another phone at this table entered board")
    expect(second.locator("#recorded")).to_contain_text("by North · 10 tricks")
    expect(second.locator('#tricks-group input[value="9"]')).to_be_checked()  # what this phone typed
    assert_fits(second)
    second.locator("#save").tap()
    second.wait_for_url(re.compile(r"/results/\d+/$"))
    expect(second.locator("ul.messages")).to_contain_text("The opponents, please check again.")
    result = Result.objects.get(seating=seating, board__number=first_board)
    assert (result.tricks, result.status) == (9, Result.Status.ENTERED)

    second.locator("#confirm-button").tap()  # the opponents confirm the corrected board
    second.wait_for_url(re.compile(r"\?round=1$"))
    refresh_now(laptop)
    expect(cell.locator(".marks a").first).to_have_attribute("title", f"Board {first_board}: confirmed")

    first.goto(f"/t/{seating.table.secret}/round/1/board/{second_board}/")
    fill(first, "2", "S", "E", "8")
    first.locator("#save").tap()
    first.wait_for_url(re.compile(r"/results/\d+/$"))
    first.locator("#confirm-button").tap()
    first.wait_for_url(re.compile(r"\?round=1$"))
    first.locator("#agree").tap()
    expect(first.locator("ul.messages")).to_contain_text("Round 1 agreed.")

    second.goto(f"/t/{seating.table.secret}/results/{result.pk}/")
    expect(second.locator("#correction-refused")).to_contain_text("can no longer be corrected (Law E)")
    expect(second.locator("#correct-entry")).to_have_count(0)
    refresh_now(laptop)
    expect(cell.locator(".agreed-mark")).to_have_text("agreed")
    assert AuditEntry.objects.filter(action=AuditEntry.Action.UPDATE, table=seating.table).count() == 1

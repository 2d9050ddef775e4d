"""Closing a night with a board missing, in a real Chromium: the director rules on it from the close page.

A seven-table contract bridge Mitchell scored by matchpoints has every board entered at its table
(awaiting the opponents) but board 3 of round 2 at table 2. The director presses "Close the
event": the close page fits his laptop's screen, each round folded on one line, and lists the
missing board with its form. He gives N-S Average-plus and E-W Average-minus (Law 12C2) with the
reason, then closes the event anyway (the rest still awaiting the opponents). The board is scored
A+/A- and the public standings name it as not played, with the ruling.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import Director
from tests.tournament.contract_night import make_contract_event, make_contract_result, name_pairs
from tournament.models import Event, Result, Ruling, Seating
from tournament.scores.standings import score_section
from tournament.services import events as event_service

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TABLES = 7


def played_but_one(director: Director) -> tuple[Event, Seating, int]:
    """The night in play, every board entered at its table but the first board of round 2 at table 2."""
    event = make_contract_event(director.club, director.user, pairs=2 * TABLES)
    name_pairs(event, director.user)
    event_service.set_status(event=event, user=director.user, status=Event.Status.RUNNING)
    seatings = list(
        Seating.objects.filter(section__event=event).select_related("table", "ns", "ew", "section__event")
    )
    gap = next(s for s in seatings if (s.round, s.table.number) == (2, 2))
    for seating in seatings:
        for number in seating.board_numbers:
            if (seating.pk, number) != (gap.pk, gap.board_numbers[0]):
                make_contract_result(seating, number, "3NT N 9", table=seating.table)
    return event, gap, gap.board_numbers[0]


def test_the_director_closes_a_night_with_a_missing_result_by_ruling_on_it_from_the_close_page(
    director_page: Page, director: Director, live_server: Any
) -> None:
    page = director_page
    event, gap, board = played_but_one(director)
    page.goto(f"{live_server.url}/c/{director.club.slug}/e/{event.pk}/run/")
    page.click("#status-lock")
    expect(page.locator("#lock-summary")).to_contain_text("1 result missing")
    expect(page.locator("#lock-anyway")).to_have_count(0)  # no closing past a missing result
    # One screen: a line a round, only the round with the missing board unfolded.
    expect(page.locator("details.close-round")).to_have_count(TABLES)
    expect(page.locator("details.close-round[open]")).to_have_count(1)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 1000, f"the close page is {height} px high"

    form = page.locator(f"#missing-{gap.pk}-{board}")
    expect(form).to_contain_text(f"Board {board}")
    form.locator("select[name$='-ns_average']").select_option("A+")
    form.locator("select[name$='-ew_average']").select_option("A-")
    form.locator("input[name$='-reason']").fill("The table ran out of time: N-S not at fault.")
    form.locator("button[value='adjusted']").click()

    expect(page.locator("#lock-summary")).not_to_contain_text("missing")
    page.click("#lock-anyway")
    expect(page.locator("body")).to_contain_text("The event is closed")
    event.refresh_from_db()
    assert event.is_locked

    result = Result.objects.get(seating=gap, board__number=board)
    ruling = result.rulings.get()
    assert (ruling.kind, ruling.ns_average, ruling.ew_average, ruling.created_by) == (
        Ruling.Kind.ARTIFICIAL,
        "A+",
        "A-",
        director.user,
    )
    sheet = score_section(gap.section)
    top = sheet.payload.boards[board].top
    figures = sheet.payload.table(result.pk)
    assert (figures.ns_figure, figures.ew_figure) == (top * Fraction(60, 100), top * Fraction(40, 100))

    page.goto(f"{live_server.url}/c/{director.club.slug}/e/{event.pk}/")
    expect(page.locator("#not-played-A")).to_contain_text(
        f"Board {board} not played at table 2, round 2 (N-S {gap.ns.label}, E-W {gap.ew.label}): "
        "adjusted score, N-S Average-plus and E-W Average-minus (Law 12C2)"
    )

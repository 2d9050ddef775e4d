"""A contract bridge night in a real Chromium: a phone enters a board, the director types a traveller
row, and the standings show the matchpoints and percentages the engine computes for them.

Board 2 (dealer East, N-S vulnerable, Law 2) of a three-table Mitchell scored by matchpoints on the
European scale: table 2 made 4♥ by South in round 3 (entered beforehand, +620); table 1's phone, at
a phone's 390 px, enters 4♥ by South making ten tricks in round 1 and sees NS +620; the director
types ``3NT S -1`` for table 3 in round 2 (−100). Top 4: the two +620s tie at 3 each, the −100
scores 0, and each E-W pair takes the rest (Law 78A).
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring.shared.numbers import mixed_text
from tests.e2e.conftest import Director
from tests.tournament.contract_night import make_contract_event, make_contract_result
from tournament.models import Event, Result, Seating
from tournament.reports.common import percent_text
from tournament.scores.standings import score_section
from tournament.services.events import set_status

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

BOARD = 2  # N-S vulnerable, dealer East


def board_two_seatings(event: Event) -> dict[int, Seating]:
    """Board 2's seating at each table: round 1 at table 1, round 2 at table 3, round 3 at table 2."""
    seatings = Seating.objects.filter(section__event=event).select_related(
        "table", "ns", "ew", "section__event"
    )
    return {s.table.number: s for s in seatings if BOARD in s.board_numbers}


def test_a_phone_and_the_director_enter_board_two_and_the_standings_show_the_engines_figures(
    director: Director, director_page: Page, open_device: Any, live_server: Any
) -> None:
    event = make_contract_event(director.club, director.user, name="Tuesday pairs")
    set_status(event=event, user=director.user, status=Event.Status.RUNNING)
    at = board_two_seatings(event)
    make_contract_result(at[2], BOARD, "4H S =", user=director.user)

    # The phone at table 1: the board shows its vulnerability; 4♥ by South, ten tricks; NS +620.
    phone = open_device("phone")
    phone.goto(reverse("table_home", args=[at[1].table.secret]))
    phone.get_by_role("link", name=f"Board {BOARD}").first.click()
    expect(phone.locator(".vul")).to_have_text("Vul: N-S")
    phone.click("#level-group label:has-text('4')")
    phone.click("#strain-group label:has-text('♥')")
    phone.click("#declarer-group label:has-text('S')")
    phone.click("#tricks-group label:has-text('10')")
    expect(phone.locator("#made")).to_have_text("Made exactly.")
    phone.click("#save")
    expect(phone.locator("#contract-score")).to_have_text("NS +620")
    expect(phone.locator("#explanation")).to_contain_text("Game premium, vulnerable: 500 (Law 77).")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390  # nothing scrolls sideways
    saved = Result.objects.get(seating=at[1], board__number=BOARD)
    assert (saved.level, saved.strain, saved.declarer, saved.tricks) == (4, "H", "S", 10)

    # The director's traveller entry: 3NT S -1 for table 3, Enter saves the row in place.
    page = director_page
    page.goto(live_server.url + reverse("traveller_entry", args=[director.club.slug, event.pk, "A", BOARD]))
    expect(page.locator("#vulnerability")).to_have_text("Vul: N-S")
    row = page.locator(f"#seating-{at[3].pk}")
    row.locator("[name=entry]").fill("3NT S -1")
    row.locator("[name=entry]").press("Enter")
    expect(page.locator(f"#seating-{at[3].pk}.saved .score")).to_contain_text("EW +100")
    assert Result.objects.filter(section__event=event, board__number=BOARD).count() == 3

    # The standings: each direction's matchpoints, top and percentage, as the engine gives them.
    contest = score_section(event.sections.get()).payload
    assert contest is not None and contest.two_winner
    figures = {t.ns: (t.ns_figure, t.ew_figure) for t in contest.boards[BOARD].tables}
    assert figures == {at[1].ns.label: (3, 1), at[2].ns.label: (3, 1), at[3].ns.label: (0, 4)}
    page.goto(live_server.url + reverse("event", args=[director.club.slug, event.pk]))
    for direction, key in (("NS", "A-ns"), ("EW", "A-ew")):
        lines = contest.direction_standings(direction)
        assert lines
        rows = page.locator(f"#table-{key} tbody tr")
        expect(rows).to_have_count(len(lines))
        for index, line in enumerate(lines):
            cells = rows.nth(index).locator("td")
            expect(cells.nth(0)).to_have_text(line.place.text)
            expect(cells.nth(1)).to_have_text(line.pair)
            expect(cells.nth(3)).to_have_text(mixed_text(line.total))
            expect(cells.nth(4)).to_have_text(mixed_text(line.top))
            expect(cells.nth(5)).to_have_text(percent_text(line.percent))
    # The two +620s share first place with 3 of 4 (75 %); the −100 has none; E-W mirror it.
    ns = page.locator("#table-A-ns tbody")
    expect(ns).to_contain_text("1=")
    expect(ns).to_contain_text("75.00")
    expect(page.locator("#table-A-ew tbody tr").first).to_contain_text("100.00")

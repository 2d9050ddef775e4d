"""A contract bridge night's standings, travellers, recaps and explanations, by each scoring method."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from tests.tournament.contract_night import make_contract_event, make_contract_result, name_pairs, play_contract
from tests.tournament.factories import make_member
from tournament.models import Event, Pair, Result, Seating
from tournament.services.events import set_status
from tournament.services.standings import score_section

pytestmark = pytest.mark.django_db


def seatings(event: Event) -> list[Seating]:
    return list(
        Seating.objects.filter(section__event=event)
        .select_related("table", "ns", "ew", "section__event")
        .order_by("round", "table__number")
    )


def published(event: Event) -> Event:
    director = event.club.memberships.first().user if event.club.memberships.exists() else make_member(event.club)
    return set_status(event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True)


BOARD_ONE = {1: "4H N =", 2: "4H N +1", 3: "3NT S -1"}  # board 1 at tables 1, 2, 3: +420, +450, -50


def board_one_night(**kwargs) -> Event:
    """Three tables; board 1 played at every table, the rest left unplayed."""
    event = make_contract_event(**kwargs)
    for seating in seatings(event):
        if 1 in seating.board_numbers:
            make_contract_result(seating, 1, BOARD_ONE[seating.table.number])
    return event


def test_butler_imps_each_table_against_the_datum():
    event = board_one_night(method=Event.Method.BUTLER)
    sheet = score_section(event.sections.get())
    board = sheet.bridge.boards[1]
    # Three scores, none dropped (one at each end only from five): (420 + 450 - 50) / 3 = 273 1/3 → 270.
    assert board.datum == 270
    figures = {t.score_ns: (t.ns_figure, t.ew_figure) for t in board.tables}
    assert figures == {420: (4, -4), 450: (5, -5), -50: (-8, 8)}
    assert any("N-S +450 against the datum +270: +180, +5 IMPs" in t.ns_how for t in board.tables)
    assert "none dropped" in board.lines[0]


def test_the_datum_drops_what_the_event_says():
    event = board_one_night(method=Event.Method.BUTLER, datum_drop=1)
    assert score_section(event.sections.get()).bridge.boards[1].datum == 420  # the median of three


def test_cross_imps_summed_against_every_other_score():
    event = board_one_night(method=Event.Method.CROSS_IMPS)
    sheet = score_section(event.sections.get())
    figures = {t.score_ns: t.ns_figure for t in sheet.bridge.boards[1].tables}
    # +420 v +450 -1, v -50 +10; +450: +1 +11; -50: -10 -11
    assert figures == {420: Fraction(9), 450: Fraction(12), -50: Fraction(-21)}


def test_a_butler_night_shows_imps_in_the_standings_and_the_datum_on_the_traveller(client):
    event = published(board_one_night(method=Event.Method.BUTLER))
    args = [event.club.slug, event.pk]
    page = client.get(reverse("event", args=args)).content.decode()
    assert "IMPs against a datum (Butler pairs)" in page
    assert "N-S pairs" in page and "E-W pairs" in page  # a Mitchell has two winners
    traveller = client.get(reverse("traveller", args=[*args, "A", 1])).content.decode()
    assert "Butler datum +270" in traveller
    assert "Vul: None" in traveller
    assert "against the datum +270" in traveller


def test_the_explanation_shows_law_77_and_the_imps(client):
    event = published(board_one_night(method=Event.Method.BUTLER))
    result = Result.objects.get(board__number=1, seating__table__number=2)
    page = client.get(reverse("explain", args=[event.club.slug, event.pk, result.pk])).content.decode()
    assert "NS +450" in page
    assert "1 overtrick" in page
    assert "+5 IMPs" in page


def test_a_pairs_recap_lists_its_boards_with_imps(client):
    event = published(board_one_night(method=Event.Method.BUTLER))
    pair = Result.objects.get(board__number=1, seating__table__number=3).ns
    page = client.get(reverse("recap", args=[event.club.slug, event.pk, pair.pk])).content.decode()
    assert "−8" in page
    csv = client.get(reverse("recap", args=[event.club.slug, event.pk, pair.pk]) + "?_export=csv")
    assert csv.status_code == 200 and "-8" in csv.content.decode()

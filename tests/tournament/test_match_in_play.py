"""A team match in play says how far it is; its result is declared when every board is in or the
director closes the match (Law G; for contract bridge Law 78B and the WBF Victory Points).

A match of 12 boards with 3 played at both tables leads, it is not won: the pages, the standings
sheet and the spreadsheet say "after 3 of 12 boards" and mark the Victory Points provisional.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tests.tournament.contract_night import make_contract_event, play_contract
from tests.tournament.factories import (
    make_club,
    make_event,
    make_member,
    make_result,
    rule_the_missing_not_played,
)
from tests.tournament.pdf_text import raw_pages
from tournament.exports import export_standings
from tournament.models import Event, Seating
from tournament.pdf import renderer_for
from tournament.services import events as event_service

pytestmark = pytest.mark.django_db

IN_PLAY = "In play, after 3 of 12 boards: "


def contract_match(played: int) -> tuple[Event, Any]:
    """A contract team match of 12 boards by IMPs with VPs, the first ``played`` boards in at both tables;
    team A's pairs make more at table 1 than team B's at table 2, so team A leads."""
    club = make_club()
    director = make_member(club)
    event = make_contract_event(
        club, director, form=Event.Form.TEAMS, boards=12, victory_points=Event.VictoryPoints.WBF
    )

    def text_for(seating: Seating, board: int) -> str | None:
        if board > played:
            return None
        return "4H N =" if seating.table.number == 1 else "2H N ="

    play_contract(event, text_for)
    return event, director


def auction_match(played: int) -> tuple[Event, Any]:
    """A Duplicate Auction team match of 12 deals (Law G), the first ``played`` in at both tables."""
    club = make_club()
    director = make_member(club)
    event = make_event(club, director, form=Event.Form.TEAMS, movement="teams", pairs=2, boards=12)
    for seating in Seating.objects.filter(section__event=event).select_related("table", "section__event"):
        for number in seating.board_numbers:
            if number <= played:
                make_result(seating, number, "2S N 10" if seating.table.number == 1 else "2S N 7")
    return event, director


def page(event: Event, director: Any, name: str) -> str:
    client = Client()
    client.force_login(director)
    response = client.get(reverse(name, args=[event.club.slug, event.pk]))
    assert response.status_code == 200
    return response.content.decode()


def match_result(html: str) -> str:
    start = html.index('id="match-result">') + len('id="match-result">')
    return html[start : html.index("</p>", start)]


def close(event: Event, director: Any) -> Event:
    """The director closes the match early: the deals not played are ruled so first, as closing asks."""
    rule_the_missing_not_played(event, director)
    return event_service.set_status(event=event, user=director, status=Event.Status.LOCKED, lock_anyway=True)


def xlsx_text(event: Event) -> str:
    _, _, data = export_standings(event, "xlsx")
    book = load_workbook(io.BytesIO(data))
    return " ".join(
        str(cell)
        for sheet in book.worksheets
        for row in sheet.iter_rows(values_only=True)
        for cell in row
        if cell
    )


# --- contract bridge ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["event", "match"])
def test_a_contract_match_in_play_says_how_far_it_is_and_declares_no_winner(name: str) -> None:
    event, director = contract_match(3)
    html = page(event, director, name)
    assert match_result(html).startswith(IN_PLAY + "Team A lead by ")
    assert " win" not in match_result(html)
    assert "VPs (provisional)" in html


def test_a_contract_match_in_play_is_provisional_on_the_standings_sheet_and_spreadsheet() -> None:
    event, _ = contract_match(3)
    text = " ".join(raw_pages(renderer_for(event, "standings").render()[2]))
    assert (
        IN_PLAY + "Team A lead by " in text and "wins the match" not in text and "win the match" not in text
    )
    assert "VPs (provisional)" in text
    sheet = xlsx_text(event)
    assert IN_PLAY + "Team A lead by " in sheet and "win the match" not in sheet


def test_a_contract_match_with_every_board_in_is_declared() -> None:
    event, director = contract_match(12)
    html = page(event, director, "match")
    assert match_result(html) == "Team A win the match."
    assert "(provisional)" not in html and "In play" not in html


def test_a_contract_match_closed_early_by_the_director_is_declared_on_the_boards_played() -> None:
    event, director = contract_match(3)
    event = close(event, director)
    html = page(event, director, "match")
    assert match_result(html) == "Team A win the match, closed by the director after 3 of 12 boards."
    assert "(provisional)" not in html
    text = " ".join(raw_pages(renderer_for(event, "standings").render()[2]))
    assert "Team A win the match, closed by the director after 3 of 12 boards." in text


# --- Duplicate Auction (Law G) -----------------------------------------------------------------


def test_an_auction_match_in_play_says_how_far_it_is_and_declares_no_winner() -> None:
    event, director = auction_match(3)
    for name in ("event", "match"):
        result = match_result(page(event, director, name))
        assert result.startswith(IN_PLAY + "Team A lead by "), name
        assert " win" not in result, name


def test_an_auction_match_with_every_deal_in_is_declared() -> None:
    event, director = auction_match(12)
    result = match_result(page(event, director, "match"))
    assert result.startswith("Team A win by ") and result.endswith("(Law G).")


def test_an_auction_match_closed_early_by_the_director_is_declared() -> None:
    event, director = auction_match(3)
    event = close(event, director)
    result = match_result(page(event, director, "match"))
    assert result.startswith("Team A win by ")
    assert result.endswith("(Law G). The director closed the match after 3 of 12 boards.")

"""The standings CSV: read back, it equals the standings rows and the on-screen table's own CSV."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from tests.tournament.factories import make_club, make_event, make_member, make_played_night
from tournament import reports
from tournament.exports import export_standings
from tournament.exports.csv import TEAM_HEADER, safe_text
from tournament.models import Event, Pair
from tournament.scores.standings import score_section
from tournament.services import events as event_service

pytestmark = pytest.mark.django_db

BOM = b"\xef\xbb\xbf"


def parsed(content: bytes) -> list[list[str]]:
    assert content.startswith(BOM)
    return list(csv.reader(io.StringIO(content[len(BOM) :].decode("utf-8"))))


def on_screen(client, event: Event, table: str = "A-overall") -> list[list[str]]:
    """The event page's own standings table, exported by django-tables2 (``?_export=csv``)."""
    response = client.get(reverse("event", args=[event.club.slug, event.pk]) + f"?_export=csv&table={table}")
    assert response.status_code == 200
    text = b"".join(response).decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


def test_the_csv_is_utf8_with_a_byte_order_mark_and_one_header_row():
    export = export_standings(make_played_night(3), "csv")
    assert export.content_type == "text/csv; charset=utf-8"
    assert export.filename.endswith("-standings.csv")
    rows = parsed(export.content)
    assert rows[0] == ["Rank", "Pair", "Names", "Score", "Deals"]
    assert all(row[0] != "Rank" for row in rows[1:])


def test_the_csv_read_back_equals_the_standings_rows():
    event = make_played_night(3)
    rows = reports.standings_rows(score_section(event.sections.get()))
    assert parsed(export_standings(event, "csv").content)[1:] == [
        [row.rank_text, row.pair, row.names, str(row.rounded), str(row.deals)] for row in rows
    ]
    assert any(row.rounded < 0 for row in rows)  # a negative score, written as a plain number


def test_the_csv_agrees_with_the_on_screen_tables_own_csv(client):
    event = make_played_night(3)
    assert parsed(export_standings(event, "csv").content) == on_screen(client, event)


def test_the_csv_agrees_with_the_on_screen_whist_table_too(client):
    event = make_played_night(3, game=Event.Game.WHIST)
    assert parsed(export_standings(event, "csv").content) == on_screen(client, event)


def test_names_with_accents_come_back_intact():
    rows = parsed(export_standings(make_played_night(3), "csv").content)
    assert any(row[2].startswith("Zoë Brontë") for row in rows)


def test_a_team_match_lists_each_teams_total():
    event = make_played_night(2, form=Event.Form.TEAMS)
    summary = reports.match_summary(score_section(event.sections.get()))
    rows = parsed(export_standings(event, "csv").content)
    assert rows[0] == TEAM_HEADER
    assert [(row[0], row[1], row[5]) for row in rows[1:]] == [
        (line.name, str(line.gross), str(line.total)) for line in (summary.first, summary.second)
    ]


def test_an_event_before_any_result_gives_the_header_alone():
    club = make_club()
    assert parsed(export_standings(make_event(club, make_member(club)), "csv").content) == [
        ["Rank", "Pair", "Names", "Score", "Deals"]
    ]


def test_a_name_that_a_spreadsheet_would_run_as_a_formula_is_quoted():
    event = make_played_night(3)
    pair = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id").first()
    event_service.name_pair(pair=pair, first="=HYPERLINK(1)", second="Bob", user=None)
    rows = parsed(export_standings(event, "csv").content)
    assert [row[2] for row in rows if row[1] == pair.label] == ["'=HYPERLINK(1) & Bob"]


@pytest.mark.parametrize(
    ("name", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+3", "'+3"),
        ("-3", "'-3"),
        ("@A1", "'@A1"),
        ("\nx", "'\nx"),
        (" =1", "' =1"),
        ("＝1", "'＝1"),
        ("|cmd", "'|cmd"),
        ("\u202ecba", "'\u202ecba"),
        ("Ada", "Ada"),
        ("Zoë", "Zoë"),
        ("Łukasz", "Łukasz"),
        ("李", "李"),
        ("3NT", "3NT"),
        ("", ""),
    ],
)
def test_safe_text_quotes_every_text_that_does_not_start_with_a_letter_or_digit(name, written):
    assert safe_text(name) == written

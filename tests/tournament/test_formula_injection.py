"""Spreadsheet formula injection: a user's text is written as text in every workbook and CSV.

Names, team names and ruling reasons like ``=HYPERLINK("http://evil.example","T")``,
``=1+1``, ``+1``, ``-1`` and ``@SUM(1)`` are never run: the XLSX types them as strings (no
cell of type "f" anywhere), and every CSV and XLSX writes any user's text that does not start
with a letter or a digit after a leading apostrophe (OWASP) — a line feed, a space, a
full-width "＝", a "|" or a right-to-left mark as much as "=". The engine's own figures, "-20"
or "50", stay numbers.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_played_night
from tournament.exports import export_standings
from tournament.models import Event, Pair, Player, Ruling, Team
from tournament.scores import versions

pytestmark = pytest.mark.django_db

EVIL = ['=HYPERLINK("http://evil.example","T")', "=1+1", "+1", "-1", "@SUM(1)", "\tTab", "\rCR"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A name is one line: the database refuses a tab or a CR in it (models.one_line_name), so the names
# are the formulas that can be stored; the tab and the CR go into a ruling's reason and law.
NAMES = [text for text in EVIL if not text.startswith(("\t", "\r"))]


def poisoned(**kwargs: Any) -> Event:
    """A played night whose players, teams and ruling reasons are all formulas."""
    event = make_played_night(3, **kwargs)
    players = Player.objects.filter(club=event.club).order_by("id")
    for index, player in enumerate(players):
        player.name = NAMES[index % len(NAMES)] + (f" {index}" if index >= len(NAMES) else "")
        player.save(update_fields=["name"])
    for team, name in zip(Team.objects.filter(event=event), NAMES, strict=False):
        team.name = name
        team.save(update_fields=["name"])
    rulings = Ruling.objects.filter(result__section__event=event).order_by("pk")
    rulings.update(reason="=1+1", law="@SUM(1)")
    rulings.filter(pk__in=rulings.values("pk")[:1]).update(reason="\tTab", law="\rCR")
    versions.events_written([event])  # the reasons written by a bulk update, which sends no signal
    return event


def workbook_cells(event: Event) -> list[openpyxl.cell.cell.Cell]:
    book = openpyxl.load_workbook(io.BytesIO(export_standings(event, "xlsx").content))
    return [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]


def csv_cells(content: bytes) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(content.decode("utf-8-sig"))) for cell in row]


@pytest.mark.parametrize("form", [Event.Form.PAIRS, Event.Form.TEAMS])
def test_no_cell_of_the_workbook_is_a_formula_and_the_names_are_kept(form: str) -> None:
    event = poisoned(form=form)
    cells = workbook_cells(event)
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    texts = {str(c.value) for c in cells if c.value is not None}
    names = " & ".join(NAMES[:2])
    assert names in texts or any(names in t for t in texts)
    assert "'=1+1" in texts  # the ruling's reason, after the apostrophe that keeps it text


def test_the_match_sheet_headers_are_the_team_names_as_text() -> None:
    event = poisoned(form=Event.Form.TEAMS)
    book = openpyxl.load_workbook(io.BytesIO(export_standings(event, "xlsx").content))
    match = next(sheet for sheet in book.worksheets if sheet.title.startswith("Match"))
    headers = [cell for cell in match[2] if isinstance(cell.value, str)]
    team_headers = [cell for cell in headers if cell.value[1:] in EVIL and cell.value.startswith("'")]
    assert team_headers and all(cell.data_type == "s" for cell in team_headers)


def test_negative_figures_in_the_workbook_stay_numbers() -> None:
    cells = workbook_cells(poisoned())
    assert any(isinstance(c.value, int | float) and c.value < 0 for c in cells)


@pytest.mark.parametrize("form", [Event.Form.PAIRS, Event.Form.TEAMS])
def test_the_standings_csv_quotes_every_cell_that_would_start_a_formula(form: str) -> None:
    cells = csv_cells(export_standings(poisoned(form=form), "csv").content)
    assert [c for c in cells if c.startswith(FORMULA_STARTS) and not _a_figure(c)] == []
    assert any(c.startswith("'=") for c in cells)


def _a_figure(cell: str) -> bool:
    """An engine figure as the CSVs write it, a plain number: "-20", "50", "171.80"."""
    try:
        float(cell)
    except ValueError:
        return False
    return True


def on_screen_csvs(client: Client, event: Event) -> dict[str, bytes]:
    base = reverse("event", args=[event.club.slug, event.pk])
    pair = Pair.objects.filter(section__event=event, is_phantom=False).first()
    pages = {
        "standings": base,
        "traveller": reverse("traveller", args=[event.club.slug, event.pk, "A", 1]),
        "recap": reverse("recap", args=[event.club.slug, event.pk, pair.pk]),
    }
    if event.is_teams:
        pages = {"match": reverse("match", args=[event.club.slug, event.pk])}
    answers = {name: client.get(address + "?_export=csv") for name, address in pages.items()}
    assert {name: r.status_code for name, r in answers.items()} == dict.fromkeys(answers, 200)
    return {name: r.content for name, r in answers.items()}


@pytest.mark.parametrize("form", [Event.Form.PAIRS, Event.Form.TEAMS])
def test_the_on_screen_csv_downloads_quote_formulas_and_keep_figures(client: Client, form: str) -> None:
    event = poisoned(form=form)
    for page, content in on_screen_csvs(client, event).items():
        cells = csv_cells(content)
        assert [c for c in cells if c.startswith(FORMULA_STARTS) and not _a_figure(c)] == [], page
        if page in ("standings", "match"):  # the traveller and the recap name pairs by label only
            assert any(c.startswith("'") and c[1:].startswith(FORMULA_STARTS) for c in cells), page
    if form == Event.Form.PAIRS:
        traveller = csv_cells(on_screen_csvs(client, event)["traveller"])
        assert any(c.startswith("-") and _a_figure(c) for c in traveller)  # a negative score, unquoted


# Every first character that is not a letter or a digit, in every output -------------------------

# A line feed, a space, a full-width equals sign, a pipe, a right-to-left override, and the
# characters a spreadsheet runs a formula from.
STARTS = ["\n", " ", "＝", "|", "\u202e", "=", "+", "-", "@", "\t", "\r"]


def every_text_cell(event: Event, client: Client) -> dict[str, list[str]]:
    """Each file's text cells: the standings CSV, the workbook, each on-screen table's CSV, the players'."""
    book = openpyxl.load_workbook(io.BytesIO(export_standings(event, "xlsx").content))
    files = {
        "standings.csv": csv_cells(export_standings(event, "csv").content),
        "standings.xlsx": [
            c.value
            for ws in book.worksheets
            for row in ws.iter_rows()
            for c in row
            if isinstance(c.value, str)
        ],
    }
    files |= {
        f"{page}?_export=csv": csv_cells(content) for page, content in on_screen_csvs(client, event).items()
    }
    director = event.club.memberships.first().user
    client.force_login(director)
    players = client.get(reverse("players_export", args=[event.club.slug]))
    assert players.status_code == 200
    files["players.csv"] = csv_cells(players.content)
    return files


@pytest.mark.parametrize("form", [Event.Form.PAIRS, Event.Form.TEAMS])
@pytest.mark.parametrize("start", STARTS, ids=[f"U+{ord(c):04X}" for c in STARTS])
def test_every_users_text_that_starts_with_neither_letter_nor_digit_is_written_after_an_apostrophe(
    client: Client, start: str, form: str
) -> None:
    event = make_played_night(3, form=form)
    # A name is one line (the database refuses a line break or a tab in it): such a start goes
    # into the ruling reasons only, which the workbook writes.
    in_names = start not in "\n\r\t"
    named = start if in_names else ""
    for index, player in enumerate(Player.objects.filter(club=event.club).order_by("id")):
        player.name = f"{named}Player {index}"
        player.save(update_fields=["name"])
    for index, team in enumerate(Team.objects.filter(event=event).order_by("id")):
        team.name = f"{named}Team {index}"
        team.save(update_fields=["name"])
    Ruling.objects.filter(result__section__event=event).update(reason=f"{start}Reason")
    versions.events_written([event])  # the reasons written by a bulk update, which sends no signal
    # The workbook reads a carriage return back as a line feed.
    kept = ("'" + start, "'\n") if start == "\r" else ("'" + start,)
    for kind, cells in every_text_cell(event, client).items():
        # The traveller's and the recap's CSV name pairs by label; a line break is in reasons only.
        named_here = kind not in ("traveller?_export=csv", "recap?_export=csv")
        if named_here and (in_names or kind == "standings.xlsx"):
            assert any(c.startswith(kept) for c in cells), kind  # the user's text, after its apostrophe
        bare = [c for c in cells if c[:1] and not c[0].isalnum() and c[0] != "'" and not _a_figure(c)]
        bare = [c for c in bare if c != "±"]  # the recap's own heading, the difference to the average
        assert bare == [], kind
    book = openpyxl.load_workbook(io.BytesIO(export_standings(event, "xlsx").content))
    assert [c for ws in book.worksheets for row in ws.iter_rows() for c in row if c.data_type == "f"] == []

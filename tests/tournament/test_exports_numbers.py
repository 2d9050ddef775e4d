"""Numbers are numbers: every figure of every CSV and workbook is one a spreadsheet can sum.

In a CSV a figure is a plain decimal number ("171.80", "-20", "50"), rounded as the event shows
it: whole, or to the hundredth as percentages and Victory Points are; never a text fraction
("171 4/5") nor a "+" sign. In a workbook it is a numeric cell whose number format shows it as
the screen does. The exact fractions stay in the on-screen explanations.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_played_night
from tests.tournament.test_contract_outputs import contract_night, team_night
from tournament.exports import export_standings
from tournament.models import Event, Pair

pytestmark = pytest.mark.django_db

# The headings of the columns that hold figures, in every file of every game.
FIGURES = {
    "Score", "Exact", "Deals", "Boards", "MP", "Top", "Percent", "%", "IMPs", "VPs", "BAM", "Points",
    "Gross", "Average added", "Rounded average", "Total", "Net N-S", "N-S average", "N-S ±",
    "E-W average", "E-W ±", "Net", "Scored", "Average", "±", "Running", "N-S MP", "E-W MP",
    "N-S IMPs", "E-W IMPs", "N-S score", "E-W score", "Swing", "Running swing", "Result",
}  # fmt: skip


NIGHTS = {
    "auction pairs": lambda: make_played_night(3),
    "auction teams": lambda: make_played_night(3, form=Event.Form.TEAMS),
    "contract matchpoints": contract_night,
    "contract teams": team_night,
}


def csv_files(client: Client, event: Event) -> dict[str, list[list[str]]]:
    """The standings CSV and each on-screen table's own CSV (``?_export=csv``)."""
    args = [event.club.slug, event.pk]
    pages = {"match": reverse("match", args=args)} if event.is_teams else {}
    if not event.is_teams:
        pair = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id").first()
        standings = reverse("event", args=args)
        keys = re.findall(r"_export=csv&amp;table=([\w-]+)", client.get(standings).content.decode())
        assert keys
        pages = {f"standings {key}": f"{standings}?table={key}" for key in keys}
        pages["traveller"] = reverse("traveller", args=[*args, "A", 1])
        pages["recap"] = reverse("recap", args=[*args, pair.pk])
    files = {"standings.csv": export_standings(event, "csv").content}
    for name, address in pages.items():
        response = client.get(address + ("&" if "?" in address else "?") + "_export=csv")
        assert response.status_code == 200, name
        files[name] = b"".join(response)
    return {
        name: list(csv.reader(io.StringIO(content.decode("utf-8-sig")))) for name, content in files.items()
    }


def figure_cells(rows: list[list[str]]) -> list[str]:
    """Every cell under a figure's heading."""
    header, *body = rows
    columns = [index for index, name in enumerate(header) if name in FIGURES]
    return [row[index] for row in body for index in columns if row[index] != ""]


@pytest.mark.parametrize("kind", NIGHTS)
def test_every_figure_of_every_csv_is_a_plain_number(client: Client, kind: str) -> None:
    event = NIGHTS[kind]()
    event.published = True
    event.save(update_fields=["published"])
    fractions = 0
    for name, rows in csv_files(client, event).items():
        cells = figure_cells(rows)
        assert cells, name
        for cell in cells:
            float(cell)  # a number, or ValueError names the cell
            assert not cell.startswith("+") and "/" not in cell, (name, cell)
            fractions += "." in cell
    assert fractions  # averages or matchpoints that are not whole, written to the hundredth


def workbook_figures(book: openpyxl.Workbook) -> list[Any]:
    """Every cell under a figure's heading in every table of every sheet (a heading is underlined)."""
    cells = []
    for ws in book.worksheets:
        columns: list[int] = []
        for row in ws.iter_rows():
            if any(c.border.bottom.style == "thin" for c in row if c.value is not None):
                columns = [c.column for c in row if c.value in FIGURES]
            elif all(c.value is None for c in row):
                columns = []
            else:
                cells += [c for c in row if c.column in columns and c.value is not None]
    return cells


@pytest.mark.parametrize("kind", NIGHTS)
def test_every_figure_of_the_workbook_is_a_numeric_cell_shown_as_on_the_screen(kind: str) -> None:
    event = NIGHTS[kind]()
    book = openpyxl.load_workbook(io.BytesIO(export_standings(event, "xlsx").content))
    cells = workbook_figures(book)
    assert cells
    assert [(c.parent.title, c.coordinate, c.value) for c in cells if c.data_type != "n"] == []
    assert (
        any(isinstance(c.value, float) and "/" in c.number_format for c in cells) or kind == "contract teams"
    )


def test_a_contract_result_in_a_csv_is_the_tricks_over_or_under_the_contract(client: Client) -> None:
    event = contract_night()
    event.published = True
    event.save(update_fields=["published"])
    results = {
        cell
        for name, rows in csv_files(client, event).items()
        if name in ("traveller", "recap")
        for cell in (row[rows[0].index("Result")] for row in rows[1:])
    }
    assert results and all(int(cell) in range(-13, 7) for cell in results if cell), results
    assert "0" in results  # a contract made exactly, "=" on the screen


def test_a_contract_result_is_a_number_shown_as_the_traveller_writes_it() -> None:
    book = openpyxl.load_workbook(io.BytesIO(export_standings(contract_night(), "xlsx").content))
    ws = book["Travellers A"]
    heading = next(row for row in ws.iter_rows() if any(c.value == "Result" for c in row))
    column = next(c.column for c in heading if c.value == "Result")
    results = [
        row[column - 1]
        for row in ws.iter_rows(min_row=heading[0].row + 1)
        if row[column - 1].value is not None
    ]
    assert results and all(isinstance(c.value, int) for c in results)
    assert {c.number_format for c in results} == {'+0;-0;"="'}  # 0 shows "=", 1 "+1", -2 "-2"

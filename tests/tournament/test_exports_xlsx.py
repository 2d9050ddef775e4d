"""The standings workbook, opened with openpyxl and read back against the on-screen rows."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import openpyxl
import pytest
from django.urls import reverse

from scoring.shared.numbers import round_half_away
from scoring.shared.seats import Side
from tests.tournament.factories import make_club, make_event, make_member, make_played_night
from tournament import reports
from tournament.exports import export_standings
from tournament.exports.xlsx import figure_cell, rank_cell
from tournament.models import Club, Event, Pair, Result, Ruling
from tournament.scores.standings import score_section
from tournament.services import events as event_service
from tournament.services import rulings as ruling_service

pytestmark = pytest.mark.django_db


def workbook(event: Event) -> openpyxl.Workbook:
    export = export_standings(event, "xlsx")
    assert export.filename.endswith("-standings.xlsx")
    return openpyxl.load_workbook(io.BytesIO(export.content))


def body(sheet, first_row: int = 3) -> list[list]:
    """The data rows under the title (row 1) and the header (row 2), up to the first blank row."""
    rows = []
    for row in sheet.iter_rows(min_row=first_row, values_only=True):
        if all(value is None for value in row):
            break
        rows.append(list(row))
    return rows


def header(sheet, row: int = 2) -> list[str]:
    return [cell.value for cell in sheet[row] if cell.value is not None]


def as_fraction(value) -> Fraction:
    """What a cell holds, read back exactly: fractions are written to show exact below 1000ths."""
    return Fraction(value).limit_denominator(999)


def block_after(sheet, title: str) -> list[list]:
    """The rows of the table that follows the bold line ``title`` (its header row skipped)."""
    for row in sheet.iter_rows(min_col=1, max_col=1):
        if row[0].value == title:
            return body(sheet, row[0].row + 2)
    raise AssertionError(f"no block {title!r} in {sheet.title}")


def test_a_pair_night_has_standings_matrix_travellers_and_rulings_sheets():
    assert workbook(make_played_night(3)).sheetnames == ["Standings A", "Matrix A", "Travellers A", "Rulings"]


def test_a_team_match_adds_the_match_sheet():
    event = make_played_night(2, form=Event.Form.TEAMS)
    assert workbook(event).sheetnames == ["Standings A", "Match A", "Matrix A", "Travellers A", "Rulings"]


def test_the_standings_cells_equal_the_on_screen_standings():
    event = make_played_night(3)
    sheet = score_section(event.sections.get())
    rows = body(workbook(event)["Standings A"])
    expected = [
        [row.rank, row.pair, row.names, row.rounded, row.deals] for row in reports.standings_rows(sheet)
    ]
    assert rows == expected
    # The exact fraction stays on the screen; the workbook has the score as the standings round it.
    assert any(row.exact for row in reports.standings_rows(sheet))


def shown(cell) -> str:
    """A cell as the CSV writes it: a shared rank "2=", any other figure as the plain number."""
    if cell.value is None:
        return ""
    if cell.number_format == '0"="':
        return f"{cell.value}="
    return str(cell.value)


@pytest.mark.parametrize(
    ("table", "title"),
    [
        ("A-overall", None),
        ("A-ns", "N-S pairs, over the deals they played N-S"),
        ("A-ew", "E-W pairs, over the deals they played E-W"),
    ],
    ids=["overall", "north-south", "east-west"],
)
def test_the_standings_sheet_shows_what_the_event_page_shows(client, table, title):
    event = make_played_night(3)
    page = reverse("event", args=[event.club.slug, event.pk]) + f"?_export=csv&table={table}"
    screen = list(csv.reader(io.StringIO(b"".join(client.get(page)).decode("utf-8-sig"))))
    ws = workbook(event)["Standings A"]
    start = 2
    if title:
        start = next(row[0].row for row in ws.iter_rows(min_col=1, max_col=1) if row[0].value == title) + 1
    rows = [
        [shown(cell) for cell in row] for row in ws.iter_rows(min_row=start, max_row=start + len(screen) - 1)
    ]
    assert rows == screen


def test_each_direction_has_its_own_standings_block():
    event = make_played_night(3)
    sheet = score_section(event.sections.get())
    book = workbook(event)
    for side in (Side.NS, Side.EW):
        block = block_after(
            book["Standings A"], f"{side.label} pairs, over the deals they played {side.label}"
        )
        assert [(rank, pair, score) for rank, pair, _, score, _ in block] == [
            (row.rank, row.pair, row.rounded) for row in reports.standings_rows(sheet, side)
        ]


def test_the_header_is_bold_frozen_and_printed_on_every_page_fitted_to_the_width():
    book = workbook(make_played_night(3))
    for ws in book.worksheets:
        assert all(cell.font.b for cell in ws[2] if cell.value is not None), ws.title
        assert ws.freeze_panes in ("A3", "C3", "D3"), ws.title
        assert ws.print_title_rows == "$1:$2", ws.title
        assert ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 0, ws.title
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
        assert int(ws.page_setup.paperSize) == 9, ws.title  # A4, the club's default
        assert ws.oddFooter.center.text == "Page &P of &N", ws.title
        assert ws.column_dimensions["B"].width > 4, ws.title


def test_a_club_that_prints_on_letter_gets_letter_pages():
    club = make_club(paper_size=Club.PaperSize.LETTER)
    book = workbook(make_played_night(3, club=club))
    assert {int(ws.page_setup.paperSize) for ws in book.worksheets} == {1}


def test_scores_are_numbers_with_signed_formats_and_shared_ranks_read_2_equals():
    event = make_played_night(3)
    ws = workbook(event)["Standings A"]
    for row in ws.iter_rows(
        min_row=3, max_row=2 + len(reports.standings_rows(score_section(event.sections.get())))
    ):
        rank, _, _, score, deals = row
        assert isinstance(rank.value, int) and isinstance(score.value, int) and isinstance(deals.value, int)
        assert score.number_format == "+0;-0;0"
    assert rank_cell("2=")[:2] == (2, '0"="')
    assert rank_cell("2")[:2] == (2, "0;-0;0")


@pytest.mark.parametrize(
    ("value", "signed", "cell", "number_format"),
    [
        (Fraction(149, 3), True, 149 / 3, "+# ?/?;-# ?/?"),
        (Fraction(-7, 30), True, -7 / 30, "+# ??/??;-# ??/??"),
        (Fraction(183), False, 183, "0;-0;0"),
        (Fraction(-50), True, -50, "+0;-0;0"),
        (Fraction(1, 1009), True, 0.0, "+0.00;-0.00;0.00"),
        (Fraction(-171_801, 1009), False, -170.27, "0.00;-0.00;0.00"),
    ],
    ids=["thirds", "thirtieths", "whole", "whole-signed", "beyond-three-digits", "beyond-negative"],
)
def test_a_fraction_is_written_as_its_value_with_a_format_that_shows_it_exactly(
    value, signed, cell, number_format
):
    assert figure_cell(value, signed=signed)[:2] == (cell, number_format)


def test_the_matrix_holds_each_pairs_plus_or_minus_on_each_deal():
    event = make_played_night(3)
    sheet = score_section(event.sections.get())
    ws = workbook(event)["Matrix A"]
    deals = reports.matrix_deals(sheet)
    assert header(ws) == ["Pair", "Names", *map(str, deals), "Total"]
    rows = body(ws)
    expected = reports.matrix_rows(sheet)
    assert [row[0] for row in rows] == [row.pair for row in expected]
    for got, want in zip(rows, expected, strict=True):
        for value, (_, figure) in zip(got[2 : 2 + len(deals)], want.cells, strict=True):
            assert (value is None and figure is None) or as_fraction(value) == figure
        assert got[2 + len(deals)] == round_half_away(want.total)
    totals = {row.pair: row.total for row in expected}
    assert totals == {row.pair: row.score for row in reports.standings_rows(sheet)}


def test_the_travellers_sheet_has_every_table_of_every_board():
    event = make_played_night(3)
    sheet = score_section(event.sections.get())
    ws = workbook(event)["Travellers A"]
    assert header(ws)[:11] == [
        "Board", "Round", "Table", "N-S", "E-W", "Contract", "By", "Tricks",
        "N-S score", "E-W score", "Net N-S",
    ]  # fmt: skip
    rows = body(ws)
    assert len(rows) == Result.objects.filter(section__event=event).count()
    expected = [
        line for board in reports.matrix_deals(sheet) for line in reports.traveller_rows(sheet, board)
    ]
    for got, line in zip(rows, expected, strict=True):
        assert got[:11] == [
            line.board, line.round, line.table, line.ns, line.ew, reports.symbol_text(line.contract),
            line.declarer, line.tricks, line.ns_points, line.ew_points, line.net_ns,
        ]  # fmt: skip
        assert as_fraction(got[11]) == line.ns_average
        assert as_fraction(got[12]) == line.ns_difference
        assert as_fraction(got[14]) == line.ew_difference


def test_the_rulings_log_lists_rulings_in_force_and_undone_with_their_law():
    event = make_played_night(3)
    ruling = Ruling.objects.filter(result__section__event=event).order_by("id").first()
    event_service.set_status(
        event=event, user=ruling.created_by, status=Event.Status.RUNNING, reason="A ruling to undo."
    )
    ruling_service.undo_ruling(ruling=ruling, user=ruling.created_by, reason="Entered on the wrong board.")
    ws = workbook(event)["Rulings"]
    rows = body(ws)
    assert len(rows) == Ruling.objects.filter(result__section__event=event).count()
    assert {row[6] for row in rows} == {"Law F"}
    assert sorted(row[11] for row in rows).count("undone") == 1
    undone = next(row for row in rows if row[11] == "undone")
    assert undone[13] is not None and undone[12] is not None  # when made, when undone


def test_a_night_without_rulings_says_so():
    club = make_club()
    event = make_event(club, make_member(club))
    ws = workbook(event)["Rulings"]
    assert ws["A3"].value == "No rulings were made."


def test_an_event_before_any_result_still_gives_a_workbook_that_says_so():
    club = make_club()
    book = workbook(make_event(club, make_member(club)))
    assert book["Standings A"]["A3"].value == "No results yet."
    assert book["Matrix A"]["A3"].value == "No results yet."


def test_a_whist_night_counts_tricks():
    event = make_played_night(3, game=Event.Game.WHIST)
    book = workbook(event)
    assert header(book["Travellers A"])[:8] == [
        "Board",
        "Round",
        "Table",
        "N-S",
        "E-W",
        "Trumps",
        "N-S tricks",
        "E-W tricks",
    ]
    assert "By" not in header(book["Travellers A"])
    assert "tricks" in book["Standings A"]["A1"].value
    first = body(book["Travellers A"])[0]
    assert first[5] == "Hearts ♥" and first[6] + first[7] == 13


def test_the_match_sheet_gives_each_teams_gross_the_swing_and_the_totals():
    event = make_played_night(2, form=Event.Form.TEAMS)
    sheet = score_section(event.sections.get())
    summary = reports.match_summary(sheet)
    ws = workbook(event)["Match A"]
    names = header(ws)
    assert names[-4:] == [summary.first.name, summary.second.name, "Swing", "Running swing"]
    rows = body(ws)
    first, second, swing = (names.index(name) for name in (summary.first.name, summary.second.name, "Swing"))
    assert sum(row[first] or 0 for row in rows) == summary.first.gross
    assert sum(row[second] or 0 for row in rows) == summary.second.gross
    assert sum(row[swing] or 0 for row in rows) == summary.first.gross - summary.second.gross
    assert len(rows) == sum(len(row.tables) for row in reports.match_rows(sheet))
    words = [cell.value for cell in ws["A"]]
    assert summary.text in words and all(line in words for line in summary.lines)


def test_the_team_standings_give_each_teams_total():
    event = make_played_night(2, form=Event.Form.TEAMS)
    summary = reports.match_summary(score_section(event.sections.get()))
    rows = body(workbook(event)["Standings A"])
    assert [(row[0], row[1], row[5]) for row in rows] == [
        (line.name, line.gross, line.total) for line in (summary.first, summary.second)
    ]


def test_a_name_that_looks_like_a_formula_is_written_as_text():
    event = make_played_night(3)
    pair = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id").first()
    event_service.name_pair(pair=pair, first="=1+1", second="@SUM(A1)", user=None)
    ws = workbook(event)["Standings A"]
    cell = next(row[2] for row in ws.iter_rows(min_row=3) if row[1].value == pair.label)
    assert cell.value == "'=1+1 & @SUM(A1)" and cell.data_type == "s"


def test_accented_names_survive():
    rows = body(workbook(make_played_night(3))["Standings A"])
    assert any("Zoë Brontë" in row[2] for row in rows)


def test_a_team_with_an_odd_pair_shows_the_average_added_exactly_and_as_taken():
    event = make_played_night(3, form=Event.Form.TEAMS)  # three pairs a team: each has an odd pair
    summary = reports.match_summary(score_section(event.sections.get()))
    rows = body(workbook(event)["Standings A"])
    for row, line in zip(rows, (summary.first, summary.second), strict=True):
        assert line.average is not None and line.average.denominator > 1
        assert (row[2], as_fraction(row[3]), row[4], row[5]) == (
            line.odd_direction,
            line.average,
            line.average_rounded,
            line.total,
        )
        assert len(row) == 6  # the exact total stays in the match's explanation on the screen

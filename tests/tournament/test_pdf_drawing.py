"""The recap sheets' chart and tables drawn straight on the canvas show what reportlab's widgets showed.

The bar chart's value axis steps as reportlab's own bar chart widget steps (the chart was once
drawn by it); a contract is a plain string, coloured pieces or, when too long, a paragraph; a
ruled table still reads row by row and cell by cell, whatever its cells are.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate

from tests.tournament.factories import make_played_night
from tests.tournament.pdf_text import raw_pages
from tournament.pdf import renderer_for
from tournament.pdf.base import RED, Runs, column_runs, contract_cell
from tournament.pdf.fonts import SANS
from tournament.pdf.recaps import BarChart
from tournament.reports import recap_rows
from tournament.scores.standings import score_section

CHART_HEIGHT = 48 * mm - 12 * mm  # the plotting area's


def widget_ticks(low: float, high: float) -> list[float]:
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 14 * mm, 8 * mm, 480, CHART_HEIGHT
    chart.data = [[1.0, 2.0]]
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = low, high
    chart.valueAxis.configure(chart.data)
    chart.valueAxis.setPosition(chart.x, chart.y, chart.height)
    return [float(tick) for tick in chart.valueAxis._calcTickmarkPositions()]


@pytest.mark.parametrize(
    ("low", "high"),
    [(-280.0, 220.0), (-1.3, 2.2), (-0.2, 1.2), (-5000.0, 13000.0), (-1.0, 1.0), (-35.5, 4.4), (-0.1, 0.1)],
)
def test_the_value_axis_steps_as_reportlabs_bar_chart_did(low: float, high: float) -> None:
    assert BarChart.ticks(low, high, CHART_HEIGHT) == widget_ticks(low, high)


@pytest.mark.parametrize(
    ("value", "label"), [(200.0, "+200"), (-100.0, "−100"), (0.0, "0"), (0.5, "+0.5"), (-2.5, "−2.5")]
)
def test_the_value_axis_labels_are_signed_with_a_true_minus(value: float, label: str) -> None:
    assert BarChart.label(value) == label


@pytest.mark.django_db
def test_a_recap_chart_prints_its_axis_labels_and_every_board_number_in_the_order_played() -> None:
    event = make_played_night(tables=3)
    sheet = score_section(event.sections.get())
    rows = [row for row in recap_rows(sheet, "1NS") if row.difference is not None]
    values = [float(row.difference or 0) for row in rows]
    low, high = min([0.0, *values]), max([0.0, *values])
    margin = (high - low) / 10 or 1.0
    labels = [BarChart.label(tick) for tick in BarChart.ticks(low - margin, high + margin, CHART_HEIGHT)]

    page = raw_pages(renderer_for(event, "recaps").render()[2])[0]

    boards = " ".join(str(row.board) for row in rows)
    assert f"{' '.join(labels)} {boards} Board number, in the order played" in page
    assert "0" in labels and any(label.startswith("−") for label in labels)


@pytest.mark.parametrize(("contract", "shown"), [("3S", "3♠"), ("2NTX", "2NTX"), ("2R", "2R♠"), ("C", "♣")])
def test_a_contract_without_a_red_suit_is_a_plain_string(contract: str, shown: str) -> None:
    assert contract_cell(contract, room=50) == shown


def test_a_contract_in_a_red_suit_is_drawn_in_pieces_the_suit_in_red() -> None:
    cell = contract_cell("4HXX", room=50)

    assert isinstance(cell, Runs)
    assert cell.runs == [("4", cell.runs[0][1]), ("♥", RED), ("XX", cell.runs[2][1])]
    assert cell.runs[0][1] != RED and cell.runs[2][1] != RED


def test_words_are_a_string_when_they_fit_and_a_wrapping_paragraph_when_not() -> None:
    assert contract_cell("Passed out", room=80) == "Passed out"
    assert isinstance(contract_cell("Not played (Law B)", room=30), Paragraph)


@pytest.mark.parametrize(
    ("columns", "runs"),
    [((), []), ((3,), [(3, 3)]), ((0, 1, 2, 5, 7, 8), [(0, 2), (5, 5), (7, 8)]), ((4, 2, 3), [(2, 4)])],
)
def test_columns_are_styled_in_runs_of_neighbours(
    columns: tuple[int, ...], runs: list[tuple[int, int]]
) -> None:
    assert column_runs(columns) == runs


@pytest.mark.django_db
def test_a_ruled_table_reads_row_by_row_and_cell_by_cell_with_coloured_cells_in_their_place() -> None:
    event = make_played_night(tables=3)
    renderer: Any = renderer_for(event, "standings")
    rows = [
        ["Bd", "Contract", "By", "Score"],
        ["1", contract_cell("3H", 50), "N", "140"],
        ["2", contract_cell("4S", 50), "E", "−620"],
        ["3", contract_cell("5DX", 50), "S", "550"],
    ]
    table = renderer.table(rows, [0.1, 0.2, 0.1, 0.2], numeric=(3,), centred=(0,))
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, initialFontName=SANS).build([table])

    assert "Bd Contract By Score 1 3♥ N 140 2 4♠ E −620 3 5♦X S 550" in raw_pages(buffer.getvalue())[0]

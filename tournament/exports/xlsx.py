"""The standings workbook: standings, the pair × deal matrix, travellers, match sheet, rulings.

Every cell comes from a row of :mod:`tournament.reports`, the rows the on-screen tables show,
written with the cells and sheet of :mod:`tournament.exports.sheet`. The workbook is one for
every game: each section's sheets are the game's (``games.of(event).workbook_sheets``: a pair
contest's or a team match's here, contract bridge's in ``games.contract.xlsx``), then the
rulings log.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from openpyxl import Workbook

from scoring.shared.numbers import round_half_away
from scoring.shared.seats import Side

from .. import games
from ..models import Event
from ..reports import (
    MatchRow,
    MatchTable,
    MatrixRow,
    RulingRow,
    StandingRow,
    TeamLine,
    TravellerLine,
    match_rows,
    match_summary,
    matrix_deals,
    matrix_rows,
    not_played_rows,
    played_boards,
    rulings_rows,
    standings_rows,
    waiting_rows,
    written_contract,
)
from ..scores.types import SectionScores
from .base import Export, filename_for
from .sheet import CONTENT_TYPE, Column, Sheet, figure, figure_cell, local_time, rank_cell, text

__all__ = ["CONTENT_TYPE", "figure_cell", "rank_cell", "section_sheets", "standings_workbook"]


# --- the sheets ----------------------------------------------------------------------------

STANDINGS: list[Column[StandingRow]] = [
    Column("Rank", lambda row: rank_cell(row.rank_text)),
    text("Pair", lambda row: row.pair),
    text("Names", lambda row: row.names),
    figure("Score", lambda row: row.rounded, signed=True),
    text("Deals", lambda row: row.deals),
]

TEAMS: list[Column[TeamLine]] = [
    text("Team", lambda line: line.name),
    figure("Gross", lambda line: line.gross),
    text("Odd pair sat", lambda line: line.odd_direction),
    figure("Average added", lambda line: line.average),
    figure("Rounded average", lambda line: line.average_rounded),
    figure("Total", lambda line: line.total),
]


def _unit(sheet: SectionScores) -> str:
    return games.of(sheet.event).unit


def standings_sheet(book: Workbook, sheet: SectionScores) -> None:
    """A pair contest's standings overall and per direction (Law H), or a match's totals (Law G)."""
    out = Sheet(book, f"Standings {sheet.section.letter}", sheet.event)
    if sheet.event.is_teams:
        out.title(f"Section {sheet.section.letter}: the match, in {_unit(sheet)} (Law G)")
        _match_totals(out, sheet)
    else:
        out.title(f"Section {sheet.section.letter}: standings, ± {_unit(sheet)} against the average (Law H)")
        out.table(STANDINGS, standings_rows(sheet), empty="No results yet.")
        for side in (Side.NS, Side.EW):
            rows = standings_rows(sheet, side)
            if rows:
                out.gap()
                out.line(f"{side.label} pairs, over the deals they played {side.label}", bold=True)
                out.table(STANDINGS, rows)
    waiting_lines(out, sheet)
    out.finish()


def waiting_lines(out: Sheet, sheet: SectionScores) -> None:
    """Below a standings sheet: the boards a table did not play and the ruling on each, then what still
    waits for the director, if anything."""
    unplayed = not_played_rows(sheet)
    if unplayed:
        out.gap()
        out.line("Boards not played", bold=True)
        for row in unplayed:
            out.line(row.text)
    waiting = waiting_rows(sheet)
    if waiting:
        out.gap()
        out.line("Waiting for the director", bold=True)
        for words in waiting:
            out.line(words)


def _match_totals(out: Sheet, sheet: SectionScores) -> None:
    summary = match_summary(sheet)
    if summary is None:
        out.table(TEAMS, [], empty="No deal has been played at every table yet.")
        return
    out.table(TEAMS, [summary.first, summary.second])
    out.gap()
    out.line(summary.text, bold=True)
    for words in summary.lines:
        out.line(words)


def matrix_sheet(book: Workbook, sheet: SectionScores) -> None:
    """Pair × deal: each pair's ± on each deal (Law H), or its gross in a team match (Law G)."""
    contest = not sheet.event.is_teams
    what = (
        f"± {_unit(sheet)} on each deal (Law H)" if contest else f"gross {_unit(sheet)} on each deal (Law G)"
    )
    rows, deals = matrix_rows(sheet), matrix_deals(sheet)
    write_matrix(book, sheet, what, deals, rows, signed=contest, total=lambda row: round_half_away(row.total))


def write_matrix(
    book: Workbook,
    sheet: SectionScores,
    what: str,
    deals: list[int],
    rows: list[MatrixRow],
    *,
    signed: bool,
    total: Callable[[MatrixRow], Fraction | int],
) -> None:
    """Every game's matrix sheet: each pair's figure on every deal of ``deals``, and its ``total``;
    titled "each pair's <what>"."""
    columns: list[Column[MatrixRow]] = [
        text("Pair", lambda row: row.pair),
        text("Names", lambda row: row.names),
    ]
    for index, deal in enumerate(deals):
        columns.append(figure(str(deal), lambda row, i=index: row.cells[i][1], signed=signed))
    columns.append(figure("Total", total, signed=signed))
    out = Sheet(book, f"Matrix {sheet.section.letter}", sheet.event, landscape=True)
    out.title(f"Section {sheet.section.letter}: each pair's {what}")
    out.table(columns, rows, empty="No results yet.")
    out.finish(freeze="C3", repeat_columns="A:B")


def traveller_columns(sheet: SectionScores) -> list[Column[TravellerLine]]:
    """The traveller's columns: whist has no declarer or net; a match has no averages."""
    declares, contest = games.of(sheet.event).declares, not sheet.event.is_teams
    scored = "score" if declares else _unit(sheet)  # where nobody declares, a side's score is its tricks
    columns: list[Column[TravellerLine]] = [
        text("Board", lambda line: line.board),
        text("Round", lambda line: line.round),
        text("Table", lambda line: line.table),
        text("N-S", lambda line: line.ns),
        text("E-W", lambda line: line.ew),
        text("Contract" if declares else "Trumps", lambda line: written_contract(line.contract)),
    ]
    if declares:
        columns += [text("By", lambda line: line.declarer), text("Tricks", lambda line: line.tricks)]
    columns += [
        text(f"N-S {scored}", lambda line: line.ns_points),
        text(f"E-W {scored}", lambda line: line.ew_points),
    ]
    if declares:
        columns.append(figure("Net N-S", lambda line: line.net_ns, signed=True))
    if contest:
        columns += [
            figure("N-S average", lambda line: line.ns_average),
            figure("N-S ±", lambda line: line.ns_difference, signed=True),
            figure("E-W average", lambda line: line.ew_average),
            figure("E-W ±", lambda line: line.ew_difference, signed=True),
        ]
    columns += [text("Status", lambda line: line.status), text("Notes", _traveller_notes)]
    return columns


def _traveller_notes(line: TravellerLine) -> str:
    return " ".join(
        words for words in (line.how, line.problem, *(note.text for note in line.rulings)) if words
    )


def travellers_sheet(book: Workbook, sheet: SectionScores) -> None:
    """Every board's tables: contract, tricks, each side's score, the averages and ± (Law H)."""
    write_travellers(book, sheet, traveller_columns(sheet))


def write_travellers(
    book: Workbook, sheet: SectionScores, columns: Sequence[Column[Any]], law: str = ""
) -> None:
    """Every game's travellers sheet: the game's traveller rows of every played board, in ``columns``."""
    game = games.of(sheet.event)
    lines = [line for board in played_boards(sheet) for line in game.traveller_rows(sheet, board)]
    out = Sheet(book, f"Travellers {sheet.section.letter}", sheet.event, landscape=True)
    out.title(f"Section {sheet.section.letter}: travellers, every table's result on every board{law}")
    out.table(columns, lines, empty="No results yet.")
    out.finish(freeze="D3")


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One table of one deal on the match sheet; the deal's figures sit on its first table's line."""

    deal: MatchRow
    table: MatchTable
    first: bool


def _deal_figure(get: Callable[[MatchRow], int], *, signed: bool = False) -> Callable[[MatchLine], Any]:
    return lambda line: figure_cell(get(line.deal), signed=signed) if line.first else (None, "General", "")


def match_columns(sheet: SectionScores, first: str, second: str) -> list[Column[MatchLine]]:
    """Per deal and table: the result, each pair's gross and team; per deal: each team's gross, the swing."""
    declares = games.of(sheet.event).declares
    scored = _unit(sheet)
    columns: list[Column[MatchLine]] = [
        text("Deal", lambda line: line.deal.deal),
        text("Table", lambda line: line.table.table),
        text("Round", lambda line: line.table.round),
        text("Contract" if declares else "Trumps", lambda line: written_contract(line.table.contract)),
    ]
    if declares:
        columns += [
            text("By", lambda line: line.table.declarer),
            text("Tricks", lambda line: line.table.tricks),
        ]
    columns += [
        text("N-S", lambda line: line.table.ns),
        text("N-S team", lambda line: line.table.ns_team),
        text(f"N-S {scored}", lambda line: line.table.ns_points),
        text("E-W", lambda line: line.table.ew),
        text("E-W team", lambda line: line.table.ew_team),
        text(f"E-W {scored}", lambda line: line.table.ew_points),
        Column(first, _deal_figure(lambda row: row.first_points)),
        Column(second, _deal_figure(lambda row: row.second_points)),
        Column("Swing", _deal_figure(lambda row: row.swing, signed=True)),
        Column("Running swing", _deal_figure(lambda row: row.running_swing, signed=True)),
    ]
    return columns


def match_sheet(book: Workbook, sheet: SectionScores) -> None:
    """The team match sheet (Law G): per deal both tables, each team's gross and the swing; the totals."""
    summary = match_summary(sheet)
    first, second = (summary.first.name, summary.second.name) if summary else ("First team", "Second team")
    lines = [
        MatchLine(row, table, index == 0)
        for row in match_rows(sheet)
        for index, table in enumerate(row.tables)
    ]
    out = Sheet(book, f"Match {sheet.section.letter}", sheet.event, landscape=True)
    out.title(f"Section {sheet.section.letter}: the match sheet, deal by deal (Law G)")
    out.table(match_columns(sheet, first, second), lines, empty="No deal has been played at every table yet.")
    if summary is not None:
        out.gap()
        out.line("Totals", bold=True)
        _match_totals(out, sheet)
    out.finish(freeze="C3")


def ruling_columns(several: bool, *, adjusted: bool = False) -> list[Column[tuple[str, RulingRow]]]:
    """Where, the law, what it changed, why, and whether it stands; the section when there are several.

    ``adjusted``: the game's rulings change a score by an adjusted score (Law 12C, contract bridge):
    its column shows each side's artificial score or the result assigned, in place of the side,
    points and seat.
    """
    columns: list[Column[tuple[str, RulingRow]]] = [text("Section", lambda item: item[0])] if several else []
    columns += [
        text("Board", lambda item: item[1].board),
        text("Round", lambda item: item[1].round),
        text("Table", lambda item: item[1].table),
        text("N-S", lambda item: item[1].ns),
        text("E-W", lambda item: item[1].ew),
        text("Ruling", lambda item: item[1].kind),
        text("Law", lambda item: item[1].law),
    ]
    if adjusted:
        columns.append(text("Adjusted score", lambda item: item[1].adjustment))
    else:
        columns += [
            text("Side", lambda item: item[1].side),
            text("Points", lambda item: item[1].points or None),
            text("Seat", lambda item: item[1].seat),
        ]
    columns += [
        text("Reason", lambda item: item[1].reason),
        text("Stands", lambda item: "yes" if item[1].active else "undone"),
        Column("Made", lambda item: local_time(item[1].created)),
        Column("Undone", lambda item: local_time(item[1].undone_at)),
    ]
    return columns


def rulings_sheet(book: Workbook, event: Event, sheets: Sequence[SectionScores]) -> None:
    """The rulings log: every ruling of the night, in force or undone, with its law (Laws B-F, 12, 84)."""
    rulings = [(sheet.section.letter, row) for sheet in sheets for row in rulings_rows(sheet)]
    out = Sheet(book, "Rulings", event, landscape=True)
    out.title("Rulings, in force and undone, with the law each applies")
    columns = ruling_columns(len(sheets) > 1, adjusted=games.of(event).adjusted_scores)
    out.table(columns, rulings, empty="No rulings were made.")
    out.finish()


def section_sheets(book: Workbook, sheet: SectionScores) -> None:
    """A pair contest's or a team match's sheets of one section: standings (or the match's totals),
    the match sheet, the matrix and the travellers (Laws G, H)."""
    standings_sheet(book, sheet)
    if sheet.event.is_teams:
        match_sheet(book, sheet)
    matrix_sheet(book, sheet)
    travellers_sheet(book, sheet)


def standings_workbook(event: Event, sheets: Sequence[SectionScores]) -> Export:
    """The standings workbook of ``event``: per section the game's sheets (``workbook_sheets``), then
    the rulings log. The figures are the engine's, as the standings page shows them."""
    game = games.of(event)
    book = Workbook()
    book.remove(book.active)
    book.properties.title = f"{event.name}: standings"
    book.properties.creator = event.club.name
    for sheet in sheets:
        game.workbook_sheets(book, sheet)
    rulings_sheet(book, event, sheets)
    buffer = io.BytesIO()
    book.save(buffer)
    return Export(filename_for(event, "standings", "xlsx"), CONTENT_TYPE, buffer.getvalue())

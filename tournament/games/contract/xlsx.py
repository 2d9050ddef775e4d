"""The workbook of a Duplicate Contract Bridge night: standings, the match, matrix, travellers, boards.

The same cells and sheets as :mod:`tournament.exports.xlsx` (numbers a spreadsheet can sum,
exact fraction formats, every text typed as a string so that no name runs as a formula, headers
repeated on every printed page), over the rows of :mod:`tournament.games.contract.reports` and
:mod:`tournament.games.contract.sheets`: matchpoints with the top and the percentage, or IMPs
(Law 78A, 78B; spec §2, §3); a team match's IMPs and Victory Points (spec §3.4, §3.5); every
table's contract, result and score (Law 77) with each side's matchpoints or IMPs; each board's
vulnerability, dealer, top or Butler datum, and par. Nothing here scores.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from openpyxl import Workbook

from ...exports.sheet import Column, Sheet, Value, figure, figure_cell, rank_cell, text
from ...exports.xlsx import waiting_lines, write_matrix, write_travellers
from ...reports import ANALYSIS_COMING
from ...reports.common import symbol_text
from ...scores.types import SectionScores
from .facts import vulnerability_of
from .reports import BoardHeading, ContractStandingRow, ContractTravellerLine
from .sheets import (
    MatchBoardLine,
    assigned_entries,
    board_headings,
    contract_matrix,
    direction_word,
    entry_parts,
    heading_figure,
    match_board_lines,
    match_of,
    method_lines,
    percent_value,
    standing_lists,
)

HUNDREDTHS = "0.00"
RESULT = '+0;-0;"="'  # made exactly shows "=", as the traveller writes it


def hundredths_cell(value: Fraction | None) -> tuple[Value, str, str]:
    """A percentage or VPs to the hundredth, as a number shown with two decimals: 57.14."""
    if value is None:
        return None, "General", ""
    whole = int(abs(value * 100))
    shown = f"{'-' if value < 0 else ''}{whole // 100}.{whole % 100:02d}"
    # The value is already exact to the hundredth; the float is its spreadsheet cell.
    return float(value), HUNDREDTHS, shown


def result_cell(result: str) -> tuple[Value, str, str]:
    """The result against the contract as a number shown as the traveller writes it: "=", "+1", "-2"."""
    if not result:
        return None, "General", ""
    return 0 if result == "=" else int(result), RESULT, result


def _unit(sheet: SectionScores) -> str:
    return sheet.payload.unit if sheet.payload is not None else "MP"


def _signed(unit: str) -> bool:
    """Matchpoints and board-a-match points are counted up; IMPs and total points carry a sign."""
    return unit not in ("MP", "BAM")


# --- standings ---------------------------------------------------------------------------------


def standing_columns(unit: str) -> list[Column[ContractStandingRow]]:
    """Rank, pair, names, direction, the score (MP with top and percentage, or IMPs), boards."""
    columns: list[Column[ContractStandingRow]] = [
        Column("Rank", lambda row: rank_cell(row.rank_text)),
        text("Pair", lambda row: row.pair),
        text("Names", lambda row: row.names),
        text("Direction", lambda row: direction_word(row.direction)),
        figure(unit, lambda row: row.total, signed=_signed(unit)),
    ]
    if unit == "MP":
        columns += [
            figure("Top", lambda row: row.top),
            Column("Percent", lambda row: hundredths_cell(percent_value(row.percent))),
        ]
    columns.append(text("Boards", lambda row: row.boards))
    return columns


def standings_sheet(book: Workbook, sheet: SectionScores) -> None:
    """The standings: each list of a two-winner Mitchell, or the field; a team match's totals."""
    event = sheet.event
    out = Sheet(book, f"Standings {sheet.section.letter}", event)
    out.title(f"Section {sheet.section.letter}: {event.get_method_display()}")
    if event.is_teams:
        _match_totals(out, sheet)
    else:
        lists = standing_lists(sheet)
        columns = standing_columns(_unit(sheet))
        if not lists:
            out.table(columns, [], empty="No results yet.")
        for index, found in enumerate(lists):
            if index:
                out.gap()
            if len(lists) > 1:
                out.line(f"{found.heading} pairs", bold=True)
            out.table(columns, found.rows)
    out.gap()
    for words in method_lines(event):
        out.line(words)
    waiting_lines(out, sheet)
    out.finish()


def _match_totals(out: Sheet, sheet: SectionScores) -> None:
    match = match_of(sheet)
    unit = _unit(sheet)
    vps = match is not None and match.vp_home is not None
    columns: list[Column[tuple[str, Fraction | int, Fraction | None]]] = [
        text("Team", lambda line: line[0]),
        figure(unit, lambda line: line[1], signed=unit == "points"),
    ]
    if vps:
        provisional = "" if match.declared(sheet.event.is_locked) else " (provisional)"
        columns.append(Column(f"VPs{provisional}", lambda line: hundredths_cell(line[2])))
    if match is None:
        out.table(columns, [], empty="No board has been played at both tables yet.")
        return
    home, away = (
        (match.imps_home, match.imps_away) if match.unit == "IMPs" else (match.home_total, match.away_total)
    )
    out.table(columns, [(match.home, home, match.vp_home), (match.away, away, match.vp_away)])
    out.gap()
    out.line(match.verdict(sheet.event.is_locked), bold=True)
    for words in match.lines:
        out.line(words)


# --- the team match, board by board ------------------------------------------------------------


def _played(line: ContractTravellerLine | None, assigned: dict[int, Any]) -> str:
    """ "4♥X N -2", "Passed out", "Adjusted A+/A-", or the assigned result marked so (Law 12C1)."""
    if line is None:
        return ""
    if line.adjusted:
        return f"Adjusted {line.adjusted}"
    entry = assigned.get(line.result_pk)
    if entry is not None:
        contract, declarer, result, _ = entry_parts(entry)
        return " ".join(part for part in (symbol_text(contract), declarer, result) if part) + " (assigned)"
    return " ".join(part for part in (symbol_text(line.contract), line.declarer, line.result) if part)


def match_sheet(book: Workbook, sheet: SectionScores) -> None:
    """Both tables of every board: what was played, N-S's score, the net, each team's figure, the running."""
    match = match_of(sheet)
    home, away = (match.home, match.away) if match is not None else ("Home team", "Away team")
    unit = _unit(sheet)
    assigned = assigned_entries(sheet)
    columns: list[Column[MatchBoardLine]] = [
        text("Board", lambda line: line.figures.board),
        text("Dealer", lambda line: line.heading.dealer),
        text("Vul", lambda line: line.heading.vulnerability.removeprefix("Vul: ")),
        text("Table 1", lambda line: _played(line.home_table, assigned)),
        figure("Table 1 N-S", lambda line: line.figures.home_ns, signed=True),
        text("Table 2", lambda line: _played(line.away_table, assigned)),
        figure("Table 2 N-S", lambda line: line.figures.away_ns, signed=True),
        figure("Net", lambda line: line.figures.net, signed=True),
        figure(home, lambda line: line.figures.home, signed=_signed(unit)),
        figure(away, lambda line: line.figures.away, signed=_signed(unit)),
        figure("Running", lambda line: line.figures.running, signed=_signed(unit)),
    ]
    out = Sheet(book, f"Match {sheet.section.letter}", sheet.event, landscape=True)
    out.title(f"Section {sheet.section.letter}: {home} v {away}, board by board ({unit})")
    lines = match_board_lines(sheet)
    out.table(columns, lines, empty="No board has been played at both tables yet.")
    out.finish(freeze="B3")


# --- the pair x board matrix -------------------------------------------------------------------


def matrix_sheet(book: Workbook, sheet: SectionScores) -> None:
    """Each pair's matchpoints or IMPs on every board, and its total (Law 78)."""
    unit = _unit(sheet)
    boards, rows = contract_matrix(sheet)
    what = f"{unit} on each board"
    write_matrix(book, sheet, what, boards, rows, signed=_signed(unit), total=lambda row: row.total)


# --- travellers and boards ---------------------------------------------------------------------


def traveller_columns(sheet: SectionScores) -> list[Column[ContractTravellerLine]]:
    """Board, round, table, the pairs, what was played, the score to the side that made it, and in a
    pair contest each side's matchpoints or IMPs; the status and notes."""
    unit = _unit(sheet)
    assigned = assigned_entries(sheet)
    boards = sheet.boards

    def parts(line: ContractTravellerLine) -> tuple[str, str, str, int | None]:
        entry = assigned.get(line.result_pk)
        if entry is not None:
            return entry_parts(entry)
        if line.adjusted:
            return f"Adjusted {line.adjusted}", "", "", None
        return line.contract, line.declarer, line.result, line.tricks

    columns: list[Column[ContractTravellerLine]] = [
        text("Board", lambda line: line.board),
        text("Dealer", lambda line: boards[line.board].dealer),
        text("Vul", lambda line: _vul(sheet, line.board)),
        text("Round", lambda line: line.round),
        text("Table", lambda line: line.table),
        text("N-S", lambda line: line.ns),
        text("E-W", lambda line: line.ew),
        text("Contract", lambda line: symbol_text(parts(line)[0])),
        text("By", lambda line: parts(line)[1]),
        Column("Result", lambda line: result_cell(parts(line)[2])),
        text("Tricks", lambda line: parts(line)[3]),
        text("N-S score", lambda line: line.ns_score),
        text("E-W score", lambda line: line.ew_score),
    ]
    if not sheet.event.is_teams:
        columns += [
            figure(f"N-S {unit}", lambda line: line.ns_figure, signed=_signed(unit)),
            figure(f"E-W {unit}", lambda line: line.ew_figure, signed=_signed(unit)),
        ]
    columns += [
        text("Status", lambda line: line.status),
        text("Notes", lambda line: _notes(line, assigned)),
    ]
    return columns


def _vul(sheet: SectionScores, number: int) -> str:
    return vulnerability_of(sheet.boards[number]).label


def _notes(line: ContractTravellerLine, assigned: dict[int, Any]) -> str:
    words = [note.text for note in line.rulings]
    if line.result_pk in assigned:
        words.append(f"Assigned in place of the table's {line.table_played} (Law 12C1).")
    if line.adjusted:
        words += [line.ns_how, line.ew_how]
    if line.problem:
        words.append(f"Not counted yet: {line.problem}")
    return " ".join(word for word in words if word)


def travellers_sheet(book: Workbook, sheet: SectionScores) -> None:
    """Every board's tables: what was played, the score (Law 77) and each side's matchpoints or IMPs."""
    write_travellers(book, sheet, traveller_columns(sheet), " (Law 77)")


def board_columns(unit: str) -> list[Column[BoardHeading]]:
    """Each board's dealer and vulnerability, its top or datum, its par and how it was scored."""
    return [
        text("Board", lambda heading: heading.number),
        text("Dealer", lambda heading: heading.dealer),
        text("Vul", lambda heading: heading.vulnerability.removeprefix("Vul: ")),
        text("Top or datum", lambda heading: heading_figure(heading)[0]),
        Column("Figure", lambda heading: _heading_figure(heading)),
        figure("Par N-S", lambda heading: heading.par.score_ns if heading.par else None, signed=True),
        text("Par", _par_text),
        text("How", lambda heading: " ".join(heading.figures.lines) if heading.figures else ""),
    ]


def _par_text(heading: BoardHeading) -> str:
    if heading.par is not None:
        return heading.par.text
    return ANALYSIS_COMING if heading.par_coming else ""


def _heading_figure(heading: BoardHeading) -> tuple[Value, str, str]:
    name, value = heading_figure(heading)
    return figure_cell(value, signed=name == "Datum")


def boards_sheet(book: Workbook, sheet: SectionScores) -> None:
    out = Sheet(book, f"Boards {sheet.section.letter}", sheet.event, landscape=True)
    out.title(f"Section {sheet.section.letter}: every board's dealer, vulnerability and par (Law 2)")
    out.table(board_columns(_unit(sheet)), board_headings(sheet), empty="No results yet.")
    out.finish(freeze="B3")


def section_sheets(book: Workbook, sheet: SectionScores) -> None:
    """A contract bridge section's sheets of the standings workbook: its standings (or the match's
    totals), the match board by board or the matrix, the travellers and the boards (Laws 12C, 77, 78)."""
    standings_sheet(book, sheet)
    if sheet.event.is_teams:
        match_sheet(book, sheet)
    else:
        matrix_sheet(book, sheet)
    travellers_sheet(book, sheet)
    boards_sheet(book, sheet)

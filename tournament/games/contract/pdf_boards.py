"""The printed sheets of a Duplicate Contract Bridge night that go a board at a time: a pair's recap,
the travellers, and what a hand record adds to a board (its vulnerability and par).

Every figure is a row of :mod:`tournament.games.contract.reports` (the engine's matchpoints and
IMPs; Laws 12C, 77, 78), printed as :mod:`tournament.games.contract.pdf` prints it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether

from scoring.contract.entry import ContractEntry

from ...models import Board, Pair
from ...pdf.base import PdfRenderer, plain, row_notes, signed
from ...reports import ANALYSIS_COMING, hand_diagram, played_boards
from ...reports.common import percent_text
from ...scores.types import SectionScores
from .facts import vulnerability_of, vulnerability_text
from .pdf import assigned_note, board_lines, board_words, figure_text, played_cells
from .reports import (
    ContractRecapLine,
    ContractTravellerLine,
    board_heading,
    board_par,
    contract_recap_rows,
    contract_traveller_rows,
    par_coming,
)
from .sheets import assigned_entries, direction_word, entry_parts, match_of

if TYPE_CHECKING:
    from ...pdf.recaps import RecapsPdf
    from ...pdf.travellers import TravellersPdf


# --- recaps ----------------------------------------------------------------------------------------


def places_text(sheet: SectionScores, pair: Pair) -> str:
    """ "N-S: rank 2= of 5, 37 1/2 MP of 64 (58.59 %), 12 boards." or "+12 IMPs" for IMP pairs."""
    contest = sheet.payload
    line = contest.standing(pair.label) if contest is not None else None
    if contest is None or line is None:
        return ""
    field = (
        contest.direction_standings(line.direction)
        if contest.two_winner and line.direction
        else contest.standings
    )
    where = (direction_word(line.direction) or "Overall") if contest.two_winner else "Overall"
    if contest.unit == "MP":
        figure = f"{plain(line.total)} MP"
        if line.top is not None:
            figure += f" of {plain(line.top)} ({percent_text(line.percent)} %)"
    else:
        figure = f"{signed(line.total)} {contest.unit}"
    boards = f"{line.boards} board" + ("" if line.boards == 1 else "s")
    return f"{where}: rank {line.place.text} of {len(field)}, {figure}, {boards}."


def team_figures(sheet: SectionScores, pair: Pair) -> dict[int, Fraction]:
    """In a team match, the signed IMPs (or points) the pair's team earned on each board (Law 78B)."""
    match = match_of(sheet)
    if match is None or pair.team is None:
        return {}
    home = pair.team.label == "A"
    return {board.number: board.home if home else board.away for board in match.boards}


def recap_story(pdf: RecapsPdf, sheet: SectionScores, pair: Pair) -> list[Flowable]:
    """A pair's boards in the order played: what was played, its score, the MP or IMPs it earned,
    and a chart of them board by board."""
    rows = contract_recap_rows(sheet, pair.label)
    story = recap_boards(pdf, sheet, pair, rows)
    caption, bars = chart_values(sheet, pair, rows)
    if bars:
        chart = pdf.chart(bars, "Board number, in the order played")
        story.append(KeepTogether([pdf.gap(), pdf.text(caption, "subheading"), chart]))
    return story


def recap_boards(
    pdf: PdfRenderer, sheet: SectionScores, pair: Pair, rows: list[ContractRecapLine]
) -> list[Flowable]:
    """The pair's place, its team, and its boards with their notes."""
    story: list[Flowable] = []
    places = places_text(sheet, pair)
    if places:
        story.append(pdf.text(places, "body"))
    if pair.team is not None:
        story.append(pdf.text(f"Plays for {pair.team.name}.", "body"))
    if not rows:
        return [*story, pdf.gap(), pdf.text("No result of this pair is recorded yet.")]
    assigned = assigned_entries(sheet)
    story += [pdf.gap(2 * mm), recap_table(pdf, sheet, pair, rows), *recap_notes(pdf, rows, assigned)]
    return story


def recap_table(
    pdf: PdfRenderer, sheet: SectionScores, pair: Pair, rows: list[ContractRecapLine]
) -> Flowable:
    unit = sheet.payload.unit if sheet.payload is not None else "MP"
    teams = pdf.event.is_teams
    noted = {row.board for row in rows if row.rulings or row.adjusted or row.problem}
    head = ["Rnd", "Tbl", "Bd", "Vul", "Sat", "Against", "Contract", "By", "Result", "Tricks", "Score"]
    widths = [0.05, 0.05, 0.05, 0.06, 0.05, 0.08, 0.09, 0.04, 0.07, 0.06, 0.08]
    if teams:
        head += ["Team IMPs" if unit == "IMPs" else f"Team {unit}", "Running"]
        widths += [0.1, 0.1]
    elif unit == "MP":
        head += ["MP", "Top", "Running"]
        widths += [0.08, 0.07, 0.1]
    else:
        head += [unit, "Running"]
        widths += [0.1, 0.12]
    earned = team_figures(sheet, pair) if teams else {}
    assigned = assigned_entries(sheet)
    running = Fraction(0)
    body: list[list[object]] = [head]
    for row in rows:
        board = sheet.boards.get(row.board)
        vul = vulnerability_of(board).label if board is not None else ""
        start: list[object] = [
            str(row.round),
            str(row.table),
            f"{row.board}*" if row.board in noted else str(row.board),
            vul,
            row.direction,
            row.opponents,
        ]
        played = played_cells(pdf, (row.contract, row.declarer, row.result, row.tricks), row.adjusted)
        if row.result_pk in assigned:
            played = played_cells(pdf, entry_parts(assigned[row.result_pk]), "", assigned=True)
        cells = [*start, *played, signed(row.score) if row.score is not None else ""]
        if teams:
            figure = earned.get(row.board)
            running += figure or 0
            cells += [figure_text(unit, figure), figure_text(unit, running) if figure is not None else ""]
        elif unit == "MP":
            cells += [plain(row.figure), plain(row.top), plain(row.running)]
        else:
            cells += [signed(row.figure) if row.figure is not None else "", signed(row.running)]
        body.append(cells)
    scale = sum(widths)
    return pdf.table(
        body,
        [w / scale for w in widths],
        numeric=range(9, len(head)),
        centred=(0, 1, 2, 3, 4, 5),
        font_size=8,
    )


def recap_notes(
    pdf: PdfRenderer, rows: list[ContractRecapLine], assigned: dict[int, ContractEntry]
) -> list[Flowable]:
    notes: list[str] = []
    for row in rows:
        where = f"Board {row.board} (round {row.round}, table {row.table})"
        entry = assigned.get(row.result_pk)
        others = [
            assigned_note(entry, row.table_played) if row.result_pk in assigned else "",
            row.how if row.adjusted else "",
        ]
        notes += row_notes(where, row.rulings, others, row.problem)
    if not notes:
        return []
    return [pdf.text("* Rulings and adjusted scores on these boards", "subheading"), *pdf.notes(notes)]


def chart_values(
    sheet: SectionScores, pair: Pair, rows: list[ContractRecapLine]
) -> tuple[str, list[tuple[int, Fraction]]]:
    """What the recap's bar chart shows, board by board: matchpoints above or below half the top, or
    the IMPs (a team's IMPs in a match)."""
    unit = sheet.payload.unit if sheet.payload is not None else "MP"
    if sheet.event.is_teams:
        earned = team_figures(sheet, pair)
        return f"Team {unit} board by board", [
            (row.board, earned[row.board]) for row in rows if row.board in earned
        ]
    if unit == "MP":
        return "MP above or below half the top, board by board", [
            (row.board, row.figure - row.top / 2)
            for row in rows
            if row.figure is not None and row.top is not None
        ]
    return f"{unit} board by board", [(row.board, row.figure) for row in rows if row.figure is not None]


# --- travellers ------------------------------------------------------------------------------------


def traveller_story(pdf: TravellersPdf, sheet: SectionScores) -> list[Flowable]:
    """One block a played board, kept on one page: its marks, the deal with double-dummy tricks and
    par when the board has one, the top or datum, and every table's result with its MP or IMPs."""
    played = played_boards(sheet)
    if not played:
        return [pdf.text("No result is recorded yet.")]
    match = match_of(sheet)
    hows = {board.number: board.how for board in match.boards} if match is not None else {}
    return [
        KeepTogether(traveller_block(pdf, sheet, sheet.boards[number], hows.get(number, "")))
        for number in played
    ]


def traveller_block(pdf: TravellersPdf, sheet: SectionScores, board: Board, how: str) -> list[Flowable]:
    heading = board_heading(sheet, board)
    lines = board_lines(heading) + ([how] if how else [])
    facts = [pdf.text(line, "small") for line in lines]
    diagram = hand_diagram(board)
    side = [*pdf.tricks(diagram, coming=not heading.par_coming), pdf.gap(2 * mm)] if diagram else []
    rows = contract_traveller_rows(sheet, board.number)
    unit = sheet.payload.unit if sheet.payload is not None else "MP"
    assigned = assigned_entries(sheet)
    table = traveller_table(pdf, rows, unit, assigned)
    notes = traveller_notes(rows, assigned)
    return pdf.board_block(board_words(heading), diagram, side, facts, table, notes)


def traveller_table(
    pdf: PdfRenderer,
    rows: list[ContractTravellerLine],
    unit: str,
    assigned: dict[int, ContractEntry],
) -> Flowable:
    """Round, table, pairs, the contract by whom and its result, the score to the side that made it,
    and, in a pair contest, each side's matchpoints or IMPs."""
    teams = pdf.event.is_teams
    noted = {row.table for row in rows if row.rulings or row.adjusted or row.assigned or row.problem}
    head = ["Rnd", "Tbl", "N-S", "E-W", "Contract", "By", "Result", "Tricks", "N-S score", "E-W score"]
    widths = [0.05, 0.05, 0.07, 0.07, 0.14, 0.05, 0.07, 0.07, 0.1, 0.1]
    if not teams:
        head += [f"N-S {unit}", f"E-W {unit}"]
        widths += [0.115, 0.115]
    body: list[list[object]] = [head]
    for row in rows:
        start = [str(row.round), f"{row.table}*" if row.table in noted else str(row.table), row.ns, row.ew]
        played = played_cells(pdf, (row.contract, row.declarer, row.result, row.tricks), row.adjusted)
        if row.result_pk in assigned:
            played = played_cells(pdf, entry_parts(assigned[row.result_pk]), "", assigned=True)
        scores = [
            "" if row.ns_score is None else str(row.ns_score),
            "" if row.ew_score is None else str(row.ew_score),
        ]
        figures = [] if teams else [figure_text(unit, row.ns_figure), figure_text(unit, row.ew_figure)]
        body.append([*start, *played, *scores, *figures])
    scale = sum(widths)
    return pdf.table(
        body, [w / scale for w in widths], numeric=range(7, len(head)), centred=(0, 1, 2, 3, 5, 6)
    )


def traveller_notes(rows: list[ContractTravellerLine], assigned: dict[int, ContractEntry]) -> list[str]:
    notes: list[str] = []
    for row in rows:
        where = f"* Table {row.table} (round {row.round}, {row.ns} v {row.ew})"
        others = [
            assigned_note(assigned.get(row.result_pk), row.table_played) if row.assigned else "",
            f"{row.ns_how} {row.ew_how}".rstrip() if row.adjusted and row.ns_how else "",
        ]
        notes += row_notes(where, row.rulings, others, row.problem)
    return notes


# --- hand records ----------------------------------------------------------------------------------


def board_marks(pdf: PdfRenderer, board: Board, analysing: bool) -> tuple[str, list[Flowable]]:
    """A hand record's board: its vulnerability after the heading (Law 2), its par under the hands,
    or word that the par is coming (unless the tricks, still being analysed, say so already)."""
    par = board_par(board)
    if par is not None:
        lines = [pdf.text(f"{par.text} (double dummy).", "small")]
    elif par_coming(board) and not analysing:
        lines = [pdf.text(ANALYSIS_COMING, "small")]
    else:
        lines = []
    return f" · {vulnerability_text(board)}", lines

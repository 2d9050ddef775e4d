"""The printed sheets of a Duplicate Contract Bridge night: standings, recaps, travellers, the match.

Each function builds, for one section, the flowables of one document family; the family's own
renderer (``StandingsPdf``, ``RecapsPdf``, ``TravellersPdf``, ``MatchPdf``) calls it for a
contract bridge event and keeps its header, footer, fonts and paper. Every figure is a row of
:mod:`tournament.games.contract.reports` (the engine's matchpoints, IMPs and VPs; Laws 12C, 77, 78;
spec §2, §3), printed exactly: "37 1/2" matchpoints, "+5" IMPs, "58.59" %. Every user's text
(names, teams, rulings) is escaped and laid out in bounded pieces, as on the other sheets.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether

from scoring.contract.entry import ContractEntry

from ...models import Board, Pair
from ...pdf.base import INK, MINUS, PdfRenderer, contract_markup, plain, signed
from ...reports import ANALYSIS_COMING, hand_diagram
from ...scores.standings import SectionScores
from .facts import vulnerability_of
from .reports import (
    BoardHeading,
    ContractRecapLine,
    ContractStandingRow,
    ContractTravellerLine,
    board_heading,
    contract_traveller_rows,
)
from .scoring import MatchFigures
from .sheets import (
    MatchBoardLine,
    assigned_entries,
    entry_parts,
    heading_figure,
    match_board_lines,
    match_of,
    method_lines,
    percent_text,
    standing_lists,
    vp_text,
)

if TYPE_CHECKING:
    from ...pdf.travellers import TravellersPdf

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def figure_text(unit: str, value: Fraction | int | None) -> str:
    """Matchpoints as they are ("37 1/2"), IMPs and points with their sign ("+5", "−3")."""
    if value is None:
        return ""
    return plain(value) if unit in ("MP", "BAM") else signed(value)


def result_text(result: str) -> str:
    """ "=", "+1", "−2": the tricks against the contract, with a true minus sign."""
    return result.replace("-", MINUS)


def played_markup(contract: str, declarer: str, result: str, adjusted: str = "") -> str:
    """ "4♥ N +1" as paragraph markup (♥ in red); "Adjusted A+/A−" for an artificial score."""
    if adjusted:
        return escape(f"Adjusted {adjusted.replace('-', MINUS)}")
    words = " ".join(escape(part) for part in (declarer, result_text(result)) if part)
    return f"{contract_markup(contract)} {words}".strip()


def played_cells(
    pdf: PdfRenderer, played: tuple[str, str, str, int | None], adjusted: str, *, assigned: bool = False
) -> list[object]:
    """The contract, declarer, result and tricks cells; one "Adjusted A+/A−" cell for an artificial score,
    and the assigned result, marked "assigned" under its contract, where the director gave one (Law 12C1)."""
    if adjusted:
        return [pdf.para(played_markup("", "", "", adjusted), "cell"), "", "", ""]
    contract, declarer, result, tricks = played
    markup = contract_markup(contract) + ('<br/><font size="6.5">assigned</font>' if assigned else "")
    return [pdf.para(markup, "cell"), declarer, result_text(result), "" if tricks is None else str(tricks)]


def board_words(heading: BoardHeading) -> str:
    """ "Board 5 · dealer North · Vul: N-S"."""
    dealer = SEAT_NAMES.get(heading.dealer, heading.dealer)
    return f"Board {heading.number} · dealer {dealer} · {heading.vulnerability}"


def board_lines(heading: BoardHeading) -> list[str]:
    """The board's par, its top or Butler datum, and the engine's lines on how it was scored."""
    lines = []
    if heading.par is not None:
        lines.append(f"{heading.par.text} (double dummy).")
    elif heading.par_coming:
        lines.append(ANALYSIS_COMING)
    name, figure = heading_figure(heading)
    if name == "Datum" and figure is not None:
        lines.append(f"Butler datum {signed(figure)}.")
    if heading.figures is not None:
        lines += list(heading.figures.lines)
    return lines


# --- standings -------------------------------------------------------------------------------------


def standings_story(pdf: PdfRenderer, sheet: SectionScores) -> list[Flowable]:
    """A pair contest's lists (matchpoints with percentages, or IMPs), or a team match's totals."""
    if pdf.event.is_teams:
        match = match_of(sheet)
        if match is None:
            return [pdf.text("No board has been played at both tables yet: the match totals appear then.")]
        return [*match_totals(pdf, match), *pdf.notes(method_lines(pdf.event), "small")]
    lists = standing_lists(sheet)
    if not lists:
        return [pdf.text("No result is scored yet: the standings appear with the first scored board.")]
    unit = sheet.bridge.unit if sheet.bridge is not None else "MP"
    story: list[Flowable] = list(pdf.notes(method_lines(pdf.event), "small"))
    for found in lists:
        story.append(
            KeepTogether([pdf.text(found.heading, "heading"), standings_table(pdf, found.rows, unit)])
        )
    return story


def standings_table(pdf: PdfRenderer, rows: Sequence[ContractStandingRow], unit: str) -> Flowable:
    """Rank ("2=" when shared), pair, players, matchpoints with the top and percentage, or IMPs; boards."""
    if unit == "MP":
        body: list[list[object]] = [["Rank", "Pair", "Players", "MP", "Top", "%", "Boards"]]
        for row in rows:
            body.append(
                [
                    row.rank_text,
                    row.pair,
                    pdf.text(row.names, "cell"),
                    plain(row.total),
                    plain(row.top),
                    percent_text(row.percent),
                    str(row.boards),
                ]
            )
        widths: tuple[float, ...] = (0.08, 0.08, 0.42, 0.12, 0.1, 0.1, 0.1)
    else:
        body = [["Rank", "Pair", "Players", unit, "Boards"]]
        body += [
            [row.rank_text, row.pair, pdf.text(row.names, "cell"), signed(row.total), str(row.boards)]
            for row in rows
        ]
        widths = (0.08, 0.08, 0.58, 0.14, 0.12)
    return pdf.table(body, widths, numeric=range(3, len(body[0])), centred=(0, 1))


def match_totals(pdf: PdfRenderer, match: MatchFigures) -> list[Flowable]:
    """Each team's IMPs (or board-a-match or total points) and Victory Points, the winner, the lines."""
    if match.unit == "IMPs":
        figures = (str(match.imps_home), str(match.imps_away))
    else:
        figures = (figure_text(match.unit, match.home_total), figure_text(match.unit, match.away_total))
    vps = match.vp_home is not None and match.vp_away is not None
    provisional = "" if match.declared(pdf.event.is_locked) else " (provisional)"
    head = ["Team", match.unit, *([f"VPs{provisional}"] if vps else [])]
    body: list[list[object]] = [head]
    for name, figure, vp in (
        (match.home, figures[0], match.vp_home),
        (match.away, figures[1], match.vp_away),
    ):
        body.append([pdf.text(name, "cell"), figure, *([vp_text(vp)] if vps else [])])
    widths = (0.5, 0.25, 0.25) if vps else (0.6, 0.4)
    winner = match.verdict(pdf.event.is_locked)
    return [
        pdf.text("The match", "heading"),
        pdf.table(body, widths, numeric=range(1, len(head))),
        pdf.gap(2 * mm),
        pdf.text(winner, "subheading"),
        *pdf.notes(match.lines),
    ]


# --- recaps ----------------------------------------------------------------------------------------


def places_text(sheet: SectionScores, pair: Pair) -> str:
    """ "N-S: rank 2= of 5, 37 1/2 MP of 64 (58.59 %), 12 boards." or "+12 IMPs" for IMP pairs."""
    contest = sheet.bridge
    line = contest.standing(pair.label) if contest is not None else None
    if contest is None or line is None:
        return ""
    field = (
        contest.direction_standings(line.direction)
        if contest.two_winner and line.direction
        else contest.standings
    )
    where = (
        {"NS": "N-S", "EW": "E-W"}.get(line.direction or "", "Overall") if contest.two_winner else "Overall"
    )
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


def recap_story(
    pdf: PdfRenderer, sheet: SectionScores, pair: Pair, rows: list[ContractRecapLine]
) -> list[Flowable]:
    """A pair's boards in the order played: what was played, its score, and the MP or IMPs it earned."""
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
    unit = sheet.bridge.unit if sheet.bridge is not None else "MP"
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
    notes = []
    for row in rows:
        where = f"Board {row.board} (round {row.round}, table {row.table})"
        notes += [f"{where}: {note.text}" for note in row.rulings]
        if row.result_pk in assigned:
            note = assigned_note(assigned[row.result_pk], row.table_played)
            notes.append(f"{where}: {note}")
        if row.adjusted and row.how:
            notes.append(f"{where}: {row.how}")
        if row.problem:
            notes.append(f"{where}: not counted yet — {row.problem}")
    if not notes:
        return []
    return [pdf.text("* Rulings and adjusted scores on these boards", "subheading"), *pdf.notes(notes)]


def chart_values(
    sheet: SectionScores, pair: Pair, rows: list[ContractRecapLine]
) -> tuple[str, list[tuple[int, Fraction]]]:
    """What the recap's bar chart shows, board by board: matchpoints above or below half the top, or
    the IMPs (a team's IMPs in a match)."""
    unit = sheet.bridge.unit if sheet.bridge is not None else "MP"
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
    played = sorted({s.result.board.number for s in sheet.results})
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
    block: list[Flowable] = [pdf.text(board_words(heading), "heading")]
    diagram = hand_diagram(board)
    if diagram is not None:
        side = [*pdf.tricks(diagram, coming=not heading.par_coming), pdf.gap(2 * mm), *facts]
        block.append(pdf.layout([[pdf.diagram(diagram), side]], [0.56 * pdf.width, 0.44 * pdf.width]))
    else:
        block += facts
    rows = contract_traveller_rows(sheet, board.number)
    unit = sheet.bridge.unit if sheet.bridge is not None else "MP"
    assigned = assigned_entries(sheet)
    block += [
        pdf.gap(1.5 * mm),
        traveller_table(pdf, rows, unit, assigned),
        *pdf.notes(traveller_notes(rows, assigned)),
    ]
    block.append(pdf.gap(2 * mm))
    return block


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


def assigned_note(entry: ContractEntry | None, played: str) -> str:
    """ "The director assigned 3NT S = in place of the table's 1NT S +2 (Law 12C1)."."""
    assigned = entry.text if entry is not None else "a result"
    return f"the director assigned {assigned} in place of the table's {played} (Law 12C1)."


def traveller_notes(rows: list[ContractTravellerLine], assigned: dict[int, ContractEntry]) -> list[str]:
    notes = []
    for row in rows:
        where = f"* Table {row.table} (round {row.round}, {row.ns} v {row.ew})"
        notes += [f"{where}: {note.text}" for note in row.rulings]
        if row.assigned:
            note = assigned_note(assigned.get(row.result_pk), row.table_played)
            notes.append(f"{where}: {note}")
        if row.adjusted and row.ns_how:
            notes.append(f"{where}: {row.ns_how} {row.ew_how}".rstrip())
        if row.problem:
            notes.append(f"{where}: not counted yet — {row.problem}")
    return notes


# --- the team match sheet --------------------------------------------------------------------------


def match_story(pdf: PdfRenderer, sheet: SectionScores) -> list[Flowable]:
    """Both tables of every board, the net, each team's IMPs and the running total; the totals."""
    match = match_of(sheet)
    if match is None:
        return [
            pdf.text(f"Team match — {pdf.event.name}", "title"),
            pdf.text("No board has been played at both tables yet: the sheet fills in then (Law 78B)."),
        ]
    story: list[Flowable] = [
        pdf.text(f"{match.home} v {match.away}", "title"),
        pdf.text(
            f"Table 1: {match.home} sit N-S; table 2: {match.away} sit N-S. Each board's scores are N-S's; "
            f"the net is {match.home}'s, and each team's {match.unit} on the board are from its own side.",
            "small",
        ),
        pdf.gap(2 * mm),
        match_table(pdf, match, match_board_lines(sheet), assigned_entries(sheet)),
        *match_totals(pdf, match),
    ]
    return story


def _table_markup(line: ContractTravellerLine | None, assigned: dict[int, ContractEntry]) -> str:
    """What one table played, or the result the director assigned there (Law 12C1), marked so."""
    if line is None:
        return ""
    entry = assigned.get(line.result_pk)
    if entry is not None:
        contract, declarer, result, _ = entry_parts(entry)
        return played_markup(contract, declarer, result) + " (assigned)"
    return played_markup(line.contract, line.declarer, line.result, line.adjusted)


def match_table(
    pdf: PdfRenderer, match: MatchFigures, lines: list[MatchBoardLine], assigned: dict[int, ContractEntry]
) -> Flowable:
    unit = match.unit
    head: list[object] = [
        "Bd",
        "Vul",
        "Table 1",
        "N-S",
        "Table 2",
        "N-S",
        "Net",
        pdf.text(match.home, "cell_head_right"),
        pdf.text(match.away, "cell_head_right"),
        "Running",
    ]
    body: list[list[object]] = [head]
    for line in lines:
        row = line.figures
        body.append(
            [
                str(row.board),
                line.heading.vulnerability.removeprefix("Vul: "),
                pdf.para(_table_markup(line.home_table, assigned), "cell"),
                signed(row.home_ns) if row.home_ns is not None else "",
                pdf.para(_table_markup(line.away_table, assigned), "cell"),
                signed(row.away_ns) if row.away_ns is not None else "",
                signed(row.net) if row.net is not None else "",
                figure_text(unit, row.home),
                figure_text(unit, row.away),
                figure_text(unit, row.running),
            ]
        )
    widths = (0.05, 0.07, 0.15, 0.08, 0.15, 0.08, 0.08, 0.11, 0.11, 0.12)
    return pdf.table(
        body,
        widths,
        numeric=(3, 5, 6, 7, 8, 9),
        centred=(0, 1),
        extra=[("LINEBELOW", (0, 0), (-1, 0), 0.9, INK)],
    )

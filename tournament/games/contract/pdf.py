"""The printed sheets of a Duplicate Contract Bridge night: standings, recaps, travellers, the match.

Each story builds, for one section, the flowables of one document family; the family's own
renderer (``StandingsPdf``, ``RecapsPdf``, ``TravellersPdf``, ``MatchPdf``) asks the game for it
(``games.of(event)``) and keeps its header, footer, fonts and paper. Here: the cells and words
every sheet shares, the standings and the match sheet; the recaps and travellers, a board at a
time, are in ``pdf_boards``. Every figure is a row of
:mod:`tournament.games.contract.reports` (the engine's matchpoints, IMPs and VPs; Laws 12C, 77, 78;
spec §2, §3), printed exactly: "37 1/2" matchpoints, "+5" IMPs, "58.59" %. Every user's text
(names, teams, rulings) is escaped and laid out in bounded pieces, as on the other sheets.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether

from scoring.contract.entry import ContractEntry

from ...pdf.base import INK, MINUS, PdfRenderer, contract_markup, plain, signed
from ...pdf.travellers import SEAT_NAMES
from ...reports import ANALYSIS_COMING
from ...reports.common import percent_text
from ...scores.types import SectionScores
from .reports import (
    BoardHeading,
    ContractStandingRow,
    ContractTravellerLine,
)
from .sheets import (
    MatchBoardLine,
    assigned_entries,
    entry_parts,
    heading_figure,
    match_board_lines,
    match_of,
    method_lines,
    standing_lists,
    vp_text,
)
from .teams import MatchFigures


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
    unit = sheet.payload.unit if sheet.payload is not None else "MP"
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


def assigned_note(entry: ContractEntry | None, played: str) -> str:
    """ "The director assigned 3NT S = in place of the table's 1NT S +2 (Law 12C1)."."""
    assigned = entry.text if entry is not None else "a result"
    return f"the director assigned {assigned} in place of the table's {played} (Law 12C1)."


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

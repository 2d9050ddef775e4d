"""What the printed sheets and the workbook of a contract bridge night add to the on-screen rows.

The lists of the standings (the field, or N-S and E-W of a two-winner Mitchell), the words that
say how the night was scored, the pair x board matrix, the boards with their dealer,
vulnerability, top or datum and par, and a team match board by board with both tables' results.
Every figure is a field of a row of :mod:`tournament.games.contract.reports`, which are the engine's
(Laws 12C, 77, 78; spec §2, §3); nothing here scores. The PDFs and the XLSX and CSV writers read
these rows, so paper, spreadsheet and screen cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.contract.entry import ContractEntry
from scoring.shared.errors import ScoringError
from scoring.shared.numbers import mixed_text, round_half_away

from ...exports.base import figure_text, hundredths_figure, safe_text
from ...models import Event, Ruling
from ...reports.common import played_boards
from ...reports.matches import MatrixRow, figure_matrix
from ...scores.types import SectionScores
from .facts import assigned_entry
from .reports import (
    BoardHeading,
    ContractMatchRow,
    ContractStandingRow,
    ContractTravellerLine,
    board_heading,
    contract_match_rows,
    contract_standings_rows,
    contract_traveller_rows,
)
from .teams import MatchFigures

DIRECTION_WORDS = {"NS": "N-S", "EW": "E-W"}


def percent_value(value: Fraction | None) -> Fraction | None:
    """The percentage as the standings print it, to the hundredth (halves away from zero)."""
    if value is None:
        return None
    return Fraction(round_half_away(Fraction(value) * 100), 100)


def vp_text(value: Fraction | None) -> str:
    """Victory Points to two decimals, as the WBF scale publishes them: "12.42" (spec §3.5).

    The engine's VPs are exact hundredths; any other figure is written exactly ("12 1/3")."""
    if value is None:
        return ""
    hundredths = value * 100
    if hundredths.denominator != 1:
        return mixed_text(value)
    whole = int(abs(hundredths))
    return f"{'-' if value < 0 else ''}{whole // 100}.{whole % 100:02d}"


# --- how the night is scored -------------------------------------------------------------------


def method_lines(event: Event) -> tuple[str, ...]:
    """The sentences that say how a contract bridge event is scored, each citing its law."""
    method = event.method
    if method == Event.Method.MATCHPOINTS:
        lines = [
            f"Matchpoints, {Event.Scale(event.scale).label} (Law 78A). A pair's percentage is its "
            "matchpoints over the most it could have scored; the exact figure ranks, and a place "
            "marked = is shared.",
        ]
        if event.neuberg:
            lines.append(
                "A board with fewer results is factored up to the full top by Neuberg's formula (Law 78D)."
            )
        lines.append(_artificial(event, "of the board's top"))
        return tuple(lines)
    if method == Event.Method.BUTLER:
        if event.datum_drop is None:
            drop = "one at each end when a board has more than four scores"
        else:
            drop = f"{event.datum_drop} at each end" if event.datum_drop else "none"
        rounding = (
            "not rounded"
            if event.datum_rounding == Event.DatumRounding.NONE
            else "rounded " + Event.DatumRounding(event.datum_rounding).label.lower()
        )
        return (
            "IMPs against a datum (Butler pairs; Law 78B): each board's datum is the mean N-S score, "
            f"dropping {drop}, {rounding} (spec §3.2). A place marked = is shared.",
            "An artificial adjusted score (Law 12C2): Average-plus +3, Average 0, Average-minus −3 IMPs.",
        )
    if method == Event.Method.CROSS_IMPS:
        total = "added up" if event.cross_imps == Event.CrossImps.SUM else "averaged over the comparisons"
        return (
            f"Cross-IMPs (Law 78B): each score IMPed against every other score on the board, {total} "
            "(Law 78B). A place marked = is shared.",
            "An artificial adjusted score (Law 12C2): Average-plus +3, Average 0, Average-minus −3 IMPs.",
        )
    if method == Event.Method.BOARD_A_MATCH:
        return (
            "Board-a-match: each board won, tied or lost by the net score, whatever the margin (Law 78D).",
        )
    if method == Event.Method.TOTAL_POINTS:
        return ("Total points: each board's net score to the home team, added up (Law 78C).",)
    lines = ["IMPs: each board's net score between the two tables on the WBF scale (Law 78B)."]
    if event.victory_points == Event.VictoryPoints.WBF:
        lines.append("The match's IMP margin in Victory Points on the WBF continuous 20-VP scale (Law 78D).")
    return tuple(lines)


def _artificial(event: Event, of: str) -> str:
    return (
        f"An artificial adjusted score (Law 12C2): Average-plus {event.average_plus} %, Average "
        f"{event.average} %, Average-minus {event.average_minus} % {of}."
    )


def assigned_entries(sheet: SectionScores) -> dict[int, ContractEntry]:
    """The result a director assigned under Law 12C1, by the result it replaces, where it stands.

    The table's own contract stays on record; the sheets print the assigned one beside the score
    it gives, so that a reader never sees a score next to a contract that did not make it.
    """
    found = {}
    for scored in sheet.results:
        if not scored.assigned:
            continue
        rulings = [r for r in scored.active_rulings if r.kind == Ruling.Kind.ASSIGNED]
        if not rulings:
            continue
        try:
            found[scored.result.pk] = assigned_entry(rulings[-1])
        except ScoringError:
            continue  # the score itself is refused, and the sheet says so as the result's problem
    return found


def entry_parts(entry: ContractEntry) -> tuple[str, str, str, int | None]:
    """(contract, declarer, result, tricks) of a traveller line: ("3NT", "S", "=", 9), ("Passed out", ...)."""
    text = entry.text
    if text == "PASS":
        return "Passed out", "", "", None
    contract, declarer, result = text.split()
    return contract, declarer, result, entry.tricks


# --- standings -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandingList:
    """One list of the standings: the whole field, or one direction of a two-winner Mitchell."""

    direction: str  # "NS", "EW", or "" for the whole field
    heading: str
    rows: list[ContractStandingRow]


def standing_lists(sheet: SectionScores) -> list[StandingList]:
    """The standings as the night ranks them: N-S and E-W when a Mitchell has two winners (spec §5.5)."""
    contest = sheet.payload
    if contest is None or not contest.standings:
        return []
    if contest.two_winner:
        return [
            StandingList("NS", "North-South", contract_standings_rows(sheet, "NS")),
            StandingList("EW", "East-West", contract_standings_rows(sheet, "EW")),
        ]
    return [StandingList("", "Overall", contract_standings_rows(sheet))]


# --- boards --------------------------------------------------------------------------------------


def board_headings(sheet: SectionScores) -> list[BoardHeading]:
    """Every played board's dealer, vulnerability, top or datum, the lines that say how, and par."""
    return [board_heading(sheet, sheet.boards[number]) for number in played_boards(sheet)]


def heading_figure(heading: BoardHeading) -> tuple[str, Fraction | int | None]:
    """ "Top" and the board's top (matchpoints), or "Datum" and its datum (Butler); ("", None) else."""
    figures = heading.figures
    if figures is None:
        return "", None
    if figures.top is not None:
        return "Top", figures.top
    if figures.datum is not None:
        return "Datum", figures.datum
    return "", None


# --- the pair x board matrix ---------------------------------------------------------------------


def contract_matrix(sheet: SectionScores) -> tuple[list[int], list[MatrixRow]]:
    """The boards, and for every pair its figure on each: the engine's, per table (Law 78)."""
    contest = sheet.payload
    if contest is None:
        return [], []
    boards = sorted(contest.boards)
    figures: dict[str, dict[int, Fraction | None]] = {}
    for number in boards:
        for table in contest.boards[number].tables:
            figures.setdefault(table.ns, {})[number] = table.ns_figure
            figures.setdefault(table.ew, {})[number] = table.ew_figure
    return boards, figure_matrix(sheet, boards, figures)


# --- a team match with both tables ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchBoardLine:
    """One board of a team match: its marks, what each table played, and what the board earned."""

    heading: BoardHeading
    figures: ContractMatchRow
    home_table: ContractTravellerLine | None  # the home team sitting N-S
    away_table: ContractTravellerLine | None  # the away team sitting N-S


def match_board_lines(sheet: SectionScores) -> list[MatchBoardLine]:
    """Every board of the match played at both tables, each table's result beside the IMPs (Law 78B)."""
    lines = []
    for row in contract_match_rows(sheet):
        home = away = None
        for line in contract_traveller_rows(sheet, row.board):
            pair = sheet.pairs.get(line.ns)
            team = pair.team.label if pair is not None and pair.team is not None else ""
            if team == "A":
                home = line
            elif team == "B":
                away = line
        lines.append(MatchBoardLine(board_heading(sheet, sheet.boards[row.board]), row, home, away))
    return lines


def match_of(sheet: SectionScores) -> MatchFigures | None:
    """The section's team match, once both tables have played a board."""
    return sheet.payload.match if sheet.payload is not None else None


def direction_word(direction: str | None) -> str:
    """ "N-S", "E-W", or "" for a pair of a one-winner field."""
    return DIRECTION_WORDS.get(direction or "", "")


# --- the standings CSV ---------------------------------------------------------------------------


def csv_header(event: Event) -> list[str]:
    """A contract bridge night's columns: matchpoints with the top and percentage, IMPs, or a match's."""
    if event.is_teams:
        unit = {"board_a_match": "BAM", "total_points": "Points"}.get(event.method, "IMPs")
        return ["Team", unit, "VPs"]
    if event.method == Event.Method.MATCHPOINTS:
        return ["Rank", "Pair", "Names", "Direction", "MP", "Top", "Percent", "Boards"]
    return ["Rank", "Pair", "Names", "Direction", "IMPs", "Boards"]


def csv_lines(sheet: SectionScores) -> list[list[str]]:
    """A contract bridge section's standings: each list of a two-winner Mitchell in turn, with the
    figures as plain numbers, as the standings page's CSV writes them ("37.50", "5", "58.59"); or
    each team's IMPs (or points) and VPs (Laws 78A, 78B)."""
    if sheet.event.is_teams:
        match = match_of(sheet)
        if match is None:
            return []
        if match.unit == "IMPs":
            figures = (match.imps_home, match.imps_away)
        else:
            figures = (match.home_total, match.away_total)
        return [
            [safe_text(match.home), figure_text(figures[0]), hundredths_figure(match.vp_home)],
            [safe_text(match.away), figure_text(figures[1]), hundredths_figure(match.vp_away)],
        ]
    lines = []
    for found in standing_lists(sheet):
        for row in found.rows:
            start = [row.rank_text, safe_text(row.pair), safe_text(row.names), direction_word(row.direction)]
            if row.unit == "MP":
                figures = [figure_text(row.total), figure_text(row.top), hundredths_figure(row.percent)]
                lines.append([*start, *figures, str(row.boards)])
            else:
                lines.append([*start, figure_text(row.total), str(row.boards)])
    return lines

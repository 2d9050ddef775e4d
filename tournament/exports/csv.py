"""The standings as CSV: one header row, then the rows the standings page shows.

UTF-8 with a byte-order mark, so that Excel opens names with accents correctly; every figure a
plain number as the on-screen table's own CSV writes it (``tournament.tables``): a score "50" or
"-20", matchpoints "171.80", a percentage "57.14" (``figure_text``; the exact fractions stay in
the on-screen explanations); a rank "2=" as the standings show a shared place; every user's text
through ``safe_text``. A pair contest
lists the overall standings (Law H); a team match lists each team's total (Law G). A contract
bridge night lists each pair's matchpoints, top and percentage or its IMPs, the N-S list before
the E-W list of a two-winner Mitchell, or each team's IMPs and VPs. A ``Section`` column comes
first when the event has more than one section.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from ..games.contract.sheets import direction_word, match_of, standing_lists
from ..models import Event
from ..reports import TeamLine, match_summary, not_played_rows, standings_rows
from ..scores.standings import SectionScores
from .base import Export, figure_text, filename_for, hundredths_figure, safe_text

CONTENT_TYPE = "text/csv; charset=utf-8"
PAIR_HEADER = ["Rank", "Pair", "Names", "Score", "Deals"]
TEAM_HEADER = ["Team", "Gross", "Odd pair sat", "Average added", "Rounded average", "Total"]


def pair_lines(sheet: SectionScores) -> list[list[str]]:
    """A pair contest's overall standings, each score rounded as shown (Law H; a shared rank "2=")."""
    return [
        [
            row.rank_text,
            safe_text(row.pair),
            safe_text(row.names),
            figure_text(row.rounded),
            str(row.deals),
        ]
        for row in standings_rows(sheet)
    ]


def _team_line(line: TeamLine) -> list[str]:
    return [
        safe_text(line.name),
        figure_text(line.gross),
        line.odd_direction,
        figure_text(line.average),
        figure_text(line.average_rounded),
        figure_text(line.total),
    ]


def team_lines(sheet: SectionScores) -> list[list[str]]:
    """Each team's gross, the odd pair's average when one is added, the total (Law G; R-5 to R-7)."""
    summary = match_summary(sheet)
    if summary is None:
        return []
    return [_team_line(summary.first), _team_line(summary.second)]


def contract_header(event: Event) -> list[str]:
    """A contract bridge night's columns: matchpoints with the top and percentage, IMPs, or a match's."""
    if event.is_teams:
        unit = {"board_a_match": "BAM", "total_points": "Points"}.get(event.method, "IMPs")
        return ["Team", unit, "VPs"]
    if event.method == Event.Method.MATCHPOINTS:
        return ["Rank", "Pair", "Names", "Direction", "MP", "Top", "Percent", "Boards"]
    return ["Rank", "Pair", "Names", "Direction", "IMPs", "Boards"]


def contract_lines(sheet: SectionScores) -> list[list[str]]:
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


def standings_csv(event: Event, sheets: Sequence[SectionScores]) -> Export:
    """The event's standings as a CSV file that Excel opens with its accents intact."""
    if event.is_contract:
        header, lines = contract_header(event), contract_lines
    else:
        header, lines = (TEAM_HEADER, team_lines) if event.is_teams else (PAIR_HEADER, pair_lines)
    several = len(sheets) > 1
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(["Section", *header] if several else header)
    for sheet in sheets:
        for line in lines(sheet):
            writer.writerow([sheet.section.letter, *line] if several else line)
    # Below the standings, the boards a table did not play and the ruling on each (as every page says).
    unplayed = [(sheet, row) for sheet in sheets for row in not_played_rows(sheet)]
    if unplayed:
        writer.writerow([])
        writer.writerow(["Boards not played"])
        for sheet, row in unplayed:
            writer.writerow([sheet.section.letter, safe_text(row.text)] if several else [safe_text(row.text)])
    content = buffer.getvalue().encode("utf-8-sig")
    return Export(filename_for(event, "standings", "csv"), CONTENT_TYPE, content)

"""The standings as CSV: one header row, then the rows the standings page shows.

UTF-8 with a byte-order mark, so that Excel opens names with accents correctly; every figure a
plain number as the on-screen table's own CSV writes it (``tournament.tables``): a score "50" or
"-20", matchpoints "171.80", a percentage "57.14" (``figure_text``; the exact fractions stay in
the on-screen explanations); a rank "2=" as the standings show a shared place; every user's text
through ``safe_text``. A pair contest
lists the overall standings (Law H); a team match lists each team's total (Law G). A game with
columns of its own gives them (``games.of(event).csv_header`` and ``csv_lines``: contract
bridge's matchpoints or IMPs, in ``games.contract.sheets``). A ``Section`` column comes first
when the event has more than one section.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from .. import games
from ..models import Event
from ..reports import TeamLine, match_summary, not_played_rows, standings_rows
from ..scores.types import SectionScores
from .base import Export, figure_text, filename_for, safe_text

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


def standings_csv(event: Event, sheets: Sequence[SectionScores]) -> Export:
    """The event's standings as a CSV file that Excel opens with its accents intact."""
    game = games.of(event)
    header, lines = game.csv_header(event), game.csv_lines
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

"""The standings as CSV: one header row, then the rows the standings page shows.

UTF-8 with a byte-order mark, so that Excel opens names with accents correctly; each figure
spelled exactly as the on-screen table's own CSV spells it (``tournament.tables``): a rank
"2=", a score "+50", the exact fraction "+49 2/3" where rounding hides it. A pair contest
lists the overall standings (Law H); a team match lists each team's total (Law G). A
``Section`` column comes first when the event has more than one section.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from scoring.shared.numbers import mixed_text

from ..models import Event
from ..reports import TeamLine, match_summary, rounded_text, standings_rows
from ..services.standings import SectionScores
from .base import Export, filename_for, safe_text

CONTENT_TYPE = "text/csv; charset=utf-8"
PAIR_HEADER = ["Rank", "Pair", "Names", "Score", "Exact", "Deals"]
TEAM_HEADER = ["Team", "Gross", "Odd pair sat", "Average added", "Rounded average", "Total", "Exact"]


def pair_lines(sheet: SectionScores) -> list[list[str]]:
    """The overall standings of a pair contest, as text (Law H; ranks with ties as "2=")."""
    return [
        [
            row.rank_text,
            safe_text(row.pair),
            safe_text(row.names),
            rounded_text(row.score),
            row.exact,
            str(row.deals),
        ]
        for row in standings_rows(sheet)
    ]


def _team_line(line: TeamLine) -> list[str]:
    average = "" if line.average is None else mixed_text(line.average)
    rounded = "" if line.average_rounded is None else str(line.average_rounded)
    exact = "" if line.exact.denominator == 1 else mixed_text(line.exact)
    return [
        safe_text(line.name),
        str(line.gross),
        line.odd_direction,
        average,
        rounded,
        str(line.total),
        exact,
    ]


def team_lines(sheet: SectionScores) -> list[list[str]]:
    """Each team's gross, the odd pair's average when one is added, the total (Law G; R-5 to R-7)."""
    summary = match_summary(sheet)
    if summary is None:
        return []
    return [_team_line(summary.first), _team_line(summary.second)]


def standings_csv(event: Event, sheets: Sequence[SectionScores]) -> Export:
    """The event's standings as a CSV file that Excel opens with its accents intact."""
    header, lines = (TEAM_HEADER, team_lines) if event.is_teams else (PAIR_HEADER, pair_lines)
    several = len(sheets) > 1
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(["Section", *header] if several else header)
    for sheet in sheets:
        for line in lines(sheet):
            writer.writerow([sheet.section.letter, *line] if several else line)
    content = buffer.getvalue().encode("utf-8-sig")
    return Export(filename_for(event, "standings", "csv"), CONTENT_TYPE, content)

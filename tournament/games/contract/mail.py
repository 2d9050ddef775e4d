"""Contract bridge's words in a player's recap mail (``tournament.mail``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...reports.common import percent_text, rounded_text
from .reports import contract_standings_rows

if TYPE_CHECKING:
    from ...models import Pair
    from ...scores.types import SectionScores


def standing_text(sheet: SectionScores, pair: Pair) -> str:
    """ ", rank 2= of 12, 55.21 %" (matchpoints, Law 78A) or ", rank 1 of 14, +23 IMPs" (Law 78B):
    the pair's place among those of its direction and its score, or "" when it has none."""
    found = contract_standings_rows(sheet)
    row = next((r for r in found if r.pair == pair.label), None)
    if row is None:
        return ""
    listed = [r for r in found if r.direction == row.direction]
    figure = (
        f"{percent_text(row.percent)} %"
        if row.percent is not None
        else f"{rounded_text(row.total)} {row.unit}"
    )
    return f", rank {row.rank_text} of {len(listed)}, {figure}"

"""The places a closed Duplicate Auction or Duplicate Whist night keeps per pair, for the player's
page: the rank of how many and the score, as the standings show them (Law H; R-7), or the match's
result for a team match's pairs (Law G). The answer of ``Game.kept_places``, imported when asked.
"""

from __future__ import annotations

from ..models import PairStanding
from ..reports import match_summary, rounded_text, standings_rows
from ..scores.types import SectionScores


def pair_places(sheet: SectionScores) -> list[PairStanding]:
    """Each pair's place in the section, unsaved: the standings' rank and rounded score (with the
    exact figure where rounding hides it); a match's pair, or a pair with nothing scored, the match's
    result or nothing."""
    kept = []
    rows = {row.pair: row for row in standings_rows(sheet)}
    summary = match_summary(sheet)
    for pair in sheet.pairs.values():
        row = rows.get(pair.label)
        if row is not None:
            score = rounded_text(row.score) + (f" ({row.exact})" if row.exact else "")
            kept.append(PairStanding(pair=pair, rank=row.rank_text, of=len(rows), score=score))
        elif not pair.is_phantom:  # a match's pair, or a pair with nothing scored: kept all the same
            kept.append(PairStanding(pair=pair, score=summary.text[:120] if summary else ""))
    return kept

"""What every game answers for a night: one small interface, the auction's answers by default."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..models import Pair
    from ..scores.standings import SectionScores


class Game:
    """A game's answers to what the night asks of it.

    Each game is one instance of a subclass; the attributes and methods here are the whole
    interface, and the defaults are Foster's Duplicate Auction's."""

    key = "auction"
    # What a side scores at the table, in the words of the recap sheets and workbooks.
    unit = "points"
    # The law under which the opponents agree a board's result before the cards go back.
    agreement_law = "Law D"

    # Background work: the double-dummy analysis and the recap mail
    # Whether a deal's analysis includes its par (from its vulnerability and dealer), beside its tricks.
    has_par = False

    def standing_text(self, sheet: SectionScores, pair: Pair) -> str:
        """The recap mail's ", rank 3 of 8, +50 points" (Law H): the pair's place and score, or ""."""
        from ..reports.common import rounded_text
        from ..reports.standings import standings_rows

        rows = standings_rows(sheet)
        standing = next((r for r in rows if r.pair == pair.label), None)
        if standing is None:
            return ""
        return f", rank {standing.rank_text} of {len(rows)}, {rounded_text(standing.score)} {self.unit}"

    def __repr__(self) -> str:
        return f"<game {self.key}>"

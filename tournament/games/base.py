"""What every game answers for a night: one small interface, the auction's answers by default."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import duplicate

if TYPE_CHECKING:
    from scoring.contests.pairs import DealFigures

    from ..models import Event, Result, Ruling
    from ..scores.types import ScoredResult, SectionScores


class Game:
    """A game's answers to what the night asks of it.

    Each game is one instance of a subclass; the attributes and methods here are the whole
    interface, and the defaults are Foster's Duplicate Auction's."""

    key = "auction"
    # What a side scores at the table, in the words of the recap sheets and workbooks.
    unit = "points"
    # The law under which the opponents agree a board's result before the cards go back.
    agreement_law = "Law D"

    def __repr__(self) -> str:
        return f"<game {self.key}>"

    # Scores: a result scored, the contest run
    def score_result(self, result: Result, rulings: list[Ruling], event: Event) -> ScoredResult:
        """The result with what the engine made of it, from its facts and rulings alone."""
        return duplicate.scored(result, rulings, event)

    def deal_figures(self, event: Event, results: list[ScoredResult]) -> dict[str, DealFigures] | None:
        """One board's figures in a contest added up deal by deal (Law H); None: the contest is not."""
        return duplicate.deal_figures(event, results)

    def run_contest(self, sheet: SectionScores, deals: dict[str, DealFigures] | None) -> None:
        """Run the section's contest over its scored results, from every deal's figures when given."""
        duplicate.run_contest(sheet, deals)

"""Duplicate Contract Bridge (the Laws of Duplicate Bridge 2017): its game object."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import Game
from .results import scored_contract
from .scoring import contract_contest

if TYPE_CHECKING:
    from scoring.contests.pairs import DealFigures

    from ...models import Event, Result, Ruling
    from ...scores.types import ScoredResult, SectionScores


class Contract(Game):
    key = "contract"
    # The tricks are agreed before the hands go back in the board (Law 79A).
    agreement_law = "Law 79A"

    # Scores: a result scored, the contest run
    def score_result(self, result: Result, rulings: list[Ruling], event: Event) -> ScoredResult:
        return scored_contract(result, rulings)

    def deal_figures(self, event: Event, results: list[ScoredResult]) -> dict[str, DealFigures] | None:
        # The Neuberg factor and the sit-out scaling look at every board (spec §2.2, §5.8).
        return None

    def run_contest(self, sheet: SectionScores, deals: dict[str, DealFigures] | None) -> None:
        sheet.bridge = contract_contest(sheet)
        sheet.problems.extend(sheet.bridge.problems)


CONTRACT = Contract()

"""Duplicate Contract Bridge (the Laws of Duplicate Bridge 2017): its game object."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..base import Game

if TYPE_CHECKING:
    from ...models import Pair
    from ...scores.standings import SectionScores


class Contract(Game):
    key = "contract"
    # The tricks are agreed before the hands go back in the board (Law 79A).
    agreement_law = "Law 79A"

    # Background work: the double-dummy analysis and the recap mail
    has_par = True

    def standing_text(self, sheet: SectionScores, pair: Pair) -> str:
        from .mail import standing_text

        return standing_text(sheet, pair)


CONTRACT = Contract()

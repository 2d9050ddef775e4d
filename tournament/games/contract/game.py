"""Duplicate Contract Bridge (the Laws of Duplicate Bridge 2017): its game object."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import Game


class Contract(Game):
    key = "contract"
    # The tricks are agreed before the hands go back in the board (Law 79A).
    agreement_law = "Law 79A"

    # Tables: the columns each game shows
    # A team match's boards are scored on the match's own page (IMPs between its two tables).
    traveller_team_hidden = ("ns_figure", "ew_figure")
    recap_team_hidden = ("figure", "top", "running")

    def recap_hidden(self, teams: bool, rows: Sequence[Any]) -> tuple[str, ...]:
        return self.recap_team_hidden if teams else ()


CONTRACT = Contract()

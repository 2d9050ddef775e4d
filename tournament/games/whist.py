"""Hoffmann's Duplicate Whist: tricks, not points, are what a side scores at the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import Game


class Whist(Game):
    key = "whist"
    unit = "tricks"

    # Tables: the columns each game shows
    # Whist scores tricks, not points: no net score; its pairs traveller has no declarer either.
    traveller_team_hidden = (*Game.traveller_team_hidden, "net_ns")

    def traveller_hidden(self, teams: bool) -> tuple[str, ...]:
        return self.traveller_team_hidden if teams else ("net_ns", "declarer")

    def recap_hidden(self, teams: bool, rows: Sequence[Any]) -> tuple[str, ...]:
        return ("declarer", "tricks", "net") + (self.recap_team_hidden if teams else ())

    # Outputs: the trump suit is turned up (nobody declares), and there are no royals.
    declares = False
    royals = False


WHIST = Whist()

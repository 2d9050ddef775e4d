"""What every game answers for a night: one small interface, the auction's answers by default."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Game:
    """A game's answers to what the night asks of it.

    Each game is one instance of a subclass; the attributes and methods here are the whole
    interface, and the defaults are Foster's Duplicate Auction's."""

    key = "auction"
    # What a side scores at the table, in the words of the recap sheets and workbooks.
    unit = "points"
    # The law under which the opponents agree a board's result before the cards go back.
    agreement_law = "Law D"

    # Tables: the columns each game shows
    # The traveller's and the recap's columns a team match leaves out: it has no averages (Law G).
    traveller_team_hidden: tuple[str, ...] = ("ns_average", "ns_difference", "ew_average", "ew_difference")
    recap_team_hidden: tuple[str, ...] = ("average", "difference")

    def traveller_hidden(self, teams: bool) -> tuple[str, ...]:
        """The columns of ``tables.TravellerTable`` this game's traveller leaves out."""
        return self.traveller_team_hidden if teams else ()

    def recap_hidden(self, teams: bool, rows: Sequence[Any]) -> tuple[str, ...]:
        """The columns of ``tables.RecapTable`` this game's recap of ``rows`` leaves out."""
        # "Scored" differs from the net only where Law B (3) credited a figure the table did not make.
        credited = any(row.net is None and row.score is not None for row in rows)
        return (() if credited else ("score",)) + (self.recap_team_hidden if teams else ())

    def __repr__(self) -> str:
        return f"<game {self.key}>"

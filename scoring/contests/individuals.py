"""An individual event's standings: each player's total from the boards they played (spec §2, §7).

In an individual each player partners several others, so a board is scored as in a pairs
event, the side of two players that held the cards taking its matchpoints (or IMPs); each
player then adds, board by board, the score of the side they sat in. A player's top is the
sum of the tops of the boards they played, and the percentage is 100 · total ÷ top.

Ranking follows spec §7: on the exact percentage when every line has a top (players may
have played different numbers of boards), else on the exact total; equal figures share a
place ("1224"). Law 78D leaves any further tie-break to the conditions of contest.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..shared.errors import ContestError
from .pairs import natural_key
from .ranking import Place, competition_ranks


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side at one table on one board: its two players, its score, and the board's top.

    ``score`` is the side's matchpoints (or IMPs) on the board; ``top`` the most that side
    could have scored there, or None when the event has no top (IMPs).
    """

    board: str
    players: tuple[str, str]
    score: Fraction | int
    top: Fraction | int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.board, str) or not self.board.strip():
            raise ContestError(f"{self.board!r} is not a board: name it with text.")
        if (
            not isinstance(self.players, tuple)
            or len(self.players) != 2
            or not all(isinstance(player, str) and player.strip() for player in self.players)
        ):
            raise ContestError(f"Board {self.board}: a side is two players, each named with text.")
        if self.players[0] == self.players[1]:
            raise ContestError(f"Board {self.board}: player {self.players[0]} cannot partner themself.")
        for value, what in ((self.score, "score"), (self.top, "top")):
            if value is None and what == "top":
                continue
            if isinstance(value, bool) or not isinstance(value, int | Fraction):
                raise ContestError(f"Board {self.board}: {value!r} is not a {what}; give a number.")
        if self.top is not None and not 0 <= self.score <= self.top:
            raise ContestError(
                f"Board {self.board}: players {self.players[0]} and {self.players[1]} cannot score "
                f"{self.score} on a board whose top is {self.top}."
            )


@dataclass(frozen=True, slots=True)
class IndividualStanding:
    """One player's line: total, top (None without tops), boards played, percentage, place."""

    player: str
    total: Fraction
    top: Fraction | None
    boards: int
    percent: Fraction | None
    place: Place

    @property
    def rank(self) -> int:
        """The player's competition rank: 1, 2, 2, 4 (spec §7)."""
        return self.place.first


def individual_standings(sides: Iterable[SideScore]) -> tuple[IndividualStanding, ...]:
    """Each player's total over the boards they played, as the side they sat in scored it (spec §7).

    A player plays a board once: a second score for the same player on a board is refused.
    """
    totals: dict[str, Fraction] = {}
    tops: dict[str, Fraction | None] = {}
    boards: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    for side in sides:
        if not isinstance(side, SideScore):
            raise ContestError(f"{side!r} is not a side's score on a board.")
        for player in side.players:
            if (side.board, player) in seen:
                raise ContestError(
                    f"Player {player} has two scores on board {side.board}: a player plays a board once."
                )
            seen.add((side.board, player))
            totals[player] = totals.get(player, Fraction(0)) + side.score
            boards[player] = boards.get(player, 0) + 1
            earlier = tops.get(player, Fraction(0))
            tops[player] = None if side.top is None or earlier is None else earlier + side.top
    if not totals:
        raise ContestError("The event has no scores to add up.")
    percents: dict[str, Fraction | None] = {
        player: (100 * totals[player] / top if top else None) for player, top in tops.items()
    }
    by_percent = all(value is not None for value in percents.values())
    figures = {player: (percents[player] if by_percent else totals[player]) for player in totals}
    places = competition_ranks({player: figure for player, figure in figures.items() if figure is not None})
    lines = [
        IndividualStanding(
            player, totals[player], tops[player], boards[player], percents[player], places[player]
        )
        for player in totals
    ]
    lines.sort(key=lambda line: (line.place.first, natural_key(line.player)))
    return tuple(lines)

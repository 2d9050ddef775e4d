"""The rubber of Three-Hand Auction and its settlement (Three-hand laws 11, 14, 15).

:class:`ThreeHandRubber` takes the deals of a rubber in order, each scored by
:func:`scoring.auction.three_hand.score_three_hand_deal`, and adds the game and rubber bonuses;
:func:`settle` settles a finished rubber between every two players.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..shared.errors import DealError, RubberError
from .three_hand import (
    GAME,
    GAME_BONUS,
    HONOUR,
    RUBBER_BONUS,
    ThreeHandDeal,
    ThreeHandDealScore,
    ThreeHandLine,
    _cite,
    _law,
    check_players,
    score_three_hand_deal,
)


@dataclass(frozen=True, slots=True)
class Payment:
    """What one player wins from another at the end of the rubber (Three-hand law 15)."""

    winner: str
    loser: str
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class ThreeHandSettlement:
    """Each player's total and the difference every two players settle (law 15)."""

    totals: tuple[tuple[str, int], ...]
    payments: tuple[Payment, ...]

    def net(self, player: str) -> int:
        """What ``player`` wins (plus) or loses (minus) over both his opponents."""
        if player not in dict(self.totals):
            raise DealError(f"{player!r} did not play in this rubber {_cite(15)}.")
        won = sum(p.points for p in self.payments if p.winner == player)
        lost = sum(p.points for p in self.payments if p.loser == player)
        return won - lost


def settle(totals: Mapping[str, int]) -> ThreeHandSettlement:
    """Settle a finished rubber: each player wins from or loses to each other the
    difference between their totals (Three-hand law 15).
    """
    names = check_players(totals)
    for name in names:
        points = totals[name]
        if isinstance(points, bool) or not isinstance(points, int):
            raise DealError(f"{points!r} is not a total of points for {name} {_cite(15)}.")
    payments: list[Payment] = []
    for index, first in enumerate(names):
        for second in names[index + 1 :]:
            difference = totals[first] - totals[second]
            winner, loser = (first, second) if difference >= 0 else (second, first)
            points = abs(difference)
            if points:
                text = (
                    f"{winner} wins {points} from {loser}: {totals[winner]} − {totals[loser]} = {points} "
                    f"{_cite(15)}"
                )
            else:
                text = f"{first} and {second} have equal totals: nothing passes between them {_cite(15)}"
            payments.append(Payment(winner, loser, points, text))
    return ThreeHandSettlement(tuple((name, totals[name]) for name in names), tuple(payments))


class ThreeHandRubber:
    """A rubber of Three-Hand Auction, taking its deals in order (Three-hand laws 11, 14, 15).

    Each player keeps his own trick column; 30 in it wins him a game, and the game's
    excess does not carry into the next. A game is worth 125, a second game another 125
    and the rubber 250; the rubber ends when one player has two games, after two, three
    or four games.
    """

    def __init__(self, players: Sequence[str]) -> None:
        self.players = check_players(players)
        self.scores: list[ThreeHandDealScore] = []
        self.bonus_lines: list[ThreeHandLine] = []
        self.game_winners: list[str] = []
        self._below = dict.fromkeys(self.players, 0)

    def add(self, deal: ThreeHandDeal) -> ThreeHandDealScore:
        """Score the next deal; a deal after the rubber's end is refused (law 11)."""
        if self.finished:
            raise RubberError(
                f"The rubber is over: {self.winner} has won two games, so no further deal is scored "
                f"{_cite(11)}."
            )
        score = score_three_hand_deal(deal, self.players)
        self.scores.append(score)
        declarer = score.declarer
        self._below[declarer] += score.trick(declarer)
        if self._below[declarer] >= GAME:
            self._win_game(declarer, len(self.scores))
        return score

    def _win_game(self, player: str, deal_number: int) -> None:
        self.game_winners.append(player)
        number = len(self.game_winners)
        won = self.games_won(player)
        ordinal = "first" if won == 1 else "second"
        self.bonus_lines.append(
            ThreeHandLine(
                player,
                HONOUR,
                GAME_BONUS,
                f"{player} won game {number} with {self._below[player]} in his trick column on deal "
                f"{deal_number}: {GAME_BONUS} for his {ordinal} game {_cite(14)}",
                _law(14),
            )
        )
        self._below = dict.fromkeys(self.players, 0)
        if won == 2:
            self.bonus_lines.append(
                ThreeHandLine(
                    player,
                    HONOUR,
                    RUBBER_BONUS,
                    f"{player} won the rubber with two games: {RUBBER_BONUS} {_cite(14)}",
                    _law(14),
                )
            )

    def games_won(self, player: str) -> int:
        """How many games ``player`` has won in this rubber."""
        return self.game_winners.count(player)

    def games(self) -> dict[str, int]:
        return {player: self.games_won(player) for player in self.players}

    @property
    def finished(self) -> bool:
        """A player has won two games (Three-hand law 11)."""
        return any(self.games_won(player) == 2 for player in self.players)

    @property
    def winner(self) -> str | None:
        return next((player for player in self.players if self.games_won(player) == 2), None)

    def below_the_line(self, player: str) -> int:
        """``player``'s trick points toward the game now in progress."""
        return self._below[player]

    @property
    def lines(self) -> tuple[ThreeHandLine, ...]:
        """Every entry of the rubber: the deals' lines, then the game and rubber bonuses."""
        return tuple(line for score in self.scores for line in score.lines) + tuple(self.bonus_lines)

    def totals(self) -> dict[str, int]:
        """All of each player's scores added: tricks, honours, penalties and bonuses (law 15)."""
        totals = dict.fromkeys(self.players, 0)
        for line in self.lines:
            totals[line.player] += line.points
        return totals

    def settlement(self) -> ThreeHandSettlement:
        """Settle the finished rubber between every two players (Three-hand law 15)."""
        if not self.finished:
            raise RubberError(
                "The rubber is not over: it is settled when one player has won two games "
                "(Three-hand laws 11, 15)."
            )
        return settle(self.totals())

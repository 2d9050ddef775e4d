"""Rubber Auction Bridge for four players, and its score pad (spec §6; seed S004).

Each deal is scored by the deal engine (:func:`scoring.auction.deal.score_deal`, not duplicate).
Around it this module keeps the rubber:

* a game is 30 in the trick column, by tricks alone; honours, slams, bonuses and
  penalties do not count toward it, and the excess of a game does not carry into the
  next (Law 3);
* the rubber is the best of three games, and its winners add 250 (table of values);
* the value of the rubber is the winners' total of all columns with the 250, less the
  losers' total: it may favour the side that lost the games (Foster, "Keeping score").

Foster describes two styles of score pad (S004, "Keeping score"): in one, each side's
tricks and honours are entered one above the other in a single column and added in one
sum at the end; in the other, tricks and honours (with penalties) have a column each,
and four additions give the value of the rubber. :meth:`Rubber.pad` returns the rows of
either, ready for a renderer to print.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..shared.errors import RubberError
from ..shared.lookup import lookup, snake
from ..shared.seats import Side
from .deal import Column, Deal, DealScore, Line, Options, score_deal

GAME = 30
RUBBER_BONUS = 250
GAME_LAW = "Law 3"
RUBBER_LAW = "Table of values"
VALUE_LAW = "Keeping score"
_SIDES = (Side.NS, Side.EW)


@dataclass(frozen=True, slots=True)
class RubberEntry:
    """One deal of the rubber: its number, facts and score, the game it belongs to, and the
    side that won that game on this deal, if any.
    """

    number: int
    deal: Deal
    score: DealScore
    game: int
    game_won_by: Side | None


@dataclass(frozen=True, slots=True)
class RubberValue:
    """What the rubber is worth and to whom (Foster, "Keeping score").

    ``side`` is the side the difference favours (None if the totals are equal), which
    may be the side that lost the games.
    """

    side: Side | None
    points: int
    text: str


class PadStyle(enum.Enum):
    """Foster's two styles of score pad (S004, "Keeping score")."""

    ONE_COLUMN = "one_column"
    TWO_COLUMNS = "two_columns"

    @classmethod
    def parse(cls, text: object) -> PadStyle:
        """Read "one_column" (also "a") or "two_columns" (also "b")."""
        return lookup(
            cls,
            text,
            key=lambda style: style.value,
            normalise=snake,
            aliases={"a": "one_column", "b": "two_columns"},
            error=_not_a_pad_style,
        )

    @property
    def headings(self) -> tuple[str, ...]:
        if self is PadStyle.ONE_COLUMN:
            return ("Deal", "Side", "N-S", "E-W")
        return ("Deal", "Side", "N-S tricks", "N-S honours", "E-W tricks", "E-W honours")


def _not_a_pad_style(text: object) -> RubberError:
    return RubberError(
        f"{text!r} is not a style of score pad: use one_column (tricks and honours one above the "
        "other) or two_columns (tricks and honours apart) (Keeping score)."
    )


class RowKind(enum.Enum):
    """What a row of the score pad holds, so that a renderer can draw it."""

    HEADING = "heading"
    TRICKS = "tricks"  # one-column pad: a deal's trick entry
    HONOURS = "honours"  # one-column pad: a deal's honour entry, under its trick entry
    DEAL = "deal"  # two-column pad: a deal's trick and honour entries side by side
    GAME_LINE = "game_line"  # the line drawn under the trick entries when a game is won
    RUBBER = "rubber"  # the 250 for the rubber
    ADDITION = "addition"  # two-column pad: the sum of each of the four columns
    TOTAL = "total"  # each side's total of all columns
    VALUE = "value"  # the value of the rubber


@dataclass(frozen=True, slots=True)
class PadRow:
    """One row of a score pad: its kind, the printed cells, and the words behind them."""

    kind: RowKind
    cells: tuple[str, ...]
    deal: int | None = None
    side: Side | None = None
    text: str = ""


def _cell(points: int) -> str:
    return str(points) if points else ""


class Rubber:
    """A rubber of four-hand Auction Bridge, taking its deals in order (spec §6).

    ``options`` are the deal engine's; a rubber is never duplicate, because Law A of
    duplicate auction abolishes games and rubbers.
    """

    def __init__(self, options: Options | None = None) -> None:
        options = Options(duplicate=False) if options is None else options
        if not isinstance(options, Options) or options.duplicate:
            raise RubberError(
                "A rubber is scored without the duplicate premium: duplicate auction has no games or "
                "rubbers (Law A)."
            )
        self.options = options
        self.entries: list[RubberEntry] = []
        self.game_winners: list[Side] = []
        self.rubber_lines: list[Line] = []
        self._below = dict.fromkeys(_SIDES, 0)

    def add(self, deal: Deal) -> DealScore:
        """Score the next deal with the deal engine; a deal after the rubber is refused.

        The declaring side's trick column counts toward the game in progress; 30 wins it
        (Law 3), two games win the rubber and its 250 (table of values).
        """
        if self.finished:
            winner = self.winner.label if self.winner else ""
            raise RubberError(
                f"The rubber is over: {winner} have won two games, so no further deal is scored "
                "(a rubber is the best of three games)."
            )
        score = score_deal(deal, self.options)
        number = len(self.entries) + 1
        game = len(self.game_winners) + 1
        won_by: Side | None = None
        for side in _SIDES:
            self._below[side] += score.side(side).trick
        for side in _SIDES:
            if self._below[side] >= GAME:
                won_by = side
                self._win_game(side, game, number)
                break
        self.entries.append(RubberEntry(number, deal, score, game, won_by))
        return score

    def _win_game(self, side: Side, game: int, number: int) -> None:
        below = self._below[side]
        excess = f"; the {below - GAME} over 30 do not carry into the next game" if below > GAME else ""
        self.game_winners.append(side)
        self.rubber_lines.append(
            Line(
                side,
                Column.TRICK,
                0,
                f"{side.label} won game {game} on deal {number} with {below} in the trick column{excess}",
                GAME_LAW,
            )
        )
        self._below = dict.fromkeys(_SIDES, 0)
        if self.games_won(side) == 2:
            self.rubber_lines.append(
                Line(
                    side,
                    Column.HONOUR,
                    RUBBER_BONUS,
                    f"{side.label} won the rubber: {RUBBER_BONUS}",
                    RUBBER_LAW,
                )
            )

    def games_won(self, side: Side) -> int:
        """How many games ``side`` has won in this rubber."""
        return self.game_winners.count(side)

    @property
    def finished(self) -> bool:
        """One side has won two games: the rubber is over."""
        return any(self.games_won(side) == 2 for side in _SIDES)

    @property
    def winner(self) -> Side | None:
        """The side that won two games, once the rubber is over."""
        return next((side for side in _SIDES if self.games_won(side) == 2), None)

    def below_the_line(self, side: Side) -> int:
        """``side``'s trick points toward the game in progress."""
        return self._below[side]

    @property
    def lines(self) -> tuple[Line, ...]:
        """Every entry: the deals' lines in order, then the games and the rubber."""
        return tuple(line for entry in self.entries for line in entry.score.lines) + tuple(self.rubber_lines)

    def trick_column(self, side: Side) -> int:
        """The sum of ``side``'s trick column over the rubber."""
        return sum(entry.score.side(side).trick for entry in self.entries)

    def honour_column(self, side: Side) -> int:
        """The sum of ``side``'s honour column, the 250 for the rubber included."""
        bonus = sum(line.points for line in self.rubber_lines if line.side is side)
        return sum(entry.score.side(side).honour for entry in self.entries) + bonus

    def total(self, side: Side) -> int:
        """All of ``side``'s columns added."""
        return self.trick_column(side) + self.honour_column(side)

    def value(self) -> RubberValue:
        """The value of the finished rubber: the difference between the totals, the
        winners' including the 250 (Foster, "Keeping score"). It may favour the losers.
        """
        winner = self.winner
        if winner is None:
            raise RubberError("The rubber is not over: its value is taken when one side has won two games.")
        loser = winner.other
        won, lost = self.total(winner), self.total(loser)
        points = abs(won - lost)
        arithmetic = f"{winner.label} {won} (with {RUBBER_BONUS} for the rubber) − {loser.label} {lost}"
        if won > lost:
            return RubberValue(winner, points, f"{arithmetic}: {winner.label} win {points}")
        if won < lost:
            text = f"{arithmetic}: {loser.label} win {points}, though they lost the rubber"
            return RubberValue(loser, points, text)
        return RubberValue(None, 0, f"{arithmetic}: the totals are equal, nothing passes")

    def pad(self, style: PadStyle | str = PadStyle.TWO_COLUMNS) -> tuple[PadRow, ...]:
        """The score pad in one of Foster's two styles, as rows of printed cells.

        One column a side: each deal's trick entry with its honour entry beneath it, a
        game line after each game, the 250, and one total a side. Two columns a side:
        one row a deal, game lines, the 250, the four column additions, the totals. Both
        end with the value of the rubber once it is over (Keeping score).
        """
        style = PadStyle.parse(style)
        rows = [PadRow(RowKind.HEADING, style.headings)]
        for entry in self.entries:
            rows.extend(_deal_rows(entry, style))
            if entry.game_won_by is not None:
                rows.append(_game_row(entry, entry.game_won_by, style))
        winner = self.winner
        if winner is not None:
            cells = _place(style, winner, 0, RUBBER_BONUS)
            text = f"{RUBBER_BONUS} to {winner.label} for the rubber ({RUBBER_LAW})"
            rows.append(PadRow(RowKind.RUBBER, ("Rubber", winner.label, *cells), None, winner, text))
        if style is PadStyle.TWO_COLUMNS:
            sums = tuple(str(f(side)) for side in _SIDES for f in (self.trick_column, self.honour_column))
            rows.append(PadRow(RowKind.ADDITION, ("Columns", "", *sums), text="the four additions"))
        totals = {side: self.total(side) for side in _SIDES}
        if style is PadStyle.ONE_COLUMN:
            cells = tuple(str(totals[side]) for side in _SIDES)
        else:
            cells = (str(totals[Side.NS]), "", str(totals[Side.EW]), "")
        rows.append(PadRow(RowKind.TOTAL, ("Total", "", *cells), text="each side's total of all columns"))
        if winner is not None:
            value = self.value()
            favoured = value.side
            label = favoured.label if favoured else ""
            cells = _place(style, favoured, value.points, 0) if favoured else _blank(style)
            rows.append(PadRow(RowKind.VALUE, ("Value", label, *cells), None, favoured, value.text))
        return tuple(rows)


def _blank(style: PadStyle) -> tuple[str, ...]:
    return ("",) * (len(style.headings) - 2)


def _place(style: PadStyle, side: Side | None, trick: int, honour: int) -> tuple[str, ...]:
    """The value cells of a row with ``side``'s trick and honour entries in their places."""
    cells = list(_blank(style))
    if side is None:
        return tuple(cells)
    index = _SIDES.index(side)
    if style is PadStyle.ONE_COLUMN:
        cells[index] = _cell(trick + honour)
    else:
        cells[2 * index] = _cell(trick)
        cells[2 * index + 1] = _cell(honour)
    return tuple(cells)


def _deal_rows(entry: RubberEntry, style: PadStyle) -> list[PadRow]:
    deal, score = entry.deal, entry.score
    declaring = deal.declarer.side if deal.declarer is not None else None
    label = declaring.label if declaring else ""
    what = (
        f"{deal.contract} by {deal.declarer.name_word}" if deal.contract and deal.declarer else "passed out"
    )
    text = f"Deal {entry.number}: {what}, {deal.tricks} tricks"
    number = str(entry.number)
    if style is PadStyle.TWO_COLUMNS:
        cells = tuple(
            _cell(points) for side in _SIDES for points in (score.side(side).trick, score.side(side).honour)
        )
        return [PadRow(RowKind.DEAL, (number, label, *cells), entry.number, declaring, text)]
    tricks = tuple(_cell(score.side(side).trick) for side in _SIDES)
    honours = tuple(_cell(score.side(side).honour) for side in _SIDES)
    rows = [PadRow(RowKind.TRICKS, (number, label, *tricks), entry.number, declaring, f"{text}: tricks")]
    if any(honours):
        rows.append(PadRow(RowKind.HONOURS, ("", "", *honours), entry.number, declaring, f"{text}: honours"))
    return rows


def _game_row(entry: RubberEntry, side: Side, style: PadStyle) -> PadRow:
    text = f"Game {entry.game} to {side.label}: a line is drawn under the trick entries"
    return PadRow(
        RowKind.GAME_LINE, (f"Game {entry.game}", side.label, *_blank(style)), entry.number, side, text
    )

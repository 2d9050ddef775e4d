"""The score sheet of one deal: two columns a side, and the lines of words behind every point.

Auction is scored in two columns (Foster, "Keeping score"): the trick column, below the
line, holds only the value of tricks won by the declarer; the honour column, above the
line, holds honours, slams, bonuses, penalties and, in duplicate, the premium of Law A.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..shared.errors import DealError, quoted
from ..shared.lookup import lookup
from ..shared.seats import Side


class Column(enum.Enum):
    """Below the line (tricks, counting toward game) or above it (everything else)."""

    TRICK = "trick"
    HONOUR = "honour"

    @classmethod
    def parse(cls, text: object) -> Column:
        """Read "trick" or "honour"."""
        return lookup(cls, text, key=lambda column: column.value, error=_not_a_column)


def _not_a_column(text: object) -> DealError:
    return DealError(f'{quoted(text)} is not a column: a score goes in the "trick" or the "honour" column.')


@dataclass(frozen=True, slots=True)
class Line:
    """One entry on the score sheet, in words a director reads, with the law that gives it."""

    side: Side
    column: Column
    points: int
    text: str
    law: str

    def __str__(self) -> str:
        return f"{self.side.label} {self.column.value}: {self.text} ({self.law})"


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's points on a deal: the trick column (below the line) and the honour column."""

    trick: int
    honour: int

    @property
    def total(self) -> int:
        """Gross score of the side for the deal (Law H: the pair's score)."""
        return self.trick + self.honour


@dataclass(frozen=True, slots=True)
class DealScore:
    """Both sides' columns for one deal and the lines that produced them."""

    ns: SideScore
    ew: SideScore
    lines: tuple[Line, ...]

    def side(self, side: Side) -> SideScore:
        """The given side's columns."""
        return self.ns if side is Side.NS else self.ew

    @property
    def net_ns(self) -> int:
        """N-S gross minus E-W gross: the net score of N-S (spec §7.3; Law H "net total")."""
        return self.ns.total - self.ew.total

    def net(self, side: Side) -> int:
        """The net score of the given side; the two nets always sum to zero."""
        return self.net_ns if side is Side.NS else -self.net_ns


class Sheet:
    """Collects the lines of one deal; the columns are their sums, so they always agree."""

    __slots__ = ("_lines",)

    def __init__(self) -> None:
        self._lines: list[Line] = []

    def add(self, side: Side, column: Column, points: int, text: str, law: str) -> None:
        """Enter ``points`` for ``side`` in ``column``, saying why."""
        self._lines.append(Line(side, column, points, text, law))

    def total(self, side: Side, column: Column) -> int:
        """What the side has in the column so far."""
        return sum(line.points for line in self._lines if line.side is side and line.column is column)

    def totals(self, side: Side) -> tuple[int, int]:
        """The side's trick and honour columns."""
        return (self.total(side, Column.TRICK), self.total(side, Column.HONOUR))

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(self._lines)

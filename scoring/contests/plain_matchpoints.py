"""Matchpoints of plain scores in whole numbers: the usual board and the usual session (Law 78A).

Spec: specs/modern-duplicate-scoring.md §2.1, §2.2 and §7.

A board of plain scores (every table a score, one version, none adjusted) is what a club's
night is made of. Here it is scored in *half-units* (2 a score beaten, 1 a tie) over one
denominator, with Neuberg's factor (§2.2) when the board has fewer results than expected,
and a session's places are competition ranks ("1224") on exact fractions held as pairs of
integers. :mod:`.matchpoints` and :mod:`.matchpoint_session` use these for their plain
boards; the command line uses them to score a plain session without a ``Fraction`` a line.

The module imports nothing beyond :mod:`math` and :mod:`operator`, so that a program scoring
one session does not pay for the dataclasses, enums and fractions of the general engine.
"""

from __future__ import annotations

from math import gcd
from operator import add

TYPE_CHECKING = False  # typing is imported only by the type checker: it costs a program's start
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["board_order", "plain_board", "plain_units", "ranked_exactly", "reduced"]


def plain_units(scores: Sequence[int]) -> list[int]:
    """Half-units each score wins against the others on the board, higher better: 2 a score beaten, 1 a tie.

    Whole numbers, by sorting (Law 78A): in the sorted scores a score's first place is the
    number of scores it beats and its last place that number plus the others equal to it,
    so its half-units, 2 a score beaten and 1 a tie, are its first place plus its last.
    """
    ordered = sorted(scores)
    last = dict(zip(ordered, range(len(ordered)), strict=True))
    first = dict(zip(reversed(ordered), range(len(ordered) - 1, -1, -1), strict=True))
    return list(map(add, map(first.__getitem__, scores), map(last.__getitem__, scores)))


def plain_board(scores: Sequence[int], full: int, halves: int) -> tuple[int, list[int], list[int], int]:
    """A board of plain N-S scores matchpointed: (denominator, N-S figures, E-W figures, top) (Law 78A).

    Each figure is a table's matchpoints times the denominator; ``top`` the board's top times
    the denominator. ``halves`` is the half-units in one matchpoint (2 on the ACBL scale, 1 on
    the European); ``full`` the results the board is factored to by Neuberg (spec §2.2), or
    the tables when it is not factored. With fewer tables than ``full``, M' = (M + 1)·N/n − 1
    in half-units: ((M + 1)·N − n) / n.
    """
    size = len(scores)
    ns_units = plain_units(scores)
    ew_units = [2 * (size - 1) - units for units in ns_units]
    top = 2 * (full - 1)
    if size < full:
        ns_units = [(units + 1) * full - size for units in ns_units]
        ew_units = [(units + 1) * full - size for units in ew_units]
        return size * halves, ns_units, ew_units, top * size
    return halves, ns_units, ew_units, top


def reduced(numerator: int, denominator: int) -> tuple[int, int]:
    """The fraction ``numerator / denominator`` (denominator positive) in lowest terms."""
    common = gcd(numerator, denominator)
    return numerator // common, denominator // common


def ranked_exactly(values: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """(index, place) in standings order for exact values given reduced, higher first (spec §7).

    Each value is a reduced fraction (numerator, positive denominator). Places are
    competition ranks: equal values share the place and the next is skipped (1, 2, 2, 4);
    tied values keep the order they are given in. The values are sorted on their floats
    (a correctly rounded float keeps the exact order, or makes two values equal) and only
    values whose floats are equal are compared exactly.
    """
    floats = [numerator / denominator for numerator, denominator in values]
    order = sorted(range(len(values)), key=lambda index: (-floats[index], index))
    start = 0
    while start < len(order):  # runs of equal floats: order them exactly when their values differ
        end = start + 1
        while end < len(order) and floats[order[end]] == floats[order[start]]:
            end += 1
        run = order[start:end]
        if len({values[index] for index in run}) > 1:
            from fractions import Fraction  # values a float cannot tell apart: rare

            run.sort(key=lambda index: (-Fraction(*values[index]), index))
            order[start:end] = run
        start = end
    ranked = []
    place = 0
    for position, index in enumerate(order):
        if position == 0 or values[index] != values[order[position - 1]]:
            place = position + 1
        ranked.append((index, place))
    return ranked


def board_order(board: str) -> tuple[int, int, str]:
    """A sort key for boards known by their text: numbers first, by number, then names."""
    return (0, int(board), "") if board.isascii() and board.isdigit() else (1, 0, board)

"""Victory Points: the WBF continuous 20-VP scale of 2013, as the WBF publishes it (spec §3.5).

A team match's IMP margin becomes Victory Points that add up to 20. With ``B`` boards in
the match, the blitz is ``X = 15·√B`` and, for a margin of ``M`` IMPs,

    winner's VP = min(20, 10 + 10·(1 − τ^(3M/X)) / (1 − τ³)),  τ = (√5 − 1) / 2,

the loser taking 20 less that. The published tables are then rounded to hundredths and
forced to be concave: scanning the whole margins from 0 up to the blitz, wherever one more
IMP would gain more than the IMP before it, VP(i) gains 0.01; scan again until nothing
changes (the "concavity fix"; `marcshearer/ImportUsebio` and the WBF's tables agree).

The formula is irrational, so it is evaluated in :mod:`decimal` to 50 digits, far beyond
the hundredth it is rounded to; each VP is returned as an exact :class:`~fractions.Fraction`
of hundredths (10.31 is 1031/100), never a float. Only whole IMP margins are on the scale.
"""

from __future__ import annotations

import decimal
from fractions import Fraction
from functools import cache

from ..shared.errors import ContestError

#: The Victory Points of a match, shared by the two teams (WBF 2013 scale).
TOTAL_VP = 20
HALF_VP = Fraction(TOTAL_VP, 2)
HUNDREDTH = Fraction(1, 100)

_CONTEXT = decimal.Context(prec=50, rounding=decimal.ROUND_HALF_EVEN)


def blitz(boards: int) -> Fraction:
    """The blitz margin 15·√B (spec §3.5), to 50 digits: at or beyond it the winner takes all 20."""
    _check_boards(boards)
    return Fraction(_CONTEXT.multiply(decimal.Decimal(15), _CONTEXT.sqrt(decimal.Decimal(boards))))


def pure_vp(margin: int, boards: int) -> Fraction:
    """The winner's VP for a whole margin, rounded to the hundredth, before the concavity fix (spec §3.5).

    16 boards, 59 IMPs: 19.92 (the published table, after the fix, says 19.93).
    """
    _check_boards(boards)
    _check_margin(margin)
    size = abs(margin)
    ctx = _CONTEXT
    x = ctx.multiply(decimal.Decimal(15), ctx.sqrt(decimal.Decimal(boards)))
    if size >= x:
        return Fraction(TOTAL_VP)
    tau = ctx.divide(ctx.subtract(ctx.sqrt(decimal.Decimal(5)), decimal.Decimal(1)), decimal.Decimal(2))
    tau_cubed = ctx.power(tau, 3)
    exponent = ctx.divide(ctx.multiply(decimal.Decimal(3), decimal.Decimal(size)), x)
    power = ctx.exp(ctx.multiply(exponent, ctx.ln(tau)))
    vp = ctx.add(
        decimal.Decimal(10),
        ctx.divide(ctx.multiply(decimal.Decimal(10), ctx.subtract(decimal.Decimal(1), power)), 1 - tau_cubed),
    )
    vp = min(vp, decimal.Decimal(TOTAL_VP))
    return Fraction(vp.quantize(decimal.Decimal("0.01"), rounding=decimal.ROUND_HALF_UP))


@cache
def vp_scale(boards: int) -> tuple[Fraction, ...]:
    """The winner's VP for each whole margin from 0 to the blitz, as the WBF publishes it (spec §3.5).

    Rounded to hundredths and made concave: where VP(i+1) − VP(i) > VP(i) − VP(i−1), VP(i)
    gains 0.01, scanning upwards and again until nothing changes. The last entry is 20;
    every larger margin scores 20 too.
    """
    _check_boards(boards)
    top = _ceiling(blitz(boards))
    scale = [pure_vp(margin, boards) for margin in range(top + 1)]
    changed = True
    while changed:
        changed = False
        for margin in range(1, top):
            if scale[margin + 1] - scale[margin] > scale[margin] - scale[margin - 1]:
                scale[margin] += HUNDREDTH
                changed = True
    return tuple(scale)


def wbf_vp(margin: int, boards: int) -> tuple[Fraction, Fraction]:
    """Both teams' Victory Points for an IMP margin in a match of ``boards`` boards (WBF 2013, spec §3.5).

    ``margin`` is the first team's IMPs less the second's; the answer is (first team's VP,
    second team's VP), exact hundredths adding up to 20. TV-45: 16 boards, 10 IMPs →
    (12.80, 7.20); −10 IMPs → (7.20, 12.80).
    """
    _check_boards(boards)
    _check_margin(margin)
    scale = vp_scale(boards)
    size = abs(margin)
    winner = scale[size] if size < len(scale) else Fraction(TOTAL_VP)
    loser = TOTAL_VP - winner
    return (winner, loser) if margin >= 0 else (loser, winner)


def match_vps(first_imps: int, second_imps: int, boards: int) -> tuple[Fraction, Fraction]:
    """Both teams' VPs from the IMPs each scored in the match (spec §3.5): their margin on the scale."""
    for value in (first_imps, second_imps):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ContestError(f"{value!r} is not a team's IMPs: a match's IMPs are whole numbers (Law 78B).")
    return wbf_vp(first_imps - second_imps, boards)


def _ceiling(value: Fraction) -> int:
    return -((-value.numerator) // value.denominator)


def _check_boards(boards: object) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ContestError(
            f"{boards!r} is not a number of boards in a match: the VP scale needs a whole number, 1 or more."
        )


def _check_margin(margin: object) -> None:
    if isinstance(margin, bool) or not isinstance(margin, int):
        raise ContestError(
            f"{margin!r} is not an IMP margin on the VP scale: the WBF scale reads whole IMPs (spec §3.5)."
        )

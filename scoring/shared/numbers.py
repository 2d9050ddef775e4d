"""Exact numbers at the edge: the one rounding rule and the one fraction spelling.

Inside the engine every average is a :class:`fractions.Fraction`; a figure is rounded
once, for display or for the comparison Law G asks for, and only here.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

NUMBER_WORDS = (
    "Zero",
    "One",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
    "Thirteen",
)


def round_half_away(value: Fraction | int) -> int:
    """Round to the nearest whole number, halves away from zero.

    Law G says fractions are disregarded and "the nearest whole numbers taken"; the text
    is silent at one half, and the recommended reading R-7 rounds away from zero so that
    the N-S and E-W mirror images of a score round alike.
    """
    value = Fraction(value)
    return round_half_away_ratio(value.numerator, value.denominator)


def round_half_away_ratio(numerator: int, denominator: int) -> int:
    """:func:`round_half_away` of ``numerator / denominator`` (``denominator`` > 0), in whole numbers."""
    whole, rest = divmod(abs(numerator), denominator)
    if 2 * rest >= denominator:
        whole += 1
    return whole if numerator >= 0 else -whole


@lru_cache(maxsize=4096)
def exact(numerator: int, denominator: int) -> Fraction:
    """The Fraction ``numerator / denominator``, made once however many lines share it.

    On a hot path the engine keeps whole numbers over a common denominator and makes each
    figure's Fraction here, once: a board's matchpoints and a deal's differences repeat.
    """
    return Fraction(numerator, denominator)


def sort_key(value: Fraction | int) -> tuple[float, Fraction | int]:
    """A key that sorts exact values in their exact order, comparing floats first for speed.

    A correctly rounded float keeps the order of the exact values (or makes two equal), so
    sorting by (float, exact value) is sorting by the exact value, with few exact comparisons.
    """
    try:
        return float(value), value
    except OverflowError:  # beyond any float: past the largest one, then by the exact value
        return (float("inf") if value > 0 else float("-inf")), value


def fraction_text(value: Fraction | int) -> str:
    """Spell an exact number as the command line and exports do: "640/3", "-95", "0"."""
    if not isinstance(value, Fraction):
        value = Fraction(value)
    numerator, denominator = value.numerator, value.denominator
    return str(numerator) if denominator == 1 else f"{numerator}/{denominator}"


def parse_fraction(text: str) -> Fraction:
    """Read back what :func:`fraction_text` wrote."""
    return Fraction(text)


def mixed_text(value: Fraction | int) -> str:
    """A director's spelling of an exact number: "183 1/3", "-50 1/3", "2/3", "95"."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    whole, rest = divmod(magnitude.numerator, magnitude.denominator)
    part = f"{rest}/{magnitude.denominator}"
    return f"{sign}{whole} {part}" if whole else f"{sign}{part}"


def hundredths_text(value: Fraction | int) -> str:
    """Two decimals, halves away from zero (reading R-7): "57.14", "-3.50", "12.80".

    Percentages and the WBF's Victory Points (spec §3.5, published to two decimals) are
    shown so, never as a fraction.
    """
    hundredths = round_half_away(Fraction(value) * 100)
    sign = "-" if hundredths < 0 else ""
    return f"{sign}{abs(hundredths) // 100}.{abs(hundredths) % 100:02d}"

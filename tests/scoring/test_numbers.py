"""The one spelling of a figure to two decimals: percentages and Victory Points (spec §3.5, R-7)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.shared.numbers import hundredths_text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(1280, 100), "12.80"),
        (Fraction(20), "20.00"),
        (0, "0.00"),
        (Fraction(400, 7), "57.14"),
        (Fraction(1, 200), "0.01"),  # a half hundredth rounds away from zero
        (Fraction(-1, 200), "-0.01"),
        (Fraction(-7, 2), "-3.50"),
    ],
)
def test_two_decimals_halves_away_from_zero(value, text):
    assert hundredths_text(value) == text

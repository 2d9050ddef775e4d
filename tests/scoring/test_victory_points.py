"""The WBF continuous 20-VP scale of 2013 (spec §3.5, TV-45) and its properties."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from scoring.contests.victory_points import blitz, match_vps, pure_vp, vp_scale, wbf_vp
from scoring.shared.errors import ContestError

TV_45 = [
    (16, 0, "10.00", "10.00"),
    (16, 1, "10.31", "9.69"),
    (16, 10, "12.80", "7.20"),
    (16, 20, "15.00", "5.00"),
    (16, 59, "19.93", "0.07"),
    (16, 60, "20.00", "0.00"),
    (16, 75, "20.00", "0.00"),
    (12, 10, "13.18", "6.82"),
    (32, 30, "15.24", "4.76"),
]

# A few entries of the WBF's published tables, margins chosen near the blitz and where the
# concavity fix moves the rounded figure.
PUBLISHED = [
    (6, 1, "10.50"),
    (6, 36, "19.91"),
    (6, 37, "20.00"),
    (7, 39, "19.92"),
    (8, 42, "19.95"),
    (9, 44, "19.90"),
    (10, 47, "19.96"),
    (12, 51, "19.92"),
    (14, 56, "19.99"),
    (20, 67, "19.99"),
    (32, 84, "19.95"),
    (32, 85, "20.00"),
    (8, 25, "17.50"),
]


@pytest.mark.parametrize(("boards", "margin", "winner", "loser"), TV_45)
def test_tv45_victory_points(boards: int, margin: int, winner: str, loser: str) -> None:
    assert wbf_vp(margin, boards) == (Fraction(winner), Fraction(loser))
    assert wbf_vp(-margin, boards) == (Fraction(loser), Fraction(winner))


@pytest.mark.parametrize(("boards", "margin", "winner"), PUBLISHED)
def test_published_table_entries(boards: int, margin: int, winner: str) -> None:
    assert wbf_vp(margin, boards)[0] == Fraction(winner)


def test_the_concavity_fix_lifts_the_rounded_figure() -> None:
    assert pure_vp(59, 16) == Fraction("19.92")
    assert wbf_vp(59, 16)[0] == Fraction("19.93")
    assert pure_vp(30, 32) == Fraction("15.23")
    assert wbf_vp(30, 32)[0] == Fraction("15.24")


def test_the_blitz_is_fifteen_root_boards() -> None:
    assert blitz(16) == 60
    assert abs(blitz(12) - Fraction("51.96152422706632")) < Fraction(1, 10**12)
    assert len(vp_scale(12)) == 53  # margins 0 to 52, the first whole margin past the blitz


@pytest.mark.parametrize("boards", [1, 2, 4, 6, 7, 8, 9, 10, 12, 14, 16, 20, 24, 28, 32, 48, 64])
def test_scale_sums_to_twenty_is_monotone_and_concave(boards: int) -> None:
    scale = vp_scale(boards)
    assert scale[0] == 10 and scale[-1] == 20
    gains = [after - before for before, after in itertools.pairwise(scale)]
    assert all(gain >= 0 for gain in gains)
    assert all(later <= earlier for earlier, later in itertools.pairwise(gains))
    for margin in range(-len(scale) - 5, len(scale) + 5):
        first, second = wbf_vp(margin, boards)
        assert first + second == 20
        assert (first * 100).denominator == 1 and (second * 100).denominator == 1
        assert 0 <= first <= 20


def test_match_vps_take_the_margin_of_the_two_teams_imps() -> None:
    assert match_vps(25, 15, 16) == (Fraction("12.80"), Fraction("7.20"))
    assert match_vps(15, 25, 16) == (Fraction("7.20"), Fraction("12.80"))
    assert match_vps(33, 33, 8) == (10, 10)


@pytest.mark.parametrize(
    ("margin", "boards", "message"),
    [
        (Fraction(1, 2), 16, "whole IMPs"),
        ("10", 16, "whole IMPs"),
        (True, 16, "whole IMPs"),
        (10, 0, "number of boards"),
        (10, "16", "number of boards"),
    ],
)
def test_refusals_name_what_is_wrong(margin: object, boards: object, message: str) -> None:
    with pytest.raises(ContestError, match=message):
        wbf_vp(margin, boards)  # type: ignore[arg-type]


def test_match_vps_refuse_fractional_imps() -> None:
    with pytest.raises(ContestError, match="whole numbers"):
        match_vps(Fraction(3, 2), 0, 8)  # type: ignore[arg-type]

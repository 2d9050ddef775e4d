"""The WBF IMP scale (Law 78B), the Butler datum and cross-IMPs: spec §3.1–3.3, TV-36…TV-44."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scoring.contests.imps import (
    IMP_LOWER_BOUNDS,
    CrossTotal,
    DatumRounding,
    butler_datum,
    cross_imps,
    default_drop,
    imps,
)
from scoring.shared.errors import ContestError, ScoringError

TV_36_TO_41 = [
    # TV-36
    (0, 0),
    (10, 0),
    (20, 1),
    (40, 1),
    (50, 2),
    (80, 2),
    (90, 3),
    # TV-37
    (120, 3),
    (130, 4),
    (160, 4),
    (170, 5),
    (210, 5),
    (220, 6),
    (260, 6),
    (270, 7),
    (310, 7),
    (320, 8),
    (360, 8),
    (370, 9),
    # TV-38
    (420, 9),
    (430, 10),
    (490, 10),
    (500, 11),
    (590, 11),
    (600, 12),
    (740, 12),
    (750, 13),
    (890, 13),
    (900, 14),
    # TV-39
    (1090, 14),
    (1100, 15),
    (1290, 15),
    (1300, 16),
    (1490, 16),
    (1500, 17),
    (1740, 17),
    (1750, 18),
    (1990, 18),
    (2000, 19),
    (2240, 19),
    (2250, 20),
    # TV-40
    (2490, 20),
    (2500, 21),
    (2990, 21),
    (3000, 22),
    (3490, 22),
    (3500, 23),
    (3990, 23),
    (4000, 24),
    (7600, 24),
    # TV-41
    (-30, -1),
    (-620, -12),
    (15, 0),
    (45, 1),
]


@pytest.mark.parametrize(("difference", "expected"), TV_36_TO_41)
def test_imp_scale_boundaries_tv36_to_tv41(difference: int, expected: int) -> None:
    assert imps(difference) == expected


def test_imp_scale_table_of_law_78b_row_by_row() -> None:
    # Every row of the printed table: its first and last difference give its IMPs.
    rows = [(0, 10), (20, 40), (50, 80), (90, 120), (130, 160), (170, 210), (220, 260), (270, 310)]
    rows += [(320, 360), (370, 420), (430, 490), (500, 590), (600, 740), (750, 890), (900, 1090)]
    rows += [(1100, 1290), (1300, 1490), (1500, 1740), (1750, 1990), (2000, 2240), (2250, 2490)]
    rows += [(2500, 2990), (3000, 3490), (3500, 3990)]
    for expected, (low, high) in enumerate(rows):
        assert imps(low) == imps(high) == expected
        assert imps(-low) == imps(-high) == -expected
    assert imps(4000) == imps(100_000) == 24


def test_imps_are_antisymmetric_and_monotone() -> None:
    previous = 0
    for difference in range(0, 5001):
        assert imps(-difference) == -imps(difference)
        assert imps(difference) >= previous
        previous = imps(difference)


def test_imps_of_a_fraction_are_placed_by_its_size() -> None:
    assert imps(Fraction(39, 2)) == 0
    assert imps(Fraction(20)) == 1
    assert imps(Fraction(-4001, 2)) == -19
    assert imps(Fraction(-3999, 2)) == -18


@pytest.mark.parametrize("bad", ["20", None, 1.5, True])
def test_imps_refuse_what_is_not_a_number_of_points(bad: object) -> None:
    with pytest.raises(ContestError, match="Law 78B"):
        imps(bad)  # type: ignore[arg-type]


def test_the_scale_has_24_lower_bounds_in_order() -> None:
    assert len(IMP_LOWER_BOUNDS) == 24
    assert list(IMP_LOWER_BOUNDS) == sorted(set(IMP_LOWER_BOUNDS))


# --- Butler datum (TV-42, TV-43) --------------------------------------------------------


def test_tv42_board_1_datum_drops_one_top_and_bottom() -> None:
    scores = [-140, -140, 50, 100, -420, 50, 50]
    datum = butler_datum(scores)
    assert datum == -30
    assert [imps(score - datum) for score in scores] == [-3, -3, 2, 4, -9, 2, 2]


def test_tv42_board_2_datum() -> None:
    scores = [-110, 50, 90, -200, 50, 50, -100]
    datum = butler_datum(scores)
    assert datum == -10
    assert [imps(score - datum) for score in scores] == [-3, 2, 3, -5, 2, 2, -3]


@pytest.mark.parametrize(
    ("mean", "nearest10", "even5", "none"),
    [
        (425, 430, 420, 425),
        (435, 440, 440, 435),
        (-425, -430, -420, -425),
        (-435, -440, -440, -435),
        (-445, -450, -440, -445),
        (5, 10, 0, 5),
        (-26, -30, -30, -26),
        (424, 420, 420, 424),
    ],
)
def test_tv43_datum_roundings(mean: int, nearest10: int, even5: int, none: int) -> None:
    scores = [mean - 10, mean + 10]  # two scores, nothing dropped: the mean is exact
    assert butler_datum(scores, rounding=DatumRounding.NEAREST10) == nearest10
    assert butler_datum(scores, rounding=DatumRounding.EVEN5) == even5
    assert butler_datum(scores, rounding=DatumRounding.NONE) == none


def test_an_unrounded_datum_is_the_exact_mean() -> None:
    assert butler_datum([100, 0, 0], rounding=DatumRounding.NONE) == Fraction(100, 3)


def test_default_drop_is_one_above_four_scores() -> None:
    assert [default_drop(count) for count in range(1, 8)] == [0, 0, 0, 0, 1, 1, 1]
    # Four scores: nothing dropped, the plain mean (-140 -460 +50 -490 → -260).
    assert butler_datum([-140, -460, 50, -490]) == -260


def test_datum_drops_as_many_as_asked() -> None:
    scores = [0, 0, 10, 500, 600, 2000, -2000]
    assert butler_datum(scores, drop=2) == 170  # 0, 10, 500 are kept
    assert butler_datum(scores, drop=3, rounding=DatumRounding.NONE) == 10
    assert butler_datum(scores, drop=0) == 160  # 1110 / 7 = 158.57


def test_datum_refuses_to_drop_every_score() -> None:
    with pytest.raises(ContestError, match="leaves none to average"):
        butler_datum([100, 200], drop=1)
    with pytest.raises(ContestError, match="no scores"):
        butler_datum([])
    with pytest.raises(ContestError, match="whole number"):
        butler_datum([100, 200, 300], drop=-1)


@pytest.mark.parametrize(
    ("text", "member"), [("nearest10", DatumRounding.NEAREST10), (" EVEN5", DatumRounding.EVEN5)]
)
def test_datum_rounding_parses(text: str, member: DatumRounding) -> None:
    assert DatumRounding.parse(text) is member


def test_datum_rounding_refuses_an_unknown_word() -> None:
    with pytest.raises(ScoringError, match="nearest10, even5 or none"):
        DatumRounding.parse("up")


# --- Cross-IMPs (TV-44) -----------------------------------------------------------------


def test_tv44_cross_imps_summed_and_averaged() -> None:
    scores = [-140, -460, 50, -490]
    assert cross_imps(scores, CrossTotal.SUM) == [11, -18, 27, -20]
    assert cross_imps(scores, CrossTotal.AVERAGE) == [Fraction(11, 3), -6, 9, Fraction(-20, 3)]


def test_cross_imps_of_a_lone_score_are_nought() -> None:
    assert cross_imps([620], CrossTotal.AVERAGE) == [0]
    assert cross_imps([], CrossTotal.SUM) == []


def test_cross_imps_of_a_board_sum_to_nought() -> None:
    generator = random.Random(78)
    for _ in range(200):
        scores = [generator.choice(range(-2000, 2001, 10)) for _ in range(generator.randint(1, 12))]
        assert sum(cross_imps(scores, CrossTotal.SUM)) == 0
        assert sum(cross_imps(scores, CrossTotal.AVERAGE)) == 0


def test_cross_total_parses_its_aliases() -> None:
    assert CrossTotal.parse("total") is CrossTotal.SUM
    assert CrossTotal.parse("Average") is CrossTotal.AVERAGE
    with pytest.raises(ContestError, match="sum or average"):
        CrossTotal.parse("median")

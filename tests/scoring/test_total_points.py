"""Total points against the average (Law 78C; spec §4, TV-48)."""

from __future__ import annotations

from fractions import Fraction as F

from scoring.contests.matchpoints import Scale, matchpoints
from scoring.contests.total_points import against_average

TV30 = [620, 650, 620, 170, -100, 620, 650]


def test_tv48_relative_scores_against_the_ns_mean() -> None:
    relative = against_average(TV30)
    assert F(3230, 7) == F(sum(TV30), 7)
    assert [round(float(value), 2) for value in relative] == [
        158.57, 188.57, 158.57, -291.43, -561.43, 158.57, 188.57
    ]  # fmt: skip
    assert sum(relative) == 0


def test_tv48_contrasts_with_matchpoints() -> None:
    mp = matchpoints(TV30, Scale.EUROPEAN)
    relative = against_average(TV30)
    # +170 earns 2 of 12 matchpoints, but loses 291.43 points against the average.
    assert (mp[3], round(float(relative[3]), 2)) == (2, -291.43)
    assert (mp[4], round(float(relative[4]), 2)) == (0, -561.43)

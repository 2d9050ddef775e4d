"""Artificial adjusted scores (Law 12C2) and assigned ones, split or weighted (Law 12C1)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.contests.adjusted import (
    AdjustedPercents,
    Artificial,
    Award,
    Split,
    Weighted,
    parse_outcome,
)
from scoring.shared.errors import ContestError


@pytest.mark.parametrize(
    ("text", "award"),
    [("A+", Award.PLUS), ("a-", Award.MINUS), ("A−", Award.MINUS), ("Ave+", Award.PLUS), ("A", Award.AVERAGE),
     ("A=", Award.AVERAGE), ("Average", Award.AVERAGE)],
)  # fmt: skip
def test_award_reads_a_directors_markers(text: str, award: Award) -> None:
    assert Award.parse(text) is award


@pytest.mark.parametrize(
    ("text", "ns", "ew"),
    [
        ("A6040", F(60), F(40)),
        ("A5050", F(50), F(50)),
        ("A6060", F(60), F(60)),
        ("A+/A-", F(60), F(40)),
        ("A- A+", F(40), F(60)),
        ("A", F(50), F(50)),
    ],
)
def test_artificial_reads_usebio_and_traveller_markers(text: str, ns: F, ew: F) -> None:
    assert Artificial.parse(text).percents() == (ns, ew)


def test_artificial_of_reads_two_columns() -> None:
    assert Artificial.of("A+", "A+") == Artificial(Award.PLUS, Award.PLUS)
    assert Artificial.of("60", "40%").percents() == (60, 40)


def test_event_percentages_apply_to_awards_but_not_to_written_percentages() -> None:
    rule = AdjustedPercents(plus=F(65), minus=F(35))
    assert Artificial.parse("A+/A-").percents(rule) == (65, 35)
    assert Artificial.parse("A6040").percents(rule) == (60, 40)


def test_artificial_text() -> None:
    assert Artificial.parse("A+ A-").text == "A+/A-"
    assert Artificial.parse("A6040").text == "A6040"


@pytest.mark.parametrize("text", ["A+", "A7", "B", "", 5])
def test_artificial_refuses_what_it_cannot_read(text: object) -> None:
    with pytest.raises(ContestError):
        Artificial.parse(text)


def test_percentages_must_be_percentages() -> None:
    with pytest.raises(ContestError, match="is not a percentage of the top"):
        AdjustedPercents(plus=F(120))


def test_weighted_shares_must_add_up_to_one() -> None:
    assert Weighted.of([("1/3", 420), ("2/3", -50)]).ns == ((F(1, 3), 420), (F(2, 3), -50))
    with pytest.raises(ContestError, match="add up to 1/2, not 1"):
        Weighted.of([("1/4", 420), ("1/4", -50)])
    with pytest.raises(ContestError, match="is not a weight"):
        Weighted.of([("one third", 420)])  # type: ignore[list-item]


def test_weighted_east_west_defaults_to_north_south() -> None:
    weighted = Weighted.of([(1, 420)])
    assert weighted.ew == weighted.ns


def test_split_scores_are_real_scores() -> None:
    assert Split(420, -50).for_ew == -50
    with pytest.raises(ContestError, match="is not a score a deal can produce"):
        Split(425, 0)


def test_parse_outcome() -> None:
    assert parse_outcome(420) == 420
    assert parse_outcome("A6040") == Artificial(F(60), F(40))
    with pytest.raises(ContestError, match="is not a result"):
        parse_outcome(None)

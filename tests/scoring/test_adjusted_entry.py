"""The adjusted scores a director types in a traveller row: Laws 12C1, 12C2 and 87B, one parser."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.contests.adjusted import Artificial, Award, Split, Weighted
from scoring.contract.adjusted_entry import (
    AdjustedScoreError,
    ArtificialScore,
    AssignedBySide,
    Fouled,
    NotPlayed,
    WeightedScore,
    is_adjusted_text,
    parse_adjusted,
    parse_line,
)
from scoring.contract.entry import ContractEntry, parse_result
from scoring.shared.errors import ScoringError


def r(text: str) -> ContractEntry:
    return parse_result(text)


@pytest.mark.parametrize(
    ("text", "expected", "canonical", "law"),
    [
        ("A+/A-", ArtificialScore(Artificial(Award.PLUS, Award.MINUS)), "A+/A-", "Law 12C2"),
        ("a+ / a-", ArtificialScore(Artificial(Award.PLUS, Award.MINUS)), "A+/A-", "Law 12C2"),
        ("A", ArtificialScore(Artificial(Award.AVERAGE, Award.AVERAGE)), "A/A", "Law 12C2"),
        ("A-/A-", ArtificialScore(Artificial(Award.MINUS, Award.MINUS)), "A-/A-", "Law 12C2"),
        ("A60/A40", ArtificialScore(Artificial(Fraction(60), Fraction(40))), "A60/A40", "Law 12C2"),
        ("A50/A50", ArtificialScore(Artificial(Fraction(50), Fraction(50))), "A50/A50", "Law 12C2"),
        ("A6040", ArtificialScore(Artificial(Fraction(60), Fraction(40))), "A60/A40", "Law 12C2"),
        ("NP", NotPlayed(), "NP", "Law 78A"),
        ("not played", NotPlayed(), "NP", "Law 78A"),
        (
            "NS 4S N =; EW 4S N -1",
            AssignedBySide(r("4S N ="), r("4S N -1")),
            "NS 4S N =; EW 4S N -1",
            "Law 12C1(b)",
        ),
        (
            "ew 4s n 9; n-s 4s n 10",
            AssignedBySide(r("4S N ="), r("4S N -1")),
            "NS 4S N =; EW 4S N -1",
            "Law 12C1(b)",
        ),
        (
            "60% 4S N =; 40% 4S N -1",
            WeightedScore(((Fraction(60), r("4S N =")), (Fraction(40), r("4S N -1")))),
            "60% 4S N =; 40% 4S N -1",
            "Law 12C1(c)",
        ),
        (
            "33.5% 3NT S +1; 33.5% 3NT S =; 33% 4S N -1",
            WeightedScore(
                (
                    (Fraction(67, 2), r("3NT S +1")),
                    (Fraction(67, 2), r("3NT S =")),
                    (Fraction(33), r("4S N -1")),
                )
            ),
            "33.5% 3NT S +1; 33.5% 3NT S =; 33% 4S N -1",
            "Law 12C1(c)",
        ),
        ("F2 4S N =", Fouled("2", r("4S N =")), "F2 4S N =", "Law 87B"),
        ("Fouled 1: 3NT S -1", Fouled("1", r("3NT S -1")), "F1 3NT S -1", "Law 87B"),
    ],
)
def test_reads_each_kind_and_writes_it_back_the_same(
    text: str, expected: object, canonical: str, law: str
) -> None:
    entry = parse_adjusted(text)
    assert entry == expected
    assert entry.text == canonical
    assert entry.law == law
    assert parse_adjusted(entry.text) == entry
    assert law in entry.words


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("55% 4S N =; 40% 4S N -1", "55% + 40% is 95 %, not 100 % (Law 12C1(c))."),
        ("60% 4S N =; 60% 4S N -1", "60% + 60% is 120 %, not 100 % (Law 12C1(c))."),
        ("0% 4S N =; 100% 4S N -1", "A share of 0% is no share: each is above 0 (Law 12C1(c))."),
        (
            "60% 4S N =; 4S N -1",
            "'4S N -1' is not a share: write a percentage and a result, as 60% 4S N = (Law 12C1(c)).",
        ),
        ("60% 8S N =; 40% 4S N -1", "(Law 12C1(c))"),
        (
            "NS 4S N =",
            "An assigned score by side needs both sides: write NS 4S N =; EW 4S N -1 (Law 12C1(b)).",
        ),
        ("NS 4S N =; NS 4S N -1", "NS is given two scores: give each side one (Law 12C1(b))."),
        (
            "NS 4S N =; 4S N -1",
            "'4S N -1' does not say whose score it is: write NS 4S N =; EW 4S N -1 (Law 12C1(b)).",
        ),
        ("NS 4S N =; EW 4S N +4", "(Law 12C1(b))"),
        ("A+", "names one side's score only: give both, as A+/A- or A6040 (Law 12C2)."),
        ("A+/A*", "is not an artificial score"),
        ("A160/A40", "'A160' is more than 100 % of the top (Law 12C2)."),
        ("F2 4S N", "(Law 87B)"),
        ("", "The adjusted score is empty"),
    ],
)
def test_refuses_with_a_sentence_citing_the_law(text: str, message: str) -> None:
    with pytest.raises(AdjustedScoreError) as raised:
        parse_adjusted(text)
    assert message in str(raised.value)
    assert isinstance(raised.value, ScoringError)


@pytest.mark.parametrize(
    ("text", "adjusted"),
    [
        ("4S N =", False),
        ("PASS", False),
        ("3NT S -1", False),
        ("A+/A-", True),
        ("NP", True),
        ("60% 4S N =; 40% 4S N -1", True),
        ("NS 4S N =; EW 4S N -1", True),
        ("F2 4S N =", True),
    ],
)
def test_a_traveller_row_reads_a_result_or_an_adjusted_score(text: str, adjusted: bool) -> None:
    assert is_adjusted_text(text) is adjusted
    assert isinstance(parse_line(text), ContractEntry) is not adjusted


def _score(entry: ContractEntry) -> int:
    return {"4S N =": 420, "4S N -1": -50}[entry.text]


def test_each_kind_becomes_what_the_engine_scores() -> None:
    assert parse_adjusted("A+/A-").outcome(_score) == Artificial(Award.PLUS, Award.MINUS)  # type: ignore[union-attr]
    assert parse_adjusted("NS 4S N =; EW 4S N -1").outcome(_score) == Split(420, -50)  # type: ignore[union-attr]
    weighted = parse_adjusted("60% 4S N =; 40% 4S N -1").outcome(_score)  # type: ignore[union-attr]
    assert weighted == Weighted(((Fraction(3, 5), 420), (Fraction(2, 5), -50)))

"""Competition ranking of a contest's standings, ties sharing places (spec §7)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scoring.contests.ranking import Place, competition_ranks, parse_place, ranked
from scoring.shared.errors import ContestError


def test_ties_share_a_place_and_the_next_place_is_skipped() -> None:
    places = competition_ranks({"a": 10, "b": 8, "c": 8, "d": 5})
    assert [places[key].text for key in "abcd"] == ["1", "2=", "2=", "4"]
    assert places["b"] == Place(2, 3)


def test_exact_fractions_decide_ties_that_rounding_would_make() -> None:
    places = competition_ranks({"a": Fraction(5001, 100), "b": Fraction(50, 1), "c": Fraction(10001, 200)})
    assert [places[key].text for key in "abc"] == ["1", "3", "2"]


def test_lower_is_better_ranks_the_smallest_first() -> None:
    places = competition_ranks({"a": 3, "b": 1, "c": 3}, higher_is_better=False)
    assert [places[key].text for key in "abc"] == ["2=", "1", "2="]


def test_a_three_way_tie_spans_three_places() -> None:
    places = competition_ranks({"a": 1, "b": 1, "c": 1, "d": 0})
    assert places["a"] == Place(1, 3)
    assert (places["a"].pbn_rank, places["a"].pbn_rank_tie) == ("1", "3")
    assert (places["d"].pbn_rank, places["d"].pbn_rank_tie) == ("4", "-")


def test_ranked_lists_in_standings_order_keeping_tied_keys_in_mapping_order() -> None:
    assert ranked({"x": 1, "y": 5, "z": 1}) == [("y", Place(1, 1)), ("x", Place(2, 3)), ("z", Place(2, 3))]


def test_an_empty_field_has_no_places() -> None:
    assert competition_ranks({}) == {}


def test_random_fields_obey_the_1224_rule() -> None:
    rng = random.Random(1224)
    for _ in range(300):
        values = {
            key: Fraction(rng.randint(0, 12), rng.choice([1, 2, 3])) for key in range(rng.randint(1, 15))
        }
        places = competition_ranks(values)
        for key, value in values.items():
            better = sum(1 for other in values.values() if other > value)
            equal = sum(1 for other in values.values() if other == value)
            assert places[key] == Place(better + 1, better + equal)


@pytest.mark.parametrize(
    ("rank", "tie", "place"),
    [
        ("1", "-", Place(1, 1)),
        ("25", "26", Place(25, 26)),
        (" 2", " -", Place(2, 2)),
        ('"3"', '"4"', Place(3, 4)),
    ],
)
def test_reads_pbn_rank_and_rank_tie(rank: str, tie: str, place: Place) -> None:
    assert Place.from_pbn(rank, tie) == place


@pytest.mark.parametrize(("text", "expected"), [("3", (3, False)), ("3=", (3, True)), (" 12= ", (12, True))])
def test_reads_a_usebio_place(text: str, expected: tuple[int, bool]) -> None:
    assert parse_place(text) == expected


@pytest.mark.parametrize("text", ["", "=", "x", "0", "²", "-1"])
def test_refuses_a_place_that_is_not_a_number(text: str) -> None:
    with pytest.raises(ContestError):
        parse_place(text)


def test_refuses_a_float_to_rank() -> None:
    with pytest.raises(ContestError, match="is not an exact figure to rank"):
        competition_ranks({"a": 0.5})  # type: ignore[dict-item]


def test_refuses_places_that_run_backwards() -> None:
    with pytest.raises(ContestError, match="run backwards"):
        Place(3, 2)

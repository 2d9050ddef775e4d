"""A matchpoint pairs session: totals, tops, percentages and places (spec §2.1, §7)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.contests.adjusted import Artificial, Award
from scoring.contests.matchpoint_session import score_session
from scoring.contests.matchpoints import MatchpointOptions, Scale, TableResult, Winners
from scoring.contests.ranking import Place
from scoring.shared.errors import ContestError
from scoring.shared.seats import Side

EUROPEAN = MatchpointOptions(scale=Scale.EUROPEAN)


def mitchell() -> list[TableResult]:
    """Three tables, two boards, NS pairs 1-3 stay, EW pairs 4-6."""
    return [
        TableResult("1", "1", "4", 450),
        TableResult("1", "2", "5", 420),
        TableResult("1", "3", "6", 420),
        TableResult("2", "1", "5", -100),
        TableResult("2", "2", "6", 110),
        TableResult("2", "3", "4", 140),
    ]


def test_pair_totals_tops_and_percentages() -> None:
    session = score_session(mitchell(), EUROPEAN)
    one = session.pair("1")
    assert (one.mp, one.top, one.boards, one.percent) == (4, 8, 2, 50)
    four = session.pair("4")
    assert (four.mp, four.top, four.percent) == (0, 8, 0)
    assert [line.mp_ns for line in session.boards["1"]] == [4, 1, 1]


def test_one_field_ranks_both_directions_together_on_the_exact_percent() -> None:
    session = score_session(mitchell(), EUROPEAN)
    places = {score.pair: score.place.text for score in session.pairs}
    # 1: 4/8, 2: 3/8, 3: 5/8, 4: 0/8, 5: 7/8, 6: 5/8
    assert places == {"5": "1", "3": "2=", "6": "2=", "1": "4", "2": "5", "4": "6"}
    assert [score.pair for score in session.pairs] == ["5", "3", "6", "1", "2", "4"]


def test_two_winners_rank_each_direction_on_its_own() -> None:
    session = score_session(mitchell(), MatchpointOptions(scale=Scale.EUROPEAN, winners=Winners.TWO))
    assert [(score.pair, score.place.text) for score in session.standings(Side.NS)] == [
        ("3", "1"),
        ("1", "2"),
        ("2", "3"),
    ]
    assert [(score.pair, score.place.text) for score in session.standings(Side.EW)] == [
        ("5", "1"),
        ("6", "2"),
        ("4", "3"),
    ]


def test_a_howell_pair_sits_both_ways_and_two_winners_are_refused() -> None:
    results = [
        TableResult("1", "A", "B", 420),
        TableResult("1", "C", "D", 400),
        TableResult("2", "B", "C", 100),
        TableResult("2", "D", "A", -100),
    ]
    session = score_session(results, EUROPEAN)
    assert session.pair("B").mp == 0 + 2
    assert session.pair("A").mp == 2 + 2
    with pytest.raises(ContestError, match="Pair A sat North-South on some boards and East-West on others"):
        score_session(results, MatchpointOptions(winners=Winners.TWO))


def test_tv30_as_a_session_board() -> None:
    scores = [620, 650, 620, 170, -100, 620, 650]
    results = [TableResult("1", f"N{t}", f"E{t}", score) for t, score in enumerate(scores, start=1)]
    session = score_session(results, MatchpointOptions(scale=Scale.ACBL, winners=Winners.TWO))
    assert session.pair("N2").mp == F(11, 2)
    assert session.pair("N2").place == Place(1, 2)
    assert session.pair("N1").place == Place(3, 5)
    assert session.pair("E5").place == Place(1, 1)
    assert round(float(session.pair("N4").percent), 2) == 16.67


def test_neuberg_expected_defaults_to_the_most_results_on_any_board_counting_adjusted() -> None:
    results = [
        TableResult("1", "1", "4", 450),
        TableResult("1", "2", "5", 420),
        TableResult("1", "3", "6", Artificial(Award.PLUS, Award.MINUS)),
        TableResult("2", "1", "5", 100),
        TableResult("2", "2", "6", 110),
    ]
    session = score_session(results, EUROPEAN)
    board1 = session.boards["1"]
    assert [(line.mp_ns, line.mp_ew) for line in board1] == [
        (F(7, 2), F(1, 2)),
        (F(1, 2), F(7, 2)),
        (F(12, 5), F(8, 5)),
    ]
    board2 = session.boards["2"]
    assert [line.mp_ns for line in board2] == [F(1, 2), F(7, 2)]
    assert session.pair("3").top == 4


def test_expected_may_be_given_per_board() -> None:
    results = [TableResult("1", "1", "4", 450), TableResult("1", "2", "5", 420)]
    session = score_session(results, EUROPEAN, expected={1: 3})
    assert [line.mp_ns for line in session.boards["1"]] == [F(7, 2), F(1, 2)]


def test_sections_as_one_field_compare_across_sections() -> None:
    results = [
        TableResult("1", "A1", "A2", 420, field="A"),
        TableResult("1", "B1", "B2", 450, field="B"),
        TableResult("1", "B3", "B4", 400, field="B"),
    ]
    together = score_session(results, EUROPEAN)
    assert [line.mp_ns for line in together.boards["1"]] == [2, 4, 0]
    apart = score_session(results, MatchpointOptions(scale=Scale.EUROPEAN, fields_apart=True, neuberg=False))
    assert [line.mp_ns for line in apart.boards["1"]] == [0, 2, 0]
    assert apart.pair("A1").percent == 50  # alone in its field: nothing to compare
    assert [score.pair for score in apart.standings(field="B")] == ["B1", "B4", "B2", "B3"]
    assert apart.pair("B1").place == Place(1, 2)


def test_sections_apart_factor_to_their_own_field() -> None:
    results = [
        TableResult("1", "A1", "A2", 420, field="A"),
        TableResult("1", "B1", "B2", 450, field="B"),
        TableResult("1", "B3", "B4", 400, field="B"),
    ]
    apart = score_session(results, MatchpointOptions(scale=Scale.EUROPEAN, fields_apart=True))
    assert apart.boards["1"][0].top == 0  # field A's most results on a board is one
    assert apart.boards["1"][1].top == 2


def test_a_pair_belongs_to_one_section() -> None:
    results = [TableResult("1", "A1", "A2", 420, field="A"), TableResult("2", "A1", "B2", 420, field="B")]
    with pytest.raises(ContestError, match="Pair A1 played in field 'A' and in field 'B'"):
        score_session(results)


def test_sit_outs_are_scaled_to_the_most_boards_when_the_event_says_so() -> None:
    results = [*mitchell(), TableResult("3", "1", "6", 100), TableResult("3", "2", "4", 50)]
    plain = score_session(results, EUROPEAN)
    scaled = score_session(results, MatchpointOptions(scale=Scale.EUROPEAN, scale_sit_outs=True))
    three_plain, three_scaled = plain.pair("3"), scaled.pair("3")
    assert three_plain.boards == 2
    assert three_scaled.total == three_plain.mp * F(3, 2)
    assert three_scaled.percent == three_plain.percent
    assert scaled.pair("1").total == scaled.pair("1").mp


def test_boards_come_back_in_board_order() -> None:
    results = [TableResult(str(board), "A", "B", 420) for board in (10, 2, 1)]
    assert list(score_session(results).boards) == ["1", "2", "10"]


def test_an_empty_session_is_refused() -> None:
    with pytest.raises(ContestError, match="nothing to score"):
        score_session([])

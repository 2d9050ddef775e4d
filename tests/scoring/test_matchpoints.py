"""Matchpoints on one board: scales, Neuberg, adjusted, assigned, weighted and fouled (spec §2)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from scoring.contests.adjusted import AdjustedPercents, Artificial, Award, Split, Weighted
from scoring.contests.matchpoints import (
    FouledRule,
    MatchpointOptions,
    Scale,
    TableResult,
    matchpoints,
    neuberg,
    round_towards_average,
    score_board,
)
from scoring.shared.errors import ContestError

TV30 = [620, 650, 620, 170, -100, 620, 650]


def board(*outcomes: object, versions: str = "", number: str = "1") -> list[TableResult]:
    return [
        TableResult(
            number, f"N{table}", f"E{table}", outcome, version=versions[table - 1] if versions else ""
        )  # type: ignore[arg-type]
        for table, outcome in enumerate(outcomes, start=1)
    ]


def european(**kwargs: object) -> MatchpointOptions:
    return MatchpointOptions(scale=Scale.EUROPEAN, **kwargs)  # type: ignore[arg-type]


def test_tv30_european_scale_with_ties() -> None:
    assert matchpoints(TV30, Scale.EUROPEAN) == [6, 11, 6, 2, 0, 6, 11]
    assert sum(matchpoints(TV30, Scale.EUROPEAN)) == 42


def test_tv30_acbl_scale_with_ties() -> None:
    assert matchpoints(TV30, Scale.ACBL) == [3, F(11, 2), 3, 1, 0, 3, F(11, 2)]


def test_tv30_east_west_and_percentages_on_the_board() -> None:
    lines = score_board(board(*TV30), european())
    assert [line.mp_ew for line in lines] == [6, 1, 6, 10, 12, 6, 1]
    assert all(line.top == 12 for line in lines)
    assert [round(float(line.percent_ns), 2) for line in lines] == [
        50.0,
        91.67,
        50.0,
        16.67,
        0.0,
        50.0,
        91.67,
    ]


def test_tv35_three_tables() -> None:
    lines = score_board(board(450, 420, 420), european())
    assert [(line.mp_ns, line.mp_ew) for line in lines] == [(4, 0), (1, 3), (1, 3)]
    assert [line.percent_ns for line in lines] == [100, 25, 25]


def test_scale_tops() -> None:
    assert (Scale.ACBL.top(7), Scale.EUROPEAN.top(7)) == (6, 12)
    assert Scale.parse("EBU") is Scale.EUROPEAN
    with pytest.raises(ContestError, match="is not a matchpoint scale"):
        Scale.parse("imps")


def test_tv31_neuberg_ten_results_of_eleven() -> None:
    factored = [neuberg(raw, 10, 11, Scale.EUROPEAN) for raw in range(18, -1, -2)]
    assert [round(float(value), 1) for value in factored] == [
        19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1
    ]  # fmt: skip


def test_tv32_neuberg_six_results_of_seven() -> None:
    assert neuberg(4, 6, 7, Scale.EUROPEAN) == F(29, 6)
    assert neuberg(9, 6, 7, Scale.EUROPEAN) == F(32, 3)


def test_neuberg_on_the_acbl_scale_is_the_european_figure_halved() -> None:
    for raw in range(0, 11):
        assert neuberg(F(raw, 2), 6, 7, Scale.ACBL) == neuberg(raw, 6, 7, Scale.EUROPEAN) / 2


def test_neuberg_refuses_more_results_than_expected() -> None:
    with pytest.raises(ContestError, match="more than the 6 expected"):
        neuberg(3, 7, 6, Scale.EUROPEAN)


def test_a_short_board_is_factored_to_the_expected_number() -> None:
    lines = score_board(board(620, 650, 620, 170, -100, 650), european(), expected=7)
    assert [line.mp_ns for line in lines] == [6, F(32, 3), 6, F(5, 2), F(1, 6), F(32, 3)]
    assert all(line.mp_ns + line.mp_ew == 12 for line in lines)


def test_without_neuberg_a_short_board_has_its_own_top() -> None:
    lines = score_board(board(620, 650, 620), european(neuberg=False), expected=7)
    assert [line.mp_ns for line in lines] == [1, 4, 1]
    assert lines[0].top == 4


def test_tv33_artificial_scores_on_the_european_scale() -> None:
    outcomes = [620, 650, Artificial(Award.PLUS, Award.MINUS), 170, -100, 620, 650]
    lines = score_board(board(*outcomes), european())
    assert [line.mp_ns for line in lines] == [6, F(32, 3), F(36, 5), F(5, 2), F(1, 6), 6, F(32, 3)]
    assert [line.mp_ew for line in lines] == [6, F(4, 3), F(24, 5), F(19, 2), F(71, 6), 6, F(4, 3)]
    real = [line.mp_ns for line in lines if not isinstance(line.outcome, Artificial)]
    assert sum(real) == 36


def test_tv33_artificial_scores_on_the_acbl_scale() -> None:
    outcomes = [620, 650, Artificial(Award.PLUS, Award.MINUS), 170, -100, 620, 650]
    lines = score_board(board(*outcomes), MatchpointOptions(scale=Scale.ACBL))
    assert [line.mp_ns for line in lines] == [3, F(16, 3), F(18, 5), F(5, 4), F(1, 12), 3, F(16, 3)]
    assert (lines[2].mp_ns, lines[2].mp_ew) == (F(18, 5), F(12, 5))


def test_the_artificial_percentages_are_an_event_setting() -> None:
    rule = AdjustedPercents(plus=F(65), average=F(50), minus=F(35))
    lines = score_board(board(420, 450, "A+/A-"), european(percents=rule))
    assert (lines[2].mp_ns, lines[2].mp_ew) == (F(13, 5), F(7, 5))  # 65 % and 35 % of 4


@pytest.mark.parametrize(("marker", "ns", "ew"), [("A6040", 24, 16), ("A5050", 20, 20), ("A6060", 24, 24)])
def test_percentages_written_into_the_marker_take_no_event_rule(marker: str, ns: int, ew: int) -> None:
    outcomes: list[object] = [420] * 20 + [marker]
    lines = score_board(board(*outcomes), european(percents=AdjustedPercents(plus=F(70))))
    assert (lines[-1].mp_ns, lines[-1].mp_ew) == (ns, ew)
    assert lines[-1].top == 40


def test_a_board_of_only_artificial_scores() -> None:
    lines = score_board(board("A", "A"), european(), expected=2)
    assert [(line.mp_ns, line.mp_ew) for line in lines] == [(1, 1), (1, 1)]


def test_a_split_score_ranks_each_side_in_its_own_field() -> None:
    # Table 3: N-S assigned +420 (as N-S see it), E-W assigned -50 (N-S view) - Law 12C1(b).
    lines = score_board(board(620, 170, Split(420, -50), -100), european())
    assert [line.mp_ns for line in lines] == [6, 2, 4, 0]
    # E-W compare -620, -170, +50, +100 among themselves.
    assert [line.mp_ew for line in lines] == [0, 2, 4, 6]
    assert lines[2].mp_ns + lines[2].mp_ew == 8 != lines[2].top
    assert sum(line.mp_ns for line in lines) == sum(line.mp_ew for line in lines) == 12


def test_a_weighted_score_combines_the_matchpoints_of_its_shares() -> None:
    # 1/3 of 4S= (+420) and 2/3 of 4S-1 (-50) against +420, +170, -100.
    weighted = Weighted.of([("1/3", 420), ("2/3", -50)])
    lines = score_board(board(420, 170, weighted, -100), european())
    # +420 share: ties +420, beats +170 and -100 -> 5; -50 share: beats -100 -> 2.
    assert lines[2].mp_ns == F(1, 3) * 5 + F(2, 3) * 2
    # The others meet the weighted table as fractions of a result.
    assert lines[0].mp_ns == 4 + F(1, 3) * 1 + F(2, 3) * 2
    assert sum(line.mp_ns for line in lines) == 12
    assert all(line.mp_ns + line.mp_ew == line.top for line in lines)


def test_tv34_fouled_board_groups_factored_by_the_ebu_rule() -> None:
    outcomes = [600, 500, 400, 300, 200, 100, 0, 50, -50, -150]
    lines = score_board(board(*outcomes, versions="AAAAAAABBB"), european(), expected=10)
    values = [round_towards_average(line.mp_ns, line.top) for line in lines]
    assert [float(value) for value in values] == [17.6, 14.7, 11.9, 9.0, 6.1, 3.3, 0.4, 15.7, 9.0, 2.3]
    assert sum(line.mp_ns for line in lines[:7]) == 63
    assert sum(line.mp_ns for line in lines[7:]) == 27
    assert all(line.top == 18 for line in lines)


def test_acbl_fouled_rule_gives_fixed_awards_to_small_groups() -> None:
    outcomes = [600, 500, 400, 300, 200, 100, 0, 50, -50, -150]
    options = MatchpointOptions(scale=Scale.ACBL, fouled=FouledRule.ACBL)
    lines = score_board(board(*outcomes, versions="AAAAAAABBB"), options, expected=10)
    # The group of three is the smaller group: 70 / 60 / 50 % of the top of 9.
    assert [line.mp_ns for line in lines[7:]] == [F(63, 10), F(54, 10), F(45, 10)]
    assert [line.mp_ew for line in lines[7:]] == [F(45, 10), F(54, 10), F(63, 10)]
    # The group of seven takes the Neuberg formula.
    assert lines[0].mp_ns == neuberg(6, 7, 10, Scale.ACBL)


def test_acbl_fouled_rule_small_group_ties_share_the_awards() -> None:
    options = MatchpointOptions(scale=Scale.ACBL, fouled=FouledRule.ACBL)
    lines = score_board(board(100, 200, 300, 400, 420, 420, versions="AAAABB"), options)
    assert [line.mp_ns for line in lines[4:]] == [F(3), F(3)]  # (65 + 55) / 2 % of 5


def test_round_towards_average_sends_halves_towards_the_middle() -> None:
    assert round_towards_average(F(3, 20), F(18)) == F(2, 10)  # 0.15 -> 0.2, below average
    assert round_towards_average(F(355, 20), F(18)) == F(177, 10)  # 17.75 -> 17.7, above average
    assert round_towards_average(F(1234, 100), F(18)) == F(123, 10)


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ([("1", "A", "B"), ("1", "A", "C")], "Pair A has two results on board 1"),
        ([("1", "A", "B"), ("2", "C", "D")], "Board 2 is not board 1"),
    ],
)
def test_a_board_refuses_impossible_results(results: list[tuple[str, str, str]], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        score_board([TableResult(*table, 420) for table in results])


def test_more_results_than_expected_are_refused() -> None:
    with pytest.raises(ContestError, match="Board 1 has 3 results, more than the 2 expected"):
        score_board(board(10, 20, 30), expected=2)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"board": "1", "ns": "A", "ew": "A", "outcome": 420}, "cannot sit North-South and East-West"),
        ({"board": "", "ns": "A", "ew": "B", "outcome": 420}, "is not a board"),
        ({"board": "1", "ns": 3, "ew": "B", "outcome": 420}, "is not a pair"),
        ({"board": "1", "ns": "A", "ew": "B", "outcome": 425}, "is not a score a deal can produce"),
        ({"board": "1", "ns": "A", "ew": "B", "outcome": "A7"}, "is not an artificial score"),
        ({"board": "1", "ns": "A", "ew": "B", "outcome": 1.5}, "is not a result"),
    ],
)
def test_a_table_result_refuses_nonsense_with_a_sentence(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        TableResult(**kwargs)  # type: ignore[arg-type]


def test_boards_are_known_by_their_text() -> None:
    assert TableResult(1, "A", "B", 420).board == "1"  # type: ignore[arg-type]

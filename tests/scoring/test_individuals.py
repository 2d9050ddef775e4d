"""An individual event: each player's total from the sides they sat in (spec §7)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.contests.individuals import SideScore, individual_standings
from scoring.shared.errors import ContestError


def test_each_player_adds_the_score_of_the_side_they_sat_in() -> None:
    sides = [
        SideScore("1", ("Ann", "Bob"), 3, 4),
        SideScore("1", ("Cat", "Dan"), 1, 4),
        SideScore("2", ("Ann", "Cat"), 2, 4),
        SideScore("2", ("Bob", "Dan"), 2, 4),
        SideScore("3", ("Ann", "Dan"), Fraction(1, 2), 4),
        SideScore("3", ("Bob", "Cat"), Fraction(7, 2), 4),
    ]

    lines = individual_standings(sides)

    assert [(line.player, line.total, line.percent, line.place.text) for line in lines] == [
        ("Bob", Fraction(17, 2), Fraction(850, 12), "1"),
        ("Cat", Fraction(13, 2), Fraction(650, 12), "2"),
        ("Ann", Fraction(11, 2), Fraction(550, 12), "3"),
        ("Dan", Fraction(7, 2), Fraction(350, 12), "4"),
    ]
    assert all(line.boards == 3 and line.top == 12 for line in lines)


def test_players_with_fewer_boards_are_ranked_on_their_percentage() -> None:
    sides = [
        SideScore("1", ("Ann", "Bob"), 4, 4),
        SideScore("1", ("Cat", "Dan"), 0, 4),
        SideScore("2", ("Ann", "Cat"), 2, 4),
        SideScore("2", ("Eve", "Dan"), 2, 4),
    ]
    lines = individual_standings(sides)
    by_player = {line.player: line for line in lines}

    assert by_player["Bob"].percent == 100 and by_player["Bob"].rank == 1
    assert by_player["Ann"].total == 6 and by_player["Ann"].percent == 75 and by_player["Ann"].rank == 2
    assert by_player["Eve"].percent == 50 and by_player["Eve"].place.text == "3"
    assert by_player["Cat"].percent == 25 and by_player["Dan"].place.text == "4="


def test_without_tops_players_rank_on_their_totals() -> None:
    lines = individual_standings([SideScore("1", ("1", "2"), 7), SideScore("1", ("10", "3"), -7)])
    assert [(line.player, line.percent, line.rank) for line in lines] == [
        ("1", None, 1),
        ("2", None, 1),
        ("3", None, 3),
        ("10", None, 3),
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("1", ("Ann", "Ann"), 1, 4), "partner themself"),
        (("1", ("Ann",), 1, 4), "two players"),
        (("1", ("Ann", "Bob"), "1", 4), "not a score"),
        (("1", ("Ann", "Bob"), 5, 4), "whose top is 4"),
        (("", ("Ann", "Bob"), 1, 4), "not a board"),
    ],
)
def test_a_side_the_laws_do_not_allow_is_refused(args: tuple[object, ...], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        SideScore(*args)  # type: ignore[arg-type]


def test_a_player_twice_on_a_board_is_refused() -> None:
    sides = [SideScore("1", ("Ann", "Bob"), 1, 2), SideScore("1", ("Ann", "Cat"), 1, 2)]
    with pytest.raises(ContestError, match="Player Ann has two scores on board 1"):
        individual_standings(sides)
    with pytest.raises(ContestError, match="no scores"):
        individual_standings([])

"""Whist by Hoffmann's laws (spec §9), vectors T63-T70, and duplicate whist's trick count."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.shared.errors import DealError, RubberError
from scoring.shared.seats import Side
from scoring.whist.game import (
    Election,
    WhistDeal,
    WhistGame,
    WhistRevoke,
    WhistRubber,
    duplicate_whist_deal,
    game_value,
    score_whist_deal,
)

NS, EW = Side.NS, Side.EW


def revoke(by: Side, election: str) -> WhistRevoke:
    return WhistRevoke(by, Election.parse(election))


# A-B are N-S, C-D are E-W. Each vector: the score before, the deal, the score after, the
# side that won the game on this deal and the game's value.
DEAL_VECTORS = [
    pytest.param((0, 0), WhistDeal(9, honours=(3, 0)), (5, 0), NS, 3, id="T63"),
    pytest.param((4, 0), WhistDeal(6, honours=(4, 0)), (4, 1), None, 0, id="T64"),
    pytest.param((4, 3), WhistDeal(7, honours=(0, 4)), (5, 3), NS, 1, id="T65"),
    pytest.param(
        (2, 0),
        WhistDeal(0, honours=(0, 4), revokes=(revoke(EW, "add"),)),
        (5, 0),
        NS,
        3,
        id="T66",
    ),
    pytest.param((3, 1), WhistDeal(10, revokes=(revoke(NS, "add"),)), (4, 4), None, 0, id="T67"),
    pytest.param((0, 0), WhistDeal(7, honours=(0, 3)), (1, 2), None, 0, id="tricks-and-honours-to-each-side"),
    pytest.param((1, 2), WhistDeal(8, honours=(4, 0)), (5, 2), NS, 2, id="double-honours-make-game"),
    pytest.param((0, 4), WhistDeal(6, honours=(0, 3)), (0, 5), EW, 3, id="tricks-alone-make-game-at-four"),
    pytest.param((0, 4), WhistDeal(7, honours=(0, 4)), (1, 4), None, 0, id="T64-mirror-honours-barred"),
    pytest.param(
        (2, 3),
        WhistDeal(7, revokes=(revoke(EW, "deduct"),)),
        (3, 0),
        None,
        0,
        id="deduct-three",
    ),
    pytest.param(
        (2, 1),
        WhistDeal(7, revokes=(revoke(EW, "deduct"),)),
        (3, 0),
        None,
        0,
        id="R-13-deduct-stops-at-nothing",
    ),
    pytest.param(
        (0, 0),
        WhistDeal(6, revokes=(revoke(EW, "take_tricks"),)),
        (3, 0),
        None,
        0,
        id="take-three-tricks",
    ),
    pytest.param(
        (0, 0),
        WhistDeal(12, revokes=(revoke(EW, "take_tricks"),)),
        (5, 0),
        NS,
        3,
        id="take-only-the-tricks-they-have",
    ),
    pytest.param(
        (3, 2),
        WhistDeal(6, revokes=(revoke(EW, "add"), revoke(EW, "add"))),
        (5, 2),
        NS,
        2,
        id="every-revoke-penalised",
    ),
    pytest.param(
        (3, 3),
        WhistDeal(10, honours=(4, 0), revokes=(revoke(NS, "add"), revoke(EW, "add"))),
        (4, 4),
        None,
        0,
        id="both-sides-revoke-neither-wins",
    ),
    pytest.param(
        (1, 0),
        WhistDeal(13, revokes=(revoke(NS, "deduct"),)),
        (4, 0),
        None,
        0,
        id="revokers-taking-every-trick-stay-at-four",
    ),
]


@pytest.mark.parametrize(("before", "deal", "after", "winner", "value"), DEAL_VECTORS)
def test_deal_vectors(
    before: tuple[int, int], deal: WhistDeal, after: tuple[int, int], winner: Side | None, value: int
) -> None:
    score = score_whist_deal(deal, *before)
    assert (score.after, score.winner, score.value) == (after, winner, value)


def test_revokers_taking_every_trick_stay_at_four() -> None:
    score = score_whist_deal(WhistDeal(13, revokes=(revoke(NS, "deduct"),)), 1, 0)
    # 1 - 1 = 0, then seven odd tricks capped at four.
    assert [line.points for line in score.lines] == [-1, 4]
    assert score.after == (4, 0)


def test_order_is_revoke_then_tricks_then_honours() -> None:
    score = score_whist_deal(WhistDeal(7, honours=(3, 0), revokes=(revoke(EW, "deduct"),)), 0, 3)
    assert [line.law for line in score.lines] == ["Whist law 75", "Whist law 47", "Whist law 48"]
    assert [(line.side, line.points) for line in score.lines] == [(EW, -3), (NS, 1), (NS, 2)]
    assert score.after == (3, 0)


def test_items_after_game_are_noted_but_not_scored() -> None:
    score = score_whist_deal(WhistDeal(7, honours=(0, 4)), 4, 3)
    assert score.lines[-1].points == 0
    assert "Whist law 50" in score.lines[-1].text


def test_game_points_do_not_carry() -> None:
    # T70's third game: 3 + 3 = 6 gives game, recorded as five.
    score = score_whist_deal(WhistDeal(6, revokes=(revoke(EW, "add"),)), 3, 2)
    assert score.after == (5, 2)
    assert (score.winner, score.value) == (NS, 2)
    assert "do not carry" in score.lines[0].text


@pytest.mark.parametrize(("losers", "value"), [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_game_values_law_53(losers: int, value: int) -> None:
    assert game_value(losers) == value


def test_every_line_cites_a_whist_law() -> None:
    score = score_whist_deal(WhistDeal(3, honours=(0, 3), revokes=(revoke(NS, "take_tricks"),)), 1, 1)
    for line in score.lines:
        assert line.law.startswith("Whist law ")
        assert f"({line.law})" in line.text


# --- games and rubbers -----------------------------------------------------------------


def play(rubber: WhistRubber, *deals: WhistDeal) -> None:
    for deal in deals:
        rubber.add(deal)


RUBBER_VECTORS = [
    pytest.param(
        [
            WhistDeal(11),  # A-B 5-0: a treble
            WhistDeal(9),  # A-B 3
            WhistDeal(1),  # C-D take twelve: game at 5-3, a single
            WhistDeal(5),  # C-D 2
            WhistDeal(11),  # A-B game at 5-2: a double
        ],
        [(NS, 3), (EW, 1), (NS, 2)],
        6,
        id="T68",
    ),
    pytest.param(
        [
            WhistDeal(6),  # C-D 1
            WhistDeal(11),  # A-B game: a double
            WhistDeal(4),  # C-D 3
            WhistDeal(11),  # A-B game: a single
        ],
        [(NS, 2), (NS, 1)],
        5,
        id="T69",
    ),
    pytest.param(
        [
            WhistDeal(6),  # C-D 1
            WhistDeal(11),  # A-B game: a double
            WhistDeal(2),  # C-D take eleven at 0-0: a treble
            WhistDeal(9),  # A-B 3
            WhistDeal(5),  # C-D 2
            WhistDeal(4, revokes=(revoke(EW, "add"),)),  # C-D revoke; A-B add three: 6, a double
        ],
        [(NS, 2), (EW, 3), (NS, 2)],
        3,
        id="T70",
    ),
]


@pytest.mark.parametrize(("deals", "games", "value"), RUBBER_VECTORS)
def test_rubber_vectors(deals: list[WhistDeal], games: list[tuple[Side, int]], value: int) -> None:
    rubber = WhistRubber()
    play(rubber, *deals)
    assert [(game.winner, game.value) for game in rubber.games] == games
    assert rubber.finished
    assert rubber.value() == value
    assert (rubber.points(NS), rubber.points(EW)) == (value, -value)
    deducted = len(games) == 3
    assert any(line.law == "Whist law 55" for line in rubber.result()) is deducted


def test_rubber_refuses_a_deal_after_its_end() -> None:
    rubber = WhistRubber()
    play(rubber, WhistDeal(11), WhistDeal(11))
    assert rubber.finished
    assert len(rubber.games) == 2
    with pytest.raises(RubberError, match=r"Whist law 46"):
        rubber.add(WhistDeal(7))


def test_game_refuses_a_deal_after_game() -> None:
    game = WhistGame()
    game.add(WhistDeal(11))
    assert game.finished
    with pytest.raises(RubberError, match=r"Whist law 47"):
        game.add(WhistDeal(7))


def test_unfinished_rubber_has_no_value() -> None:
    rubber = WhistRubber()
    rubber.add(WhistDeal(11))
    with pytest.raises(RubberError, match=r"Whist law 46"):
        rubber.value()


@pytest.mark.parametrize(("ns", "ew"), [(5, 0), (0, 7), (-1, 0), (True, 0)])
def test_a_game_in_progress_has_scores_below_five(ns: Any, ew: Any) -> None:
    with pytest.raises(RubberError, match=r"Whist law 47"):
        WhistGame(ns, ew)


# --- invalid input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "law"),
    [
        pytest.param({"ns_tricks": 14}, "Whist law 47", id="tricks-14"),
        pytest.param({"ns_tricks": -1}, "Whist law 47", id="tricks-negative"),
        pytest.param({"ns_tricks": 7.0}, "Whist law 47", id="tricks-float"),
        pytest.param({"ns_tricks": 7, "honours": (3, 2)}, "Whist law 48", id="fifth-honour"),
        pytest.param({"ns_tricks": 7, "honours": (5, 0)}, "Whist law 48", id="five-in-one-side"),
        pytest.param({"ns_tricks": 7, "honours": (1, 1, 1)}, "Whist law 48", id="three-sides"),
        pytest.param(
            {"ns_tricks": 7, "revokes": (revoke(EW, "take_tricks"),), "hands_abandoned": True},
            "Whist law 62",
            id="abandoned-hands-no-tricks-taken",
        ),
    ],
)
def test_invalid_deal_is_refused_citing_the_law(kwargs: dict[str, Any], law: str) -> None:
    with pytest.raises(DealError, match=law):
        WhistDeal(**kwargs)


def test_abandoned_hands_allow_add_or_deduct() -> None:
    deal = WhistDeal(7, revokes=(revoke(EW, "deduct"),), hands_abandoned=True)
    assert score_whist_deal(deal, 0, 4).after == (1, 1)


def test_election_parse() -> None:
    assert Election.parse("tricks") is Election.TAKE_TRICKS
    assert Election.parse("Add") is Election.ADD
    with pytest.raises(DealError, match=r"Whist law 75"):
        Election.parse("split")


# --- duplicate whist -------------------------------------------------------------------


@pytest.mark.parametrize(("ns", "expected"), [(0, (0, 13)), (8, (8, 5)), (13, (13, 0))])
def test_duplicate_whist_counts_total_tricks(ns: int, expected: tuple[int, int]) -> None:
    assert duplicate_whist_deal(ns) == expected


def test_duplicate_whist_team_example() -> None:
    # Spec §11: table 1 team A N-S take 8, table 2 team B N-S take 6.
    table_1, table_2 = duplicate_whist_deal(8), duplicate_whist_deal(6)
    team_a = table_1[0] + table_2[1]
    team_b = table_2[0] + table_1[1]
    assert (team_a, team_b) == (15, 11)


@pytest.mark.parametrize("tricks", [14, -1, "8", None])
def test_duplicate_whist_refuses_impossible_tricks(tricks: Any) -> None:
    with pytest.raises(DealError, match=r"Whist law 47"):
        duplicate_whist_deal(tricks)

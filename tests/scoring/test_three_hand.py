"""Three-Hand Auction: Foster's laws (1)-(15), spec §8, vectors T57-T62."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.auction.core import Contract
from scoring.auction.three_hand import (
    Irregularity,
    ThreeHandDeal,
    ThreeHandPenalty,
    check_players,
    honour_points,
    score_three_hand_deal,
)
from scoring.auction.three_hand_rubber import ThreeHandRubber, settle
from scoring.shared.errors import DealError, RubberError, ScoringError

PLAYERS = ("A", "B", "C")


def make_deal(**kwargs: Any) -> ThreeHandDeal:
    kwargs.setdefault("declarer", "A")
    kwargs.setdefault("contract", "1NT")
    kwargs.setdefault("tricks", 7)
    return ThreeHandDeal(**kwargs)


def columns(deal: ThreeHandDeal) -> dict[str, tuple[int, int]]:
    score = score_three_hand_deal(deal, PLAYERS)
    return {player: (score.trick(player), score.honour(player)) for player in PLAYERS}


# Each vector: the deal, then each player's (trick column, honour column).
DEAL_VECTORS = [
    pytest.param(
        make_deal(contract="2H", tricks=9, honours={"A": 2, "B": 2}, dummy_honours=1),
        {"A": (24, 24), "B": (0, 16), "C": (0, 0)},
        id="T57",
    ),
    pytest.param(
        make_deal(contract="3NT", tricks=7, honours={"A": 1, "B": 2}, dummy_honours=1),
        {"A": (0, 20), "B": (0, 120), "C": (0, 100)},
        id="T58",
    ),
    pytest.param(
        make_deal(contract="2R", tricks=8, honours={"B": 4, "C": 1}),
        {"A": (18, 0), "B": (0, 72), "C": (0, 9)},
        id="T59",
    ),
    pytest.param(
        make_deal(
            contract="1NT",
            tricks=7,
            penalties=(
                ThreeHandPenalty(Irregularity.DECLARATION_OUT_OF_TURN, "A"),
                ThreeHandPenalty(Irregularity.DOUBLE_OUT_OF_TURN, "B"),
                ThreeHandPenalty(Irregularity.EXPOSED_CARD, "C"),
            ),
        ),
        {"A": (10, 150), "B": (0, 100), "C": (0, 150)},
        id="T62",
    ),
    pytest.param(
        make_deal(contract="3NTX", tricks=11, honours={"A": 3}),
        {"A": (100, 50 + 100 + 30), "B": (0, 0), "C": (0, 0)},
        id="doubled-bonuses-as-in-auction",
    ),
    pytest.param(
        make_deal(contract="2HXX", tricks=10),
        {"A": (128, 300), "B": (0, 0), "C": (0, 0)},
        id="redoubled-bonuses-as-in-auction",
    ),
    pytest.param(
        make_deal(contract="2DX", tricks=6),
        {"A": (0, 0), "B": (0, 200), "C": (0, 200)},
        id="each-adversary-full-doubled-penalty",
    ),
    pytest.param(
        make_deal(contract="1NT", tricks=1, honours={"B": 2, "C": 2}),
        {"A": (0, 0), "B": (0, 300 + 20 + 20), "C": (0, 300 + 20 + 20)},
        id="each-adversary-scores-the-slam",
    ),
    pytest.param(
        make_deal(contract="7H", tricks=12),
        {"A": (0, 20), "B": (0, 50), "C": (0, 50)},
        id="failed-seven-keeps-little-slam",
    ),
    pytest.param(
        make_deal(contract="6C", tricks=13, honours={"A": 5}),
        {"A": (42, 40 + 60), "B": (0, 0), "C": (0, 0)},
        id="grand-slam-and-five-honours",
    ),
    pytest.param(
        make_deal(contract="1SX", tricks=1, dealers_one_spade=True),
        {"A": (0, 0), "B": (0, 100 + 20), "C": (0, 100 + 20)},
        id="dealers-one-spade-limit",
    ),
    pytest.param(
        make_deal(contract="1SXX", tricks=4, dealers_one_spade=True),
        {"A": (0, 0), "B": (0, 600), "C": (0, 600)},
        id="dealers-one-spade-redoubled-unlimited",
    ),
    pytest.param(
        make_deal(contract="3NT", tricks=9, dummy_honours=4),
        {"A": (30, 100), "B": (0, 0), "C": (0, 0)},
        id="four-aces-in-dummy",
    ),
]


@pytest.mark.parametrize(("deal", "expected"), DEAL_VECTORS)
def test_deal_vectors(deal: ThreeHandDeal, expected: dict[str, tuple[int, int]]) -> None:
    assert columns(deal) == expected


def test_declarer_counts_his_own_and_dummys_honours_separately() -> None:
    # T57: two and one counted apart are 3 tricks; "simple honours" of the side would be 2 tricks.
    score = score_three_hand_deal(
        make_deal(contract="2H", tricks=9, honours={"A": 2}, dummy_honours=1), PLAYERS
    )
    honour_lines = [line for line in score.lines if line.law == "Three-hand law 13"]
    assert [line.points for line in honour_lines] == [16, 8]
    assert "dummy" in honour_lines[1].text


@pytest.mark.parametrize(
    ("count", "strain", "points"),
    [
        (1, "H", 8),
        (2, "H", 16),
        (3, "H", 24),
        (4, "H", 64),
        (5, "H", 80),
        (4, "S", 16),
        (5, "R", 90),
        (1, "NT", 10),
        (3, "NT", 30),
        (4, "NT", 100),
        (0, "C", 0),
    ],
)
def test_honour_points_per_hand(count: int, strain: str, points: int) -> None:
    assert honour_points(count, Contract.parse(f"1{strain}").strain) == points


def test_every_entry_cites_its_three_hand_law() -> None:
    score = score_three_hand_deal(
        make_deal(
            contract="3NTX",
            tricks=7,
            honours={"B": 2},
            penalties=(ThreeHandPenalty("double_out_of_turn", "C"),),
        ),
        PLAYERS,
    )
    assert score.lines
    for line in score.lines:
        assert line.law.startswith("Three-hand law ")
        assert f"({line.law})" in line.text


def test_law_6_penalises_only_the_first_offender() -> None:
    penalty = ThreeHandPenalty(Irregularity.DECLARATION_OUT_OF_TURN, "B", then_acted="C")
    score = score_three_hand_deal(make_deal(penalties=(penalty,)), PLAYERS)
    awarded = {line.player: line.points for line in score.lines if line.law == "Three-hand law 6"}
    assert awarded == {"A": 50, "C": 50}


def test_law_6_applies_only_to_a_declaration_out_of_turn() -> None:
    with pytest.raises(DealError, match=r"Three-hand law 6"):
        ThreeHandPenalty(Irregularity.EXPOSED_CARD, "B", then_acted="C")


def test_irregularity_parse() -> None:
    assert Irregularity.parse("double out of turn") is Irregularity.DOUBLE_OUT_OF_TURN
    assert Irregularity.parse("EXPOSED-CARD") is Irregularity.EXPOSED_CARD
    with pytest.raises(DealError, match=r"Three-hand law 5"):
        Irregularity.parse("lead out of turn")


# --- invalid input ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "law"),
    [
        pytest.param({"tricks": 14}, "Three-hand law 3", id="tricks-14"),
        pytest.param({"tricks": -1}, "Three-hand law 3", id="tricks-negative"),
        pytest.param({"tricks": "7"}, "Three-hand law 3", id="tricks-text"),
        pytest.param({"contract": "2H", "honours": {"A": 6}}, "Three-hand law 13", id="honours-6-in-a-hand"),
        pytest.param(
            {"contract": "2H", "honours": {"A": 3, "B": 2}, "dummy_honours": 1},
            "Three-hand law 13",
            id="six-honours-in-all",
        ),
        pytest.param({"contract": "1NT", "honours": {"A": 5}}, "Three-hand law 13", id="five-aces"),
        pytest.param({"contract": "2H", "dealers_one_spade": True}, "Law 48", id="one-spade-flag-on-hearts"),
        pytest.param({"contract": "8H"}, "Law 50", id="eight-odd-tricks"),
    ],
)
def test_invalid_deal_is_refused_citing_the_law(kwargs: dict[str, object], law: str) -> None:
    with pytest.raises(ScoringError, match=law):
        make_deal(**kwargs)


@pytest.mark.parametrize(
    "deal",
    [
        pytest.param(make_deal(declarer="D"), id="fourth-player-declares"),
        pytest.param(make_deal(honours={"D": 1}), id="fourth-player-holds-honours"),
        pytest.param(
            make_deal(penalties=(ThreeHandPenalty("exposed_card", "D"),)),
            id="fourth-player-offends",
        ),
    ],
)
def test_a_fourth_player_takes_no_part(deal: ThreeHandDeal) -> None:
    with pytest.raises(DealError, match=r"Three-hand law 1\b"):
        score_three_hand_deal(deal, PLAYERS)


@pytest.mark.parametrize(
    "players",
    [
        pytest.param(("A", "B", "C", "D"), id="four-players"),
        pytest.param(("A", "B"), id="two-players"),
        pytest.param(("A", "B", "A"), id="same-name-twice"),
        pytest.param(("A", "", "C"), id="empty-name"),
    ],
)
def test_three_players_take_part(players: tuple[str, ...]) -> None:
    with pytest.raises(DealError, match=r"Three-hand law 1\b"):
        check_players(players)
    with pytest.raises(DealError, match=r"Three-hand law 1\b"):
        ThreeHandRubber(players)


# --- rubber and settlement -------------------------------------------------------------


def game_for(player: str) -> ThreeHandDeal:
    """A deal that wins a game from love: three no trump made exactly, 30 below the line."""
    return make_deal(declarer=player, contract="3NT", tricks=9)


@pytest.mark.parametrize(
    ("game_winners", "bonuses", "totals"),
    [
        pytest.param(
            ("A", "B", "C", "A"),
            {"A": 500, "B": 125, "C": 125},
            {"A": 560, "B": 155, "C": 155},
            id="T60",
        ),
        pytest.param(("B", "B"), {"A": 0, "B": 500, "C": 0}, {"A": 0, "B": 560, "C": 0}, id="two-games"),
        pytest.param(
            ("C", "A", "C"),
            {"A": 125, "B": 0, "C": 500},
            {"A": 155, "B": 0, "C": 560},
            id="three-games",
        ),
    ],
)
def test_game_and_rubber_bonuses(
    game_winners: tuple[str, ...], bonuses: dict[str, int], totals: dict[str, int]
) -> None:
    rubber = ThreeHandRubber(PLAYERS)
    for player in game_winners:
        rubber.add(game_for(player))
    awarded = dict.fromkeys(PLAYERS, 0)
    for line in rubber.bonus_lines:
        awarded[line.player] += line.points
        assert line.law == "Three-hand law 14"
    assert awarded == bonuses
    assert rubber.totals() == totals
    assert rubber.finished
    assert rubber.winner == game_winners[-1]
    assert rubber.game_winners == list(game_winners)


@pytest.mark.parametrize(
    ("totals", "payments", "nets"),
    [
        pytest.param(
            {"A": 620, "B": 410, "C": 300},
            {("A", "B", 210), ("A", "C", 320), ("B", "C", 110)},
            [530, -100, -430],
            id="T61",
        ),
        pytest.param(
            {"A": 300, "B": 300, "C": 100},
            {("A", "B", 0), ("A", "C", 200), ("B", "C", 200)},
            [200, 200, -400],
            id="equal-totals-settle-nothing",
        ),
        pytest.param(
            {"A": 100, "B": 450, "C": 200},
            {("B", "A", 350), ("C", "A", 100), ("B", "C", 250)},
            [-450, 600, -150],
            id="lose-to-one-win-from-the-other",
        ),
    ],
)
def test_settlement_is_the_difference_of_totals(
    totals: dict[str, int], payments: set[tuple[str, str, int]], nets: list[int]
) -> None:
    settlement = settle(totals)
    assert {(p.winner, p.loser, p.points) for p in settlement.payments} == payments
    assert [settlement.net(player) for player in PLAYERS] == nets


def test_rubber_settlement_uses_its_totals() -> None:
    rubber = ThreeHandRubber(PLAYERS)
    rubber.add(game_for("B"))
    assert not rubber.finished
    rubber.add(game_for("B"))
    assert rubber.settlement().net("B") == 1120


def test_part_scores_do_not_carry_past_a_game() -> None:
    rubber = ThreeHandRubber(PLAYERS)
    rubber.add(make_deal(declarer="A", contract="2H", tricks=8))  # A 16 below
    rubber.add(make_deal(declarer="B", contract="4NT", tricks=11))  # B 50: game, excess lost
    assert rubber.game_winners == ["B"]
    assert rubber.below_the_line("A") == 0
    rubber.add(make_deal(declarer="A", contract="2H", tricks=8))  # A 16 again: no game
    assert rubber.game_winners == ["B"]
    assert rubber.below_the_line("A") == 16


def test_part_scores_add_up_to_a_game() -> None:
    rubber = ThreeHandRubber(PLAYERS)
    rubber.add(make_deal(declarer="C", contract="2H", tricks=8))
    rubber.add(make_deal(declarer="C", contract="2H", tricks=8))
    assert rubber.game_winners == ["C"]


def test_a_failed_contract_scores_nothing_toward_game() -> None:
    rubber = ThreeHandRubber(PLAYERS)
    rubber.add(make_deal(declarer="A", contract="4NT", tricks=9))
    assert rubber.game_winners == []
    assert rubber.below_the_line("A") == 0


def test_rubber_refuses_a_deal_after_its_end() -> None:
    rubber = ThreeHandRubber(PLAYERS)
    rubber.add(game_for("A"))
    rubber.add(game_for("A"))
    with pytest.raises(RubberError, match=r"Three-hand law 11"):
        rubber.add(game_for("B"))


def test_unfinished_rubber_is_not_settled() -> None:
    rubber = ThreeHandRubber(PLAYERS)
    rubber.add(game_for("A"))
    with pytest.raises(RubberError, match=r"Three-hand laws 11, 15"):
        rubber.settlement()


def test_rubber_totals_include_penalties_and_bonuses() -> None:
    rubber = ThreeHandRubber(PLAYERS)
    rubber.add(
        make_deal(
            declarer="A",
            contract="3NT",
            tricks=9,
            honours={"B": 3},
            penalties=(ThreeHandPenalty("exposed_card", "A"),),
        )
    )
    rubber.add(game_for("A"))
    assert rubber.totals() == {"A": 30 + 30 + 500, "B": 30 + 50, "C": 50}
    settlement = rubber.settlement()
    assert settlement.net("A") == (560 - 80) + (560 - 50)

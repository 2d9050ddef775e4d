"""One deal of four-hand Auction Bridge: the spec's vectors T01-T30 and T42-T51, and the laws behind them."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.auction.core import Contract, Strain
from scoring.auction.deal import (
    Award,
    Column,
    Deal,
    DealScore,
    Options,
    Revoke,
    RevokePenalty,
    SlamScale,
    check_dealers_one_spade,
    honour_value,
    score_deal,
)
from scoring.shared.errors import ContractError, DealError, ScoringError
from scoring.shared.seats import Seat, Side

RUBBER = Options(duplicate=False)
DUPLICATE = Options()
ENGLISH = Options(duplicate=False, slams=SlamScale.ENGLISH)


def deal(contract: str, declarer: str, tricks: int, **kwargs: Any) -> Deal:
    return Deal.build(contract=contract, declarer=declarer, tricks=tricks, **kwargs)


def columns(score: DealScore) -> tuple[int, int, int, int]:
    return (score.ns.trick, score.ns.honour, score.ew.trick, score.ew.honour)


def assert_lines_sum_to_columns(score: DealScore) -> None:
    for side in (Side.NS, Side.EW):
        for column, total in (
            (Column.TRICK, score.side(side).trick),
            (Column.HONOUR, score.side(side).honour),
        ):
            entered = [line.points for line in score.lines if line.side is side and line.column is column]
            assert sum(entered) == total, (side, column, score.lines)


T28_DEAL = {"revokes": [{"by": "E", "penalty": "tricks"}]}

# (deal, options, (NS trick, NS honour, EW trick, EW honour)). Four-hand vectors T01-T30 show
# the points entered on the deal in rubber play; T42-T51 are duplicate (Law A premium).
VECTORS = {
    "T01": (deal("1NT", "S", 7, honours={"N": 1, "E": 1, "S": 1, "W": 1}), RUBBER, (10, 0, 0, 0)),
    "T02": (deal("4H", "S", 10, honours={"S": 2, "N": 1, "E": 1, "W": 1}), RUBBER, (32, 16, 0, 0)),
    "T03": (deal("3H", "S", 7, honours={"S": 2, "N": 1, "E": 2}), RUBBER, (0, 16, 0, 100)),
    "T04": (deal("1H", "S", 11), RUBBER, (40, 0, 0, 0)),
    "T05": (deal("3NTX", "S", 11, honours={"S": 2, "N": 1, "E": 1}), RUBBER, (100, 180, 0, 0)),
    "T06": (deal("2HXX", "S", 10), RUBBER, (128, 300, 0, 0)),
    "T07": (deal("4RX", "S", 10, honours={"S": 4, "N": 1}), RUBBER, (72, 131, 0, 0)),
    "T08": (deal("2DX", "S", 6), RUBBER, (0, 0, 0, 200)),
    "T09": (deal("5CXX", "S", 10), RUBBER, (0, 0, 0, 200)),
    "T10": (deal("1S", "N", 6, dealers_one_spade=True), RUBBER, (0, 0, 0, 50)),
    "T11": (
        deal("1SX", "N", 1, dealers_one_spade=True, honours={"E": 2, "W": 1, "N": 2}),
        RUBBER,
        (0, 0, 0, 124),
    ),
    "T12": (deal("1S", "N", 3, dealers_one_spade=True), RUBBER, (0, 0, 0, 100)),
    "T13": (deal("1SXX", "N", 4, dealers_one_spade=True), RUBBER, (0, 0, 0, 600)),
    "T14": (deal("2SX", "N", 4), RUBBER, (0, 0, 0, 400)),
    "T15": (deal("1SX", "N", 8, dealers_one_spade=True), RUBBER, (8, 100, 0, 0)),
    "T16": (deal("4H", "S", 10, honours={"E": 2, "W": 2, "S": 1}), RUBBER, (32, 0, 0, 32)),
    "T17": (deal("3NT", "S", 9, honours={"S": 4}), RUBBER, (30, 100, 0, 0)),
    "T18": (deal("1NT", "S", 8, honours={"E": 2, "W": 1, "N": 1}), RUBBER, (20, 0, 0, 30)),
    "T19": (deal("1C", "N", 7, honours={"N": 5}), RUBBER, (6, 60, 0, 0)),
    "T20": (deal("2H", "N", 8, honours={"W": 4, "N": 1}), RUBBER, (16, 0, 0, 64)),
    "T21": (deal("2D", "E", 8, honours={"E": 3, "W": 2}), RUBBER, (0, 0, 14, 35)),
    "T22": (deal("1NT", "S", 1, honours={"E": 2, "W": 2}), RUBBER, (0, 0, 0, 360)),
    "T23": (deal("7H", "S", 12), RUBBER, (0, 20, 0, 50)),
    "T24": (deal("6C", "S", 13), RUBBER, (42, 40, 0, 0)),
    "T25": (deal("6C", "S", 13), ENGLISH, (42, 100, 0, 0)),
    "T26": (deal("4H", "S", 10, honours={"S": 2, "N": 1}, revokes=[{"by": "S"}]), RUBBER, (0, 16, 0, 100)),
    "T27": (deal("3NT", "S", 7, revokes=[{"by": "S"}]), RUBBER, (0, 0, 0, 200)),
    "T28": (deal("3HX", "S", 7, **T28_DEAL), RUBBER, (64, 0, 0, 0)),
    "T29": (deal("3HX", "S", 7, revokes=[{"by": "E", "penalty": "points"}]), RUBBER, (0, 100, 0, 0)),
    "T30": (deal("5H", "S", 10, revokes=[{"by": "W", "penalty": "tricks"}]), RUBBER, (56, 0, 0, 0)),
    "T42": (deal("4H", "S", 10, honours={"S": 2, "N": 1}), DUPLICATE, (32, 141, 0, 0)),
    "T43": (deal("2H", "S", 8), DUPLICATE, (16, 0, 0, 0)),
    "T44": (deal("2HX", "S", 8), DUPLICATE, (32, 175, 0, 0)),
    "T45": (deal("2DX", "S", 8), DUPLICATE, (28, 50, 0, 0)),
    "T46": (deal("2H", "S", 10), DUPLICATE, (32, 125, 0, 0)),
    "T47": (deal("3NTX", "S", 11, honours={"S": 2, "N": 1}), DUPLICATE, (100, 305, 0, 0)),
    "T48": (deal("3HX", "S", 7, **T28_DEAL), DUPLICATE, (64, 125, 0, 0)),
    "T50": (
        deal("1NT", "N", 8, awards=[{"to": "EW", "points": 50, "reason": "Declaration out of turn"}]),
        DUPLICATE,
        (20, 0, 0, 50),
    ),
    "T51": (
        deal("3H", "S", 9, awards=[{"to": "EW", "points": 50, "law": "Law F; Law 81"}]),
        DUPLICATE,
        (24, 0, 0, 50),
    ),
}

# Gross totals and N-S net the spec states for the duplicate vectors.
DUPLICATE_TOTALS = {
    "T42": (173, 0, 173),
    "T43": (16, 0, 16),
    "T44": (207, 0, 207),
    "T45": (78, 0, 78),
    "T46": (157, 0, 157),
    "T47": (405, 0, 405),
    "T48": (189, 0, 189),
    "T50": (20, 50, -30),
    "T51": (24, 50, -26),
}


@pytest.mark.parametrize(("the_deal", "options", "expected"), VECTORS.values(), ids=VECTORS.keys())
def test_vector(the_deal: Deal, options: Options, expected: tuple[int, int, int, int]) -> None:
    score = score_deal(the_deal, options)
    assert columns(score) == expected
    assert_lines_sum_to_columns(score)
    assert score.net_ns == score.ns.total - score.ew.total == -score.net(Side.EW)


@pytest.mark.parametrize("vector", DUPLICATE_TOTALS, ids=DUPLICATE_TOTALS.keys())
def test_duplicate_vector_totals_and_net(vector: str) -> None:
    the_deal, options, _ = VECTORS[vector]
    score = score_deal(the_deal, options)
    assert (score.ns.total, score.ew.total, score.net_ns) == DUPLICATE_TOTALS[vector]


def test_T49_team_of_four_one_deal() -> None:
    table_1 = score_deal(deal("4H", "S", 10, honours={"S": 2, "N": 1}))  # team A sits N-S
    table_2 = score_deal(deal("3H", "S", 9, honours={"N": 2, "S": 1}))  # team B sits N-S
    team_a = table_1.ns.total + table_2.ew.total
    team_b = table_2.ns.total + table_1.ew.total
    assert (team_a, team_b, team_a - team_b) == (173, 40, 133)
    assert_lines_sum_to_columns(table_1)
    assert_lines_sum_to_columns(table_2)


# ---------------------------------------------------------------- the lines explain themselves


def texts(score: DealScore) -> list[tuple[Side, Column, int, str, str]]:
    return [(line.side, line.column, line.points, line.text, line.law) for line in score.lines]


def test_doubled_tricks_line_reads_like_the_score_pad() -> None:
    score = score_deal(deal("3HX", "S", 9), RUBBER)
    assert (Side.NS, Column.TRICK, 48, "3 odd tricks in hearts, doubled: 3 × 16 = 48", "Law 47") in texts(
        score
    )
    assert (Side.NS, Column.HONOUR, 50, "Bonus for fulfilling a doubled contract: 50", "Law 56") in texts(
        score
    )


def test_simple_honours_undertricks_and_premium_lines() -> None:
    failed = score_deal(deal("3H", "S", 7, honours={"S": 2, "N": 1}), RUBBER)
    assert (
        Side.NS,
        Column.HONOUR,
        16,
        "Simple honours (3 of 5) in hearts: 2 × 8 = 16",
        "Table of values",
    ) in (texts(failed))
    assert (Side.EW, Column.HONOUR, 100, "Undertricks: 2 × 50 = 100", "Law 47a") in texts(failed)
    made = score_deal(deal("4H", "S", 10))
    assert (Side.NS, Column.HONOUR, 125, "Premium for 30 or more in the trick column: 125", "Law A") in (
        texts(made)
    )


def test_one_spade_limit_line_cites_law_48_and_R1() -> None:
    score = score_deal(deal("1SX", "N", 1, dealers_one_spade=True), RUBBER)
    [line] = [line for line in score.lines if "Undertricks" in line.text]
    assert (line.points, line.law) == (100, "Law 48; R-1")
    assert "6 × 100 = 600, limited to 100" in line.text


def test_overtrick_bonus_line_counts_each_trick() -> None:
    score = score_deal(deal("2HXX", "S", 10), RUBBER)
    assert (
        Side.NS,
        Column.HONOUR,
        200,
        "Bonus for 2 tricks over a redoubled contract: 2 × 100 = 200",
        "Law 56",
    ) in (texts(score))


def test_award_without_a_law_is_entered_under_law_f() -> None:
    score = score_deal(deal("1NT", "N", 8, awards=[Award(Side.EW, 50)]))
    assert (Side.EW, Column.HONOUR, 50, "Penalty points awarded: 50", "Law F") in texts(score)


# ---------------------------------------------------------------- rules around the vectors


def test_every_trick_above_six_counts_whatever_was_bid() -> None:
    assert score_deal(deal("1C", "W", 13), RUBBER).ew.trick == 7 * 6


def test_duplicate_false_has_no_premium() -> None:
    assert score_deal(deal("4H", "S", 10), RUBBER).ns.honour == 0
    assert score_deal(deal("4H", "S", 10), DUPLICATE).ns.honour == 125


def test_the_premium_needs_thirty_in_the_trick_column_of_the_deal() -> None:
    assert score_deal(deal("1H", "S", 10)).ns.honour == 125  # 4 x 8 = 32
    assert score_deal(deal("3NT", "S", 9)).ns.honour == 125  # exactly 30 is enough
    assert score_deal(deal("5C", "S", 11)).ns.honour == 125  # 5 x 6 = 30
    assert score_deal(deal("1D", "S", 10)).ns.honour == 0  # 4 x 7 = 28


def test_one_spade_limit_does_not_touch_honours_or_slams_R1() -> None:
    score = score_deal(deal("1S", "N", 0, dealers_one_spade=True, honours={"E": 5}), RUBBER)
    assert score.ew.honour == 100 + 40 + 20  # capped under-tricks, grand slam, five in one hand


def test_one_spade_limit_does_not_apply_to_a_later_one_spade_contract() -> None:
    assert score_deal(deal("1SX", "N", 1), RUBBER).ew.honour == 600 + 20


def test_one_spade_limit_does_not_cap_the_revoke_penalty_R1() -> None:
    score = score_deal(deal("1S", "N", 3, dealers_one_spade=True, revokes=[{"by": "N"}]), RUBBER)
    assert score.ew.honour == 100 + 100


def test_failed_seven_scores_a_little_slam_for_the_declarer() -> None:
    score = score_deal(deal("7NTX", "E", 12), RUBBER)
    assert columns(score) == (0, 100, 0, 20)


def test_adversaries_score_a_slam_they_win_in_play() -> None:
    assert score_deal(deal("2C", "N", 0), RUBBER).ew.honour == 8 * 50 + 40


def test_no_trump_honours_are_the_aces() -> None:
    score = score_deal(deal("2NT", "S", 8, honours={"N": 2, "S": 2}), RUBBER)
    assert score.ns.honour == 40


def test_honours_are_never_doubled() -> None:
    undoubled = score_deal(deal("4H", "S", 9, honours={"W": 3}), RUBBER)
    doubled = score_deal(deal("4HXX", "S", 9, honours={"W": 3}), RUBBER)
    assert undoubled.ew.honour - 50 == doubled.ew.honour - 200 == 16


# ---------------------------------------------------------------- revokes (Law 84, R-2, R-3, R-19)


def test_revoke_by_the_dummy_carries_no_penalty() -> None:
    plain = score_deal(deal("4H", "S", 10))
    with_dummy_revoke = score_deal(deal("4H", "S", 10, revokes=[{"by": "N", "penalty": "tricks"}]))
    assert columns(with_dummy_revoke) == columns(plain)
    assert any("dummy cannot revoke" in line.text for line in with_dummy_revoke.lines)


def test_every_revoke_by_the_declarer_is_penalised_R2() -> None:
    score = score_deal(deal("4H", "S", 10, revokes=[{"by": "S"}, {"by": "S"}]), RUBBER)
    assert columns(score) == (0, 0, 0, 200)
    assert all(line.law == "Law 84; R-2" for line in score.lines if line.points == 100)


def test_revoke_points_follow_the_options() -> None:
    score = score_deal(
        deal("3NT", "S", 7, revokes=[{"by": "S"}]), Options(duplicate=False, revoke_points=150)
    )
    assert score.ew.honour == 150 + 100


def test_no_more_tricks_are_transferred_than_the_adversaries_won_R19() -> None:
    score = score_deal(deal("3NT", "S", 11, revokes=[{"by": "E", "penalty": "tricks"}] * 2), RUBBER)
    assert columns(score) == (70, 0, 0, 0)  # 11 + 2 = 13 tricks, no slam
    assert any(line.law == "R-19" for line in score.lines)
    assert any("never count toward a slam" in line.text for line in score.lines)


def test_revoke_tricks_count_toward_the_premium_R3() -> None:
    score = score_deal(deal("3D", "S", 8, revokes=[{"by": "W", "penalty": "tricks"}]))
    assert columns(score) == (35, 125, 0, 0)  # 8 + 3 = 11 tricks: 5 x 7


def test_revoke_tricks_earn_no_overtrick_bonus() -> None:
    score = score_deal(deal("2SX", "N", 9, revokes=[{"by": "E", "penalty": "tricks"}]), RUBBER)
    assert columns(score) == (24, 50 + 50, 0, 0)  # 6 by cards doubled; bonus for one overtrick in play


def test_revoking_adversaries_collect_no_under_tricks() -> None:
    score = score_deal(deal("4H", "S", 6, revokes=[{"by": "E", "penalty": "tricks"}]), RUBBER)
    assert columns(score) == (0, 0, 0, 0)


def test_revoking_adversaries_score_no_slam_but_keep_honours() -> None:
    score = score_deal(deal("2H", "S", 1, honours={"E": 3}, revokes=[{"by": "E"}]), RUBBER)
    assert columns(score) == (0, 100, 0, 16)


def test_declarer_keeps_a_slam_won_in_play_when_an_adversary_revoked() -> None:
    score = score_deal(deal("6H", "S", 12, revokes=[{"by": "W"}]), RUBBER)
    assert columns(score) == (48, 100 + 20, 0, 0)


def test_adversaries_keep_their_slam_when_the_declarer_revoked() -> None:
    score = score_deal(deal("1NT", "S", 0, revokes=[{"by": "S"}]), RUBBER)
    assert columns(score) == (0, 0, 0, 100 + 7 * 50 + 40)


def test_both_sides_revoking_collect_each_others_penalty() -> None:
    score = score_deal(deal("4H", "S", 8, revokes=[{"by": "S"}, {"by": "E"}]), RUBBER)
    assert columns(score) == (0, 100, 0, 100)


def test_tricks_elected_by_a_declarer_who_also_revoked_earn_nothing() -> None:
    # Law 84 gives the declarer the choice; his own revoke leaves his side nothing but honours.
    score = score_deal(deal("4H", "S", 8, revokes=[{"by": "S"}, {"by": "E", "penalty": "tricks"}]), RUBBER)
    assert columns(score) == (0, 0, 0, 100)
    assert any("earn nothing" in line.text for line in score.lines)


# ---------------------------------------------------------------- honour values (table of values)

# The spec's table §3.3-3.4, literally: holding -> values for S, C, D, H, R.
HONOUR_TABLE = {
    (2, 1): (4, 12, 14, 16, 18),
    (3, 0): (4, 12, 14, 16, 18),
    (2, 2): (8, 24, 28, 32, 36),
    (3, 1): (8, 24, 28, 32, 36),
    (4, 0): (16, 48, 56, 64, 72),
    (3, 2): (10, 30, 35, 40, 45),
    (4, 1): (18, 54, 63, 72, 81),
    (5, 0): (20, 60, 70, 80, 90),
    (2, 0): (0, 0, 0, 0, 0),
    (1, 1): (0, 0, 0, 0, 0),
    (0, 0): (0, 0, 0, 0, 0),
}
TRUMPS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.ROYALS)


@pytest.mark.parametrize(
    ("strain", "holding", "expected"),
    [
        (strain, holding, values[index])
        for holding, values in HONOUR_TABLE.items()
        for index, strain in enumerate(TRUMPS)
    ],
    ids=lambda value: getattr(value, "code", str(value)),
)
def test_trump_honour_table(strain: Strain, holding: tuple[int, int], expected: int) -> None:
    assert honour_value(strain, holding)[0] == expected
    assert honour_value(strain, (holding[1], holding[0]))[0] == expected


@pytest.mark.parametrize(
    ("holding", "expected"),
    [((2, 1), 30), ((3, 0), 30), ((2, 2), 40), ((3, 1), 40), ((4, 0), 100), ((1, 1), 0)],
)
def test_no_trump_aces(holding: tuple[int, int], expected: int) -> None:
    assert honour_value(Strain.NO_TRUMP, holding)[0] == expected


def test_honour_words() -> None:
    assert honour_value(Strain.ROYALS, (4, 1)) == (
        81,
        "Five honours, four in one hand, in royal spades: 9 × 9 = 81",
    )
    assert honour_value(Strain.NO_TRUMP, (4, 0)) == (100, "Four aces in one hand: 100")


@pytest.mark.parametrize(
    ("strain", "holding"), [(Strain.HEARTS, (4, 2)), (Strain.NO_TRUMP, (3, 2)), (Strain.CLUBS, (-1, 2))]
)
def test_impossible_honour_holdings_are_refused(strain: Strain, holding: tuple[int, int]) -> None:
    with pytest.raises(DealError):
        honour_value(strain, holding)


# ---------------------------------------------------------------- the deal record refuses the impossible

REFUSALS = {
    "level 8": ({"contract": "8H", "declarer": "S", "tricks": 10}, ContractError, "Law 50"),
    "unknown strain": ({"contract": "3Z", "declarer": "S", "tricks": 10}, ContractError, "not a contract"),
    "14 tricks": ({"contract": "3H", "declarer": "S", "tricks": 14}, DealError, "thirteen tricks"),
    "negative tricks": ({"contract": "3H", "declarer": "S", "tricks": -1}, DealError, "thirteen tricks"),
    "tricks as text": (
        {"contract": "3H", "declarer": "S", "tricks": "9"},
        DealError,
        "not a number of tricks",
    ),
    "tricks as bool": (
        {"contract": "3H", "declarer": "S", "tricks": True},
        DealError,
        "not a number of tricks",
    ),
    "six honours": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "honours": {"N": 3, "S": 3}},
        DealError,
        "6 honours is impossible",
    ),
    "five aces": (
        {"contract": "3NT", "declarer": "S", "tricks": 9, "honours": {"N": 3, "E": 2}},
        DealError,
        "four aces",
    ),
    "negative honours": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "honours": {"N": -1}},
        DealError,
        "cannot hold -1",
    ),
    "honours as bool": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "honours": {"N": True}},
        DealError,
        "not a number of honours",
    ),
    "honours given twice": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "honours": {"N": 1, "North": 1}},
        DealError,
        "given twice",
    ),
    "unknown seat": ({"contract": "3H", "declarer": "Q", "tricks": 9}, DealError, "not a seat"),
    "no declarer": ({"contract": "3H", "tricks": 9}, DealError, "Law 46"),
    "one spade limit on 2S": (
        {"contract": "2S", "declarer": "N", "tricks": 9, "dealers_one_spade": True},
        DealError,
        "Law 48",
    ),
    "revoke penalty unknown": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "revokes": [{"by": "E", "penalty": "both"}]},
        DealError,
        "Law 84",
    ),
    "revoke without a seat": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "revokes": [{"penalty": "points"}]},
        DealError,
        '"by"',
    ),
    "negative award": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "awards": [{"to": "NS", "points": -50}]},
        DealError,
        "penalty points",
    ),
    "award without points": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "awards": [{"to": "NS"}]},
        DealError,
        '"points"',
    ),
    "passed out with a declarer": ({"contract": None, "declarer": "N"}, DealError, "no declarer"),
    "revokes not a list": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "revokes": "S"},
        DealError,
        "list",
    ),
}


@pytest.mark.parametrize(("fields", "error", "words"), REFUSALS.values(), ids=REFUSALS.keys())
def test_impossible_deals_are_refused(fields: dict[str, Any], error: type[ScoringError], words: str) -> None:
    with pytest.raises(error, match=words):
        Deal.build(**fields)


def test_passed_out_deal_scores_nothing() -> None:
    score = score_deal(Deal(contract=None, declarer=None, tricks=0))
    assert columns(score) == (0, 0, 0, 0)
    assert score.lines[0].text.startswith("Passed out")


def test_build_counts_honours_from_the_hands() -> None:
    pbn = "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"
    assert Deal.build(contract="4S", declarer="S", tricks=11, hands=pbn).honours == (1, 0, 3, 1)
    with pytest.raises(DealError, match="not those the hands hold"):
        Deal.build(contract="4S", declarer="S", tricks=11, hands=pbn, honours={"S": 4})


def test_build_and_direct_construction_agree() -> None:
    built = deal(
        "3NTX", "south", 9, honours={"n": 1}, revokes=[{"by": "E"}], awards=[{"to": "E-W", "points": 50}]
    )
    direct = Deal(
        contract=built.contract,
        declarer=Seat.S,
        tricks=9,
        honours=(1, 0, 0, 0),
        revokes=(Revoke(Seat.E, RevokePenalty.POINTS),),
        awards=(Award(Side.EW, 50),),
    )
    assert built == direct
    assert built != Deal.build(
        contract="3NT", declarer="S", tricks=9, honours={"N": 1}, revokes=[{"by": "E"}]
    )


def test_score_deal_refuses_what_is_not_a_deal() -> None:
    with pytest.raises(DealError):
        score_deal("4H by S", RUBBER)  # type: ignore[arg-type]
    with pytest.raises(DealError):
        Options(slams="scottish")  # type: ignore[arg-type]


# --- Law 48: only the dealer's own one spade, never overbid -----------------------------------


@pytest.mark.parametrize(
    ("contract", "declarer", "dealer", "message"),
    [
        ("1S", "E", "E", None),
        ("1SX", "E", "E", None),
        ("1SXX", "E", "E", None),
        ("1S", "N", None, None),
        ("1S", "N", "E", "East dealt this board, so a one spade played by North is not"),
        ("1SX", "W", "E", "East dealt this board, so a one spade played by West is not"),
        ("2S", "E", "E", "Only a final declaration of one spade"),
        ("1R", "E", "E", "Only a final declaration of one spade"),
        (None, None, "E", "A passed-out deal has no dealer's one spade"),
    ],
)
def test_only_the_dealers_own_one_spade_is_the_dealers_original_one_spade(
    contract: str | None, declarer: str | None, dealer: str | None, message: str | None
) -> None:
    args = (
        Contract.parse(contract) if contract else None,
        Seat.parse(declarer) if declarer else None,
        Seat.parse(dealer) if dealer else None,
    )
    if message is None:
        check_dealers_one_spade(*args)
    else:
        with pytest.raises(DealError, match=message) as refused:
            check_dealers_one_spade(*args)
        assert "(Law 48)" in str(refused.value)

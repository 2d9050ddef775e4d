"""Properties of the rubber games: three-hand, four-hand rubber and whist."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.auction.core import Contract, Doubling, Strain
from scoring.auction.deal import Deal
from scoring.auction.rubber import PadStyle, RowKind, Rubber
from scoring.auction.three_hand import Irregularity, ThreeHandDeal, ThreeHandPenalty, score_three_hand_deal
from scoring.auction.three_hand_rubber import ThreeHandRubber, settle
from scoring.shared.errors import DealError, RubberError, ScoringError
from scoring.shared.seats import Seat, Side
from scoring.whist.game import Election, WhistDeal, WhistGame, WhistRevoke, WhistRubber

PLAYERS = ("A", "B", "C")
SETTINGS = settings()  # examples per property: the depth's profile (tests/depth.py)
# Whole rubbers are slower to draw: half as many examples as the other properties.
RUBBERS = settings(max_examples=max(10, settings.default.max_examples // 2))

contracts = st.builds(
    Contract,
    st.integers(min_value=1, max_value=7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
)


@st.composite
def three_hand_deals(draw: st.DrawFn) -> ThreeHandDeal:
    contract = draw(contracts)
    holders = (*PLAYERS, "dummy")
    left = contract.strain.honours_in_play
    counts: dict[str, int] = {}
    for holder in holders:
        counts[holder] = draw(st.integers(min_value=0, max_value=left))
        left -= counts[holder]
    penalties = draw(
        st.lists(
            st.builds(ThreeHandPenalty, st.sampled_from(list(Irregularity)), st.sampled_from(PLAYERS)),
            max_size=2,
        )
    )
    return ThreeHandDeal(
        declarer=draw(st.sampled_from(PLAYERS)),
        contract=contract,
        tricks=draw(st.integers(min_value=0, max_value=13)),
        honours=tuple((player, counts[player]) for player in PLAYERS),
        dummy_honours=counts["dummy"],
        penalties=tuple(penalties),
    )


def finish_three_hand(rubber: ThreeHandRubber) -> None:
    """Play three no trump made exactly (a game from love) until the rubber is over."""
    while not rubber.finished:
        rubber.add(ThreeHandDeal(declarer="A", contract=Contract.parse("3NT"), tricks=9))


@RUBBERS
@given(st.lists(three_hand_deals(), max_size=8))
def test_three_hand_settlements_sum_to_zero(deals: list[ThreeHandDeal]) -> None:
    rubber = ThreeHandRubber(PLAYERS)
    for deal in deals:
        if rubber.finished:
            break
        rubber.add(deal)
    finish_three_hand(rubber)
    settlement = rubber.settlement()
    totals = rubber.totals()
    assert sum(settlement.net(player) for player in PLAYERS) == 0
    for player in PLAYERS:
        assert settlement.net(player) == sum(totals[player] - totals[other] for other in PLAYERS)


@SETTINGS
@given(st.dictionaries(st.sampled_from(PLAYERS), st.integers(-5000, 5000), min_size=3, max_size=3))
def test_settling_any_totals_sums_to_zero(totals: dict[str, int]) -> None:
    settlement = settle(totals)
    assert sum(settlement.net(player) for player in PLAYERS) == 0
    assert all(payment.points >= 0 for payment in settlement.payments)


@SETTINGS
@given(three_hand_deals())
def test_three_hand_deal_lines_add_up(deal: ThreeHandDeal) -> None:
    score = score_three_hand_deal(deal, PLAYERS)
    for player in PLAYERS:
        assert score.total(player) == sum(line.points for line in score.lines if line.player == player)
        if player != deal.declarer:
            assert score.trick(player) == 0
    assert all(line.points >= 0 for line in score.lines)


@RUBBERS
@given(st.lists(three_hand_deals(), max_size=8), three_hand_deals())
def test_three_hand_rubber_refuses_deals_after_its_end(
    deals: list[ThreeHandDeal], extra: ThreeHandDeal
) -> None:
    rubber = ThreeHandRubber(PLAYERS)
    for deal in deals:
        if rubber.finished:
            break
        rubber.add(deal)
    finish_three_hand(rubber)
    assert 2 <= len(rubber.game_winners) <= 4
    with pytest.raises(RubberError):
        rubber.add(extra)


# --- whist ----------------------------------------------------------------------------

whist_revokes = st.builds(WhistRevoke, st.sampled_from(list(Side)), st.sampled_from(list(Election)))


@st.composite
def whist_deals(draw: st.DrawFn) -> WhistDeal:
    ns_honours = draw(st.integers(min_value=0, max_value=4))
    ew_honours = draw(st.integers(min_value=0, max_value=4 - ns_honours))
    return WhistDeal(
        ns_tricks=draw(st.integers(min_value=0, max_value=13)),
        honours=(ns_honours, ew_honours),
        revokes=tuple(draw(st.lists(whist_revokes, max_size=2))),
    )


@SETTINGS
@given(st.integers(0, 4), st.integers(0, 4), st.lists(whist_deals(), max_size=15))
def test_whist_game_never_gives_more_than_five(ns: int, ew: int, deals: list[WhistDeal]) -> None:
    game = WhistGame(ns, ew)
    for deal in deals:
        if game.finished:
            break
        score = game.add(deal)
        for side in Side:
            assert 0 <= score.points(side) <= 5
            if any(revoke.by is side for revoke in deal.revokes):
                assert score.points(side) <= 4, "a revoking side cannot win the game by that hand"
        if score.winner is None:
            assert max(score.after) <= 4
            assert score.value == 0
        else:
            assert score.points(score.winner) == 5
            assert score.value in (1, 2, 3)
            assert score.points(score.winner.other) <= 4


@RUBBERS
@given(st.lists(whist_deals(), max_size=40), whist_deals())
def test_whist_rubber_refuses_deals_after_its_end(deals: list[WhistDeal], extra: WhistDeal) -> None:
    rubber = WhistRubber()
    for deal in deals:
        if rubber.finished:
            break
        rubber.add(deal)
    while not rubber.finished:
        rubber.add(WhistDeal(13))
    assert len(rubber.games) in (2, 3)
    assert 1 <= rubber.value() <= 3 + 3 + 2
    assert rubber.points(Side.NS) + rubber.points(Side.EW) == 0
    with pytest.raises(RubberError):
        rubber.add(extra)


# --- four-hand rubber -----------------------------------------------------------------


@st.composite
def four_hand_deals(draw: st.DrawFn) -> Deal:
    contract = draw(contracts)
    left = contract.strain.honours_in_play
    counts = []
    for _ in range(4):
        counts.append(draw(st.integers(min_value=0, max_value=left)))
        left -= counts[-1]
    return Deal(
        contract,
        draw(st.sampled_from(list(Seat))),
        draw(st.integers(min_value=0, max_value=13)),
        honours=(counts[0], counts[1], counts[2], counts[3]),
    )


@RUBBERS
@given(st.lists(four_hand_deals(), max_size=12), four_hand_deals())
def test_four_hand_rubber_refuses_deals_after_its_end(deals: list[Deal], extra: Deal) -> None:
    rubber = Rubber()
    for deal in deals:
        if rubber.finished:
            break
        rubber.add(deal)
    while not rubber.finished:
        rubber.add(Deal(Contract.parse("3NT"), Seat.N, 9))
    assert len(rubber.game_winners) in (2, 3)
    with pytest.raises(RubberError):
        rubber.add(extra)


@RUBBERS
@given(st.lists(four_hand_deals(), min_size=1, max_size=12))
def test_four_hand_pads_agree(deals: list[Deal]) -> None:
    rubber = Rubber()
    for deal in deals:
        if rubber.finished:
            break
        rubber.add(deal)
    totals = {side: rubber.total(side) for side in Side}
    assert sum(line.points for line in rubber.lines if line.side is Side.NS) == totals[Side.NS]
    for style in PadStyle:
        total_row = next(row for row in rubber.pad(style) if row.kind is RowKind.TOTAL)
        assert [int(cell) for cell in total_row.cells[2:] if cell] == [totals[Side.NS], totals[Side.EW]]
    if rubber.finished:
        value = rubber.value()
        winner = rubber.winner
        assert winner is not None
        assert value.points == abs(totals[winner] - totals[winner.other])


# --- invalid input --------------------------------------------------------------------


@SETTINGS
@given(st.one_of(st.integers(max_value=-1), st.integers(min_value=14)))
def test_impossible_tricks_are_refused_citing_the_law(tricks: int) -> None:
    with pytest.raises(DealError, match=r"Three-hand law 3"):
        ThreeHandDeal(declarer="A", contract=Contract.parse("1NT"), tricks=tricks)
    with pytest.raises(DealError, match=r"Whist law 47"):
        WhistDeal(tricks)


@SETTINGS
@given(st.sampled_from(list(Strain)), st.integers(min_value=6, max_value=52))
def test_too_many_honours_are_refused_citing_the_law(strain: Strain, count: int) -> None:
    with pytest.raises(DealError, match=r"Three-hand law 13"):
        ThreeHandDeal(declarer="A", contract=Contract(1, strain), tricks=7, honours=(("B", count),))


@SETTINGS
@given(st.integers(0, 4), st.integers(0, 4))
def test_a_fifth_whist_honour_is_refused_citing_the_law(ns: int, ew: int) -> None:
    if ns + ew <= 4:
        assert WhistDeal(7, honours=(ns, ew)).honours == (ns, ew)
    else:
        with pytest.raises(DealError, match=r"Whist law 48"):
            WhistDeal(7, honours=(ns, ew))


@SETTINGS
@given(st.text(min_size=1, max_size=5).filter(lambda name: name.strip() and name not in PLAYERS))
def test_a_fourth_player_is_refused_citing_the_law(name: str) -> None:
    kwargs: dict[str, Any] = {"contract": Contract.parse("2H"), "tricks": 8}
    with pytest.raises(ScoringError, match=r"Three-hand law 1\b"):
        score_three_hand_deal(ThreeHandDeal(declarer=name, **kwargs), PLAYERS)
    with pytest.raises(ScoringError, match=r"Three-hand law 1\b"):
        ThreeHandRubber((*PLAYERS, name))

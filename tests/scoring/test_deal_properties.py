"""Properties of the deal engine that hold for every deal the laws allow (hypothesis)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.auction.core import Contract, Doubling, Strain
from scoring.auction.deal import (
    Award,
    Column,
    Deal,
    DealScore,
    Options,
    Revoke,
    RevokePenalty,
    SlamScale,
    score_deal,
)
from scoring.cli.commands import deal_from_json
from scoring.shared.errors import ScoringError
from scoring.shared.seats import SEATS, Seat, Side

SETTINGS = settings()  # examples per property: the depth's profile (tests/depth.py)

PBN = "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"

contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling))
options = st.builds(Options, st.sampled_from(SlamScale), st.booleans(), st.sampled_from([100, 150]))


@st.composite
def deals(draw: st.DrawFn, contract: st.SearchStrategy[Contract] = contracts) -> Deal:
    """Any deal the laws allow: honours within the pack, revokes and awards of every kind."""
    the_contract = draw(contract)
    declarer = draw(st.sampled_from(SEATS))
    honours = [0, 0, 0, 0]
    for _ in range(draw(st.integers(0, the_contract.strain.honours_in_play))):
        honours[draw(st.integers(0, 3))] += 1
    one_spade = (the_contract.level, the_contract.strain) == (1, Strain.SPADES) and draw(st.booleans())
    revokes = draw(
        st.lists(st.builds(Revoke, st.sampled_from(SEATS), st.sampled_from(RevokePenalty)), max_size=3)
    )
    if any(revoke.by is declarer for revoke in revokes):
        # A declarer who revoked himself may only take points for the adversaries' revokes.
        revokes = [Revoke(revoke.by) if revoke.by.side is not declarer.side else revoke for revoke in revokes]
    awards = draw(st.lists(st.builds(Award, st.sampled_from(Side), st.integers(0, 200)), max_size=2))
    return Deal(
        the_contract,
        declarer,
        draw(st.integers(0, 13)),
        (honours[0], honours[1], honours[2], honours[3]),
        one_spade,
        tuple(revokes),
        tuple(awards),
    )


def mirror(deal: Deal) -> Deal:
    """The same deal one seat round the table: N-S and E-W change places."""
    assert deal.declarer is not None
    north, east, south, west = deal.honours
    return dataclasses.replace(
        deal,
        declarer=deal.declarer.rotated(1),
        honours=(west, north, east, south),
        revokes=tuple(Revoke(revoke.by.rotated(1), revoke.penalty) for revoke in deal.revokes),
        awards=tuple(Award(award.to.other, award.points, award.law, award.reason) for award in deal.awards),
    )


def entries(score: DealScore, swap: bool = False) -> Counter[tuple[Side, Column, int, str]]:
    return Counter(
        (line.side.other if swap else line.side, line.column, line.points, line.law) for line in score.lines
    )


def doubled(deal: Deal, doubling: Doubling) -> Deal:
    assert deal.contract is not None
    return dataclasses.replace(deal, contract=dataclasses.replace(deal.contract, doubling=doubling))


def declaring_total(deal: Deal, score: DealScore) -> int:
    assert deal.declarer is not None
    return score.side(deal.declarer.side).total


@SETTINGS
@given(deals(), options)
def test_a_deal_and_its_mirror_score_alike(deal: Deal, chosen: Options) -> None:
    score, mirrored = score_deal(deal, chosen), score_deal(mirror(deal), chosen)
    assert (mirrored.ns, mirrored.ew, mirrored.net_ns) == (score.ew, score.ns, -score.net_ns)
    assert entries(mirrored) == entries(score, swap=True)


@SETTINGS
@given(deals(), options)
def test_a_made_contract_never_scores_less_doubled(deal: Deal, chosen: Options) -> None:
    assert deal.contract is not None
    if deal.tricks < deal.contract.tricks_needed:
        deal = dataclasses.replace(deal, tricks=deal.contract.tricks_needed)
    totals = [declaring_total(deal, score_deal(doubled(deal, doubling), chosen)) for doubling in Doubling]
    assert totals == sorted(totals)


@SETTINGS
@given(
    deals(contract=st.builds(Contract, st.just(1), st.just(Strain.SPADES), st.sampled_from(Doubling))),
    options,
)
def test_the_one_spade_limit_never_raises_a_penalty(deal: Deal, chosen: Options) -> None:
    assert deal.declarer is not None
    limited = score_deal(dataclasses.replace(deal, dealers_one_spade=True), chosen)
    unlimited = score_deal(dataclasses.replace(deal, dealers_one_spade=False), chosen)
    adversaries = deal.declarer.side.other
    assert limited.side(adversaries).total <= unlimited.side(adversaries).total
    assert limited.side(deal.declarer.side) == unlimited.side(deal.declarer.side)
    if deal.contract is not None and deal.contract.doubling is Doubling.REDOUBLED:
        assert limited == unlimited


@SETTINGS
@given(deals(), options)
def test_lines_always_sum_to_the_columns(deal: Deal, chosen: Options) -> None:
    score = score_deal(deal, chosen)
    for side in (Side.NS, Side.EW):
        trick = sum(line.points for line in score.lines if line.side is side and line.column is Column.TRICK)
        honour = sum(
            line.points for line in score.lines if line.side is side and line.column is Column.HONOUR
        )
        assert (trick, honour) == (score.side(side).trick, score.side(side).honour)
    assert score.ns.trick == 0 or score.ew.trick == 0  # only the declaring side scores tricks
    assert all(line.points >= 0 and line.text and line.law for line in score.lines)


# ---------------------------------------------------------------- nothing but ScoringError

hashable = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8))
garbage = st.one_of(
    hashable,
    st.binary(max_size=4),
    st.lists(hashable, max_size=3),
    st.dictionaries(hashable, hashable, max_size=3),
    st.tuples(st.integers(), st.integers()),
)
seats = st.sampled_from(["N", "E", "S", "W", "north", "west", "X", ""])


def either(good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly good values, one time in eight garbage, so that some deals get through to scoring."""
    return st.integers(0, 7).flatmap(lambda pick: garbage if pick == 0 else good)


build_arguments = st.fixed_dictionaries(
    {
        "contract": either(st.sampled_from(["1S", "3NTX", "7RXX", "4H", "8H", "0C", "3Z", None])),
        "declarer": either(seats),
        "tricks": either(st.integers(-2, 15)),
    },
    optional={
        "honours": either(
            st.dictionaries(st.one_of(seats, hashable), either(st.integers(-1, 6)), max_size=4)
        ),
        "dealers_one_spade": either(st.booleans()),
        "revokes": either(
            st.lists(
                either(
                    st.fixed_dictionaries(
                        {"by": either(seats)}, optional={"penalty": either(st.just("tricks"))}
                    )
                ),
                max_size=3,
            )
        ),
        "awards": either(
            st.lists(
                either(
                    st.fixed_dictionaries(
                        {"to": either(st.sampled_from(["NS", "EW"])), "points": either(st.integers(-5, 200))}
                    )
                ),
                max_size=2,
            )
        ),
        "hands": either(st.just(PBN)),
    },
)


@SETTINGS
@given(build_arguments, either(options))
def test_build_and_score_raise_nothing_but_scoring_errors(arguments: dict[str, Any], chosen: Any) -> None:
    try:
        deal = Deal.build(**arguments)
    except ScoringError:
        return
    try:
        score = score_deal(deal, chosen)
    except ScoringError:
        assert not isinstance(chosen, Options)
        return
    assert score.net_ns == score.ns.total - score.ew.total


@SETTINGS
@given(garbage, garbage)
def test_score_deal_refuses_garbage_with_a_scoring_error(deal: Any, chosen: Any) -> None:
    try:
        score_deal(deal, chosen)
    except ScoringError:
        return
    raise AssertionError("garbage was scored")


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=6)),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=10,
)
json_deals = st.fixed_dictionaries(
    {
        "contract": either(st.sampled_from(["2H", "3NTX", "1S"])),
        "declarer": either(seats),
        "tricks": either(st.integers(0, 13)),
    },
    optional={
        "honours": json_values,
        "revokes": json_values,
        "awards": json_values,
        "dealers_one_spade": json_values,
        "slams": either(st.sampled_from(["american", "english"])),
        "duplicate": json_values,
    },
)


@SETTINGS
@given(st.one_of(json_deals, json_values))
def test_the_command_line_reader_refuses_with_scoring_errors_only(data: Any) -> None:
    try:
        deal, chosen = deal_from_json(data)
    except ScoringError:
        return
    score_deal(deal, chosen)


def test_mirror_of_a_known_deal() -> None:
    deal = Deal.build(
        contract="3HX",
        declarer="S",
        tricks=7,
        honours={"S": 2, "N": 1},
        revokes=[{"by": "E", "penalty": "tricks"}],
    )
    mirrored = mirror(deal)
    assert (mirrored.declarer, mirrored.honours, mirrored.revokes[0].by) == (Seat.W, (0, 1, 0, 2), Seat.S)
    assert score_deal(mirrored).ew == score_deal(deal).ns

"""The declaration (Laws 42-52), its irregularities in rubber play and duplicate (Law F).

Vectors T31-T39 and T50 are from specs/auction-and-whist-laws.md section 11.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.auction.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, parse_call
from scoring.auction.core import Doubling, Strain
from scoring.auction.declaration import (
    AuctionOutcome,
    AuctionRules,
    AuctionState,
    BarUntil,
    CallMade,
    PenaltyAward,
    check_call,
    declarer_by_law_46,
    legal_calls,
    run_auction,
)
from scoring.auction.declaration_irregularities import (
    Irregularity,
    IrregularityKind,
    find_irregularity,
    lowest_sufficient_level,
)
from scoring.auction.declaration_penalties import (
    PenaltyKind,
    apply_ruling,
    correct_inadvertent,
    penalty_options,
    penalty_still_enforceable,
)
from scoring.shared.errors import AuctionError
from scoring.shared.seats import Seat, Side

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
RUBBER = AuctionRules()
DUPLICATE = AuctionRules(duplicate=True)
ENGLISH = AuctionRules(english=True)
K = PenaltyKind


def bid(text: str) -> Bid:
    call = parse_call(text)
    assert isinstance(call, Bid)
    return call


def state_after(dealer: Seat, calls: str, rules: AuctionRules = RUBBER) -> AuctionState:
    """The bidding after ``calls`` (space separated, each in turn)."""
    state = AuctionState(dealer, rules)
    for text in calls.split():
        state = state.apply(state.to_call, parse_call(text, rules))
    return state


# --- calls --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rules", "expected"),
    [
        ("pass", RUBBER, PASS),
        ("P", RUBBER, PASS),
        ("no bid", RUBBER, PASS),
        ("No  Bid", RUBBER, PASS),
        ("X", RUBBER, DOUBLE),
        ("double", RUBBER, DOUBLE),
        ("XX", RUBBER, REDOUBLE),
        ("1H", RUBBER, Bid(1, Strain.HEARTS)),
        ("2R", RUBBER, Bid(2, Strain.ROYALS)),
        ("3NT", RUBBER, Bid(3, Strain.NO_TRUMP)),
        ("1s", RUBBER, Bid(1, Strain.SPADES)),
        ("8 h", RUBBER, Bid(8, Strain.HEARTS)),
        ("1S", ENGLISH, Bid(1, Strain.ROYALS)),
    ],
    ids=[
        "pass",
        "P",
        "no-bid",
        "no-bid-spaces",
        "X",
        "double",
        "XX",
        "1H",
        "2R",
        "3NT",
        "1S",
        "8H",
        "english-1S",
    ],
)
def test_parse_call_reads_table_notation(text: str, rules: AuctionRules, expected: object) -> None:
    assert parse_call(text, rules) == expected


@pytest.mark.parametrize(("text", "law"), [("0H", "Law 42"), ("1Z", "Law 43"), ("", "Law 43"), (3, "Law 43")])
def test_parse_call_refuses_what_is_not_a_call(text: object, law: str) -> None:
    with pytest.raises(AuctionError, match=law):
        parse_call(text)


@pytest.mark.parametrize("text", ["pass", "X", "XX", "1H", "2R", "3NT", "7S", "9C"])
def test_call_text_round_trips(text: str) -> None:
    call = parse_call(text)
    assert parse_call(str(call)) == call


def test_call_made_parse_reads_seat_call_and_ruling() -> None:
    assert CallMade.parse("East", "2d", "make sufficient") == CallMade(E, bid("2D"), K.MAKE_SUFFICIENT)
    assert CallMade.parse("s", "1S", rules=ENGLISH) == CallMade(S, Bid(1, Strain.ROYALS))
    with pytest.raises(AuctionError, match="make-sufficient"):
        CallMade.parse("E", "2D", "fine")
    assert IrregularityKind.parse("declaration out of turn") is IrregularityKind.DECLARATION_OUT_OF_TURN
    with pytest.raises(AuctionError, match="omitted-card"):
        IrregularityKind.parse("revoke")


def test_bid_level_over_seven_has_no_contract() -> None:
    with pytest.raises(
        AuctionError, match=r"Eight is more than the seven odd tricks .* \(Law 50\)"
    ) as caught:
        check_call(AuctionState(N), bid("8H"))
    assert "impossible" in str(caught.value)


def test_bid_words_are_singular_at_one() -> None:
    assert [bid(t).describe() for t in ("1H", "1R", "2R", "1NT")] == [
        "one heart",
        "one royal spade",
        "two royal spades",
        "one no trump",
    ]


# --- Law 44: ranking (T31-T33) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "call", "sufficient"),
    [
        ("1C", "3S", True),
        ("2R X", "3C", True),
        ("2D", "7S", True),
        ("2H", "7S", False),
        ("1C", "2S", False),
        ("1H", "1R", True),
        ("2R", "2D", False),
        ("3C", "2R", False),
    ],
    ids=["T31", "T32", "T33-first", "T33-second", "equal-value-fewer-tricks", "1R-over-1H", "T34", "T35"],
)
def test_a_declaration_must_be_higher(before: str, call: str, sufficient: bool) -> None:
    state = state_after(N, before)
    irregularity = find_irregularity(state, state.to_call, bid(call))
    if sufficient:
        assert irregularity is None
    else:
        assert irregularity is not None
        assert irregularity.kind is IrregularityKind.INSUFFICIENT
        assert "Law 50" in irregularity.reason


def test_doubling_never_changes_rank() -> None:
    doubled = state_after(N, "2R X")
    assert doubled.doubling is Doubling.DOUBLED
    assert find_irregularity(doubled, S, bid("2D")) is not None
    assert find_irregularity(doubled, S, bid("3C")) is None


@given(st.sampled_from([Bid(n, s) for n in range(1, 8) for s in Strain]), st.sampled_from(list(Strain)))
def test_distinct_declarations_are_strictly_ordered(first: Bid, strain: Strain) -> None:
    for level in range(1, 8):
        other = Bid(level, strain)
        if other != first:
            assert first.outranks(other) != other.outranks(first)
        else:
            assert not first.outranks(other)


@pytest.mark.parametrize(
    ("over", "strain", "expected"),
    [
        ("2R", Strain.DIAMONDS, 3),
        ("3C", Strain.ROYALS, 3),
        ("6NT", Strain.HEARTS, None),
        ("1C", Strain.SPADES, 3),
    ],
    ids=["T34", "T35", "R-10", "spades-over-club"],
)
def test_lowest_sufficient_level(over: str, strain: Strain, expected: int | None) -> None:
    assert lowest_sufficient_level(strain, bid(over)) == expected


# --- Laws 42, 43, 45, 54: calls refused, each naming its law ------------------------------


@pytest.mark.parametrize(
    ("dealer", "before", "seat", "call", "law"),
    [
        (N, "", N, "P", "Law 42"),
        (N, "1H P", S, "X", "Law 43"),
        (N, "1H", N, "X", "Law 43"),
        (N, "1H", E, "XX", "Law 43"),
        (N, "1H X", S, "X", "Law 54"),
        (N, "1H X", W, "XX", "Law 43"),
        (N, "1H X XX", E, "XX", "Law 54"),
        (N, "", N, "X", "Law 43"),
        (N, "1H P P P", N, "2H", "Law 45"),
        (N, "1H P P P", E, "1NT", "Law 45"),
    ],
    ids=[
        "dealer-may-not-pass",
        "double-of-partner",
        "double-of-own",
        "redouble-undoubled",
        "second-double",
        "redouble-partners-double",
        "second-redouble",
        "nothing-to-double",
        "own-declaration-passed-by-three",
        "bidding-over",
    ],
)
def test_illegal_calls_are_refused_with_their_law(
    dealer: Seat, before: str, seat: Seat, call: str, law: str
) -> None:
    state = state_after(dealer, before)
    with pytest.raises(AuctionError, match=law):
        check_call(state, parse_call(call), seat)


def test_own_declaration_passed_by_three_cites_law_45_by_name() -> None:
    state = state_after(N, "1H P P P")
    with pytest.raises(AuctionError, match="cannot overbid his own declaration"):
        state.apply(N, bid("2H"))


def test_bidding_reopens_after_a_double() -> None:
    state = state_after(N, "1H X P P")
    assert not state.closed
    assert state.to_call is N
    check_call(state, bid("2H"))
    check_call(state, REDOUBLE)
    assert state_after(N, "1H X P P P").closed


def test_unfinished_bidding_has_no_result() -> None:
    with pytest.raises(AuctionError, match="Law 45"):
        run_auction(N, ["1H", "P", "P"])


def test_legal_calls_of_the_american_dealer_are_the_42_declarations() -> None:
    calls = legal_calls(AuctionState(N))
    assert PASS not in calls
    assert len(calls) == 42


def test_legal_calls_after_an_opening() -> None:
    calls = legal_calls(state_after(N, "1H"))
    assert PASS in calls and DOUBLE in calls and REDOUBLE not in calls
    assert bid("1R") in calls and bid("1H") not in calls and bid("1D") not in calls


# --- Law 46: who plays (T37-T39, R-9) -----------------------------------------------------


@pytest.mark.parametrize(
    ("calls", "contract", "final_bidder", "declarer"),
    [
        ("1H 1R 2H P P P", "2H", S, N),
        ("1H P 1NT P P P", "1NT", S, S),
        ("1NT 2H 2NT P P P", "2NT", S, N),
        ("1H X P P P", "1HX", N, N),
        ("1D 1H X XX P P P", "1HXX", E, E),
    ],
    ids=["T37", "T38", "T39", "doubled", "redoubled"],
)
def test_declarer_by_law_46(calls: str, contract: str, final_bidder: Seat, declarer: Seat) -> None:
    result = run_auction(N, calls.split())
    assert result.outcome is AuctionOutcome.CONTRACT
    assert str(result.contract) == contract
    assert result.final_bidder is final_bidder
    assert result.declarer is declarer
    assert result.dummy is declarer.partner
    assert any("(Law 46)" in line for line in result.lines)


@pytest.mark.parametrize(
    ("distinct", "declarer"), [(True, S), (False, N)], ids=["R-9-distinct", "R-9-literal-same-suit"]
)
def test_spades_then_royals_law_46_reading(distinct: bool, declarer: Seat) -> None:
    rules = AuctionRules(royals_distinct_for_law46=distinct)
    result = run_auction(N, ["1S", "2H", "2R", "P", "P", "P"], rules)
    assert result.final_bidder is S
    assert result.declarer is declarer


def test_declarer_by_law_46_looks_only_at_the_final_side() -> None:
    state = state_after(N, "1H 2H 3H P P P")
    assert state.final is not None
    assert declarer_by_law_46(state.bids, state.final) is N


# --- Law 48 flag: the dealer's original one spade -----------------------------------------


@pytest.mark.parametrize(
    ("dealer", "calls", "flag", "contract"),
    [
        (N, "1S P P P", True, "1S"),
        (N, "1S X P P P", True, "1SX"),
        (N, "1S X XX P P P", True, "1SXX"),
        (N, "1S P 2S P P P", False, "2S"),
        (N, "1S 1C P P P", False, "1C"),
        (E, "1S P P P", True, "1S"),
    ],
    ids=["passed", "doubled", "redoubled", "raised", "overbid", "east-deals"],
)
def test_dealers_original_one_spade(dealer: Seat, calls: str, flag: bool, contract: str) -> None:
    result = run_auction(dealer, calls.split())
    assert result.dealers_original_one_spade is flag
    assert str(result.contract) == contract


def test_one_spade_out_of_turn_let_stand_is_not_the_dealers() -> None:
    result = run_auction(N, [CallMade(E, bid("1S"), K.LET_STAND), "P", "P", "P"])
    assert result.contract is not None and str(result.contract) == "1S"
    assert result.final_bidder is E
    assert result.dealers_original_one_spade is False


# --- English rule -------------------------------------------------------------------------


def test_english_dealer_may_say_no_bid() -> None:
    result = run_auction(N, ["no bid", "P", "1C", "P", "P", "P"], ENGLISH)
    assert str(result.contract) == "1C"
    assert result.declarer is S


def test_english_all_four_pass_and_the_deal_is_passed_out() -> None:
    result = run_auction(N, ["no bid", "P", "P", "P"], ENGLISH)
    assert result.outcome is AuctionOutcome.PASSED_OUT
    assert result.contract is None and result.declarer is None
    assert "passed out" in result.lines[-1]


def test_english_one_spade_is_royals_and_plain_spades_do_not_exist() -> None:
    result = run_auction(N, ["1S", "P", "P", "P"], ENGLISH)
    assert result.contract is not None and result.contract.strain is Strain.ROYALS
    assert not result.dealers_original_one_spade
    with pytest.raises(AuctionError, match="English rule"):
        check_call(AuctionState(N, ENGLISH), Bid(1, Strain.SPADES))
    assert all(
        not (isinstance(c, Bid) and c.strain is Strain.SPADES) for c in legal_calls(AuctionState(N, ENGLISH))
    )
    assert PASS in legal_calls(AuctionState(N, ENGLISH))


# --- Irregularities: what each code gives -------------------------------------------------

OPTION_TABLE = [
    # id, dealer, bidding before, offender, call, rubber options, duplicate options
    (
        "T34-insufficient",
        N,
        "2R",
        E,
        "2D",
        [K.MAKE_SUFFICIENT, K.NOT_DEMANDED],
        [K.MAKE_SUFFICIENT, K.NOT_DEMANDED],
    ),
    (
        "T35-insufficient",
        N,
        "3C",
        E,
        "2R",
        [K.MAKE_SUFFICIENT, K.NOT_DEMANDED],
        [K.MAKE_SUFFICIENT, K.NOT_DEMANDED],
    ),
    ("R-10-no-side-bid", N, "6NT", E, "6H", [K.NEW_DEAL, K.NOT_DEMANDED], [K.HONOUR_POINTS, K.NOT_DEMANDED]),
    (
        "R-10-side-bid",
        N,
        "1C 1H 6NT",
        W,
        "6H",
        [K.NEW_DEAL, K.LAST_DECLARATION_FINAL, K.NOT_DEMANDED],
        [K.LAST_DECLARATION_FINAL, K.NOT_DEMANDED],
    ),
    (
        "T36-impossible",
        N,
        "1H 2C",
        S,
        "8H",
        [K.MAKE_SEVEN, K.NEW_DEAL, K.LAST_DECLARATION_FINAL],
        [K.MAKE_SEVEN, K.LAST_DECLARATION_FINAL],
    ),
    ("T36-impossible-opening", N, "", N, "8H", [K.MAKE_SEVEN, K.NEW_DEAL], [K.MAKE_SEVEN]),
    ("impossible-seven-too-low", N, "7C", E, "8S", [K.NEW_DEAL], [K.HONOUR_POINTS]),
    (
        "declaration-out-of-turn",
        N,
        "",
        E,
        "1H",
        [K.NEW_DEAL, K.LET_STAND],
        [K.STAND_WITH_HONOUR_POINTS, K.NOT_DEMANDED],
    ),
    ("pass-out-of-turn", N, "1H", S, "P", [K.NO_PENALTY], [K.NO_PENALTY]),
    ("double-out-of-turn", N, "1H", W, "X", [K.NEW_DEAL, K.NOT_DEMANDED], [K.HONOUR_POINTS, K.NOT_DEMANDED]),
]


@pytest.mark.parametrize(
    ("dealer", "before", "seat", "call", "rubber", "duplicate"),
    [row[1:] for row in OPTION_TABLE],
    ids=[row[0] for row in OPTION_TABLE],
)
def test_penalty_options_in_each_code(
    dealer: Seat, before: str, seat: Seat, call: str, rubber: list[K], duplicate: list[K]
) -> None:
    for rules, expected in ((RUBBER, rubber), (DUPLICATE, duplicate)):
        state = state_after(dealer, before, rules)
        irregularity = find_irregularity(state, seat, parse_call(call))
        assert irregularity is not None
        options = penalty_options(irregularity, state)
        assert [option.kind for option in options] == expected
        for option in options:
            assert option.law.startswith("Law ")
            assert "(Law" in option.description
        if rules.duplicate:
            assert K.NEW_DEAL not in [option.kind for option in options]


def test_barred_declaration_options() -> None:
    for rules in (RUBBER, DUPLICATE):
        state = state_after(N, "2R", rules).apply(E, bid("2D"), "make-sufficient").apply(S, PASS)
        irregularity = find_irregularity(state, W, bid("3R"))
        assert irregularity is not None and irregularity.kind is IrregularityKind.BARRED_DECLARATION
        assert "Law 50a" in irregularity.reason
        kinds = [option.kind for option in penalty_options(irregularity, state)]
        assert kinds == [K.LET_STAND, K.CANCEL, K.NOT_DEMANDED]


@pytest.mark.parametrize(
    ("rules", "kinds", "points"),
    [(RUBBER, [K.NEW_DEAL, K.NOT_DEMANDED], None), (DUPLICATE, [K.HONOUR_POINTS, K.NOT_DEMANDED], 50)],
    ids=["rubber", "duplicate"],
)
def test_law_81_omitted_card(rules: AuctionRules, kinds: list[K], points: int | None) -> None:
    options = penalty_options(Irregularity(IrregularityKind.OMITTED_CARD, S), rules=rules)
    assert [option.kind for option in options] == kinds
    award = options[0].award
    if points is None:
        assert award is None
    else:
        assert award == PenaltyAward(Side.EW, points, "Law F", "South failed to play to a trick (Law 81)")


def test_r15_substitute_points_are_configurable() -> None:
    rules = AuctionRules(duplicate=True, substitute_points=0)
    state = state_after(N, "1H", rules)
    irregularity = find_irregularity(state, W, DOUBLE)
    assert irregularity is not None
    assert [option.kind for option in penalty_options(irregularity, state)] == [K.NOT_DEMANDED]


def test_penalty_options_need_the_bidding() -> None:
    with pytest.raises(AuctionError, match="Law 50"):
        penalty_options(Irregularity(IrregularityKind.INSUFFICIENT, E, bid("2D")))


# --- Applying a ruling --------------------------------------------------------------------


def test_T34_made_sufficient_bars_partner_until_an_adversary_bids() -> None:
    state = state_after(N, "2R").apply(E, bid("2D"), K.MAKE_SUFFICIENT)
    assert state.current is not None and state.current.bid == bid("3D") and state.current.seat is E
    bar = state.bar_on(W)
    assert bar is not None and bar.until is BarUntil.ADVERSE_BID_OR_DOUBLE and bar.law == "Law 50"
    assert "unless North or South bids or doubles" in state.records[-1].explanation
    state = state.apply(S, PASS)
    assert legal_calls(state) == (PASS,)
    state = state.apply(W, PASS).apply(N, DOUBLE)
    assert state.bar_on(W) is None
    state = state.apply(E, PASS).apply(S, PASS)
    assert bid("3NT") in legal_calls(state)


def test_T35_made_sufficient() -> None:
    state = state_after(N, "3C").apply(E, bid("2R"), "make-sufficient")
    assert state.current is not None and state.current.bid == bid("3R")


def test_insufficient_not_demanded_stands_and_the_overbid_declaration_may_be_repeated() -> None:
    state = state_after(N, "2R").apply(E, bid("2D"), K.NOT_DEMANDED)
    assert state.current is not None and state.current.bid == bid("2D")
    assert state.bars == ()
    check_call(state, bid("2R"))


def test_an_irregular_call_needs_a_ruling_and_says_which() -> None:
    with pytest.raises(AuctionError, match=r'Law 50.*"make-sufficient", "not-demanded"'):
        state_after(N, "2R").apply(E, bid("2D"))


def test_a_ruling_the_laws_do_not_give_is_refused() -> None:
    with pytest.raises(AuctionError, match="new deal"):
        state_after(N, "2R").apply(E, bid("2D"), K.NEW_DEAL)
    with pytest.raises(AuctionError, match="in order"):
        state_after(N, "1H").apply(E, bid("2H"), K.LET_STAND)


@pytest.mark.parametrize(
    ("choice", "contract", "declarer", "outcome"),
    [
        (K.MAKE_SEVEN, "7H", N, AuctionOutcome.CONTRACT),
        (K.NEW_DEAL, None, None, AuctionOutcome.NEW_DEAL),
        (K.LAST_DECLARATION_FINAL, "1HX", N, AuctionOutcome.CONTRACT),
    ],
    ids=["T36-seven-north-named-hearts-first", "T36-new-deal", "T36-last-final-keeps-double"],
)
def test_T36_each_choice_in_rubber(
    choice: K, contract: str | None, declarer: Seat | None, outcome: AuctionOutcome
) -> None:
    calls: list[str | CallMade] = ["1H", "X", CallMade(S, bid("8H"), choice)]
    if choice is K.MAKE_SEVEN:
        calls += ["P", "P", "P"]
    result = run_auction(N, calls)
    assert result.outcome is outcome
    assert (str(result.contract) if result.contract else None) == contract
    assert result.declarer is declarer


def test_last_declaration_final_drops_a_double_that_was_overbid() -> None:
    result = run_auction(N, ["1H", "X", "P", "1R", CallMade(N, bid("9D"), K.LAST_DECLARATION_FINAL)])
    assert str(result.contract) == "1H"
    assert result.declarer is N


def test_duplicate_impossible_with_no_other_penalty_scores_50_and_is_cancelled() -> None:
    state = state_after(N, "7C", DUPLICATE).apply(E, bid("8S"), K.HONOUR_POINTS)
    assert state.awards == (PenaltyAward(Side.NS, 50, "Law F", "an impossible declaration by East"),)
    assert state.to_call is E
    assert state.current is not None and state.current.seat is N


def test_T50_duplicate_declaration_out_of_turn_stands() -> None:
    calls = [CallMade(N, bid("1NT"), K.STAND_WITH_HONOUR_POINTS), "P", "P", "P"]
    result = run_auction(E, calls, DUPLICATE)
    assert str(result.contract) == "1NT"
    assert result.declarer is N
    assert result.awards == (PenaltyAward(Side.EW, 50, "Law F", "declaration out of turn by North"),)
    assert result.awards[0].as_tuple() == (Side.EW, 50, "Law F", "declaration out of turn by North")
    assert any("may take no further part" in line for line in result.lines)


def test_duplicate_partner_of_offender_is_barred_for_the_deal_even_after_adversaries_bid() -> None:
    state = AuctionState(E, DUPLICATE).apply(N, bid("1NT"), K.STAND_WITH_HONOUR_POINTS)
    assert state.to_call is E
    state = state.apply(E, bid("2H"))
    irregularity = find_irregularity(state, S, bid("3NT"))
    assert irregularity is not None and irregularity.kind is IrregularityKind.BARRED_DECLARATION
    assert "Law 50a" in irregularity.reason
    assert legal_calls(state) == (PASS,)


def test_rubber_declaration_out_of_turn_let_stand_goes_on_from_the_offender() -> None:
    state = AuctionState(N).apply(E, bid("1H"), K.LET_STAND)
    assert state.to_call is S
    assert state.awards == () and state.bars == ()
    result = run_auction(N, [CallMade(E, bid("1H"), K.NEW_DEAL)])
    assert result.outcome is AuctionOutcome.NEW_DEAL and result.contract is None


def test_law_50a_let_stand_bars_both_for_the_rest_of_the_bidding() -> None:
    state = state_after(N, "2R").apply(E, bid("2D"), K.MAKE_SUFFICIENT).apply(S, PASS)
    state = state.apply(W, bid("3R"), K.LET_STAND)
    assert state.current is not None and state.current.seat is W
    state = state.apply(N, bid("4R"))
    for seat in (E, W):
        bar = state.bar_on(seat)
        assert bar is not None and bar.until is BarUntil.END_OF_BIDDING and bar.law == "Law 50a"
    assert legal_calls(state) == (PASS,)


def test_law_50a_cancel_leaves_the_turn_with_the_offender() -> None:
    state = state_after(N, "2R").apply(E, bid("2D"), K.MAKE_SUFFICIENT).apply(S, PASS)
    state = state.apply(W, bid("3R"), K.CANCEL)
    assert state.to_call is W
    assert state.current is not None and state.current.bid == bid("3D")
    assert state.records[-1].stands is None


def test_pass_out_of_turn_keeps_the_order_and_holds_the_passer_until_the_declaration_changes() -> None:
    state = state_after(N, "1H").apply(S, PASS, K.NO_PENALTY)
    assert state.to_call is E
    assert state.passes == 0
    state = state.apply(E, PASS)
    with pytest.raises(AuctionError, match="Law 49"):
        state.apply(S, bid("2H"))
    state = state_after(N, "1H").apply(S, PASS, K.NO_PENALTY).apply(E, bid("1R"))
    check_call(state, bid("2H"))


def test_double_out_of_turn_in_duplicate_stands_with_50_points() -> None:
    state = state_after(N, "1H", DUPLICATE).apply(W, DOUBLE, K.HONOUR_POINTS)
    assert state.doubling is Doubling.DOUBLED
    assert state.to_call is N
    assert state.awards[0].to is Side.NS and state.awards[0].points == 50
    assert "R-15" in state.records[-1].explanation


# --- Law 50b: the right to a penalty lapses -----------------------------------------------


@pytest.mark.parametrize(
    ("later", "enforceable"),
    [
        ([], True),
        ([(W, PASS)], True),
        ([(N, PASS)], False),
        ([(S, DOUBLE)], False),
        ([(W, PASS), (S, bid("3H"))], False),
    ],
    ids=[
        "at-once",
        "offenders-partner-called",
        "adversary-passed",
        "adversary-doubled",
        "adversary-declared",
    ],
)
def test_penalty_still_enforceable(later: list[tuple[Seat, Call]], enforceable: bool) -> None:
    assert penalty_still_enforceable(E, later) is enforceable


# --- Law 52: correcting an inadvertent declaration ----------------------------------------


def test_inadvertent_declaration_corrected_before_the_next_player_acts() -> None:
    before = state_after(N, "2R")
    state = correct_inadvertent(before, E, bid("2D"), bid("3D"))
    record = state.records[-1]
    assert record.call == bid("3D") and record.corrected_from == bid("2D")
    assert "Law 52" in record.explanation
    assert state.bars == ()


@pytest.mark.parametrize(
    ("made", "acted", "attention"),
    [("2D", True, False), ("2D", False, True), ("8D", False, True)],
    ids=["next-player-acted", "attention-to-insufficient", "attention-to-impossible"],
)
def test_inadvertent_declaration_that_may_not_be_corrected(made: str, acted: bool, attention: bool) -> None:
    with pytest.raises(AuctionError, match="Law 52"):
        correct_inadvertent(
            state_after(N, "2R"), E, bid(made), bid("3D"), next_player_acted=acted, attention_called=attention
        )


def test_attention_called_to_a_sufficient_slip_does_not_stop_correction() -> None:
    state = correct_inadvertent(state_after(N, "2R"), E, bid("3C"), bid("3D"), attention_called=True)
    assert state.current is not None and state.current.bid == bid("3D")


# --- explanations and awards --------------------------------------------------------------


def test_every_call_is_explained() -> None:
    result = run_auction(N, ["1C", "3S", "X", "XX", "P", "P", "P"])
    explanations = [record.explanation for record in result.calls]
    assert explanations[0] == "North, the dealer, opens with one club (value 6) (Law 42)."
    assert "equal in value to one club but more tricks, so higher (Law 44)" in explanations[1]
    assert explanations[2] == "South doubles East's three spades (Law 43)."
    assert explanations[-1].endswith("East's three spades, redoubled is final (Law 45).")


def test_apply_ruling_is_what_apply_uses() -> None:
    state = state_after(N, "2R")
    irregularity = find_irregularity(state, E, bid("2D"))
    assert irregularity is not None
    assert apply_ruling(state, irregularity, "make-sufficient") == state.apply(
        E, bid("2D"), "make-sufficient"
    )


def test_penalty_award_converts_to_the_deal_engines_award() -> None:
    from scoring.auction.deal import Award

    award = PenaltyAward(Side.EW, 50, "Law F", "declaration out of turn by North").as_award()
    assert award == Award(Side.EW, 50, "Law F", "declaration out of turn by North")


# --- property: any legal auction ends, and Law 46 picks the side's first namer -------------


@given(st.data(), st.sampled_from(list(Seat)), st.booleans())
def test_random_legal_auctions(data: st.DataObject, dealer: Seat, english: bool) -> None:
    rules = AuctionRules(english=english)
    state = AuctionState(dealer, rules)
    for _ in range(200):
        if state.closed:
            break
        calls = legal_calls(state)
        # lean towards passing so that auctions end
        call = PASS if PASS in calls and data.draw(st.booleans()) else data.draw(st.sampled_from(calls))
        state = state.apply(state.to_call, call)
    assert state.closed
    result = state.result()
    if result.outcome is AuctionOutcome.PASSED_OUT:
        assert english and not state.bids
        return
    assert result.contract is not None and result.declarer is not None and result.final_bidder is not None
    last = state.bids[-1]
    assert result.contract.undoubled == last.bid.contract
    assert result.final_bidder is last.seat
    assert result.declarer.side is last.seat.side
    namers = [d.seat for d in state.bids if d.seat.side is last.seat.side and d.bid.strain is last.bid.strain]
    assert result.declarer is namers[0]
    assert result.dealers_original_one_spade == (len(state.bids) == 1 and last.bid == bid("1S"))

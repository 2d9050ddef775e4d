"""Laws B to F of Duplicate Auction as verdicts an app can show."""

from __future__ import annotations

import pytest

from scoring.auction.duplicate_laws import (
    LAW_F_PENALTIES,
    Discovery,
    HandOutcome,
    NewDealReason,
    Surplus,
    honour_penalty,
    irregular_hand_outcome,
    may_claim_revoke,
    may_correct_score,
    may_gather_cards,
    new_deal_allowed,
)
from scoring.contests.pairs import Irregular
from scoring.shared.errors import ContestError
from scoring.shared.seats import Side

BEFORE = Discovery.BEFORE_OR_DURING_ORIGINAL_PLAY
TAKEN_UP = Discovery.WHEN_TAKEN_UP_FOR_OVERPLAY
AFTER = Discovery.AFTER_OVERPLAY_BEGAN


@pytest.mark.parametrize(
    ("discovered", "tables", "surplus", "outcome", "law"),
    [
        pytest.param(BEFORE, 2, None, HandOutcome.NEW_DEAL, "Law B (1)", id="B1-two-tables"),
        pytest.param(BEFORE, 6, Surplus.PARTNER, HandOutcome.NEW_DEAL, "Law B (1)", id="B1-six-tables"),
        pytest.param(TAKEN_UP, 2, None, HandOutcome.SEND_BACK, "Law B (2)", id="B2-two-tables"),
        pytest.param(TAKEN_UP, 5, Surplus.ADVERSARY, HandOutcome.SEND_BACK, "Law B (2)", id="B2-five-tables"),
        pytest.param(
            AFTER, 2, Surplus.PARTNER, HandOutcome.NEW_DEAL, "Law B (3)", id="B3-two-table-duplicate"
        ),
        pytest.param(AFTER, 1, None, HandOutcome.NEW_DEAL, "Law B (3)", id="B3-one-table"),
        pytest.param(AFTER, 5, Surplus.ADVERSARY, HandOutcome.AVERAGE, "Law B (3)", id="T55"),
        pytest.param(AFTER, 5, Surplus.PARTNER, HandOutcome.LOWEST_HIGHEST, "Law B (3)", id="T56"),
        pytest.param(AFTER, 3, "partner", HandOutcome.LOWEST_HIGHEST, "Law B (3)", id="three-tables-text"),
    ],
)
def test_irregular_hand_outcome(
    discovered: Discovery, tables: int, surplus: Surplus | str | None, outcome: HandOutcome, law: str
) -> None:
    ruling = irregular_hand_outcome(discovered, tables, surplus)

    assert ruling.outcome is outcome
    assert law in ruling.reason


@pytest.mark.parametrize(
    ("surplus", "short_side", "entry"),
    [
        pytest.param(Surplus.ADVERSARY, Side.NS, Irregular.AVERAGE, id="T55-average"),
        pytest.param(Surplus.PARTNER, Side.NS, Irregular.NS_OFFENDED, id="T56-ns-short"),
        pytest.param(Surplus.PARTNER, "EW", Irregular.EW_OFFENDED, id="ew-short"),
    ],
)
def test_ruling_tells_how_the_table_enters_the_contest(
    surplus: Surplus, short_side: Side | str, entry: Irregular
) -> None:
    assert irregular_hand_outcome(AFTER, 5, surplus).contest_entry(short_side) is entry


def test_a_deal_played_again_has_no_contest_entry() -> None:
    assert irregular_hand_outcome(BEFORE, 5).contest_entry(Side.NS) is None
    assert irregular_hand_outcome("when_taken_up_for_overplay", 5).contest_entry(Side.EW) is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param((AFTER, 4, None), r"turns on who held the surplus", id="surplus-unknown"),
        pytest.param((AFTER, 0, Surplus.PARTNER), r"not a number of tables", id="no-tables"),
        pytest.param((AFTER, True, Surplus.PARTNER), r"not a number of tables", id="bool-tables"),
        pytest.param(("during_the_auction", 4, None), r"not a time of discovery \(Law B\)", id="bad-time"),
        pytest.param(
            (AFTER, 4, "dummy"), r"not a holder of the surplus cards \(Law B \(3\)\)", id="bad-holder"
        ),
    ],
)
def test_irregular_hand_outcome_refuses(args: tuple[object, object, object], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        irregular_hand_outcome(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("recorded", "allowed"),
    [pytest.param(False, False, id="not-recorded"), pytest.param(True, True, id="recorded")],
)
def test_law_c_cards_stay_in_order_until_the_score_is_recorded(recorded: bool, allowed: bool) -> None:
    verdict = may_gather_cards(recorded)

    assert verdict.allowed is allowed
    assert "(Law C)" in verdict.reason


@pytest.mark.parametrize(
    ("quitted", "agreed", "allowed"),
    [
        pytest.param(False, False, True, id="in-play"),
        pytest.param(True, False, True, id="quitted-not-agreed"),
        pytest.param(True, True, False, id="quitted-and-agreed"),
        pytest.param(False, True, False, id="agreed-after-a-claim"),
    ],
)
def test_law_d_revoke_claims(quitted: bool, agreed: bool, allowed: bool) -> None:
    verdict = may_claim_revoke(quitted, agreed)

    assert verdict.allowed is allowed
    assert "(Law D)" in verdict.reason


@pytest.mark.parametrize(
    ("agreed", "allowed"),
    [pytest.param(False, True, id="before-agreement"), pytest.param(True, False, id="after-agreement")],
)
def test_law_e_score_corrections(agreed: bool, allowed: bool) -> None:
    verdict = may_correct_score(agreed)

    assert verdict.allowed is allowed
    assert "(Law E)" in verdict.reason


@pytest.mark.parametrize(
    ("reason", "allowed", "cites"),
    [
        pytest.param(NewDealReason.MISDEAL, True, "Auction Laws 36 and 37", id="misdeal"),
        pytest.param(NewDealReason.INCORRECT_PACK, True, "Auction Law 37", id="incorrect-pack"),
        pytest.param("card_exposed_in_dealing", True, "Auction Law 37", id="exposed-in-dealing"),
        pytest.param(NewDealReason.PACK_NOT_CUT, True, "Auction Law 37", id="not-cut"),
        pytest.param(NewDealReason.DECLARATION_OUT_OF_TURN, False, "score 50", id="T50-out-of-turn"),
        pytest.param(NewDealReason.OMITTED_CARD, False, "Law 81", id="T51-omitted-card"),
        pytest.param(NewDealReason.IMPOSSIBLE_DECLARATION, False, "Law 50", id="T36-impossible"),
        pytest.param(NewDealReason.OTHER, False, "Law F", id="other"),
    ],
)
def test_law_f_new_deal_only_for_misdeals(reason: NewDealReason | str, allowed: bool, cites: str) -> None:
    verdict = new_deal_allowed(reason)

    assert verdict.allowed is allowed
    assert cites in verdict.reason
    assert "Law F" in verdict.reason


@pytest.mark.parametrize(
    ("reason", "points"),
    [
        pytest.param(NewDealReason.DECLARATION_OUT_OF_TURN, 50, id="T50"),
        pytest.param("omitted_card", 50, id="T51"),
        pytest.param(NewDealReason.IMPOSSIBLE_DECLARATION, None, id="impossible"),
        pytest.param(NewDealReason.MISDEAL, None, id="misdeal"),
    ],
)
def test_law_f_honour_penalties(reason: NewDealReason | str, points: int | None) -> None:
    penalty = honour_penalty(reason)

    assert (None if penalty is None else penalty.points) == points


def test_law_f_penalties_go_to_the_adversaries() -> None:
    assert {penalty.offence for penalty in LAW_F_PENALTIES} == {
        NewDealReason.DECLARATION_OUT_OF_TURN,
        NewDealReason.OMITTED_CARD,
    }
    assert all(penalty.to == "the adversaries of the offender" for penalty in LAW_F_PENALTIES)
    assert all("Law F" in penalty.law for penalty in LAW_F_PENALTIES)


def test_law_f_refuses_an_unknown_reason() -> None:
    with pytest.raises(ContestError, match=r"not a reason for a new deal \(Law F\)"):
        new_deal_allowed("bored")

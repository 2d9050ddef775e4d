"""The procedural laws of Duplicate Auction (Laws B to F) as questions an app can ask.

"May this still be changed, and if not, why not?" Each function answers with a small
frozen verdict whose reason cites the law, so that a screen can refuse an edit in the
words of the law. The scoring consequences (averages and extremes for irregular hands)
live in :mod:`scoring.contests.pairs`; the penalties of Law F are scored by the deal scorer as
honour-column awards.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TypeVar

from ..contests.pairs import Irregular
from ..shared.errors import ContestError
from ..shared.lookup import lookup, snake
from ..shared.seats import Side

E = TypeVar("E", bound=enum.Enum)


def _parse_member(cls: type[E], text: object, what: str) -> E:
    """Read a member of ``cls`` by its value; ``what`` names the choice in the refusal."""
    return lookup(
        cls,
        text,
        key=lambda member: str(member.value),
        normalise=snake,
        error=lambda text: ContestError(
            f"{text!r} is not {what}: use one of {', '.join(str(member.value) for member in cls)}."
        ),
    )


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether an action is allowed now, and the law that says so."""

    allowed: bool
    reason: str


# Law B: irregularities in the hands -------------------------------------------------------


class Discovery(enum.Enum):
    """When a wrong number of cards in a hand came to light (Law B)."""

    BEFORE_OR_DURING_ORIGINAL_PLAY = "before_or_during_original_play"
    WHEN_TAKEN_UP_FOR_OVERPLAY = "when_taken_up_for_overplay"
    AFTER_OVERPLAY_BEGAN = "after_overplay_began"

    @classmethod
    def parse(cls, text: object) -> Discovery:
        """Read a time of discovery by its value, e.g. "after_overplay_began"."""
        return _parse_member(cls, text, "a time of discovery (Law B)")


class Surplus(enum.Enum):
    """Who held the cards the short player lacked (Law B (3))."""

    PARTNER = "partner"
    ADVERSARY = "adversary"

    @classmethod
    def parse(cls, text: object) -> Surplus:
        """Read "partner" or "adversary"."""
        return _parse_member(cls, text, "a holder of the surplus cards (Law B (3))")


class HandOutcome(enum.Enum):
    """What Law B orders for an irregular hand."""

    NEW_DEAL = "new_deal"
    SEND_BACK = "send_back"
    AVERAGE = "average"
    LOWEST_HIGHEST = "lowest_highest"


@dataclass(frozen=True, slots=True)
class IrregularHandRuling:
    """The course Law B orders, with the reason in the law's words."""

    outcome: HandOutcome
    reason: str

    def contest_entry(self, short_player_side: Side | str) -> Irregular | None:
        """How the discovering table is entered in the pair contest (Law B (3)).

        ``short_player_side`` is the side of the player with too few cards: when his partner
        held the surplus, his pair takes the lowest score. None when the deal is dealt again
        or sent back, since the table then plays it.
        """
        side = Side.parse(short_player_side)
        if self.outcome is HandOutcome.AVERAGE:
            return Irregular.AVERAGE
        if self.outcome is HandOutcome.LOWEST_HIGHEST:
            return Irregular.NS_OFFENDED if side is Side.NS else Irregular.EW_OFFENDED
        return None


def irregular_hand_outcome(
    discovered: Discovery | str, tables_playing: int, surplus_with: Surplus | str | None = None
) -> IrregularHandRuling:
    """The course Law B orders when a player has more or fewer than his correct number of cards.

    (1) Found before or during the original play: a new deal. (2) Found when the cards are
    taken up for overplay, before it begins: sent back to the table it came from and put
    right there. (3) Found after the overplay began: in two-table duplicate a new deal; with
    more tables the hands are put right and passed on unplayed, and the discovering table
    takes the average if an adversary of the short player held the surplus, or the lowest
    score for his pair and the highest for the opponents if his partner held it.
    """
    when = Discovery.parse(discovered)
    if isinstance(tables_playing, bool) or not isinstance(tables_playing, int) or tables_playing < 1:
        raise ContestError(
            f"{tables_playing!r} is not a number of tables: the same deals are played at one table "
            "or more (Law B (3))."
        )
    holder = None if surplus_with is None else Surplus.parse(surplus_with)

    if when is Discovery.BEFORE_OR_DURING_ORIGINAL_PLAY:
        return IrregularHandRuling(
            HandOutcome.NEW_DEAL,
            "Found before or during the original play: there must be a new deal (Law B (1)).",
        )
    if when is Discovery.WHEN_TAKEN_UP_FOR_OVERPLAY:
        return IrregularHandRuling(
            HandOutcome.SEND_BACK,
            "Found when the cards were taken up for overplay, before it began: the deal goes back to "
            "the table it came from and the error is put right there (Law B (2)).",
        )
    if tables_playing <= 2:
        return IrregularHandRuling(
            HandOutcome.NEW_DEAL,
            "Found after the overplay began, in two-table duplicate: there must be a new deal (Law B (3)).",
        )
    if holder is None:
        raise ContestError(
            "Law B (3) turns on who held the surplus cards: the short player's partner or an adversary."
        )
    if holder is Surplus.ADVERSARY:
        return IrregularHandRuling(
            HandOutcome.AVERAGE,
            f"Found after the overplay began, with the deal played at {tables_playing} tables: the hands "
            "are put right and passed on unplayed; an adversary of the short player held the surplus, "
            "so each pair takes the average score for that deal (Law B (3)).",
        )
    return IrregularHandRuling(
        HandOutcome.LOWEST_HIGHEST,
        f"Found after the overplay began, with the deal played at {tables_playing} tables: the hands are "
        "put right and passed on unplayed; the short player's partner held the surplus, so his pair is "
        "given the lowest score and his opponents the highest score made at any table for that deal "
        "(Law B (3)).",
    )


# Laws C, D, E: what may still be changed ---------------------------------------------------


def may_gather_cards(score_recorded: bool) -> Verdict:
    """Whether the played cards may be gathered up (Law C).

    "The cards must be left in the order in which they were played until the scores of the
    deal have been recorded."
    """
    if score_recorded:
        return Verdict(True, "The score of the deal is recorded, so the cards may be gathered (Law C).")
    return Verdict(
        False,
        "The cards stay in the order they were played until the score of the deal is recorded (Law C).",
    )


def may_claim_revoke(last_trick_quitted: bool, score_agreed: bool) -> Verdict:
    """Whether a revoke may still be claimed on a deal (Law D).

    A revoke may be claimed until the last trick of the deal has been turned and quitted and
    the scores of that deal agreed upon and recorded, "but not thereafter". Agreeing and
    recording the score ends the deal, so once it is agreed the claim is out of time even if
    the last trick was never turned (a claim or concession ended the play).
    """
    if score_agreed:
        return Verdict(
            False,
            "The score of this deal has been agreed and recorded: a revoke may no longer be claimed (Law D).",
        )
    if last_trick_quitted:
        return Verdict(
            True,
            "The last trick is quitted but the score of the deal is not yet agreed and recorded: "
            "a revoke may still be claimed (Law D).",
        )
    return Verdict(True, "The deal is still in play: a revoke may be claimed (Law D).")


def may_correct_score(round_agreed: bool) -> Verdict:
    """Whether a proved error in the trick or honour score may be corrected (Law E).

    It may, "at any time before the final score of the contestants for the deal or deals
    played before changing opponents has been made up and agreed upon".
    """
    if round_agreed:
        return Verdict(
            False,
            "The score of the deals played against these opponents has been made up and agreed: "
            "an error in the trick or honour score can no longer be corrected (Law E).",
        )
    return Verdict(
        True,
        "The score against these opponents is not yet agreed: a proved error in the trick or honour "
        "score may be corrected (Law E).",
    )


# Law F: no new deal --------------------------------------------------------------------------


class NewDealReason(enum.Enum):
    """Why a new deal is asked for. Only the misdeal faults of Auction Laws 36 and 37 allow one.

    A hand with the wrong number of cards is not here: Law B decides it by the time of its
    discovery (:func:`irregular_hand_outcome`).
    """

    MISDEAL = "misdeal"
    INCORRECT_PACK = "incorrect_pack"
    CARD_EXPOSED_IN_DEALING = "card_exposed_in_dealing"
    PACK_NOT_CUT = "pack_not_cut"
    DECLARATION_OUT_OF_TURN = "declaration_out_of_turn"
    IMPOSSIBLE_DECLARATION = "impossible_declaration"
    OMITTED_CARD = "omitted_card"
    OTHER = "other"

    @classmethod
    def parse(cls, text: object) -> NewDealReason:
        """Read a reason by its value, e.g. "misdeal" or "declaration_out_of_turn"."""
        return _parse_member(cls, text, "a reason for a new deal (Law F)")


_MISDEALS = {
    NewDealReason.MISDEAL: "the cards were not dealt correctly (Auction Laws 36 and 37)",
    NewDealReason.INCORRECT_PACK: "the pack is incorrect or imperfect (Auction Law 37)",
    NewDealReason.CARD_EXPOSED_IN_DEALING: (
        "a card was faced in the pack or exposed in dealing (Auction Law 37)"
    ),
    NewDealReason.PACK_NOT_CUT: "the pack was not cut and this was pointed out in time (Auction Law 37)",
}


@dataclass(frozen=True, slots=True)
class HonourPenalty:
    """A penalty Law F puts in place of a new deal: points to the adverse honour column."""

    offence: NewDealReason
    points: int
    to: str
    law: str
    rule: str


LAW_F_PENALTIES: tuple[HonourPenalty, ...] = (
    HonourPenalty(
        NewDealReason.DECLARATION_OUT_OF_TURN,
        50,
        "the adversaries of the offender",
        "Law F",
        "A declaration (other than passing) out of turn must stand; the adversaries score 50 in their "
        "honour column and the offender's partner may not bid again on that deal.",
    ),
    HonourPenalty(
        NewDealReason.OMITTED_CARD,
        50,
        "the adversaries of the offender",
        "Law F; Auction Law 81",
        "A player who failed to play to a trick: the deal stands and the adversaries score 50 in their "
        "honour column.",
    ),
)


def honour_penalty(reason: NewDealReason | str) -> HonourPenalty | None:
    """The honour-point penalty Law F gives instead of a new deal for ``reason``, if any."""
    offence = NewDealReason.parse(reason)
    for penalty in LAW_F_PENALTIES:
        if penalty.offence is offence:
            return penalty
    return None


def new_deal_allowed(reason: NewDealReason | str) -> Verdict:
    """Whether a new deal may be had (Law F).

    "A new deal is not allowed for any reason, except as provided in Laws of Auction 36 and
    37": only a misdeal-type fault allows one. For other offences another penalty applies:
    50 honour points for a declaration out of turn or a Law 81 offence, another Law 50
    penalty for an impossible declaration.
    """
    offence = NewDealReason.parse(reason)
    if offence in _MISDEALS:
        return Verdict(True, f"A new deal is allowed: {_MISDEALS[offence]}; Law F keeps this exception.")
    if offence is NewDealReason.IMPOSSIBLE_DECLARATION:
        return Verdict(
            False,
            "No new deal in duplicate (Law F): for an impossible declaration another penalty of Law 50 "
            "must be chosen, the declaration made seven with the partner barred, or the offending "
            "side's last declaration final.",
        )
    penalty = honour_penalty(offence)
    if penalty is not None:
        return Verdict(False, f"No new deal in duplicate ({penalty.law}): {penalty.rule}")
    return Verdict(
        False,
        "A new deal is not allowed for any reason except the misdeals of Auction Laws 36 and 37 (Law F).",
    )

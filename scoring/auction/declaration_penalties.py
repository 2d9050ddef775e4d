"""Penalties for irregularities of the declaration: rubber play and duplicate (Laws 49-52, 57, 81, F).

:func:`penalty_options` lists what the laws let the adversaries choose after an
:class:`~scoring.auction.declaration_irregularities.Irregularity`, each choice with its law,
a sentence for the director and its exact effect (the call that stands, bars, honour points, the end of the
bidding). Rubber play follows Foster's Laws 49-50c (and the 1912 code's laws 57 and 81);
duplicate follows Law F: no new deal for any reason but a misdeal, a declaration out of turn
stands with 50 honour points to the adversaries and the offender's partner barred, an
impossible declaration takes another of Law 50's penalties, and (reading R-15) where a new
deal was the only penalty the adversaries score 50 honour points instead.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..shared.errors import AuctionError
from ..shared.lookup import kebab, lookup
from ..shared.seats import Seat
from .calls import Bid, Call, Pass
from .core import Doubling
from .declaration import (
    AuctionOutcome,
    AuctionRules,
    AuctionState,
    Bar,
    BarUntil,
    CallRecord,
    Declared,
    PenaltyAward,
)
from .declaration_irregularities import (
    Irregularity,
    IrregularityKind,
    find_irregularity,
    lowest_sufficient_level,
)

# --- Penalties ---------------------------------------------------------------------------


class PenaltyKind(enum.Enum):
    """What the adversaries may choose after an irregularity; value is (code, words)."""

    NEW_DEAL = ("new-deal", "new deal")
    LET_STAND = ("let-stand", "let it stand")
    MAKE_SUFFICIENT = ("make-sufficient", "make it sufficient")
    MAKE_SEVEN = ("make-seven", "make it seven")
    LAST_DECLARATION_FINAL = ("last-declaration-final", "the offending side's last declaration is final")
    STAND_WITH_HONOUR_POINTS = ("stand-with-honour-points", "it stands, adversaries score 50")
    HONOUR_POINTS = ("honour-points", "honour points to the adversaries")
    CANCEL = ("cancel", "cancel it")
    NO_PENALTY = ("no-penalty", "no penalty")
    NOT_DEMANDED = ("not-demanded", "no penalty demanded")

    @classmethod
    def parse(cls, text: object) -> PenaltyKind:
        """Read a code such as "make-sufficient" or "new-deal"."""
        return lookup(cls, text, key=lambda kind: kind.code, normalise=kebab, error=_not_a_penalty_kind)

    @property
    def code(self) -> str:
        return self.value[0]

    @property
    def words(self) -> str:
        return self.value[1]


def _not_a_penalty_kind(text: object) -> AuctionError:
    return AuctionError(
        f"{text!r} is not a penalty of the declaration: "
        f"use one of {', '.join(kind.code for kind in PenaltyKind)}."
    )


@dataclass(frozen=True, slots=True)
class PenaltyOption:
    """One choice the laws give after an irregularity, and exactly what it does.

    ``stands``: the call that takes effect for the offender, as if made in turn (None: no
    call takes effect). ``bars``: players who may then only pass. ``award``: honour points.
    ``ends``: the bidding ends here (a new deal, or ``final`` becomes the final declaration
    with ``final_doubling``).
    """

    kind: PenaltyKind
    law: str
    description: str
    stands: Call | None = None
    bars: tuple[Bar, ...] = ()
    award: PenaltyAward | None = None
    ends: AuctionOutcome | None = None
    final: Declared | None = None
    final_doubling: Doubling = Doubling.NONE


Options = tuple[PenaltyOption, ...]


def penalty_options(
    irregularity: Irregularity, context: AuctionState | None = None, rules: AuctionRules | None = None
) -> Options:
    """What the laws let the adversaries choose after ``irregularity`` (Laws 49-50b, 57, 81, F).

    ``context`` is the bidding just before the irregular call (needed for every kind except
    Law 81's omitted card); ``rules`` defaults to the context's, and ``rules.duplicate``
    switches to Law F. The options come in the order the laws name them.
    """
    if rules is None:
        rules = context.rules if context is not None else AuctionRules()
    if irregularity.kind is IrregularityKind.OMITTED_CARD:
        return _omitted_card(irregularity, rules)
    if context is None:
        raise AuctionError(
            f"The penalties for {irregularity.kind.words} depend on the bidding before it "
            f"({irregularity.kind.law})."
        )
    if context.closed:
        raise AuctionError(
            "The bidding is over: there is no irregularity of the declaration to rule on (Law 45)."
        )
    builders: dict[IrregularityKind, Callable[[Irregularity, AuctionState, AuctionRules], Options]] = {
        IrregularityKind.INSUFFICIENT: _insufficient,
        IrregularityKind.IMPOSSIBLE: _impossible,
        IrregularityKind.DECLARATION_OUT_OF_TURN: _declaration_out_of_turn,
        IrregularityKind.PASS_OUT_OF_TURN: _pass_out_of_turn,
        IrregularityKind.BARRED_DECLARATION: _barred_declaration,
        IrregularityKind.DOUBLE_OUT_OF_TURN: _double_out_of_turn,
    }
    return builders[irregularity.kind](irregularity, context, rules)


# --- helpers -----------------------------------------------------------------------------


def _adversaries(seat: Seat) -> str:
    first, second = seat.side.other.seats
    return f"{first.name_word} or {second.name_word}"


def _bid(irregularity: Irregularity) -> Bid:
    if not isinstance(irregularity.call, Bid):
        raise AuctionError(
            f"{irregularity.kind.words.capitalize()} must be a declaration ({irregularity.kind.law})."
        )
    return irregularity.call


def _call(irregularity: Irregularity) -> Call:
    if irregularity.call is None:
        raise AuctionError(
            f"{irregularity.kind.words.capitalize()} needs the call that was made ({irregularity.kind.law})."
        )
    return irregularity.call


def _new_deal(law: str) -> PenaltyOption:
    return PenaltyOption(
        PenaltyKind.NEW_DEAL,
        law,
        f"New deal: either adversary may demand that the cards be dealt again ({law}).",
        ends=AuctionOutcome.NEW_DEAL,
    )


def _partner_barred(seat: Seat, law: str) -> tuple[Bar, ...]:
    return (Bar(seat.partner, BarUntil.ADVERSE_BID_OR_DOUBLE, law),)


def _made(kind: PenaltyKind, irregularity: Irregularity, made: Bid, how: str) -> PenaltyOption:
    seat = irregularity.seat
    bid = _bid(irregularity)
    return PenaltyOption(
        kind,
        "Law 50",
        f"{seat.name_word}'s {bid.describe()} is {how}: it becomes {made.describe_value()}, and "
        f"{seat.partner.name_word} may not declare again unless {_adversaries(seat)} bids or doubles "
        "(Law 50).",
        stands=made,
        bars=_partner_barred(seat, "Law 50"),
    )


def _last_declaration_final(irregularity: Irregularity, context: AuctionState) -> PenaltyOption | None:
    side = irregularity.seat.side
    declared = context.last_declaration_of(side)
    if declared is None:
        return None
    doubling = context.doubling if declared is context.current else Doubling.NONE
    words = declared.bid.describe() + ("" if doubling is Doubling.NONE else f", {doubling.word}")
    return PenaltyOption(
        PenaltyKind.LAST_DECLARATION_FINAL,
        "Law 50",
        f"{side.label}'s last declaration, {declared.seat.name_word}'s {words}, becomes the final "
        "declaration (Law 50).",
        ends=AuctionOutcome.CONTRACT,
        final=declared,
        final_doubling=doubling,
    )


def _substitute(irregularity: Irregularity, rules: AuctionRules, what: str, stands: Call | None) -> Options:
    """Reading R-15: in duplicate, 50 honour points where a new deal was the only penalty left."""
    if rules.substitute_points <= 0:
        return ()
    seat = irregularity.seat
    side = seat.side.other
    reason = f"{irregularity.kind.words} by {seat.name_word}"
    award = PenaltyAward(side, rules.substitute_points, "Law F", reason)
    return (
        PenaltyOption(
            PenaltyKind.HONOUR_POINTS,
            "Law F",
            f"{side.label} score {rules.substitute_points} in their honour column instead of a new deal, "
            f"which duplicate does not allow; {what} (Law F; reading R-15).",
            stands=stands,
            award=award,
        ),
    )


def _not_demanded(law: str, what: str, stands: Call | None) -> PenaltyOption:
    return PenaltyOption(
        PenaltyKind.NOT_DEMANDED, law, f"No penalty demanded ({law}): {what}.", stands=stands
    )


# --- one builder per irregularity --------------------------------------------------------


def _insufficient(irregularity: Irregularity, context: AuctionState, rules: AuctionRules) -> Options:
    bid = _bid(irregularity)
    current = context.current
    level = lowest_sufficient_level(bid.strain, current.bid if current is not None else None)
    options: list[PenaltyOption] = []
    if level is not None:
        options.append(
            _made(PenaltyKind.MAKE_SUFFICIENT, irregularity, Bid(level, bid.strain), "made sufficient")
        )
    else:
        # not even seven is higher, so it is treated as impossible, without "make it seven".
        if not rules.duplicate:
            options.append(_new_deal("Law 50; reading R-10"))
        final = _last_declaration_final(irregularity, context)
        if final is not None:
            options.append(final)
        if rules.duplicate and not options:
            what = (
                f"{irregularity.seat.name_word}'s {bid.describe()}, which not even seven would make "
                "sufficient, is cancelled (reading R-10)"
            )
            options += _substitute(irregularity, rules, what, None)
    options.append(
        _not_demanded(
            "Law 50b",
            f"{irregularity.seat.name_word}'s {bid.describe()} stands as made, and the declaration it "
            "failed to overbid may be named again (Foster's note 11)",
            bid,
        )
    )
    return tuple(options)


def _impossible(irregularity: Irregularity, context: AuctionState, rules: AuctionRules) -> Options:
    bid = _bid(irregularity)
    current = context.current
    seven = Bid(7, bid.strain)
    options: list[PenaltyOption] = []
    if current is None or seven.outranks(current.bid):
        options.append(_made(PenaltyKind.MAKE_SEVEN, irregularity, seven, "made seven"))
    if not rules.duplicate:
        options.append(_new_deal("Law 50"))
    final = _last_declaration_final(irregularity, context)
    if final is not None:
        options.append(final)
    if rules.duplicate and not options:
        what = f"{irregularity.seat.name_word}'s impossible declaration is cancelled"
        options += _substitute(irregularity, rules, what, None)
    return tuple(options)


def _declaration_out_of_turn(
    irregularity: Irregularity, context: AuctionState, rules: AuctionRules
) -> Options:
    bid = _bid(irregularity)
    seat = irregularity.seat
    as_in_turn = (
        f"the bidding goes on as if {seat.name_word}'s {bid.describe()} had been made in turn, "
        f"{seat.left.name_word} calling next"
    )
    if not rules.duplicate:
        return (
            _new_deal("Law 49"),
            PenaltyOption(
                PenaltyKind.LET_STAND, "Law 49", f"Let it stand: {as_in_turn} (Law 49).", stands=bid
            ),
        )
    side = seat.side.other
    award = PenaltyAward(side, 50, "Law F", f"declaration out of turn by {seat.name_word}")
    stands = PenaltyOption(
        PenaltyKind.STAND_WITH_HONOUR_POINTS,
        "Law F",
        f"It stands (no new deal in duplicate): {as_in_turn}; {side.label} score 50 in their honour column, "
        f"and {seat.partner.name_word} may take no further part in the bidding of this deal (Law F).",
        stands=bid,
        bars=(Bar(seat.partner, BarUntil.END_OF_BIDDING, "Law F"),),
        award=award,
    )
    return (stands, _not_demanded("Law 50b", f"{as_in_turn}, without the 50 points or the bar", bid))


def _pass_out_of_turn(irregularity: Irregularity, context: AuctionState, rules: AuctionRules) -> Options:
    seat = irregularity.seat
    if not isinstance(_call(irregularity), Pass):
        raise AuctionError("A pass out of turn must be a pass (Law 49).")
    again = "the declaration he passed is overbid or doubled" if context.current else "a declaration is made"
    return (
        PenaltyOption(
            PenaltyKind.NO_PENALTY,
            "Law 49",
            f"No penalty: the order of the bidding is unchanged ({context.to_call.name_word} still calls "
            f"next), and {seat.name_word} may re-enter in his turn only if {again} (Law 49).",
            bars=(Bar(seat, BarUntil.DECLARATION_CHANGES, "Law 49"),),
        ),
    )


def _barred_declaration(irregularity: Irregularity, context: AuctionState, rules: AuctionRules) -> Options:
    call = _call(irregularity)
    seat = irregularity.seat
    both = (
        Bar(seat, BarUntil.END_OF_BIDDING, "Law 50a"),
        Bar(seat.partner, BarUntil.END_OF_BIDDING, "Law 50a"),
    )
    out = (
        f"neither {seat.name_word} nor {seat.partner.name_word} may take any further part in the bidding, "
        "even if the adversaries double or declare (Law 50a)"
    )
    return (
        PenaltyOption(
            PenaltyKind.LET_STAND,
            "Law 50a",
            f"It stands, as if made in turn, and {out}.",
            stands=call,
            bars=both,
        ),
        PenaltyOption(PenaltyKind.CANCEL, "Law 50a", f"It is cancelled, and {out}.", bars=both),
        _not_demanded("Law 50b", f"{seat.name_word}'s {call.describe()} stands as if made in turn", call),
    )


def _double_out_of_turn(irregularity: Irregularity, context: AuctionState, rules: AuctionRules) -> Options:
    call = _call(irregularity)
    seat = irregularity.seat
    stands = (
        f"{seat.name_word}'s {call.describe()} stands and the bidding goes on as if it had been made in turn"
    )
    if not rules.duplicate:
        return (_new_deal("Law 57"), _not_demanded("Law 57", stands, call))
    return (*_substitute(irregularity, rules, stands, call), _not_demanded("Law 57", stands, call))


def _omitted_card(irregularity: Irregularity, rules: AuctionRules) -> Options:
    seat = irregularity.seat
    stands = (
        f"the deal stands; {seat.name_word}'s surplus card is deemed played to the short trick and is not "
        "a revoke there"
    )
    if not rules.duplicate:
        return (_new_deal("Law 81"), _not_demanded("Law 81", stands, None))
    side = seat.side.other
    award = PenaltyAward(side, 50, "Law F", f"{seat.name_word} failed to play to a trick (Law 81)")
    return (
        PenaltyOption(
            PenaltyKind.HONOUR_POINTS,
            "Law F",
            f"{side.label} score 50 in their honour column and {stands} (Law F, for the offence of Law 81).",
            award=award,
        ),
        _not_demanded("Law 81", stands, None),
    )


# --- Applying the adversaries' choice ----------------------------------------------------


def apply_ruling(
    state: AuctionState, irregularity: Irregularity, ruling: PenaltyKind | str | None, *, note: str = ""
) -> AuctionState:
    """The bidding after ``irregularity`` with the adversaries' choice of penalty (Laws 49-50a, 57, F).

    The chosen option must be one :func:`penalty_options` gives. Its call (if any) counts as
    made in turn by the offender, its bars and honour points are recorded, and a new deal or
    a declaration made final ends the bidding.
    """
    options = penalty_options(irregularity, state)
    choices = ", ".join(f'"{option.kind.code}"' for option in options)
    if ruling is None:
        raise AuctionError(f"{irregularity.reason} Record the adversaries' choice: {choices}.")
    kind = PenaltyKind.parse(ruling)
    chosen = next((option for option in options if option.kind is kind), None)
    if chosen is None:
        raise AuctionError(
            f"{irregularity.reason} The laws do not give {kind.words!r} here ({irregularity.kind.law}); "
            f"the choices are {choices}."
        )
    seat = irregularity.seat
    explanation = f"{irregularity.reason} Ruling: {chosen.description}{note}"
    record = CallRecord(
        seat, _call(irregularity), chosen.stands, seat is state.turn, explanation, irregularity, chosen
    )
    after = dataclasses.replace(state, records=(*state.records, record))
    if chosen.ends is AuctionOutcome.NEW_DEAL:
        return dataclasses.replace(after, outcome=AuctionOutcome.NEW_DEAL)
    if chosen.ends is AuctionOutcome.CONTRACT:
        return dataclasses.replace(
            after, outcome=AuctionOutcome.CONTRACT, final=chosen.final, final_doubling=chosen.final_doubling
        )
    if chosen.stands is not None:
        after = after.take_effect(seat, chosen.stands)
    awards = (chosen.award,) if chosen.award is not None else ()
    return dataclasses.replace(after, bars=after.bars + chosen.bars, awards=after.awards + awards)


# --- Laws 50b and 52 ---------------------------------------------------------------------


def penalty_still_enforceable(offender: Seat, later_calls: Iterable[tuple[Seat, Call]]) -> bool:
    """Whether a penalty may still be demanded (Law 50b).

    The penalty for a declaration out of turn, an insufficient or impossible declaration, or a
    bid when barred lapses once either adversary of the offender passes, doubles or declares
    before it is demanded. ``later_calls`` are the calls made since the offence, in order.
    """
    return all(seat.side is offender.side for seat, _call in later_calls)


def correct_inadvertent(
    state: AuctionState,
    seat: Seat,
    made: Call,
    corrected: Call,
    *,
    next_player_acted: bool = False,
    attention_called: bool = False,
) -> AuctionState:
    """Put ``corrected`` in place of ``made``, a declaration made inadvertently (Law 52).

    ``state`` is the bidding before ``made``. A declaration may be corrected until the next
    player passes, declares or doubles; not once an adversary has called attention to its
    being insufficient or impossible (then the penalty cannot be avoided). The corrected call
    must itself be in order.
    """
    who = seat.name_word
    if next_player_acted:
        raise AuctionError(
            f"{who}'s {made.describe()} cannot be changed: the next player has passed, declared or "
            "doubled (Law 52)."
        )
    irregularity = find_irregularity(state, seat, made)
    flawed = irregularity is not None and irregularity.kind in (
        IrregularityKind.INSUFFICIENT,
        IrregularityKind.IMPOSSIBLE,
    )
    if attention_called and flawed and irregularity is not None:
        raise AuctionError(
            f"An adversary called attention to {who}'s {irregularity.kind.words} before it was corrected: "
            "it may not now be corrected, nor the penalty avoided (Law 52)."
        )
    note = f" (Corrected from {made.describe()} before the next player acted, Law 52.)"
    new = state.apply(seat, corrected, note=note)
    record = dataclasses.replace(new.records[-1], corrected_from=made)
    return dataclasses.replace(new, records=(*new.records[:-1], record))

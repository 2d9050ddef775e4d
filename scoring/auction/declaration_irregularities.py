"""Irregularities of the declaration and their detection (Laws 42-50a; the 1912 code's laws 54, 57, 81).

An :class:`Irregularity` is an irregular call (or, for Law 81, an omitted card) by a seat.
:func:`find_irregularity` says what is irregular about a call now, and refuses in the law's
words the calls no law covers with a penalty. What the adversaries may then choose is in
:mod:`scoring.auction.declaration_penalties`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..shared.errors import AuctionError
from ..shared.lookup import kebab, lookup
from ..shared.numbers import NUMBER_WORDS
from ..shared.seats import Seat
from .calls import Bid, Call, Double, Pass, Redouble
from .core import Doubling, Strain
from .declaration import AuctionOutcome, AuctionState, BarUntil


class IrregularityKind(enum.Enum):
    """An irregularity of the declaration, with the law that governs it; value is (code, law, words)."""

    INSUFFICIENT = ("insufficient", "Law 50", "an insufficient declaration")
    IMPOSSIBLE = ("impossible", "Law 50", "an impossible declaration")
    DECLARATION_OUT_OF_TURN = ("declaration-out-of-turn", "Law 49", "a declaration out of turn")
    PASS_OUT_OF_TURN = ("pass-out-of-turn", "Law 49", "a pass out of turn")
    BARRED_DECLARATION = ("barred-declaration", "Law 50a", "a declaration by a barred player")
    DOUBLE_OUT_OF_TURN = ("double-out-of-turn", "Law 57", "a double out of turn")
    OMITTED_CARD = ("omitted-card", "Law 81", "failing to play to a trick")

    @classmethod
    def parse(cls, text: object) -> IrregularityKind:
        """Read a code such as "insufficient" or "declaration-out-of-turn"."""
        return lookup(cls, text, key=lambda kind: kind.code, normalise=kebab, error=_not_an_irregularity_kind)

    @property
    def code(self) -> str:
        return self.value[0]

    @property
    def law(self) -> str:
        return self.value[1]

    @property
    def words(self) -> str:
        return self.value[2]


def _not_an_irregularity_kind(text: object) -> AuctionError:
    return AuctionError(
        f"{text!r} is not an irregularity of the declaration: "
        f"use one of {', '.join(kind.code for kind in IrregularityKind)}."
    )


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregular call (or, for Law 81, an omitted card) by a seat, with the reason in words."""

    kind: IrregularityKind
    seat: Seat
    call: Call | None = None
    reason: str = ""


def _word(number: int) -> str:
    return NUMBER_WORDS[number].lower() if 0 <= number < len(NUMBER_WORDS) else str(number)


# --- Detecting an irregular call --------------------------------------------------------


def _double_problem(state: AuctionState, seat: Seat, call: Double | Redouble) -> str | None:
    """Why ``seat`` may not double or redouble now, or None (Law 43; 1912 code law 54)."""
    current = state.current
    who = seat.name_word
    if current is None:
        return f"{who} cannot {call.describe()}: there is no declaration to double yet (Law 43)."
    theirs = f"{current.seat.name_word}'s {current.bid.describe()}"
    if isinstance(call, Double):
        if current.seat is seat:
            return f"{who} may not double his own declaration, {current.bid.describe()} (Law 43)."
        if current.seat.side is seat.side:
            return f"{who} may not double his partner's declaration, {theirs} (Law 43, subject to Law 54)."
        if state.doubling is not Doubling.NONE:
            done = state.doubling.word
            return f"{theirs} has already been {done}: a declaration is doubled once only (Law 54)."
        return None
    if state.doubling is Doubling.NONE:
        return f"{who} cannot redouble {theirs}: it has not been doubled (Law 43)."
    if current.seat.side is not seat.side:
        return (
            f"{who} may not redouble his partner's double: he may redouble only an adverse double of his "
            "own side's declaration (Law 43, Law 54)."
        )
    if state.doubling is Doubling.REDOUBLED:
        return f"{theirs} has already been redoubled: a declaration is redoubled once only (Law 54)."
    return None


def find_irregularity(state: AuctionState, seat: Seat, call: Call) -> Irregularity | None:
    """What is irregular about ``call`` by ``seat`` now, or None if it is in order (Laws 42-50a, 57).

    Calls that no law covers with a penalty (doubling one's partner, a dealer's pass in the
    American code, a plain spade under the English rule, a call after the bidding has ended)
    raise :class:`AuctionError` naming the law.
    """
    who = seat.name_word
    if state.closed:
        raise AuctionError(_closed_message(state, seat, call))
    if isinstance(call, Bid) and call.strain is Strain.SPADES and state.rules.english:
        raise AuctionError(
            "Under the English rule spades are always royal (value 9): there is no plain spade "
            "declaration, and the lowest declaration is one club (note to the Laws of Duplicate Auction)."
        )
    if isinstance(call, Bid) and call.impossible:
        reason = (
            f"{_word(call.level).capitalize()} is more than the seven odd tricks a declaration may name "
            f"(Law 50): {who}'s {call.describe()} is an impossible declaration."
        )
        return Irregularity(IrregularityKind.IMPOSSIBLE, seat, call, reason)
    if isinstance(call, Double | Redouble):
        problem = _double_problem(state, seat, call)
        if problem is not None:
            raise AuctionError(problem)
    bar = state.bar_on(seat)
    if bar is not None and not isinstance(call, Pass):
        if bar.until is BarUntil.DECLARATION_CHANGES:
            raise AuctionError(
                f"{who} passed out of turn and may re-enter only if the declaration he passed is "
                "overbid or doubled (Law 49)."
            )
        reason = f"{bar.describe()}; his {call.describe()} is a declaration by a barred player (Law 50a)."
        return Irregularity(IrregularityKind.BARRED_DECLARATION, seat, call, reason)
    if seat is not state.turn:
        turn = f"It is {state.to_call.name_word}'s turn, not {who}'s:"
        if isinstance(call, Pass):
            kind = IrregularityKind.PASS_OUT_OF_TURN
        elif isinstance(call, Bid):
            kind = IrregularityKind.DECLARATION_OUT_OF_TURN
        else:
            kind = IrregularityKind.DOUBLE_OUT_OF_TURN
        return Irregularity(kind, seat, call, f"{turn} his {call.describe()} is {kind.words} ({kind.law}).")
    current = state.current
    if isinstance(call, Pass) and current is None and seat is state.dealer and not state.rules.english:
        raise AuctionError(
            f"{who} is the dealer and must declare at least one odd trick; only the English rule lets "
            "the dealer pass (Law 42)."
        )
    if isinstance(call, Bid) and current is not None and not call.outranks(current.bid):
        reason = (
            f"{who}'s {call.describe_value()} is not higher than {current.seat.name_word}'s "
            f"{current.bid.describe_value()}: an insufficient declaration (Law 44, Law 50)."
        )
        return Irregularity(IrregularityKind.INSUFFICIENT, seat, call, reason)
    return None


def _closed_message(state: AuctionState, seat: Seat, call: Call) -> str:
    if state.outcome is AuctionOutcome.NEW_DEAL:
        return "The bidding is over: the adversaries chose a new deal."
    if state.outcome is AuctionOutcome.PASSED_OUT:
        return "The bidding is over: all four passed and the deal is passed out (English rule)."
    final = state.final
    assert final is not None
    if final.seat is seat and isinstance(call, Bid):
        return (
            f"{seat.name_word}'s {final.bid.describe()} has been passed by the three others: it is final, "
            "and a player cannot overbid his own declaration so passed (Law 45)."
        )
    return (
        f"The bidding is over: {final.seat.name_word}'s {final.bid.describe()} is the final declaration "
        "(Law 45; a declaration passed by the three others is final)."
    )


def lowest_sufficient_level(strain: Strain, over: Bid | None) -> int | None:
    """The fewest odd tricks, at most seven, in ``strain`` that are higher than ``over`` (Law 44).

    None when even seven is not higher: such an insufficient declaration cannot be made
    sufficient and is treated as impossible (reading R-10).
    """
    for level in range(1, 8):
        if over is None or Bid(level, strain).outranks(over):
            return level
    return None

"""The declaration: the auction of Auction Bridge (Laws 42-52).

A call is a pass, a declaration (a :class:`Bid` of one to seven odd tricks in a strain), a
double or a redouble, made by a seat. :class:`AuctionState` is the bidding so far, as a
frozen value; :meth:`AuctionState.apply` adds one call and returns the next state, and
:func:`run_auction` plays a whole list of calls through to an :class:`AuctionResult`.

Irregular calls (Laws 49, 50, 50a and the 1912 code's law 57) are not simply refused: a
call recorded together with the adversaries' choice of penalty (a :class:`PenaltyKind`)
takes the effect that penalty gives, so that a bar on a player is known to the state and a
barred player's later declaration is detected (Law 50a). What each code allows is listed by
:func:`scoring.auction.declaration_penalties.penalty_options`. That module (penalties) and
:mod:`scoring.auction.declaration_irregularities` (irregularities and their detection) import this
one; this one reaches them inside functions only. The calls themselves are in
:mod:`scoring.auction.calls`.

Penalty points (duplicate Law F) are :class:`PenaltyAward` values with the same fields as
the deal engine's ``Award`` (``to``, ``points``, ``law``, ``reason``), so the deal engine can
take them as they are; :meth:`PenaltyAward.as_award` builds the deal engine's own type.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..shared.errors import AuctionError
from ..shared.seats import Seat, Side
from .calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble, parse_call
from .core import Contract, Doubling, Strain

if TYPE_CHECKING:
    from .deal import Award
    from .declaration_irregularities import Irregularity
    from .declaration_penalties import PenaltyKind, PenaltyOption


# --- Rules, bars, awards -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """The options of the declaration.

    ``english``: the English rule (note to the Laws of Duplicate Auction): the dealer may say
    "no bid", spades are always royal at 9 (a plain spade declaration does not exist), the
    lowest declaration is one club, and a deal passed by all four is passed out.
    ``royals_distinct_for_law46``: reading R-9, spades and royals are different declarations
    for Law 46; False is the literal reading (one suit).
    ``duplicate``: Law F replaces every new deal (section 7.8).
    ``substitute_points``: reading R-15, the honour points given in duplicate where a law's
    only penalty was a new deal (0 gives none).
    """

    english: bool = False
    royals_distinct_for_law46: bool = True
    duplicate: bool = False
    substitute_points: int = 50


class BarUntil(enum.Enum):
    """How long a player may not declare."""

    ADVERSE_BID_OR_DOUBLE = "unless an adversary subsequently bids or doubles"
    DECLARATION_CHANGES = "until the declaration he passed is overbid or doubled"
    END_OF_BIDDING = "for the rest of the bidding of this deal"


@dataclass(frozen=True, slots=True)
class Bar:
    """A player who may only pass, for how long, and the law that says so (Laws 49, 50, 50a, F)."""

    seat: Seat
    until: BarUntil
    law: str

    def describe(self) -> str:
        if self.until is BarUntil.ADVERSE_BID_OR_DOUBLE:
            first, second = self.seat.side.other.seats
            when = f"unless {first.name_word} or {second.name_word} bids or doubles"
        else:
            when = self.until.value
        return f"{self.seat.name_word} may not declare {when} ({self.law})"

    def lifted_by(self, seat: Seat, call: Call) -> bool:
        """Whether ``call`` by ``seat`` ends this bar (Law 50: an adversary's bid or double)."""
        if isinstance(call, Pass):
            return False
        if self.until is BarUntil.ADVERSE_BID_OR_DOUBLE:
            return seat.side is not self.seat.side
        return self.until is BarUntil.DECLARATION_CHANGES


@dataclass(frozen=True, slots=True)
class PenaltyAward:
    """Honour points a penalty gives to a side (Law F; reading R-15).

    The fields are those of the deal engine's ``Award``; :meth:`as_award` builds one.
    """

    to: Side
    points: int
    law: str
    reason: str

    def as_tuple(self) -> tuple[Side, int, str, str]:
        return (self.to, self.points, self.law, self.reason)

    def as_award(self) -> Award:
        """The deal engine's ``Award`` (scoring.auction.deal), imported only when asked for."""
        from .deal import Award

        return Award(self.to, self.points, self.law, self.reason)


class AuctionOutcome(enum.Enum):
    """How the bidding ended."""

    CONTRACT = "contract"
    PASSED_OUT = "passed out"
    NEW_DEAL = "new deal"


@dataclass(frozen=True, slots=True)
class Declared:
    """A declaration that stands in the auction, by a seat; ``opening`` marks the dealer's original one."""

    seat: Seat
    bid: Bid
    opening: bool = False


# --- The auction -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CallRecord:
    """One call as made at the table, what took effect, and why, in words."""

    seat: Seat
    call: Call
    stands: Call | None
    in_turn: bool
    explanation: str
    irregularity: Irregularity | None = None
    ruling: PenaltyOption | None = None
    corrected_from: Call | None = None


@dataclass(frozen=True, slots=True)
class CallMade:
    """An entry for :func:`run_auction`: a call by a named seat, with the ruling if it was irregular."""

    seat: Seat
    call: Call
    ruling: PenaltyKind | None = None

    @classmethod
    def parse(
        cls, seat: object, call: object, ruling: object = None, rules: AuctionRules | None = None
    ) -> CallMade:
        """Read ("E", "2D", "make-sufficient") and the like."""
        from .declaration_penalties import PenaltyKind

        kind = None if ruling is None else PenaltyKind.parse(ruling)
        return cls(Seat.parse(seat), parse_call(call, rules), kind)


@dataclass(frozen=True, slots=True)
class AuctionState:
    """The bidding so far (Laws 42-52): whose turn, the current declaration, bars, awards.

    Start with ``AuctionState(dealer)``; every change returns a new state.
    """

    dealer: Seat
    rules: AuctionRules = AuctionRules()
    records: tuple[CallRecord, ...] = ()
    turn: Seat | None = None
    bids: tuple[Declared, ...] = ()
    doubling: Doubling = Doubling.NONE
    passes: int = 0
    bars: tuple[Bar, ...] = ()
    awards: tuple[PenaltyAward, ...] = ()
    outcome: AuctionOutcome | None = None
    final: Declared | None = None
    final_doubling: Doubling = Doubling.NONE

    def __post_init__(self) -> None:
        if self.turn is None:
            object.__setattr__(self, "turn", self.dealer)

    @property
    def to_call(self) -> Seat:
        """The seat whose turn it is."""
        assert self.turn is not None
        return self.turn

    @property
    def current(self) -> Declared | None:
        """The last declaration that stands, or None before the first."""
        return self.bids[-1] if self.bids else None

    @property
    def closed(self) -> bool:
        return self.outcome is not None

    def bar_on(self, seat: Seat) -> Bar | None:
        """The bar that keeps ``seat`` from declaring, if any (the longest-lasting one)."""
        found = [bar for bar in self.bars if bar.seat is seat]
        if not found:
            return None
        order = (BarUntil.END_OF_BIDDING, BarUntil.ADVERSE_BID_OR_DOUBLE, BarUntil.DECLARATION_CHANGES)
        return min(found, key=lambda bar: order.index(bar.until))

    def last_declaration_of(self, side: Side) -> Declared | None:
        """The side's last declaration that stands (for Law 50's "last declaration ... final")."""
        for declared in reversed(self.bids):
            if declared.seat.side is side:
                return declared
        return None

    def apply(
        self, seat: Seat, call: Call, ruling: PenaltyKind | str | None = None, *, note: str = ""
    ) -> AuctionState:
        """Add one call by ``seat`` (Laws 43-45, 49-50a).

        A call in order needs no ruling. An irregular call needs the adversaries' choice among
        :func:`scoring.auction.declaration_penalties.penalty_options` and takes that choice's effect.
        """
        from .declaration_irregularities import find_irregularity
        from .declaration_penalties import apply_ruling

        irregularity = find_irregularity(self, seat, call)
        if irregularity is not None:
            return apply_ruling(self, irregularity, ruling, note=note)
        if ruling is not None:
            raise AuctionError(
                f"{seat.name_word}'s {call.describe()} is in order: there is no penalty to apply."
            )
        record = CallRecord(seat, call, call, True, _explain(self, seat, call) + note)
        return dataclasses.replace(self, records=(*self.records, record)).take_effect(seat, call)

    def take_effect(self, seat: Seat, call: Call) -> AuctionState:
        """Count ``call`` as made in turn by ``seat``: the next to call is on his left (Laws 43, 49).

        Three passes after a declaration (or its double) end the bidding (Law 45); under the
        English rule four passes with no declaration pass the deal out.
        """
        bars = tuple(bar for bar in self.bars if not bar.lifted_by(seat, call))
        state = dataclasses.replace(self, turn=seat.left, bars=bars)
        if isinstance(call, Pass):
            state = dataclasses.replace(state, passes=self.passes + 1)
            if state.bids and state.passes >= 3:
                return dataclasses.replace(
                    state,
                    outcome=AuctionOutcome.CONTRACT,
                    final=state.bids[-1],
                    final_doubling=state.doubling,
                )
            if not state.bids and state.passes >= 4:
                return dataclasses.replace(state, outcome=AuctionOutcome.PASSED_OUT)
            return state
        if isinstance(call, Bid):
            opening = not self.bids and seat is self.dealer and self.turn is self.dealer
            declared = Declared(seat, call, opening)
            return dataclasses.replace(state, bids=(*self.bids, declared), doubling=Doubling.NONE, passes=0)
        doubling = Doubling.DOUBLED if isinstance(call, Double) else Doubling.REDOUBLED
        return dataclasses.replace(state, doubling=doubling, passes=0)

    def result(self) -> AuctionResult:
        """The outcome of a finished auction: contract, declarer (Law 46), the Law 48 flag."""
        if self.outcome is None:
            raise AuctionError(
                f"The bidding is not finished: it is {self.to_call.name_word}'s turn; a declaration "
                "becomes final only when the three others have passed it (Law 45)."
            )
        lines = [record.explanation for record in self.records]
        if self.outcome is AuctionOutcome.NEW_DEAL:
            lines.append("The adversaries chose a new deal: this deal is not scored.")
            return AuctionResult(
                self.dealer, self.outcome, None, None, None, False, self.records, self.awards, tuple(lines)
            )
        if self.outcome is AuctionOutcome.PASSED_OUT or self.final is None:
            lines.append("All four passed: the deal is passed out (English rule).")
            return AuctionResult(
                self.dealer, self.outcome, None, None, None, False, self.records, self.awards, tuple(lines)
            )
        final = self.final
        contract = Contract(final.bid.level, final.bid.strain, self.final_doubling)
        declarer = declarer_by_law_46(self.bids, final, self.rules)
        one_spade = final.opening and final.bid == Bid(1, Strain.SPADES)
        lines.append(
            f"Final declaration: {_with_doubling(final.bid, self.final_doubling)}, by {final.seat.name_word}."
        )
        lines.append(_explain_law_46(declarer, final, self.rules))
        if one_spade:
            lines.append("It is the dealer's original declaration of one spade (Law 48).")
        return AuctionResult(
            self.dealer,
            self.outcome,
            contract,
            final.seat,
            declarer,
            one_spade,
            self.records,
            self.awards,
            tuple(lines),
        )


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """A finished auction: the final contract (doubling included), who plays it, and why.

    ``dealers_original_one_spade`` is the flag Law 48's 100-point limit needs: the final
    declaration is the dealer's opening "one spade", never overbid.
    """

    dealer: Seat
    outcome: AuctionOutcome
    contract: Contract | None
    final_bidder: Seat | None
    declarer: Seat | None
    dealers_original_one_spade: bool
    calls: tuple[CallRecord, ...]
    awards: tuple[PenaltyAward, ...]
    lines: tuple[str, ...]

    @property
    def declaring_side(self) -> Side | None:
        return None if self.declarer is None else self.declarer.side

    @property
    def dummy(self) -> Seat | None:
        return None if self.declarer is None else self.declarer.partner


def _law46_key(strain: Strain, rules: AuctionRules) -> str:
    if not rules.royals_distinct_for_law46 and strain in (Strain.SPADES, Strain.ROYALS):
        return "spade suit"
    return strain.code


def declarer_by_law_46(bids: Iterable[Declared], final: Declared, rules: AuctionRules | None = None) -> Seat:
    """Who plays the combined hands (Law 46).

    The maker of the final declaration, unless his partner named the same suit (or no trump)
    before him, whatever bids intervened. Reading R-9: spades and royal spades are different
    declarations unless ``rules.royals_distinct_for_law46`` is False.
    """
    rules = rules or AuctionRules()
    key = _law46_key(final.bid.strain, rules)
    for declared in bids:
        if declared.seat.side is final.seat.side and _law46_key(declared.bid.strain, rules) == key:
            return declared.seat
    return final.seat


def _explain_law_46(declarer: Seat, final: Declared, rules: AuctionRules) -> str:
    denomination = final.bid.strain.noun
    if not rules.royals_distinct_for_law46 and final.bid.strain in (Strain.SPADES, Strain.ROYALS):
        denomination = "spades (spades and royals taken as one suit)"
    if declarer is final.seat:
        return (
            f"{declarer.name_word} plays the combined hands: his partner had not named {denomination} "
            "before him (Law 46)."
        )
    return (
        f"{declarer.name_word} plays the combined hands: he named {denomination} before his partner "
        f"{final.seat.name_word}, whatever bids intervened (Law 46)."
    )


# --- Checking a call ---------------------------------------------------------------------


def check_call(state: AuctionState, call: Call, seat: Seat | None = None) -> None:
    """Raise :class:`AuctionError` unless ``call`` by ``seat`` (default: the player in turn) is in order.

    Laws 42-45 and 54: the dealer must declare; a declaration must be higher (Law 44);
    one doubles only the last adverse declaration, once, and redoubles only an adverse double
    of one's own side's declaration; a barred player may only pass (Laws 49, 50, 50a).
    """
    from .declaration_irregularities import find_irregularity

    irregularity = find_irregularity(state, state.to_call if seat is None else seat, call)
    if irregularity is not None:
        raise AuctionError(irregularity.reason)


def legal_calls(state: AuctionState) -> tuple[Call, ...]:
    """Every call the player in turn may make (Laws 42-45, 54; English rule)."""
    from .declaration_irregularities import find_irregularity

    if state.closed:
        return ()
    seat = state.to_call
    candidates: list[Call] = [PASS, DOUBLE, REDOUBLE]
    candidates += [Bid(level, strain) for level in range(1, 8) for strain in Strain]
    found: list[Call] = []
    for call in candidates:
        try:
            if find_irregularity(state, seat, call) is None:
                found.append(call)
        except AuctionError:
            continue
    return tuple(found)


def _with_doubling(bid: Bid, doubling: Doubling) -> str:
    return bid.describe() + ("" if doubling is Doubling.NONE else f", {doubling.word}")


def _explain(state: AuctionState, seat: Seat, call: Call) -> str:
    who = seat.name_word
    current = state.current
    if isinstance(call, Pass):
        bar = state.bar_on(seat)
        text = f"{who} passes"
        if bar is not None:
            text += f", as he must: {bar.describe()}"
        if current is not None and state.passes == 2:
            final = _with_doubling(current.bid, state.doubling)
            text += f"; three passes have followed, so {current.seat.name_word}'s {final} is final (Law 45)"
        elif current is None and state.passes == 3:
            text += "; all four have passed (English rule)"
        return text + "."
    if isinstance(call, Double | Redouble):
        assert current is not None
        verb = "doubles" if isinstance(call, Double) else "redoubles"
        return f"{who} {verb} {current.seat.name_word}'s {current.bid.describe()} (Law 43)."
    if current is None:
        if seat is state.dealer:
            return f"{who}, the dealer, opens with {call.describe_value()} (Law 42)."
        return f"{who} declares {call.describe_value()} (Law 43)."
    if call.value == current.bid.value:
        return (
            f"{who} declares {call.describe_value()}: equal in value to {current.bid.describe()} but more "
            "tricks, so higher (Law 44)."
        )
    return f"{who} declares {call.describe_value()}, higher than {current.bid.describe_value()} (Law 44)."


def _entry(state: AuctionState, item: Call | str | CallMade) -> AuctionState:
    if isinstance(item, CallMade):
        return state.apply(item.seat, item.call, item.ruling)
    return state.apply(state.to_call, parse_call(item, state.rules))


def run_auction(
    dealer: Seat, calls: Iterable[Call | str | CallMade], rules: AuctionRules | None = None
) -> AuctionResult:
    """Play a list of calls through the laws of the declaration and return the result (Laws 42-52).

    A plain call or text is made by the player in turn. An irregular call is given as a
    :class:`CallMade` with its seat and the adversaries' choice of penalty.
    """
    state = AuctionState(dealer, rules or AuctionRules())
    for item in calls:
        state = _entry(state, item)
    return state.result()

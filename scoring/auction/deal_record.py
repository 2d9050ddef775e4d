"""The facts of one deal of four-hand Auction Bridge, as the table reports them.

What was finally declared (Laws 42-52), who played the combined hands (Law 46), the tricks
the declaring side won *in play*, how many honours each seat held, the established
revokes with the declarer's election (Law 84), and penalty points the director awarded
(Law F). :meth:`Deal.build` reads them from plain values and refuses, with a sentence
naming the law, anything the laws do not allow. :mod:`scoring.auction.deal` scores them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..shared.cards import Hands
from ..shared.errors import ContractError, DealError, quoted
from ..shared.lookup import lookup
from ..shared.seats import SEATS, Seat, Side
from .core import Contract, Doubling, Strain
from .honours import honours_held

MOST_AWARD_POINTS = 10_000
"""A sanity bound on one award: the laws' penalties are 50 or 100 points (Law F, Law 84)."""


class RevokePenalty(enum.Enum):
    """The declarer's election when an adversary revoked: 100 points, or three tricks (Law 84)."""

    POINTS = "points"
    TRICKS = "tricks"

    @classmethod
    def parse(cls, text: object) -> RevokePenalty:
        """Read "points" or "tricks"."""
        return lookup(cls, text, key=lambda penalty: penalty.value, error=_not_a_revoke_penalty)


def _not_a_revoke_penalty(text: object) -> DealError:
    return DealError(
        f'{quoted(text)} is not a revoke penalty: the declarer elects "points" or "tricks" (Law 84).'
    )


@dataclass(frozen=True, slots=True)
class Revoke:
    """An established revoke by one seat, and the declarer's election if an adversary revoked."""

    by: Seat
    penalty: RevokePenalty = RevokePenalty.POINTS

    def __post_init__(self) -> None:
        if not isinstance(self.by, Seat):
            raise DealError(f"{quoted(self.by)} is not a seat: a revoke is made by N, E, S or W (Law 84).")
        if not isinstance(self.penalty, RevokePenalty):
            RevokePenalty.parse(self.penalty)  # raises with the message a director reads
            raise DealError("A revoke penalty is a RevokePenalty (Law 84).")


@dataclass(frozen=True, slots=True)
class Award:
    """Penalty points the director enters in one side's honour column (e.g. 50, Law F)."""

    to: Side
    points: int
    law: str = ""
    reason: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.to, Side):
            raise DealError(f"{quoted(self.to)} is not a side: penalty points go to NS or EW.")
        if isinstance(self.points, bool) or not isinstance(self.points, int) or self.points < 0:
            raise DealError(
                f"{quoted(self.points)} is not a number of penalty points: "
                "award a whole number, zero or more."
            )
        if self.points > MOST_AWARD_POINTS:
            raise DealError(
                f"{quoted(self.points)} penalty points is far beyond any penalty of the laws "
                f"(at most {MOST_AWARD_POINTS} in one award)."
            )
        if not isinstance(self.law, str) or not isinstance(self.reason, str):
            raise DealError("An award's law and reason are text.")


@dataclass(frozen=True, slots=True)
class Deal:
    """The facts of one deal: what was declared, by whom, the tricks won in play, who held what.

    ``contract`` None is a deal passed out, possible only under the English rule; it scores
    nothing. ``tricks`` are those the declaring side won in play, 0 to 13.
    """

    contract: Contract | None
    declarer: Seat | None
    tricks: int
    honours: tuple[int, int, int, int] = (0, 0, 0, 0)
    dealers_one_spade: bool = False
    revokes: tuple[Revoke, ...] = ()
    awards: tuple[Award, ...] = ()

    def __post_init__(self) -> None:
        if self.contract is not None and not (
            isinstance(self.contract, Contract)
            and isinstance(self.contract.strain, Strain)
            and isinstance(self.contract.doubling, Doubling)
        ):
            raise ContractError(f"{quoted(self.contract)} is not a contract (Law 42).")
        if self.declarer is not None and not isinstance(self.declarer, Seat):
            raise DealError(f"{quoted(self.declarer)} is not a seat: the declarer is N, E, S or W (Law 46).")
        _check_tricks(self.tricks)
        _check_honours(self.honours, self.contract.strain if self.contract else None)
        if not isinstance(self.dealers_one_spade, bool):
            raise DealError(
                f"{quoted(self.dealers_one_spade)} is not true or false: is it the dealer's one spade?"
            )
        if not isinstance(self.revokes, tuple) or not all(isinstance(r, Revoke) for r in self.revokes):
            raise DealError("The revokes of a deal are a tuple of Revoke (Law 84).")
        if not isinstance(self.awards, tuple) or not all(isinstance(a, Award) for a in self.awards):
            raise DealError("The penalty awards of a deal are a tuple of Award.")
        if self.contract is None:
            _check_passed_out(self)
            return
        if self.declarer is None:
            raise DealError(
                f"The contract {self.contract} needs a declarer: "
                "the seat that plays the combined hands (Law 46)."
            )
        if self.dealers_one_spade:
            check_dealers_one_spade(self.contract, self.declarer)

    @classmethod
    def build(
        cls,
        *,
        contract: Contract | str | None,
        declarer: Seat | str | None = None,
        tricks: int = 0,
        honours: Mapping[Seat | str, int] | None = None,
        dealers_one_spade: bool = False,
        revokes: Iterable[Revoke | Mapping[str, object]] = (),
        awards: Iterable[Award | Mapping[str, object]] = (),
        hands: Hands | str | None = None,
    ) -> Deal:
        """Read a deal from plain values, as a form or the command line gives them.

        ``contract`` is text such as "3NTX" (Law 42, 44, 53); ``honours`` maps seats to the
        number of honours held (seats left out hold none); ``hands`` (a PBN deal string)
        may be given instead, and the honours are then counted from the cards. Revokes
        are ``{"by": seat, "penalty": "points" | "tricks"}`` (Law 84); awards are
        ``{"to": side, "points": n}``. Anything the laws do not allow raises
        :class:`DealError` or :class:`ContractError` naming the law.
        """
        parsed_contract = _parse_contract(contract)
        seat = None if declarer is None else _seat(declarer, "the declarer")
        counts = _parse_honours(honours)
        if hands is not None:
            if parsed_contract is None:
                raise DealError("A passed-out deal has no trumps, so its hands hold no honours to count.")
            held = honours_held(Hands.parse(hands), parsed_contract.strain)
            if honours is not None and counts != held:
                raise DealError(
                    f"The honours given ({_honour_text(counts)}) are not those the hands hold "
                    f"({_honour_text(held)}) in {parsed_contract.strain.noun} (table of values)."
                )
            counts = held
        return cls(
            contract=parsed_contract,
            declarer=seat,
            tricks=tricks,
            honours=counts,
            dealers_one_spade=dealers_one_spade,
            revokes=tuple(_parse_revoke(item) for item in _items(revokes, "revokes")),
            awards=tuple(_parse_award(item) for item in _items(awards, "awards")),
        )

    @property
    def declaring_side(self) -> Side | None:
        """The declarer and his dummy; None when the deal was passed out."""
        return None if self.declarer is None else self.declarer.side


def check_dealers_one_spade(
    contract: Contract | None, declarer: Seat | None, dealer: Seat | None = None
) -> None:
    """Refuse a deal flagged as the dealer's original one spade that cannot be one (Law 48).

    Law 48 limits the loss to 100 only when the final declaration is the dealer's original
    "one spade", never overbid: the contract is one spade (doubled or redoubled), and the
    dealer, who opened it, is the declarer. Only the dealer may open one spade (spec 1.2);
    ``dealer`` None (a deal whose board is not known) checks the contract alone.
    """
    if contract is None:
        raise DealError("A passed-out deal has no dealer's one spade (Law 48).")
    if (contract.level, contract.strain) != (1, Strain.SPADES):
        raise DealError(
            "Only a final declaration of one spade can be the dealer's original one spade (Law 48); "
            f"the contract is {contract}."
        )
    if dealer is not None and declarer is not None and declarer is not dealer:
        raise DealError(
            f"{dealer.name_word} dealt this board, so a one spade played by {declarer.name_word} "
            "is not the dealer's original one spade (Law 48)."
        )


def _check_tricks(tricks: object) -> None:
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise DealError(
            f"{quoted(tricks)} is not a number of tricks: tricks are a whole number from 0 to 13."
        )
    if not 0 <= tricks <= 13:
        raise DealError(
            f"{quoted(tricks)} tricks is impossible: a deal has thirteen tricks, "
            "one card from each hand (Law B)."
        )


def _check_honours(honours: object, strain: Strain | None) -> None:
    if (
        not isinstance(honours, tuple)
        or len(honours) != 4
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in honours)
    ):
        raise DealError(f"{quoted(honours)} is not a count of honours for N, E, S and W.")
    for seat, count in zip(SEATS, honours, strict=True):
        if count < 0:
            raise DealError(
                f"{seat.name_word} cannot hold {quoted(count)} honours: a seat holds none or more."
            )
    total = sum(honours)
    if strain is None:
        if total:
            raise DealError("A passed-out deal has no trumps, so no honours are scored.")
    elif total > strain.honours_in_play:
        kind = "the four aces" if strain.is_no_trump else "A K Q J 10 of trumps"
        raise DealError(
            f"{quoted(total)} honours is impossible: in {strain.noun} there are {strain.honours_in_play}, "
            f"{kind} (table of values)."
        )


def _check_passed_out(deal: Deal) -> None:
    if deal.declarer is not None:
        raise DealError("A passed-out deal has no declarer: no declaration was made (English rule).")
    if deal.tricks:
        raise DealError("A passed-out deal is not played, so no side wins tricks (English rule).")
    if deal.dealers_one_spade:
        raise DealError("A passed-out deal has no dealer's one spade (Law 48).")
    if deal.revokes:
        raise DealError("A passed-out deal is not played, so no one can revoke (Law 84).")


def _parse_contract(contract: object) -> Contract | None:
    if contract is None or isinstance(contract, Contract):
        return contract
    if not isinstance(contract, str) or len(contract) > 12:
        raise ContractError(f"{quoted(contract)} is not a contract: write a level 1-7, a strain and X or XX.")
    return Contract.parse(contract)


def _parse_honours(honours: object) -> tuple[int, int, int, int]:
    if honours is None:
        return (0, 0, 0, 0)
    if not isinstance(honours, Mapping):
        raise DealError(
            f"{quoted(honours)} is not a list of honours: give each seat and how many honours it held."
        )
    counts = dict.fromkeys(SEATS, 0)
    seen: set[Seat] = set()
    for key, count in honours.items():
        seat = _seat(key, "a seat holding honours")
        if seat in seen:
            raise DealError(f"{seat.name_word}'s honours are given twice.")
        seen.add(seat)
        if isinstance(count, bool) or not isinstance(count, int):
            raise DealError(
                f"{quoted(count)} is not a number of honours for {seat.name_word}: give a whole number."
            )
        counts[seat] = count
    return (counts[Seat.N], counts[Seat.E], counts[Seat.S], counts[Seat.W])


def _items(values: object, what: str) -> list[object]:
    if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
        raise DealError(f"The {what} are a list, even of one.")
    return list(values)


def _parse_revoke(item: object) -> Revoke:
    if isinstance(item, Revoke):
        return item
    if not isinstance(item, Mapping):
        raise DealError(
            f'{quoted(item)} is not a revoke: give {{"by": seat, "penalty": "points" or "tricks"}} (Law 84).'
        )
    if "by" not in item:
        raise DealError('A revoke needs "by": the seat that revoked (Law 84).')
    return Revoke(
        _seat(item["by"], "the player who revoked"), RevokePenalty.parse(item.get("penalty", "points"))
    )


def _parse_award(item: object) -> Award:
    if isinstance(item, Award):
        return item
    if not isinstance(item, Mapping):
        raise DealError(f'{quoted(item)} is not an award: give {{"to": side, "points": points}}.')
    for key in ("to", "points"):
        if key not in item:
            raise DealError(f'An award needs "{key}": the side that scores and the points it scores.')
    points = item["points"]
    if isinstance(points, bool) or not isinstance(points, int):
        raise DealError(
            f"{quoted(points)} is not a number of penalty points: award a whole number, zero or more."
        )
    law, reason = item.get("law", ""), item.get("reason", "")
    if not isinstance(law, str) or not isinstance(reason, str):
        raise DealError("An award's law and reason are text.")
    side = item["to"]
    if not isinstance(side, Side | str) or len(str(side)) > 10:
        raise DealError(f"{quoted(side)} is not a side: penalty points go to NS or EW.")
    return Award(Side.parse(side), points, law, reason)


def _honour_text(counts: tuple[int, int, int, int]) -> str:
    return ", ".join(f"{seat.value} {count}" for seat, count in zip(SEATS, counts, strict=True))


def _seat(value: object, role: str) -> Seat:
    if isinstance(value, Seat):
        return value
    if not isinstance(value, str) or len(value) > 10:
        raise DealError(f"{quoted(value)} is not a seat: {role} is N, E, S or W.")
    return Seat.parse(value)

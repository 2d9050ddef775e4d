"""Stored facts to the engine's values, and back to plain data for the audit log.

The app computes nothing the engine does not: a result becomes a ``scoring.auction.deal.Deal``
(with the awards and revokes of the director's active rulings), and the engine scores it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from scoring.auction.core import Contract, Doubling, Strain
from scoring.auction.deal import Award, Deal, DealScore, Options, Revoke, RevokePenalty, SlamScale, score_deal
from scoring.auction.honours import honours_held
from scoring.shared.cards import Hands
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat, Side

from ..models import Event, Result, Ruling

FACT_FIELDS = (
    "level",
    "strain",
    "doubling",
    "passed_out",
    "declarer",
    "tricks",
    "honours_n",
    "honours_e",
    "honours_s",
    "honours_w",
    "dealers_one_spade",
    "revokes",
    "trumps",
    "status",
)


def snapshot(result: Result | None) -> dict[str, Any] | None:
    """The facts of a result as plain data: what the audit log keeps as 'before' and 'after'."""
    if result is None:
        return None
    data = {name: getattr(result, name) for name in FACT_FIELDS}
    data["board"] = result.board.number
    data["ns"] = result.ns.label
    data["ew"] = result.ew.label
    data["contract"] = result.contract_text
    data["confirmed_by"] = confirmed_by(result)
    return data


def confirmed_by(result: Result) -> str:
    """Who confirmed a result, in words: the director (his act is final) or the opponents; '' if none."""
    if result.status != Result.Status.CONFIRMED:
        return ""
    return "the director" if result.confirmed_by_director else "the opponents"


def options_for(event: Event) -> Options:
    """The event's scoring options: slam values (Law H note) and the Duplicate Auction premium (Law A)."""
    return Options(slams=SlamScale.parse(event.slams), duplicate=True)


def contract_of(result: Result) -> Contract | None:
    if result.passed_out or result.level is None:
        return None
    return Contract(result.level, Strain.parse(result.strain), Doubling.parse(result.doubling))


@functools.lru_cache(maxsize=4096)
def parsed_hands(pbn: str) -> Hands:
    """A board's cards, parsed once however many tables played it."""
    return Hands.parse(pbn)


def honours_of(result: Result) -> tuple[int, int, int, int]:
    """Honours as typed, or derived from the board's cards when the deal is known."""
    contract = contract_of(result)
    if contract is not None and result.board.hands:
        try:
            return honours_held(parsed_hands(result.board.hands), contract.strain)
        except ScoringError:
            pass  # a malformed stored deal falls back to what the table typed
    return result.honours


def ruling_awards(rulings: Iterable[Ruling]) -> tuple[Award, ...]:
    return tuple(
        Award(Side.parse(r.side), r.points, law=r.law, reason=r.reason)
        for r in rulings
        if r.active and r.kind == Ruling.Kind.AWARD and r.points
    )


def revokes_of(result: Result) -> tuple[Revoke, ...]:
    """The revokes the table reported with the result (Law 84), as the engine's values."""
    return tuple(
        Revoke(Seat.parse(item["by"]), RevokePenalty.parse(item.get("penalty", "points")))
        for item in result.revokes
    )


def ruling_revokes(rulings: Iterable[Ruling]) -> tuple[Revoke, ...]:
    return tuple(
        Revoke(Seat.parse(r.seat), RevokePenalty.parse(r.revoke_penalty or "points"))
        for r in rulings
        if r.active and r.kind == Ruling.Kind.REVOKE and r.seat
    )


def deal_of(result: Result, rulings: Iterable[Ruling] = ()) -> Deal:
    """The engine's deal for an Auction result, with the director's awards and revokes applied."""
    rulings = list(rulings)
    contract = contract_of(result)
    return Deal(
        contract=contract,
        declarer=Seat.parse(result.declarer) if contract is not None else None,
        tricks=result.tricks if contract is not None else 0,
        honours=honours_of(result) if contract is not None else (0, 0, 0, 0),
        dealers_one_spade=result.dealers_one_spade,
        revokes=revokes_of(result) + ruling_revokes(rulings),
        awards=ruling_awards(rulings),
    )


def score_of(result: Result, event: Event, rulings: Iterable[Ruling] = ()) -> DealScore:
    """Score an Auction result by the engine (Laws 47-48, 84, A, F)."""
    return score_deal(deal_of(result, rulings), options_for(event))

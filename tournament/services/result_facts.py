"""What a table or a director reports for one board (``Facts``), checked by the engine before any
service saves it, and the refusal every result service raises (``ResultRefused``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.auction.core import Contract
from scoring.auction.deal import Deal, Revoke, check_dealers_one_spade
from scoring.contract.deal import ContractBid, score_contract
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from ..models import Result


class ResultRefused(Exception):
    """A change the laws or the event's state do not allow; the message says why, for the screen."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Facts:
    """What a table or a director reports for one board; validated by the engine before saving.

    Contract bridge (``bridge``): ``contract`` is a ``ContractBid`` (None when passed out), with
    the declarer and the tricks; no honours, no dealer's one spade, no revokes (Law 77).
    """

    contract: Contract | ContractBid | None = None
    declarer: Seat | None = None
    tricks: int = 0
    honours: tuple[int, int, int, int] = (0, 0, 0, 0)
    dealers_one_spade: bool = False
    revokes: tuple[Revoke, ...] = ()
    trumps: str = ""
    whist: bool = False
    not_played: bool = False
    bridge: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def validate(self, dealer: str | None = None) -> None:
        """Let the engine refuse what the laws refuse: 14 tricks, six honours, a level of 8.

        ``dealer`` is the board's dealer: only his own one spade, never overbid, is the
        dealer's original one spade (Law 48). Every entry path (a traveller row, a
        correction, a phone's entry or edit, the preview) comes through here.
        """
        if self.not_played:
            return
        if self.bridge:
            self._validate_bridge()
            return
        if self.whist:
            if not 0 <= self.tricks <= 13:
                raise ResultRefused(
                    f"{self.tricks} tricks is impossible: a deal has thirteen tricks.", "tricks"
                )
            return
        if self.dealers_one_spade:
            try:
                check_dealers_one_spade(self.contract, self.declarer, Seat.parse(dealer) if dealer else None)
            except ScoringError as error:
                raise ResultRefused(str(error), "dealers_one_spade") from error
        try:
            Deal(
                contract=self.contract,
                declarer=self.declarer,
                tricks=self.tricks,
                honours=self.honours,
                dealers_one_spade=self.dealers_one_spade,
                revokes=self.revokes,
            )
        except ScoringError as error:
            raise ResultRefused(str(error)) from error

    def _validate_bridge(self) -> None:
        """Law 77's own checks: a contract of level 1 to 7, its declarer, 0 to 13 tricks; nothing else."""
        if self.contract is not None and not isinstance(self.contract, ContractBid):
            raise ResultRefused("This is not a contract of contract bridge.")
        if self.honours != (0, 0, 0, 0) or self.dealers_one_spade or self.revokes:
            raise ResultRefused(
                "Contract bridge scores no honours, no dealer's one spade and no revoke penalty in points "
                "(Law 77): the director adjusts a revoke in tricks."
            )
        if self.contract is None:
            return
        try:
            score_contract(self.contract, self.declarer, self.tricks, False)
        except ScoringError as error:
            raise ResultRefused(str(error)) from error

    def apply_to(self, result: Result) -> None:
        if self.bridge:
            self._apply_bridge(result)
            return
        contract = None if isinstance(self.contract, ContractBid) else self.contract
        result.not_played = self.not_played
        result.passed_out = contract is None and not self.whist and not self.not_played
        result.level = contract.level if contract else None
        result.strain = contract.strain.code if contract else ""
        result.doubling = contract.doubling.suffix if contract else ""
        result.declarer = self.declarer.value if self.declarer else ""
        result.tricks = self.tricks
        result.honours_n, result.honours_e, result.honours_s, result.honours_w = self.honours
        result.dealers_one_spade = self.dealers_one_spade
        result.revokes = [{"by": r.by.value, "penalty": r.penalty.value} for r in self.revokes]
        result.trumps = self.trumps

    def _apply_bridge(self, result: Result) -> None:
        bid = self.contract if isinstance(self.contract, ContractBid) else None
        result.not_played = self.not_played
        result.passed_out = bid is None and not self.not_played
        result.level = bid.level if bid else None
        result.strain = bid.strain.value if bid else ""
        result.doubling = bid.doubling.value if bid else ""
        result.declarer = self.declarer.value if bid and self.declarer else ""
        result.tricks = self.tricks if bid else 0
        result.honours_n = result.honours_e = result.honours_s = result.honours_w = 0
        result.dealers_one_spade = False
        result.revokes = []
        result.trumps = ""

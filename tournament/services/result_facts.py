"""What a table or a director reports for one board (``Facts``), checked by the engine before any
service saves it, and the refusal every result service raises (``ResultRefused``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.auction.core import Contract
from scoring.auction.deal import Revoke
from scoring.contract.deal import ContractBid
from scoring.shared.seats import Seat

from .. import games
from ..models import Result


class ResultRefused(Exception):
    """A change the laws or the event's state do not allow; the message says why, for the screen."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Facts:
    """What a table or a director reports for one board; validated by the engine before saving.

    Duplicate Whist (``game="whist"``): the tricks N-S took and the trumps. Contract bridge
    (``game="contract"``): ``contract`` is a ``ContractBid`` (None when passed out), with the
    declarer and the tricks; no honours, no dealer's one spade, no revokes (Law 77).
    """

    contract: Contract | ContractBid | None = None
    declarer: Seat | None = None
    tricks: int = 0
    honours: tuple[int, int, int, int] = (0, 0, 0, 0)
    dealers_one_spade: bool = False
    revokes: tuple[Revoke, ...] = ()
    trumps: str = ""
    not_played: bool = False
    game: str = "auction"  # the key of the game whose laws read them (``games.of``)
    extra: dict[str, Any] = field(default_factory=dict)

    def validate(self, dealer: str | None = None) -> None:
        """Let the engine refuse what the game's laws refuse: 14 tricks, six honours, a level of 8.

        ``dealer`` is the board's dealer: only his own one spade, never overbid, is the
        dealer's original one spade (Law 48). Every entry path (a traveller row, a
        correction, a phone's entry or edit, the preview) comes through here.
        """
        if self.not_played:
            return
        problem = games.of(self.game).facts_problem(self, dealer)
        if problem is not None:
            raise ResultRefused(*problem)

    def apply_to(self, result: Result) -> None:
        """Write the facts on the result, as its game stores them."""
        games.of(self.game).apply_facts(self, result)

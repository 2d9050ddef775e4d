"""The board: who deals and who is vulnerable, from the board's number alone.

Law 2 (Laws of Duplicate Bridge 2017) marks each board with its dealer and vulnerability in
a cycle of sixteen: boards 17 to 32 repeat boards 1 to 16, and so on. The spec's closed form
(specs/modern-duplicate-scoring.md §1.3, TV-29): with ``k = (board - 1) mod 16``, the dealer
is ``"NESW"[k mod 4]`` and the vulnerability ``["None", "NS", "EW", "All"][(k + k // 4) mod 4]``.
"""

from __future__ import annotations

import enum

from ..shared.errors import DealError, quoted
from ..shared.lookup import lookup
from ..shared.seats import SEATS, Seat, Side

__all__ = ["Vulnerability", "check_board", "dealer", "vulnerability"]


class Vulnerability(enum.Enum):
    """Which sides are vulnerable on a board (Law 2); the value is PBN's spelling (PBN 2.1 §3.5)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    @classmethod
    def parse(cls, text: object) -> Vulnerability:
        """Read "None", "Love", "-", "NS", "N-S", "EW", "E/W", "All", "Both" in any case."""
        return lookup(
            cls, text, key=lambda vul: vul.value.lower(), normalise=_plain, aliases=_ALIASES, error=_unknown
        )

    def of(self, side: Side) -> bool:
        """Whether ``side`` is vulnerable on this board."""
        if not isinstance(side, Side):
            side = Side.parse(side)
        return self is Vulnerability.BOTH or self.value == side.value

    def of_seat(self, seat: Seat) -> bool:
        """Whether the partnership of ``seat`` (a declarer, say) is vulnerable."""
        return self.of(Seat.parse(seat).side)

    @property
    def pbn(self) -> str:
        """PBN's ``[Vulnerable]`` value: "None", "NS", "EW" or "All"."""
        return self.value

    @property
    def label(self) -> str:
        """As a board shows it to the players: "None", "N-S", "E-W" or "Both"."""
        return {"None": "None", "NS": "N-S", "EW": "E-W", "All": "Both"}[self.value]


_ALIASES = {
    "-": "none",
    "love": "none",
    "nil": "none",
    "neither": "none",
    "o": "none",
    "both": "all",
    "b": "all",
}


def _plain(text: str) -> str:
    squeezed = "".join(text.split()).lower()
    return squeezed if squeezed == "-" else squeezed.replace("-", "").replace("/", "")


def _unknown(text: object) -> DealError:
    return DealError(f"{quoted(text)} is not a vulnerability: use None, NS, EW or All (Law 2).")


def check_board(board: object) -> int:
    """The board number as an int of 1 or more; anything else is a :class:`DealError` (Law 2)."""
    if isinstance(board, bool) or not isinstance(board, int):
        raise DealError(f"{quoted(board)} is not a board number: boards are numbered 1, 2, 3 and on (Law 2).")
    if board < 1:
        raise DealError(f"Board {quoted(board)} does not exist: boards are numbered from 1 (Law 2).")
    return board


def dealer(board: int) -> Seat:
    """The dealer of ``board``: North on 1, East on 2, South on 3, West on 4, and round again (Law 2)."""
    return SEATS[(check_board(board) - 1) % 4]


_CYCLE = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)


def vulnerability(board: int) -> Vulnerability:
    """The vulnerability of ``board`` in Law 2's cycle of sixteen (spec §1.3, TV-29)."""
    k = (check_board(board) - 1) % 16
    return _CYCLE[(k + k // 4) % 4]

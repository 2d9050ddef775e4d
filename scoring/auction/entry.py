"""Reading a table result from the compact text a director types off a traveller.

``3HX N 9`` is three hearts doubled, played by North, whose side won nine tricks. The
tricks may also be written against the contract: ``3HX N =``, ``4S E +1``, ``2NT W -2``.
``pass`` records a deal passed out (the English rule lets the dealer say "no bid").
For Duplicate Whist a result is the trump suit and the tricks N-S won: ``H 8`` or ``8``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..shared.errors import ContractError, DealError
from ..shared.seats import Seat
from .core import Contract, Strain, check_tricks

_PASS_WORDS = {"PASS", "PASSED", "PO", "P", "NOBID", "NO BID", "ALL PASS"}
_RELATIVE = re.compile(r"^([+-]\d+|=)$")
_LINE = re.compile(r"^(\d+\s*(?:NT|N|S|C|D|H|R|♠|♣|♦|♥)\s*(?:XX|X|\*\*|\*)?)\s*([NESW])\s*(\S+)$")
_WHIST = re.compile(r"^\s*(?:([SCDH♠♣♦♥])\s+)?(\d+)\s*$", re.I)


@dataclass(frozen=True, slots=True)
class Entry:
    """The facts of a compact result line: contract (None when passed out), declarer, tricks."""

    contract: Contract | None
    declarer: Seat | None
    tricks: int

    @property
    def passed_out(self) -> bool:
        return self.contract is None


def parse_entry(text: str, *, allow_pass: bool = False) -> Entry:
    """Read ``"<contract> <declarer> <tricks>"`` as on a traveller (Laws 42, 47).

    Tricks are the declaring side's tricks won in play, or ``=``/``+n``/``-n`` against the
    contract. A pass-out is accepted only under the English rule (``allow_pass``), since the
    American code obliges the dealer to declare (Law 42).
    """
    cleaned = " ".join(text.replace(",", " ").split()).upper()
    if not cleaned:
        raise DealError("Write the result as contract, declarer and tricks, for example 3HX N 9.")
    if cleaned in _PASS_WORDS:
        if not allow_pass:
            raise DealError(
                "The dealer must declare at least one odd trick, so a deal cannot be passed out (Law 42)."
            )
        return Entry(None, None, 0)
    match = _LINE.match(cleaned)
    if match is None:
        raise DealError(f"{text.strip()!r}: write contract, declarer and tricks, for example 3HX N 9.")
    contract_text, seat_text, tricks_text = match.groups()
    contract = Contract.parse(contract_text)
    declarer = Seat.parse(seat_text)
    if _RELATIVE.match(tricks_text):
        tricks = contract.tricks_needed + (0 if tricks_text == "=" else int(tricks_text))
    elif tricks_text.isdigit():
        tricks = int(tricks_text)
    else:
        raise DealError(f"{tricks_text!r} is not a number of tricks: write 0 to 13, or =, +1, -2.")
    return Entry(contract, declarer, check_tricks(tricks))


def parse_whist_entry(text: str) -> tuple[Strain | None, int]:
    """Read a Duplicate Whist result: optionally the trump suit, then the tricks N-S took."""
    match = _WHIST.match(text)
    if match is None:
        raise DealError(f"{text.strip()!r}: write the tricks North-South took, for example 8 or H 8.")
    suit, tricks = match.groups()
    strain = Strain.parse(suit) if suit else None
    if strain is not None and strain.is_no_trump:
        raise ContractError("Whist is always played with a trump suit (Whist law 42).")
    return strain, check_tricks(int(tricks))

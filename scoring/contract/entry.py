"""Reading a contract-bridge result from the compact text a director types off a traveller.

``4HX N =`` is four hearts doubled by North, just made; ``4HX N +1`` made with an overtrick;
``3NT S -2`` two down; ``4S E 10`` gives the declaring side's tricks outright; ``PASS`` (also
``P`` or ``passed out``) records a passed-out board (Law 22A). The denomination may be ``NT``
or ``N`` or a suit symbol (``4♥X N =``); the declarer may be written ``N`` or ``North``.

A level above seven (Law 18A), more than thirteen tricks or fewer than none, and an unknown
seat are refused with a sentence, never guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..shared.errors import ContractError, DealError, quoted
from ..shared.seats import Seat
from .deal import PASS_WORDS, ContractBid, check_tricks

__all__ = ["ContractEntry", "parse_result"]

_CONTRACT = re.compile(r"([0-9]+)\s*(NT|N|C|D|H|S|♣|♦|♢|♥|♡|♠)\s*(XX|X|\*\*|\*)?", re.ASCII | re.IGNORECASE)
_REST = re.compile(r"(?:BY\s+)?([A-Z]+)\s*(=|[+-][0-9]{1,2}|[0-9]{1,2})", re.ASCII | re.IGNORECASE)
_EXAMPLE = "write contract, declarer and result, as 4HX N =, 3NT S -2 or 4S E 10, or PASS"


@dataclass(frozen=True, slots=True)
class ContractEntry:
    """A traveller line's facts: the contract (None when passed out), the declarer, the tricks won."""

    contract: ContractBid | None
    declarer: Seat | None
    tricks: int | None

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def text(self) -> str:
        """The canonical spelling: "4HX N =", "4HX N +1", "3NT S -2", "PASS"."""
        if self.contract is None or self.declarer is None or self.tricks is None:
            return "PASS"
        difference = self.tricks - self.contract.tricks_needed
        result = "=" if difference == 0 else f"{difference:+d}"
        return f"{self.contract.text} {self.declarer.value} {result}"


def parse_result(text: str) -> ContractEntry:
    """Read ``"<contract> <declarer> <result>"`` or a pass-out as a director types it (Laws 18, 22, 77).

    The result is ``=``, ``+n`` or ``-n`` against the contract, or the declaring side's tricks.
    """
    if not isinstance(text, str):
        raise DealError(f"{quoted(text)} is not a result: {_EXAMPLE}.")
    cleaned = " ".join(text.replace(",", " ").replace("−", "-").replace("–", "-").split())
    if not cleaned:
        raise DealError(f"The result is empty: {_EXAMPLE}.")
    if cleaned.replace(" ", "").upper() in PASS_WORDS:
        return ContractEntry(None, None, None)
    contract_match = _CONTRACT.match(cleaned)
    if contract_match is None:
        raise ContractError(f"{quoted(text.strip())} does not start with a contract: {_EXAMPLE}.")
    level, strain, doubling = contract_match.groups()
    contract = ContractBid.parse(f"{level}{strain}{doubling or ''}")
    rest = cleaned[contract_match.end() :].strip()
    rest_match = _REST.fullmatch(rest)
    if rest_match is None:
        raise DealError(
            f"{quoted(text.strip())} needs the declarer and the result after the contract: {_EXAMPLE}."
        )
    seat_text, result = rest_match.groups()
    declarer = Seat.parse(seat_text)
    if result == "=":
        tricks = contract.tricks_needed
    elif result[0] in "+-":
        tricks = contract.tricks_needed + int(result)
        if not 0 <= tricks <= 13:
            raise DealError(_impossible(contract, result))
    else:
        tricks = int(result)
    return ContractEntry(contract, declarer, check_tricks(tricks))


def _impossible(contract: ContractBid, result: str) -> str:
    if result[0] == "+":
        room = 13 - contract.tricks_needed
        return (
            f"{contract.text} {result} would be more than thirteen tricks: "
            f"{contract.text} can make at most {room} overtricks."
        )
    return (
        f"{contract.text} {result} would be fewer than no tricks: "
        f"{contract.text} can go at most {contract.tricks_needed} down."
    )

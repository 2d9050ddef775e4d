"""The calls of the declaration: a pass, a declaration (a bid), a double, a redouble (Laws 42-44).

:func:`parse_call` reads a call as a scorer writes it ("P", "1H", "3NT", "X", "XX"); the
auction that takes the calls in turn, :class:`~scoring.auction.declaration.AuctionState`, is in
:mod:`scoring.auction.declaration`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from ..shared.errors import AuctionError
from ..shared.numbers import NUMBER_WORDS
from .core import Contract, Strain

if TYPE_CHECKING:
    from .declaration import AuctionRules


def _word(number: int) -> str:
    return NUMBER_WORDS[number].lower() if 0 <= number < len(NUMBER_WORDS) else str(number)


@dataclass(frozen=True, slots=True)
class Pass:
    """A pass ("no bid") (Law 43)."""

    def __str__(self) -> str:
        return "pass"

    def describe(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Double:
    """A double of the last, adverse declaration (Law 43)."""

    def __str__(self) -> str:
        return "X"

    def describe(self) -> str:
        return "double"


@dataclass(frozen=True, slots=True)
class Redouble:
    """A redouble of an adverse double of one's own side's declaration (Law 43)."""

    def __str__(self) -> str:
        return "XX"

    def describe(self) -> str:
        return "redouble"


@dataclass(frozen=True, slots=True)
class Bid:
    """A declaration: a number of odd tricks in a strain, undoubled (Laws 42, 44).

    A level above seven can be written down so that an impossible declaration can be recorded
    and ruled on (Law 50); :func:`check_call` refuses it and :attr:`contract` cannot hold it.
    """

    level: int
    strain: Strain

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise AuctionError(f"{self.level!r} is not a number of odd tricks (Law 42).")
        if self.level < 1:
            raise AuctionError("A declaration must name at least one odd trick (Law 42).")

    def __str__(self) -> str:
        return f"{self.level}{self.strain.code}"

    @property
    def value(self) -> int:
        """Tricks x trick value: what Law 44 ranks declarations by."""
        return self.level * self.strain.trick_value

    @property
    def impossible(self) -> bool:
        """More than seven odd tricks: an impossible declaration (Law 50)."""
        return self.level > 7

    @property
    def contract(self) -> Contract:
        """The undoubled contract this declaration names (a level over seven is refused, Law 50)."""
        return Contract(self.level, self.strain)

    def outranks(self, other: Bid) -> bool:
        """Whether this declaration is higher than ``other`` (Law 44).

        Higher means a greater value, or an equal value with more tricks ("three spades"
        beats "one club"); doubling never changes a declaration's rank (Law 53).
        """
        if self.value != other.value:
            return self.value > other.value
        return self.level > other.level

    def describe(self) -> str:
        """The declaration in words: "one heart", "two royal spades"."""
        noun = _SINGULAR.get(self.strain.noun, self.strain.noun) if self.level == 1 else self.strain.noun
        return f"{_word(self.level)} {noun}"

    def describe_value(self) -> str:
        """ "two royal spades (value 18)"."""
        return f"{self.describe()} (value {self.value})"


_SINGULAR = {
    "spades": "spade",
    "clubs": "club",
    "diamonds": "diamond",
    "hearts": "heart",
    "royal spades": "royal spade",
}

Call: TypeAlias = Pass | Bid | Double | Redouble

PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()

_PASS_WORDS = {"P", "PASS", "NO BID", "NOBID", "NB", "-"}
_DOUBLE_WORDS = {"X", "D", "DBL", "DOUBLE", "*"}
_REDOUBLE_WORDS = {"XX", "R", "RDBL", "REDOUBLE", "**"}
_BID_RE = re.compile(r"^(\d+)\s*(NT|N|S|C|D|H|R|♠|♣|♦|♥|♢|♡)$", re.I)


def parse_call(text: object, rules: AuctionRules | None = None) -> Call:
    """Read a call: "pass", "P", "no bid", "1H", "2R", "3NT", "X", "XX" (Law 43).

    Under the English rule (note to the Laws of Duplicate Auction) spades are always royal,
    so "1S" reads as one royal spade.
    """
    if isinstance(text, Pass | Bid | Double | Redouble):
        return text
    if not isinstance(text, str):
        raise AuctionError(f"{text!r} is not a call: write pass, a declaration such as 2H, X or XX (Law 43).")
    key = " ".join(text.strip().upper().split())
    if key in _PASS_WORDS:
        return PASS
    if key in _DOUBLE_WORDS:
        return DOUBLE
    if key in _REDOUBLE_WORDS:
        return REDOUBLE
    match = _BID_RE.match(key)
    if not match:
        raise AuctionError(
            f"{text!r} is not a call: write pass, a level and a strain (S C D H R NT) such as 2H, "
            "or X or XX (Law 43)."
        )
    strain = Strain.parse(match.group(2))
    if strain is Strain.SPADES and rules is not None and rules.english:
        strain = Strain.ROYALS
    return Bid(int(match.group(1)), strain)

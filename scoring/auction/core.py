"""The vocabulary of Auction Bridge: strains, doubling and the contract.

Trick values follow Foster's table of values (S004) and Law 44: spades 2, clubs 6,
diamonds 7, hearts 8, royal spades 9, no trump 10. "Spades" and "royal spades" are two
declarations of the same trump suit with different values, so they are two strains here.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from ..shared.errors import ContractError, DealError
from ..shared.numbers import NUMBER_WORDS


class Strain(enum.Enum):
    """What a declaration names: a trump suit at its value, or no trump.

    Value is (code, trick value, name). Law 44 ranks declarations by tricks x value.
    """

    SPADES = ("S", 2, "spades")
    CLUBS = ("C", 6, "clubs")
    DIAMONDS = ("D", 7, "diamonds")
    HEARTS = ("H", 8, "hearts")
    ROYALS = ("R", 9, "royal spades")
    NO_TRUMP = ("NT", 10, "no trump")

    @classmethod
    def parse(cls, text: object) -> Strain:
        """Read a strain code: S, C, D, H, R (royal spades) or NT (also N)."""
        if isinstance(text, Strain):
            return text
        if isinstance(text, str):
            key = text.strip().upper()
            key = {"N": "NT", "♠": "S", "♣": "C", "♦": "D", "♥": "H", "♢": "D", "♡": "H"}.get(key, key)
            for strain in cls:
                if strain.code == key:
                    return strain
        raise ContractError(
            f"{text!r} is not a strain: use S (spades), C, D, H, R (royal spades) or NT (Law 44)."
        )

    @property
    def code(self) -> str:
        """The one- or two-letter code used in contract text."""
        return self.value[0]

    @property
    def trick_value(self) -> int:
        """Points for each trick above six, undoubled (table of values; Law 44)."""
        return self.value[1]

    @property
    def noun(self) -> str:
        """The strain's name in a sentence: "hearts", "royal spades", "no trump"."""
        return self.value[2]

    @property
    def symbol(self) -> str:
        """The card symbol (R for royal spades as in Foster's table, NT for no trump)."""
        return {"S": "♠", "C": "♣", "D": "♦", "H": "♥", "R": "R♠", "NT": "NT"}[self.code]

    @property
    def is_no_trump(self) -> bool:
        return self is Strain.NO_TRUMP

    @property
    def honours_in_play(self) -> int:
        """How many honours exist: A K Q J 10 of trumps, or the four aces at no trump."""
        return 4 if self is Strain.NO_TRUMP else 5

    @property
    def trump_suit(self) -> str | None:
        """The trump suit's card letter (S for both spades and royals), None at no trump."""
        return {"S": "S", "R": "S", "C": "C", "D": "D", "H": "H"}.get(self.code)


class Doubling(enum.Enum):
    """Undoubled, doubled or redoubled; value is (suffix, multiplier)."""

    NONE = ("", 1)
    DOUBLED = ("X", 2)
    REDOUBLED = ("XX", 4)

    @classmethod
    def parse(cls, text: object) -> Doubling:
        """Read "", "X" or "XX" (also "*" and "**")."""
        if isinstance(text, Doubling):
            return text
        if isinstance(text, str):
            key = text.strip().upper().replace("*", "X")
            for doubling in cls:
                if doubling.suffix == key:
                    return doubling
        raise ContractError(f"{text!r} is not a doubling: use nothing, X or XX (Law 53).")

    @property
    def suffix(self) -> str:
        return self.value[0]

    @property
    def multiplier(self) -> int:
        """Doubling multiplies each trick's value by 2, redoubling by 4 (Law 53)."""
        return self.value[1]

    @property
    def word(self) -> str:
        return {"": "undoubled", "X": "doubled", "XX": "redoubled"}[self.suffix]


_CONTRACT_RE = re.compile(r"^\s*(\d+)\s*(NT|N|S|C|D|H|R|♠|♣|♦|♥|♢|♡)\s*(XX|X|\*\*|\*)?\s*$", re.I)


@dataclass(frozen=True, slots=True)
class Contract:
    """A final declaration: a level of 1-7 odd tricks, a strain, and its doubling.

    Equality covers every field, doubling included: 4H and 4HX are different contracts.
    """

    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise ContractError(
                f"{self.level!r} is not a level: a declaration names 1 to 7 odd tricks (Law 42)."
            )
        if self.level > 7:
            raise ContractError(
                f"{_word(self.level)} is more than the seven odd tricks a declaration may name (Law 50)."
            )
        if self.level < 1:
            raise ContractError("A declaration must name at least one odd trick (Law 42).")

    @classmethod
    def parse(cls, text: object) -> Contract:
        """Read contract text such as "3NTX", "2RXX", "1S", "4 H", "7♠"."""
        if isinstance(text, Contract):
            return text
        if not isinstance(text, str):
            raise ContractError(f"{text!r} is not a contract: write a level, a strain and X or XX, as 3NTX.")
        match = _CONTRACT_RE.match(text)
        if not match:
            raise ContractError(
                f"{text!r} is not a contract: write a level 1-7, a strain (S C D H R NT) "
                "and X or XX if doubled, as 3NTX."
            )
        level, strain, doubling = match.groups()
        return cls(int(level), Strain.parse(strain), Doubling.parse(doubling or ""))

    def __str__(self) -> str:
        return f"{self.level}{self.strain.code}{self.doubling.suffix}"

    @property
    def value(self) -> int:
        """The declaration's value for ranking: tricks x trick value, undoubled (Law 44)."""
        return self.level * self.strain.trick_value

    @property
    def tricks_needed(self) -> int:
        """Tricks the declarer must win: six plus the level."""
        return 6 + self.level

    @property
    def undoubled(self) -> Contract:
        return Contract(self.level, self.strain)

    def outranks(self, other: Contract) -> bool:
        """Whether this declaration is higher than ``other`` (Law 44).

        Higher means a greater value, or an equal value with more tricks; doubling never
        changes rank ("three clubs" beats "two royals" doubled).
        """
        if self.value != other.value:
            return self.value > other.value
        return self.level > other.level

    def describe(self) -> str:
        """ "three hearts, doubled" — the contract in words."""
        text = f"{_word(self.level).lower()} {self.strain.noun}"
        if self.doubling is not Doubling.NONE:
            text += f", {self.doubling.word}"
        return text


def _word(number: int) -> str:
    return NUMBER_WORDS[number] if 0 <= number < len(NUMBER_WORDS) else str(number)


def check_tricks(tricks: object) -> int:
    """A number of tricks won in play must be a whole number from 0 to 13."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise DealError(f"{tricks!r} is not a number of tricks: tricks are a whole number from 0 to 13.")
    if not 0 <= tricks <= 13:
        raise DealError(f"{tricks} tricks is impossible: a deal has thirteen tricks.")
    return tricks

"""One deal of contract bridge scored by Law 77 (Laws of Duplicate Bridge 2017).

The spec is specs/modern-duplicate-scoring.md §1 (test vectors TV-01 to TV-28):

* a made contract scores its trick score (odd tricks *bid*: 20 in a minor, 30 in a major, 40
  for the first no-trump trick and 30 for each other, times 2 doubled and 4 redoubled); a game
  premium of 300 not vulnerable or 500 vulnerable when that trick score is 100 or more, which
  a double can reach ("doubled into game"), else a part-score premium of 50; a slam premium
  only when the slam was bid (500/750 small, 1000/1500 grand); overtricks at trick value
  undoubled, 100/200 each doubled, 200/400 redoubled; and 50 (100 redoubled) for making a
  doubled contract, the "insult";
* a defeated contract gives the defenders 50/100 a trick undoubled; doubled 100, then 200
  each for the second and third and 300 from the fourth not vulnerable, or 200 then 300 each
  vulnerable; redoubled twice those;
* a passed-out board scores nothing to either side.

Scores are whole points; :class:`ContractScore` carries the score from North-South's side
and the lines of words that produced it.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from ..shared.errors import ContractError, DealError, quoted
from ..shared.numbers import NUMBER_WORDS
from ..shared.seats import Seat, Side
from .board import Vulnerability, check_board
from .board import vulnerability as board_vulnerability

__all__ = [
    "PASSED_OUT_LINE",
    "PASS_WORDS",
    "ContractBid",
    "ContractScore",
    "Doubling",
    "Strain",
    "check_tricks",
    "parse_contract",
    "score_board",
    "score_contract",
]


class Strain(enum.Enum):
    """The denomination of a bid, lowest to highest (Law 18E): the value is its code."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NO_TRUMP = "NT"

    @classmethod
    def parse(cls, text: object) -> Strain:
        """Read C, D, H, S, NT (also N, "NoTrump") or a suit symbol ♣ ♦ ♥ ♠, in any case."""
        if isinstance(text, Strain):
            return text
        if isinstance(text, str):
            key = "".join(text.split()).upper()
            key = _STRAIN_WORDS.get(key, key)
            for strain in cls:
                if strain.value == key:
                    return strain
        raise ContractError(f"{quoted(text)} is not a denomination: use C, D, H, S or NT (Law 18E).")

    @property
    def trick_value(self) -> int:
        """Each odd trick undoubled, the first no-trump trick apart (Law 77): 20, 30 or 30."""
        return 20 if self in (Strain.CLUBS, Strain.DIAMONDS) else 30

    @property
    def first_trick_value(self) -> int:
        """The first odd trick undoubled: 40 at no trump, else the trick value (Law 77)."""
        return 40 if self is Strain.NO_TRUMP else self.trick_value

    @property
    def symbol(self) -> str:
        """♣ ♦ ♥ ♠, or NT."""
        return {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}[self.value]

    @property
    def noun(self) -> str:
        """The denomination in a sentence: "clubs", "no trump"."""
        return {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no trump"}[self.value]


_STRAIN_WORDS = {
    "N": "NT",
    "NOTRUMP": "NT",
    "NOTRUMPS": "NT",
    "♣": "C",
    "♦": "D",
    "♢": "D",
    "♥": "H",
    "♡": "H",
    "♠": "S",
    "CLUBS": "C",
    "DIAMONDS": "D",
    "HEARTS": "H",
    "SPADES": "S",
}


class Doubling(enum.Enum):
    """Undoubled, doubled or redoubled (Law 19); the value is the text after the contract."""

    NONE = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    @classmethod
    def parse(cls, text: object) -> Doubling:
        """Read "", "X", "XX" (also "*", "**", "D", "R" as some travellers write them)."""
        if isinstance(text, Doubling):
            return text
        if isinstance(text, str):
            key = "".join(text.split()).upper()
            key = {"*": "X", "**": "XX", "D": "X", "R": "XX", "XD": "XX"}.get(key, key)
            for doubling in cls:
                if doubling.value == key:
                    return doubling
        raise ContractError(f"{quoted(text)} is not a double: write X (doubled) or XX (redoubled) (Law 19).")

    @property
    def multiplier(self) -> int:
        """What the trick score is multiplied by (Law 77): 1, 2 or 4."""
        return {"": 1, "X": 2, "XX": 4}[self.value]

    @property
    def word(self) -> str:
        """ "", "doubled" or "redoubled"."""
        return {"": "", "X": "doubled", "XX": "redoubled"}[self.value]


PASSED_OUT_LINE = "Passed out: no score to either side (Law 77)."
PASS_WORDS = frozenset({"PASS", "P", "PASSED", "PASSEDOUT", "PO", "ALLPASS", "AP", "PASSOUT"})
_CONTRACT = re.compile(r"([0-9]+)(NT|N|C|D|H|S|♣|♦|♢|♥|♡|♠)(XX|X|\*\*|\*|R)?", re.ASCII | re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ContractBid:
    """The final contract: level 1-7, denomination and doubling (Laws 18, 19, 22)."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.NONE

    def __post_init__(self) -> None:
        if isinstance(self.level, bool) or not isinstance(self.level, int):
            raise ContractError(
                f"{quoted(self.level)} is not a level: a bid names one to seven odd tricks (Law 18A)."
            )
        if not 1 <= self.level <= 7:
            raise ContractError(_level_message(self.level))
        if not isinstance(self.strain, Strain):
            object.__setattr__(self, "strain", Strain.parse(self.strain))
        if not isinstance(self.doubling, Doubling):
            object.__setattr__(self, "doubling", Doubling.parse(self.doubling))

    @classmethod
    def parse(cls, text: object) -> ContractBid:
        """Read "4HX", "3NT", "3N", "7♠XX", "1nt": level, denomination, then X or XX (Laws 18, 19).

        A passed-out board is not a contract: use :func:`parse_contract` where "PASS" may come.
        """
        if isinstance(text, ContractBid):
            return text
        if not isinstance(text, str):
            raise ContractError(f'{quoted(text)} is not a contract: write it as text, as "4HX" (Law 18).')
        cleaned = "".join(text.split())
        match = _CONTRACT.fullmatch(cleaned)
        if match is None:
            if cleaned.upper() in PASS_WORDS:
                raise ContractError("The board was passed out: there is no contract to score here (Law 22).")
            raise ContractError(
                f"{quoted(text)} is not a contract: write the level, the denomination and any double, "
                'as "4HX" or "3NT" (Law 18).'
            )
        level, strain, doubling = match.groups()
        if len(level) > 2:
            raise ContractError(_level_message(level))
        return cls(int(level), Strain.parse(strain), Doubling.parse(doubling or ""))

    @property
    def tricks_needed(self) -> int:
        """Six tricks of the book and the odd tricks bid (Law 77)."""
        return self.level + 6

    @property
    def text(self) -> str:
        """ "4HX", "3NT", "7SXX": the letters PBN and USEBIO write."""
        return f"{self.level}{self.strain.value}{self.doubling.value}"

    @property
    def symbol_text(self) -> str:
        """ "4♥X", "3NT": as a traveller shows it."""
        return f"{self.level}{self.strain.symbol}{self.doubling.value}"

    @property
    def is_small_slam(self) -> bool:
        return self.level == 6

    @property
    def is_grand_slam(self) -> bool:
        return self.level == 7

    def __str__(self) -> str:
        return self.text


def _level_message(level: object) -> str:
    if isinstance(level, str) and level.isascii() and level.isdigit():
        level = int(level) if len(level) <= 12 else 10**12
    if isinstance(level, int) and level == 0:
        return "A bid names at least one odd trick: zero is not a level (Law 18A)."
    if isinstance(level, int) and level > 7:
        word = NUMBER_WORDS[level] if level < len(NUMBER_WORDS) else quoted(level)
        return f"{word} is more than the seven odd tricks a bid may name (Law 18A)."
    return f"{quoted(level)} is not a level: a bid names one to seven odd tricks (Law 18A)."


def parse_contract(text: object) -> ContractBid | None:
    """Read a contract, or a passed-out board ("PASS", "P", "passed out") as None (Laws 18, 22)."""
    if text is None or isinstance(text, ContractBid):
        return text
    if isinstance(text, str) and "".join(text.split()).upper() in PASS_WORDS:
        return None
    return ContractBid.parse(text)


def check_tricks(tricks: object) -> int:
    """Tricks the declaring side won: a whole number from 0 to 13, the tricks of a deal (Law 77)."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise DealError(f"{quoted(tricks)} is not a number of tricks: write a whole number from 0 to 13.")
    if tricks > 13:
        raise DealError(f"{quoted(tricks)} tricks is more than the thirteen a deal has.")
    if tricks < 0:
        raise DealError(f"{quoted(tricks)} tricks is impossible: the declaring side won 0 to 13 tricks.")
    return tricks


@dataclass(frozen=True, slots=True)
class ContractScore:
    """A deal's score by Law 77: from North-South's side, with the lines that explain it.

    ``contract`` is None for a passed-out board, which has no declarer and no tricks.
    """

    contract: ContractBid | None
    declarer: Seat | None
    tricks: int | None
    vulnerable: bool
    score_ns: int
    lines: tuple[str, ...]

    @property
    def score_ew(self) -> int:
        """The same score from East-West's side."""
        return -self.score_ns

    @property
    def declarer_score(self) -> int:
        """The score from the declaring side (0 when passed out)."""
        if self.declarer is None:
            return 0
        return self.score_ns if self.declarer.side is Side.NS else -self.score_ns

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def made(self) -> bool:
        """Whether the contract was made (False when passed out)."""
        return (
            self.contract is not None
            and self.tricks is not None
            and self.tricks >= self.contract.tricks_needed
        )

    @property
    def result(self) -> int | None:
        """Tricks over (positive) or under (negative) the contract; None when passed out."""
        if self.contract is None or self.tricks is None:
            return None
        return self.tricks - self.contract.tricks_needed


def score_contract(
    bid: ContractBid | None, declarer: Seat | None, tricks: int | None, vulnerable: bool
) -> ContractScore:
    """Score one deal by Law 77; ``vulnerable`` is the declaring side's vulnerability.

    A passed-out board (``bid`` None) scores 0 and has no declarer and no tricks (Law 22A).
    """
    if not isinstance(vulnerable, bool):
        raise DealError(f"{quoted(vulnerable)} is not true or false: say whether the declarer is vulnerable.")
    if bid is None:
        if declarer is not None or tricks is not None:
            raise DealError(
                "A passed-out board has no declarer and no tricks: the hands were not played (Law 22A)."
            )
        return ContractScore(None, None, None, vulnerable, 0, (PASSED_OUT_LINE,))
    if not isinstance(bid, ContractBid):
        raise ContractError(f"{quoted(bid)} is not a contract to score.")
    if declarer is None:
        raise DealError("Name the declarer: the seat that played the contract, N, E, S or W (Law 53).")
    seat = Seat.parse(declarer)
    if tricks is None:
        raise DealError("Give the tricks the declaring side won, 0 to 13.")
    won = check_tricks(tricks)
    lines: list[str] = []
    if won >= bid.tricks_needed:
        points = _made(bid, won, vulnerable, lines)
    else:
        points = -_defeated(bid, bid.tricks_needed - won, vulnerable, lines)
    score_ns = points if seat.side is Side.NS else -points
    who = "North-South" if score_ns >= 0 else "East-West"
    lines.append(
        f"{bid.symbol_text} by {seat.name_word}, {won} tricks, {_vul_word(vulnerable)}: "
        f"{who} score {abs(score_ns)} (Law 77)."
    )
    return ContractScore(bid, seat, won, vulnerable, score_ns, tuple(lines))


def score_board(
    board: int,
    contract_text: str | ContractBid | None,
    declarer: Seat | str | None,
    tricks: int | None,
    vulnerability: Vulnerability | str | None = None,
) -> ContractScore:
    """Score a result on ``board``, its vulnerability taken from the board number (Law 2, Law 77).

    ``contract_text`` may be "PASS" (or None) for a passed-out board; ``vulnerability``
    replaces the board's own vulnerability, as when a hand record or a file says otherwise.
    """
    check_board(board)
    bid = parse_contract(contract_text)
    vul = board_vulnerability(board) if vulnerability is None else Vulnerability.parse(vulnerability)
    if bid is None:
        return score_contract(None, None if declarer in (None, "") else Seat.parse(declarer), tricks, False)
    if declarer is None:
        return score_contract(bid, None, tricks, False)
    seat = Seat.parse(declarer)
    return score_contract(bid, seat, tricks, vul.of(seat.side))


def _vul_word(vulnerable: bool) -> str:
    return "vulnerable" if vulnerable else "not vulnerable"


def _made(bid: ContractBid, won: int, vulnerable: bool, lines: list[str]) -> int:
    strain, doubling, level = bid.strain, bid.doubling, bid.level
    undoubled = strain.first_trick_value + (level - 1) * strain.trick_value
    trick_score = undoubled * doubling.multiplier
    if strain is Strain.NO_TRUMP and level > 1:
        values = "40 for the first and 30 for each other"
    elif strain is Strain.NO_TRUMP:
        values = "40"
    else:
        values = f"{strain.trick_value} each"
    times = f" = {undoubled}, {doubling.word} (×{doubling.multiplier})" if doubling.multiplier > 1 else ""
    odd = "odd trick" if level == 1 else "odd tricks"
    lines.append(
        f"Trick score: {level} {odd} bid in {strain.noun} at {values}{times}: {trick_score} (Law 77)."
    )
    total = trick_score
    if trick_score >= 100:
        premium = 500 if vulnerable else 300
        reason = f", doubled into game ({trick_score} reaches 100)" if undoubled < 100 else ""
        lines.append(f"Game premium, {_vul_word(vulnerable)}{reason}: {premium} (Law 77).")
    else:
        premium = 50
        lines.append(f"Part-score premium: 50 (Law 77; the trick score {trick_score} is under 100).")
    total += premium
    if bid.is_small_slam or bid.is_grand_slam:
        slam = (750 if vulnerable else 500) if bid.is_small_slam else (1500 if vulnerable else 1000)
        name = "Small slam" if bid.is_small_slam else "Grand slam"
        lines.append(f"{name} bid and made, {_vul_word(vulnerable)}: {slam} (Law 77).")
        total += slam
    over = won - bid.tricks_needed
    if over:
        if doubling is Doubling.NONE:
            each = strain.trick_value
        else:
            each = (200 if vulnerable else 100) * (doubling.multiplier // 2)
        plural = "overtrick" if over == 1 else "overtricks"
        how = f"{doubling.word}, {_vul_word(vulnerable)}, " if doubling.multiplier > 1 else ""
        lines.append(f"{over} {plural}, {how}at {each}: {over * each} (Law 77).")
        total += over * each
    if doubling is not Doubling.NONE:
        insult = 50 * (doubling.multiplier // 2)
        lines.append(f"For making a {doubling.word} contract: {insult} (Law 77).")
        total += insult
    return total


def _defeated(bid: ContractBid, down: int, vulnerable: bool, lines: list[str]) -> int:
    doubling = bid.doubling
    if doubling is Doubling.NONE:
        each = 100 if vulnerable else 50
        penalties = [each] * down
    else:
        factor = doubling.multiplier // 2
        if vulnerable:
            penalties = [200 * factor] + [300 * factor] * (down - 1)
        else:
            penalties = [
                (100 if number == 1 else 200 if number <= 3 else 300) * factor
                for number in range(1, down + 1)
            ]
    total = sum(penalties)
    plural = "undertrick" if down == 1 else "undertricks"
    how = f"{doubling.word}, " if doubling.multiplier > 1 else ""
    spread = _spread(penalties)
    lines.append(
        f"{down} {plural}, {how}{_vul_word(vulnerable)} ({spread}): {total} to the defenders (Law 77)."
    )
    return total


def _spread(penalties: list[int]) -> str:
    """Undertrick values in runs: "100, 200, 200, 300" reads "100, 200 × 2, 300"."""
    runs: list[tuple[int, int]] = []
    for value in penalties:
        if runs and runs[-1][0] == value:
            runs[-1] = (value, runs[-1][1] + 1)
        else:
            runs.append((value, 1))
    return ", ".join(f"{value} × {count}" if count > 1 else str(value) for value, count in runs)

"""Reading the adjusted scores a director types in a traveller row (Laws 12C1, 12C2, 87).

One parser for every path that writes a table's result: the traveller row, the result page's
ruling form, and the result field of a PBN or USEBIO file.

* ``A+/A-``, ``A/A``, ``A`` (Average to both), ``A60/A40``, ``A50/A50``, ``A6040``: an
  artificial adjusted score for each side (Law 12C2), as an award or a percentage of the top.
* ``NP``: the board was not played at the table; no score, the table is left out of the board.
* ``NS 4S N =; EW 4S N -1``: an assigned score that differs by side (Law 12C1(b)); each side is
  ranked in its own direction on its own result.
* ``60% 4S N =; 40% 4S N -1``: a weighted assigned score (Law 12C1(c)); any shares that add up
  to 100 %, each a whole or decimal percentage.
* ``F2 4S N =`` (also ``Fouled 2: 4S N =``): the table played version 2 of a fouled board, which
  is scored in its own group (Law 87B).

Each value knows its canonical text (what is stored, and read back the same), its law, and the
words that show it on every screen and document.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..contests.adjusted import Artificial, Award, Outcome, Split, Weighted
from ..shared.errors import ScoringError, quoted
from .entry import ContractEntry, parse_result

__all__ = [
    "AdjustedEntry",
    "AdjustedScoreError",
    "ArtificialScore",
    "AssignedBySide",
    "Fouled",
    "NotPlayed",
    "WeightedScore",
    "is_adjusted_text",
    "parse_adjusted",
    "parse_line",
]

_MAX_SHARES = 6


class AdjustedScoreError(ScoringError):
    """An adjusted score written so that the laws cannot read it: the message names the law."""


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """Each side's artificial adjusted score (Law 12C2): Average-plus, Average, Average-minus or a %."""

    scores: Artificial

    law = "Law 12C2"

    @property
    def text(self) -> str:
        """ "A+/A-" for awards, "A60/A40" for percentages."""
        return "/".join(_side_text(side) for side in (self.scores.ns, self.scores.ew))

    @property
    def words(self) -> str:
        return f"Law 12C2 artificial: N-S {_side_words(self.scores.ns)}, E-W {_side_words(self.scores.ew)}"

    @property
    def markers(self) -> tuple[str, str]:
        """The two sides' markers as a traveller's columns hold them: ("A+", "A-"), ("A60", "A40")."""
        return _side_text(self.scores.ns), _side_text(self.scores.ew)

    @property
    def awards_only(self) -> bool:
        """True when both sides have an award (A+, A, A-), not a percentage written outright."""
        return isinstance(self.scores.ns, Award) and isinstance(self.scores.ew, Award)

    def outcome(self, score: Callable[[ContractEntry], int]) -> Outcome:
        return self.scores


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """The board was not played at this table: it has no score and is left out of the board."""

    law = "Law 78A"

    @property
    def text(self) -> str:
        return "NP"

    @property
    def words(self) -> str:
        return "Not played: no score, the table is left out of the board's comparison (Law 78A)"


@dataclass(frozen=True, slots=True)
class AssignedBySide:
    """An assigned score that differs by side (Law 12C1(b)): N-S are scored on ``ns``, E-W on ``ew``."""

    ns: ContractEntry
    ew: ContractEntry

    law = "Law 12C1(b)"

    @property
    def text(self) -> str:
        return f"NS {self.ns.text}; EW {self.ew.text}"

    @property
    def words(self) -> str:
        return f"Law 12C1(b) assigned by side: N-S {self.ns.text}, E-W {self.ew.text}"

    def outcome(self, score: Callable[[ContractEntry], int]) -> Outcome:
        """Each side ranked in its own direction on its own result's score by Law 77."""
        return Split(score(self.ns), score(self.ew))


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """A weighted assigned score (Law 12C1(c)): each share a percentage of a result, adding up to 100."""

    shares: tuple[tuple[Fraction, ContractEntry], ...]

    law = "Law 12C1(c)"

    @property
    def text(self) -> str:
        return "; ".join(f"{_percent_text(share)}% {entry.text}" for share, entry in self.shares)

    @property
    def words(self) -> str:
        shares = ", ".join(f"{_percent_text(share)}% {entry.text}" for share, entry in self.shares)
        return f"Law 12C1(c) weighted: {shares}"

    def outcome(self, score: Callable[[ContractEntry], int]) -> Outcome:
        """The shares of each result's score by Law 77: matchpointed one by one, then weighted."""
        return Weighted(tuple((share / 100, score(entry)) for share, entry in self.shares))


@dataclass(frozen=True, slots=True)
class Fouled:
    """A table's result on a fouled board, played in the version ``group`` (Law 87B)."""

    group: str
    entry: ContractEntry

    law = "Law 87B"

    @property
    def text(self) -> str:
        return f"F{self.group} {self.entry.text}"

    @property
    def words(self) -> str:
        return f"Law 87B fouled board, version {self.group}: {self.entry.text}, scored in its own group"


AdjustedEntry = ArtificialScore | NotPlayed | AssignedBySide | WeightedScore | Fouled
"""What a director may type in place of a table's plain result."""

_ARTIFICIAL_START = re.compile(r"A(?:$|[-+=/0-9 ]|V|−|–)", re.ASCII | re.IGNORECASE)
_FOULED = re.compile(r"F(?:OULED)?\s*([0-9]{1,2})\s*:?\s*(.+)", re.ASCII | re.IGNORECASE)
_SIDE = re.compile(r"(N-?S|E-?W)\s*:?\s*(.+)", re.ASCII | re.IGNORECASE)
_SHARE = re.compile(r"([0-9]{1,3}(?:\.[0-9]{1,4})?)\s*%\s*:?\s*(.+)", re.ASCII)
_NOT_PLAYED = {"NP", "NOTPLAYED", "N/P"}


def is_adjusted_text(text: str) -> bool:
    """True when ``text`` is written as an adjusted score (or NP, or a fouled board) and not as a result."""
    squeezed = " ".join(text.split()).upper()
    if not squeezed:
        return False
    return (
        squeezed.replace(" ", "") in _NOT_PLAYED
        or _ARTIFICIAL_START.match(squeezed) is not None
        or "%" in squeezed
        or _SIDE.match(squeezed) is not None
        or _FOULED.fullmatch(squeezed) is not None
    )


def parse_line(text: str) -> ContractEntry | AdjustedEntry:
    """A traveller row's text: a result (Law 77) or an adjusted score (Laws 12C1, 12C2, 87B)."""
    if isinstance(text, str) and is_adjusted_text(text):
        return parse_adjusted(text)
    return parse_result(text)


def parse_adjusted(text: str) -> AdjustedEntry:
    """Read an adjusted score as a director types it (Law 12C2 artificial, Law 12C1 assigned, Law 87B).

    Refused with a sentence naming the law: shares that do not add up to 100 %, one side's
    score only, an assigned result that is not a result.
    """
    if not isinstance(text, str):
        raise AdjustedScoreError(f"{quoted(text)} is not an adjusted score: write A+/A-, NP or 60% 4S N =.")
    cleaned = " ".join(text.replace("−", "-").replace("–", "-").split())
    squeezed = cleaned.upper()
    if not cleaned:
        raise AdjustedScoreError("The adjusted score is empty: write A+/A-, NP or 60% 4S N = (Law 12C).")
    if squeezed.replace(" ", "") in _NOT_PLAYED:
        return NotPlayed()
    if "%" in cleaned:
        return _weighted(cleaned)
    if _SIDE.match(squeezed):
        return _by_side(cleaned)
    fouled = _FOULED.fullmatch(cleaned)
    if fouled is not None:
        return Fouled(str(int(fouled.group(1))), _result(fouled.group(2), "Law 87B"))
    if _ARTIFICIAL_START.match(squeezed):
        return _artificial(cleaned)
    raise AdjustedScoreError(
        f"{quoted(text.strip())} is not an adjusted score: write A+/A- (Law 12C2), "
        "NS 4S N =; EW 4S N -1 (Law 12C1(b)) or 60% 4S N =; 40% 4S N -1 (Law 12C1(c))."
    )


def _artificial(text: str) -> ArtificialScore:
    parts = text.replace("/", " ").split()
    try:
        if len(parts) == 2:
            return ArtificialScore(Artificial.of(_marker(parts[0]), _marker(parts[1])))
        return ArtificialScore(Artificial.parse(text))
    except ScoringError as error:
        raise AdjustedScoreError(str(error)) from error


def _marker(part: str) -> Award | Fraction:
    """One side's marker: an award, or "A60" / "60%" read as a whole percentage of the top."""
    digits = part.upper().removeprefix("A").rstrip("%")
    if digits.isascii() and digits.isdigit():
        if len(digits) > 3 or int(digits) > 100:
            raise AdjustedScoreError(f"{quoted(part)} is more than 100 % of the top (Law 12C2).")
        return Fraction(int(digits))
    return Award.parse(part)


def _result(text: str, law: str) -> ContractEntry:
    try:
        return parse_result(text)
    except ScoringError as error:
        raise AdjustedScoreError(f"{error} ({law})") from error


def _by_side(text: str) -> AssignedBySide:
    found: dict[str, ContractEntry] = {}
    for part in (part.strip() for part in text.split(";")):
        match = _SIDE.fullmatch(part.upper())
        if match is None:
            raise AdjustedScoreError(
                f"{quoted(part)} does not say whose score it is: write NS 4S N =; EW 4S N -1 (Law 12C1(b))."
            )
        side = match.group(1).replace("-", "")
        if side in found:
            raise AdjustedScoreError(f"{side} is given two scores: give each side one (Law 12C1(b)).")
        found[side] = _result(part[match.start(2) :], "Law 12C1(b)")
    if set(found) != {"NS", "EW"}:
        raise AdjustedScoreError(
            "An assigned score by side needs both sides: write NS 4S N =; EW 4S N -1 (Law 12C1(b))."
        )
    return AssignedBySide(found["NS"], found["EW"])


def _weighted(text: str) -> WeightedScore:
    shares: list[tuple[Fraction, ContractEntry]] = []
    parts = [part.strip() for part in text.split(";")]
    if len(parts) > _MAX_SHARES:
        raise AdjustedScoreError(
            f"A weighted score of {len(parts)} shares is more than {_MAX_SHARES} (Law 12C1(c))."
        )
    for part in parts:
        match = _SHARE.fullmatch(part)
        if match is None:
            raise AdjustedScoreError(
                f"{quoted(part)} is not a share: write a percentage and a result, "
                "as 60% 4S N = (Law 12C1(c))."
            )
        try:
            share = Fraction(Decimal(match.group(1)))
        except InvalidOperation as error:  # the pattern admits only decimals: kept for safety
            raise AdjustedScoreError(f"{quoted(part)} is not a percentage (Law 12C1(c)).") from error
        if share <= 0:
            raise AdjustedScoreError(
                f"A share of {_percent_text(share)}% is no share: each is above 0 (Law 12C1(c))."
            )
        shares.append((share, _result(match.group(2), "Law 12C1(c)")))
    total = sum((share for share, _ in shares), Fraction(0))
    if total != 100:
        added = " + ".join(f"{_percent_text(share)}%" for share, _ in shares)
        raise AdjustedScoreError(f"{added} is {_percent_text(total)} %, not 100 % (Law 12C1(c)).")
    return WeightedScore(tuple(shares))


def _percent_text(value: Fraction) -> str:
    """ "60", "33.5": a share as typed; shares are whole or decimal percentages, so this is exact."""
    if value.denominator == 1:
        return str(value.numerator)
    return format(Decimal(value.numerator) / Decimal(value.denominator), "f").rstrip("0")


def _side_text(value: Award | Fraction) -> str:
    if isinstance(value, Award):
        return value.value
    return f"A{_percent_text(value)}"


def _side_words(value: Award | Fraction) -> str:
    if isinstance(value, Award):
        return value.name_words
    return f"{_percent_text(value)} % of the top"

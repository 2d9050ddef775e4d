"""Adjusted scores a director awards at a table: artificial (Law 12C2) and assigned (Law 12C1).

* **Artificial adjusted scores** (Law 12C2), when no result could be obtained: Average-plus
  to a side in no way at fault, Average to a side partly at fault, Average-minus to a side
  directly at fault. In pairs they are a percentage of the board's top, 60/50/40 by default;
  the percentages are an event setting (:class:`AdjustedPercents`, spec §2.3 DESIGN CHOICE).
  Scoring programs also write the two sides' percentages straight into the result, as
  ``A6040`` (60 % to North-South, 40 % to East-West), ``A5050`` or ``A6060``. The two sides'
  awards need not add up to 100 %.
* **Assigned scores** (Law 12C1): a score the board could have produced, given in place of the
  one obtained. The two sides' scores need not balance (Law 12C1(b)), :class:`Split`; a score
  may be weighted, shares of several results (Law 12C1(c)), :class:`Weighted`.

Every score here is signed from North-South's side, as on a traveller.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..shared.errors import ContestError, quoted
from ..shared.lookup import lookup

__all__ = [
    "DEFAULT_PERCENTS",
    "AdjustedPercents",
    "Artificial",
    "Award",
    "Outcome",
    "Split",
    "Weighted",
    "parse_outcome",
]


class Award(enum.Enum):
    """An artificial adjusted score for one side (Law 12C2): the value is its traveller marker."""

    PLUS = "A+"
    AVERAGE = "A"
    MINUS = "A-"
    # The same members under the names the IMP modules first gave them.
    AVERAGE_PLUS = "A+"
    AVERAGE_MINUS = "A-"

    @classmethod
    def parse(cls, text: object) -> Award:
        """Read "A+", "A", "A-" (also "Ave+", "Av-", "Average", "A=", with a typographic minus)."""
        return lookup(cls, text, key=lambda award: award.value, normalise=_award_text, error=_not_an_award)

    @property
    def name_words(self) -> str:
        """ "Average-plus", "Average", "Average-minus"."""
        return {"A+": "Average-plus", "A": "Average", "A-": "Average-minus"}[self.value]


def _award_text(text: str) -> str:
    squeezed = "".join(text.split()).upper().replace("−", "-").replace("–", "-")
    for long in ("AVERAGE", "AVE", "AVG", "AV"):
        if squeezed.startswith(long):
            squeezed = "A" + squeezed[len(long) :]
            break
    return "A" if squeezed == "A=" else squeezed


def _not_an_award(text: object) -> ContestError:
    return ContestError(
        f"{quoted(text)} is not an artificial score: use A+ (Average-plus), A (Average) or "
        "A- (Average-minus) (Law 12C2)."
    )


@dataclass(frozen=True, slots=True)
class AdjustedPercents:
    """What Average-plus, Average and Average-minus are worth, in % of the top (Law 12C2; spec §2.3).

    The Law says "at least 60 %", "50 %" and "at most 40 %"; an event may set other figures.
    """

    plus: Fraction = Fraction(60)
    average: Fraction = Fraction(50)
    minus: Fraction = Fraction(40)

    def __post_init__(self) -> None:
        for name in ("plus", "average", "minus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | Fraction):
                raise ContestError(
                    f"{quoted(value)} is not a percentage for Average-{name}: give an exact number."
                )
            if not 0 <= value <= 100:
                raise ContestError(f"{quoted(str(value))} % is not a percentage of the top: give 0 to 100.")
            object.__setattr__(self, name, Fraction(value))

    def percent(self, award: Award) -> Fraction:
        """The percentage of the top that ``award`` is worth under this event's rule."""
        return {Award.PLUS: self.plus, Award.AVERAGE: self.average, Award.MINUS: self.minus}[award]


DEFAULT_PERCENTS = AdjustedPercents()

_PERCENT_PAIR = re.compile(r"A([0-9]{2})([0-9]{2})", re.ASCII)


@dataclass(frozen=True, slots=True)
class Artificial:
    """A table given artificial adjusted scores (Law 12C2): each side an :class:`Award` or a percentage.

    A percentage is what a file wrote outright (``A6040``: 60 to North-South, 40 to East-West).
    """

    ns: Award | Fraction
    ew: Award | Fraction

    def __post_init__(self) -> None:
        for name in ("ns", "ew"):
            value = getattr(self, name)
            if isinstance(value, Award):
                continue
            if isinstance(value, bool) or not isinstance(value, int | Fraction) or not 0 <= value <= 100:
                raise ContestError(
                    f"{quoted(value)} is not an artificial score: give A+, A, A- or a percentage."
                )
            object.__setattr__(self, name, Fraction(value))

    @classmethod
    def parse(cls, text: object) -> Artificial:
        """Read one marker for both sides: "A6040", "A5050", "A+/A-", "A+ A-", or "A" (Average to both)."""
        if isinstance(text, Artificial):
            return text
        if not isinstance(text, str):
            raise _not_an_award(text)
        squeezed = "".join(text.split()).upper()
        match = _PERCENT_PAIR.fullmatch(squeezed)
        if match is not None:
            return cls(Fraction(int(match.group(1))), Fraction(int(match.group(2))))
        parts = text.replace("/", " ").split()
        if len(parts) == 2:
            return cls(Award.parse(parts[0]), Award.parse(parts[1]))
        award = Award.parse(text)
        if award is not Award.AVERAGE:
            raise ContestError(
                f"{quoted(text)} names one side's score only: give both, as A+/A- or A6040 (Law 12C2)."
            )
        return cls(award, award)

    @classmethod
    def of(cls, ns: object, ew: object) -> Artificial:
        """Read the two sides' markers apart, as a traveller's two columns hold them: ("A+", "A-")."""
        return cls(_side(ns), _side(ew))

    def percents(self, rule: AdjustedPercents = DEFAULT_PERCENTS) -> tuple[Fraction, Fraction]:
        """North-South's and East-West's percentage of the top under the event's rule (Law 12C2)."""
        return _percent(self.ns, rule), _percent(self.ew, rule)

    @property
    def text(self) -> str:
        """ "A+/A-" for awards, "A6040" for percentages written outright."""
        if isinstance(self.ns, Award) and isinstance(self.ew, Award):
            return f"{self.ns.value}/{self.ew.value}"
        ns, ew = _percent(self.ns, DEFAULT_PERCENTS), _percent(self.ew, DEFAULT_PERCENTS)
        if ns.denominator == ew.denominator == 1 and ns < 100 and ew < 100:
            return f"A{int(ns):02d}{int(ew):02d}"
        return f"A{ns}%/{ew}%"


def _side(value: object) -> Award | Fraction:
    if isinstance(value, Award | Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str):
        squeezed = "".join(value.split()).rstrip("%").upper().removeprefix("A")
        if squeezed.isascii() and squeezed.isdigit() and len(squeezed) <= 3:
            return Fraction(int(squeezed))
    return Award.parse(value)


def _percent(value: Award | Fraction, rule: AdjustedPercents) -> Fraction:
    return rule.percent(value) if isinstance(value, Award) else value


@dataclass(frozen=True, slots=True)
class Split:
    """Assigned scores that do not balance (Law 12C1(b)): each side's score, both signed from N-S.

    North-South are ranked in their field on ``for_ns``; East-West in theirs on ``for_ew``.
    """

    for_ns: int
    for_ew: int

    def __post_init__(self) -> None:
        for value in (self.for_ns, self.for_ew):
            _check_score(value)


@dataclass(frozen=True, slots=True)
class Weighted:
    """A weighted assigned score (Law 12C1(c)): shares of several results, each (weight, score N-S).

    ``ew`` is East-West's own weighting when the two sides' scores do not balance (Law 12C1(b));
    by default it is North-South's. Weights are positive and add up to one.
    """

    ns: tuple[tuple[Fraction, int], ...]
    ew: tuple[tuple[Fraction, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "ns", _shares(self.ns))
        object.__setattr__(self, "ew", _shares(self.ew) if self.ew else self.ns)

    @classmethod
    def of(cls, shares: Iterable[tuple[Fraction | int | str, int]]) -> Weighted:
        """Build from (weight, score) pairs; a weight may be "1/3"."""
        return cls(tuple((_weight(weight), score) for weight, score in shares))


def _weight(value: object) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,6}(/[0-9]{1,6})?", value.strip(), re.ASCII):
        numerator, _, denominator = value.strip().partition("/")
        if int(denominator or 1) > 0:
            return Fraction(int(numerator), int(denominator or 1))
    raise ContestError(f"{quoted(value)} is not a weight: give a fraction such as 1/3 (Law 12C1(c)).")


def _shares(shares: object) -> tuple[tuple[Fraction, int], ...]:
    if not isinstance(shares, tuple | list) or not shares:
        raise ContestError("A weighted score needs at least one share of a result (Law 12C1(c)).")
    checked: list[tuple[Fraction, int]] = []
    for share in shares:
        if not isinstance(share, tuple | list) or len(share) != 2:
            raise ContestError(f"{quoted(share)} is not a share: give a weight and a score (Law 12C1(c)).")
        weight, score = _weight(share[0]), _check_score(share[1])
        if weight <= 0:
            raise ContestError(
                f"A share of {weight} is not a part of the score: weights are positive (Law 12C1(c))."
            )
        checked.append((weight, score))
    total = sum((weight for weight, _ in checked), Fraction(0))
    if total != 1:
        raise ContestError(f"The weights of a weighted score add up to {total}, not 1 (Law 12C1(c)).")
    return tuple(checked)


def _check_score(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContestError(f"{quoted(value)} is not a score: give whole points, signed from North-South.")
    if abs(value) > 7600 or value % 10:
        raise ContestError(f"{quoted(value)} is not a score a deal can produce (Law 77).")
    return value


Outcome = int | Artificial | Split | Weighted
"""What a table's result is on a board: a score from N-S's side, or an adjusted score."""


def parse_outcome(value: object) -> Outcome:
    """A table's outcome from a score or a marker: 420, "A6040", "A+/A-" (Laws 12C1, 12C2, 77)."""
    if isinstance(value, Artificial | Split | Weighted):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return _check_score(value)
    if isinstance(value, str):
        return Artificial.parse(value)
    raise ContestError(f"{quoted(value)} is not a result: give a score or an adjusted score such as A+/A-.")

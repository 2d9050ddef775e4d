"""Places in a contest's standings, ties included (spec §7; Law 78D leaves tie-breaks to the conditions).

Ranking is "competition" ranking on the *exact*, unrounded figure: pairs with equal figures
share a place and the next place is skipped (1, 2, 2, 4). A shared place is written "2=" in
standings and in USEBIO's ``PLACE``; PBN writes the first place in ``Rank`` and the last
place of the tie in ``RankTie`` ("25" and "26" for a pair tied for 25th-26th; ``-`` when
not tied), as Ruter's files do (spec §6.1). Breaking a tie further is a matter for the
conditions of contest (Law 78D), not for this module.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from ..shared.errors import ContestError, quoted
from ..shared.numbers import sort_key

__all__ = ["Place", "competition_ranks", "parse_place", "ranked"]

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """Places ``first`` to ``last`` shared by a tie, or one place when ``first == last`` (spec §7)."""

    first: int
    last: int

    def __post_init__(self) -> None:
        for value in (self.first, self.last):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ContestError(f"{quoted(value)} is not a place: places are numbered from 1.")
        if self.last < self.first:
            raise ContestError(f"Places {self.first} to {self.last} run backwards.")

    @property
    def tied(self) -> bool:
        """Whether other participants share this place."""
        return self.last > self.first

    @property
    def text(self) -> str:
        """ "3", or "3=" when tied: as standings and USEBIO's PLACE write it."""
        return f"{self.first}=" if self.tied else str(self.first)

    @property
    def pbn_rank(self) -> str:
        """PBN's ``Rank`` column: the first place of the tie."""
        return str(self.first)

    @property
    def pbn_rank_tie(self) -> str:
        """PBN's ``RankTie`` column: the last place of a tie, ``-`` when not tied (spec §6.1)."""
        return str(self.last) if self.tied else "-"

    @classmethod
    def from_pbn(cls, rank: str, rank_tie: str = "-") -> Place:
        """Read PBN's ``Rank`` and ``RankTie`` (``-`` or empty when not tied)."""
        first = _place_number(rank, "Rank")
        tie = rank_tie.strip().strip('"')
        last = first if tie in ("", "-") else _place_number(tie, "RankTie")
        return cls(first, last)

    def __str__(self) -> str:
        return self.text


def _place_number(text: str, column: str) -> int:
    cleaned = text.strip().strip('"')
    if not (cleaned.isascii() and cleaned.isdigit() and 0 < len(cleaned) <= 6) or int(cleaned) == 0:
        raise ContestError(f"{quoted(text)} is not a place ({column}): places are numbered from 1.")
    return int(cleaned)


def parse_place(text: str) -> tuple[int, bool]:
    """Read a place as standings or USEBIO's ``PLACE`` write it: "3" or "3=" → (3, tied) (spec §7)."""
    if not isinstance(text, str):
        raise ContestError(f"{quoted(text)} is not a place: write it as 3 or 3=.")
    cleaned = text.strip()
    tied = cleaned.endswith("=")
    return _place_number(cleaned.removesuffix("="), "PLACE"), tied


def competition_ranks(values: Mapping[K, Fraction | int], *, higher_is_better: bool = True) -> dict[K, Place]:
    """Each key's :class:`Place` on its exact value, ties sharing places ("1224" ranking, spec §7).

    Higher values rank first unless ``higher_is_better`` is false. Values must be exact
    (ints or Fractions): a rounded float would make ties that are not there, or hide them.
    """
    for key, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int | Fraction):
            raise ContestError(f"{quoted(value)} for {quoted(key)} is not an exact figure to rank.")
    order = sorted(values, key=lambda key: sort_key(values[key]), reverse=higher_is_better)
    places: dict[K, Place] = {}
    start = 0
    while start < len(order):
        value = values[order[start]]
        end = start + 1
        while end < len(order) and values[order[end]] == value:
            end += 1
        place = Place(start + 1, end)
        for key in order[start:end]:
            places[key] = place
        start = end
    return {key: places[key] for key in values}


def ranked(values: Mapping[K, Fraction | int], *, higher_is_better: bool = True) -> list[tuple[K, Place]]:
    """The keys in standings order with their places; tied keys keep the mapping's order (spec §7)."""
    places = competition_ranks(values, higher_is_better=higher_is_better)
    order = {key: index for index, key in enumerate(values)}
    return sorted(places.items(), key=lambda item: (item[1].first, order[item[0]]))

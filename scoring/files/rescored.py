"""What a rescore produces, and the producing programs whose conventions it follows.

A rescore (:mod:`.rescore`) scores a session again from its raw table results. Its answer,
a :class:`Rescore`, holds every participant's :class:`Standing` (total, percentage, place)
and every traveller line's figure as the producing program shows it (:class:`LineFigure`),
all exact; the file's own figures are never read to make them.

Programs agree on the laws and differ on conventions: how a short board is factored and
shown, how sit-outs are scaled, how many scores a Butler datum drops, what an
Average-plus is worth in summed cross-IMPs. :class:`Family` names the program families
met in real files; the rescore chooses one from what the file says of its producer
(PBN ``Generator`` META or ``[Application]``, USEBIO ``PROGRAM_NAME``), never from the
file's name. Each family's conventions are written, with the evidence, where they are
used (:mod:`.rescore_pairs`, :mod:`.rescore_imps`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction

from ..contests.ranking import Place
from ..shared.errors import ScoringError
from ..shared.seats import Side
from .session import Event, Session

__all__ = [
    "Family",
    "LineFigure",
    "MatchFigure",
    "PairNaming",
    "Rescore",
    "RescoreError",
    "Standing",
    "decimal_of",
]


class RescoreError(ScoringError):
    """A session file that cannot be scored again: it lacks what its method needs."""


class Family(enum.Enum):
    """The program family that wrote a file, whose conventions a rescore follows."""

    BRENNING = "Ruter / Magic Contest"
    """Ruter and Magic Contest, by Brenning (www.brenning.se): PBN files."""
    COMPSCORE = "Compscore"
    """Compscore3, the ABF's club scorer: USEBIO files."""
    ACBLSCORE = "ACBLscore"
    """ACBLscore and ACBL Live for Clubs."""
    OTHER = "other"
    """Any other program: the spec's own readings (specs/scoring-cli.md)."""

    @classmethod
    def of(cls, event: Event) -> Family:
        """The family the file's producer belongs to, from the names the file gives it."""
        words = f"{event.producer.name} {event.producer.application}".lower()
        if "ruter" in words or "magic contest" in words or "brenning" in words:
            return cls.BRENNING
        if "compscore" in words:
            return cls.COMPSCORE
        if "acbl" in words:
            return cls.ACBLSCORE
        return cls.OTHER


@dataclass(frozen=True, slots=True)
class Standing:
    """One participant's rescored line in the standings.

    ``total`` is in the unit of the file's own summary (matchpoints, IMPs, VPs), exact;
    ``percent`` where the method has one; ``boards`` the boards (or matches) it played;
    ``direction`` the list it is ranked in when N-S and E-W are ranked apart; ``top`` the
    most it could have scored on its boards (matchpoints), for adding sessions up;
    ``section`` its section where numbers repeat in each section.
    """

    id: str
    total: Fraction
    percent: Fraction | None
    place: Place
    boards: int
    direction: Side | None = None
    top: Fraction | None = None
    section: str = ""


@dataclass(frozen=True, slots=True)
class LineFigure:
    """A traveller line's matchpoints or IMPs for each side, as the producer shows them (exact).

    ``index`` is the line's position in :attr:`Session.lines`. ``ns``/``ew`` are None for a
    side that has no figure (the empty side of a bye row). ``datum`` is the board's Butler
    datum on Butler lines.
    """

    index: int
    ns: Fraction | None
    ew: Fraction | None
    datum: int | Fraction | None = None


@dataclass(frozen=True, slots=True)
class MatchFigure:
    """A team match's Victory Points, home and away (WBF continuous scale, spec §3.5)."""

    index: int
    vp_home: Fraction
    vp_away: Fraction


@dataclass(frozen=True, slots=True)
class Rescore:
    """A session scored again: the method, the convention followed, standings, lines and matches.

    ``total_places`` and ``percent_places`` are the decimals the producer shows its totals
    and percentages with, for output, and ``halves_up`` whether it rounds a half away from
    zero (Ruter: 1261.25 shows as 1261.3) rather than to the even digit (programs that
    round binary floating point, where a decimal half is seldom exact); the exact figures
    are kept.
    """

    scoring: str
    family: Family
    standings: tuple[Standing, ...]
    lines: tuple[LineFigure, ...] = ()
    matches: tuple[MatchFigure, ...] = ()
    total_places: int = 2
    percent_places: int = 2
    halves_up: bool = False
    notes: tuple[str, ...] = ()

    def standing(self, id: str, direction: Side | None = None, section: str | None = None) -> Standing | None:
        """The standing of one participant (of that side and section, where numbers repeat), or None."""
        for standing in self.standings:
            if standing.id != id or (section is not None and standing.section not in ("", section)):
                continue
            if direction is None or standing.direction in (None, direction):
                return standing
        return None


@dataclass(frozen=True, slots=True)
class PairNaming:
    """How a file's pair numbers name pairs: alone, or with their side and their section.

    A Mitchell numbered in each direction has a pair 1 N-S and a pair 1 E-W; a field of
    several sections may number each section from 1. Then a number alone names no pair, and
    the rescore knows each pair by number, side and section, giving them back apart.
    """

    by_direction: bool = False
    by_section: bool = False

    @classmethod
    def of(cls, session: Session) -> PairNaming:
        """Read the naming from the file.

        A line setting a number against itself, or standings listing a number twice, mean
        numbers by direction; a number seen in two sections' lines means numbers by section.
        """
        by_direction = any(line.ns is not None and line.ns == line.ew for line in session.lines)
        ids = [participant.id for participant in session.participants]
        by_direction = by_direction or len(ids) != len(set(ids))
        sections: dict[str, set[str]] = {}
        for line in session.lines:
            for pair in (line.ns, line.ew):
                if pair is not None:
                    sections.setdefault(pair, set()).add(line.section)
        return cls(by_direction, any(len(seen) > 1 for seen in sections.values()))

    def key(self, pair: str, side: Side, section: str = "") -> str:
        """The engine's name of a pair on one side of a line."""
        return _SEPARATOR.join(
            (section if self.by_section else "", pair, side.value if self.by_direction else "")
        )

    @staticmethod
    def split(key: str) -> tuple[str, Side | None, str]:
        """A pair's number, side (when it names the pair) and section back from :meth:`key`."""
        section, pair, side = key.split(_SEPARATOR)
        return pair, Side(side) if side else None, section


_SEPARATOR = "\x1f"


def decimal_of(value: Fraction, places: int, halves_up: bool = False) -> Decimal:
    """An exact figure rounded for display to ``places`` decimals: a half to the even digit, or up.

    The one rounding of a rescore's output; a comparison with a file's figure allows half a
    unit either way.
    """
    exact = Decimal(value.numerator)
    if value.denominator != 1:
        exact /= Decimal(value.denominator)
    mode = ROUND_HALF_UP if halves_up else ROUND_HALF_EVEN
    return exact.quantize(Decimal(1).scaleb(-places), rounding=mode)

"""A scored session as the files scoring programs exchange hold it: neutral, frozen, complete.

PBN 2.1 files with score tables (spec §6.1) and USEBIO 1.2 files (spec §6.2) say the same
things in different words. Their readers (:func:`scoring.files.pbn_session.read_pbn_session`,
:func:`scoring.files.usebio.read_usebio`) fill a :class:`Session`; their writers consume one;
the club night builds an event from it and produces one from an event. The model says what
was played and what the producing program reported, and keeps the two apart:

* the facts: the :class:`Event` (name, date, club, the scoring method as the file names it,
  the program that wrote it), its sections, the :class:`Participant` list (pair, team or
  player ids, direction where the file gives one, names and member numbers), the boards
  (:class:`BoardRecord`: dealer, vulnerability, the deal as :class:`~scoring.shared.cards.Hands`
  when present) and every traveller :class:`Line` (section, table, round, the pairs or the
  four players, contract, declarer, tricks, lead, and NS's score or an artificial score
  such as A+ or A6040, Law 12C2) — and, for teams scored match by match, each
  :class:`Match` with the IMPs of both teams;
* the figures the program computed from those facts, each in a ``reported`` field
  (:class:`Reported`, :class:`LineFigures`, :class:`MatchFigures`, and a board's
  ``datum``): matchpoints or IMPs per line, totals, percentages and places per participant,
  for the session and, in a file of one session of several, cumulatively. A rescore never
  reads them to produce its figures; it compares against them.

Reported numbers are kept as :class:`decimal.Decimal` exactly as written, so that their
number of decimals tells the program's own rounding. Identifiers are kept as text: "1NS",
"523", "A3" are all pair numbers somewhere.
"""

from __future__ import annotations

import datetime
import enum
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..contests.ranking import Place
from ..contract.adjusted_entry import ArtificialScore, parse_adjusted
from ..contract.board import Vulnerability
from ..shared.cards import Hands
from ..shared.errors import ScoringError, quoted
from ..shared.seats import Seat, Side

__all__ = [
    "BOUNDS",
    "Adjusted",
    "BoardRecord",
    "Competition",
    "DoubleDummy",
    "Event",
    "Line",
    "LineFigures",
    "Match",
    "MatchFigures",
    "Method",
    "Participant",
    "Player",
    "Producer",
    "Reported",
    "Section",
    "Segment",
    "Session",
    "SessionBounds",
    "check_bounds",
    "parse_direction",
    "too_many",
]


@dataclass(frozen=True, slots=True)
class SessionBounds:
    """The most a session's file may hold: beyond any club or congress session, small enough
    that a file read whole never holds a worker for long. A reader counts as it goes and stops
    at the first element past a bound, before it builds anything more."""

    participants: int = 400
    boards: int = 200
    lines: int = 10_000


BOUNDS = SessionBounds()


def too_many(what: str, count: int, most: int, *, more: bool = False) -> str:
    """The sentence refusing a file with ``count`` ``what`` (at least, when ``more``)."""
    holds = "at least " if more else ""
    return f"This file names {holds}{count:,} {what}; a session holds at most {most:,}."


def check_bounds(session: Session, error: type[ScoringError], bounds: SessionBounds = BOUNDS) -> None:
    """Refuse a session larger than ``bounds``: its participants, distinct boards, traveller lines."""
    boards = len({board.number for board in session.boards} | {line.board for line in session.lines})
    for what, count, most in (
        ("participants", len(session.participants), bounds.participants),
        ("boards", boards, bounds.boards),
        ("traveller lines", len(session.lines), bounds.lines),
    ):
        if count > most:
            raise error(too_many(what, count, most))


class Competition(enum.Enum):
    """Who the contestants are: pairs, teams of four, or players in an individual."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUALS = "individuals"


class Method(enum.Enum):
    """How a session is scored, as the producing program names it (spec §2, §3).

    The file's own text (PBN ``[Scoring]``, USEBIO ``EVENT_TYPE`` and ``SCORING_METHOD``) is
    kept in :attr:`Event.scoring`; :meth:`of` reads the method from it.
    """

    MATCHPOINTS = "matchpoints"
    BUTLER = "butler"
    CROSS_IMPS = "cross_imps"
    TEAMS = "teams"

    @classmethod
    def of(cls, event: Event) -> Method | None:
        """The method an event names, or None when its words name none this engine knows.

        PBN: ``MatchPoints``/``MP`` → matchpoints; ``IMP;Butler...`` or ``Butler`` → Butler;
        ``IMP;Cross...`` → cross-IMPs; ``Teams`` (or a teams competition) → teams.
        USEBIO: ``MP_PAIRS`` (and other ``MP_`` types) → matchpoints, ``BUTLER_PAIRS`` →
        Butler, ``CROSS_IMP`` → cross-IMPs, ``TEAMS``/``SWISS_TEAMS`` → teams.
        """
        words = f"{event.event_type};{event.scoring}".upper().replace(" ", "")
        if "BUTLER" in words:
            return cls.BUTLER
        if "CROSS" in words:
            return cls.CROSS_IMPS
        if event.competition is Competition.TEAMS or "TEAM" in words:
            return cls.TEAMS
        if (
            "MATCHPOINT" in words
            or "MP_" in words
            or any(part in ("MP", "MP1", "MP2") for part in words.split(";"))
        ):
            return cls.MATCHPOINTS
        return None


@dataclass(frozen=True, slots=True)
class Producer:
    """The program that scored the session and wrote the file (Ruter, Magic Contest, Compscore3...)."""

    name: str = ""
    version: str = ""
    application: str = ""
    """PBN's ``[Application]`` text, when the file has one."""


@dataclass(frozen=True, slots=True)
class Event:
    """What the session belongs to, as the file names it.

    ``scoring`` is the method in the file's words (PBN ``[Scoring]`` "MatchPoints;MP1",
    "IMP;Butler-2;Mean"; USEBIO ``SCORING_METHOD`` or ``BOARD_SCORING_METHOD``) and
    ``event_type`` USEBIO's ``EVENT_TYPE`` (``MP_PAIRS``, ``BUTLER_PAIRS``, ``CROSS_IMP``).
    ``winner_type`` is USEBIO's: 1 one field, 2 separate NS and EW winners (spec §7).
    ``session`` and ``session_count`` say which session of how many this file holds.
    ``extra`` keeps, in file order, other facts the file states (PBN META lines such as
    BoardCount, USEBIO elements such as BOARDS_PER_ROUND) for a reader that needs them.
    """

    name: str = ""
    date: datetime.date | None = None
    club: str = ""
    club_id: str = ""
    site: str = ""
    scoring: str = ""
    event_type: str = ""
    competition: Competition = Competition.PAIRS
    producer: Producer = Producer()
    winner_type: int | None = None
    session: int | None = None
    session_count: int | None = None
    extra: tuple[tuple[str, str], ...] = ()

    def get(self, name: str) -> str | None:
        """The first value ``extra`` holds under that name (case as written), or None."""
        return next((value for key, value in self.extra if key == name), None)


@dataclass(frozen=True, slots=True)
class Section:
    """A section of the field: its letter or number as the file writes it."""

    id: str
    name: str = ""


@dataclass(frozen=True, slots=True)
class Player:
    """One player: the name and, where the file gives them, national and club member numbers."""

    name: str
    member_id: str = ""
    club_id: str = ""


@dataclass(frozen=True, slots=True)
class Reported:
    """A participant's figures as the producing program reported them (never read to score).

    ``total``, ``percent``, ``place`` and ``boards`` are the file's main standings: the
    cumulative ones in a file of one session of several. The ``session_`` fields are the
    session's own, when the file gives them beside the cumulative ones (PBN
    ``SessionScoreMP``, ``SessionPercentage``, ``SessionRank``, ``NrBoardsSession``).
    ``place`` spans the tied places: (25, 26) for PBN ``Rank 25 RankTie 26`` or USEBIO
    ``25=`` shared with one other.
    """

    total: Decimal | None = None
    percent: Decimal | None = None
    place: Place | None = None
    boards: int | None = None
    session_total: Decimal | None = None
    session_percent: Decimal | None = None
    session_place: Place | None = None
    session_boards: int | None = None
    masterpoints: str = ""


@dataclass(frozen=True, slots=True)
class Participant:
    """A pair, a team or a player of an individual, as the file lists it in its standings.

    ``direction`` is the side a pair sat (a Mitchell's NS or EW pair; in a PBN
    ``TotalScoreTable`` the side it started on); ``seat`` an individual player's starting
    seat; ``table`` the starting table, where the file gives one. ``name`` is a team's name;
    a pair's or player's names are its ``players``. ``extra`` keeps other columns the file
    gives (club, country, sex...) in file order.
    """

    id: str
    direction: Side | None = None
    seat: Seat | None = None
    section: str = ""
    table: int | None = None
    name: str = ""
    players: tuple[Player, ...] = ()
    club: str = ""
    reported: Reported = Reported()
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def names(self) -> str:
        """The players' names as a standings list shows them: "Ann Able - Bob Baker"."""
        return " - ".join(player.name for player in self.players)


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """One entry of a board's double-dummy table (PBN ``OptimumResultTable``): tricks a declarer takes."""

    declarer: Seat
    strain: str
    tricks: int


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """A board of the session: its number, dealer, vulnerability and, when the file has it, the deal.

    ``dealer`` and ``vulnerability`` are None when the file does not say (USEBIO never
    does): the board's own, by its number (Law 2; :mod:`scoring.contract.board`), apply.

    ``datum`` is the Butler datum the program reported (USEBIO ``BOARD_AVERAGE``, PBN
    ``ButlerDatum``), a reported figure. ``optimum_score`` and ``optimum_contract`` are PBN's
    par tags as written ("NS 990", "6N S 12"), ``double_dummy`` its ``OptimumResultTable``.
    """

    number: int
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    hands: Hands | None = None
    datum: int | None = None
    optimum_score: str = ""
    optimum_contract: str = ""
    double_dummy: tuple[DoubleDummy, ...] = ()


_ADJUSTED_WORDS = {"A+": 60, "A": 50, "A=": 50, "AV": 50, "A-": 40, "AVE+": 60, "AVE": 50, "AVE-": 40}


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score (Law 12C2): each side's share of the board's top, in percent.

    Average-plus is 60, average 50, average-minus 40 (spec §2.3); USEBIO writes the pair as
    ``A6040`` (NS 60 %, EW 40 %), PBN each side in its own column as ``A+``, ``A`` or ``A-``.
    In IMP scoring the same marks are +3, 0 and -3 IMPs (Law 86A).
    """

    ns: int
    ew: int

    def __post_init__(self) -> None:
        for share in (self.ns, self.ew):
            if isinstance(share, bool) or not isinstance(share, int) or not 0 <= share <= 100:
                raise ScoringError(f"{quoted(share)} is not a share of the top from 0 to 100 percent.")

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        """Read USEBIO's ``A6040`` / ``A5050``, both sides in one cell as a director types them on a
        traveller (``A+/A-``, ``A60/A40``, through the traveller's own parser, Law 12C2), or one mark
        for both sides (``A+`` gives 60 and 60)."""
        key = text.strip().upper()
        if "/" in key:
            return cls.of_both(text)
        if len(key) == 5 and key[0] == "A" and key[1:].isascii() and key[1:].isdigit():
            return cls(int(key[1:3]), int(key[3:5]))
        share = cls.share(key)
        return cls(share, share)

    @classmethod
    def of_both(cls, text: str) -> Adjusted:
        """Both sides' artificial scores in one cell, read by :func:`parse_adjusted` (Law 12C2)."""
        entry = parse_adjusted(text)
        if not isinstance(entry, ArtificialScore):
            raise ScoringError(
                f"{quoted(text)} is {entry.words}: a file's score cell carries an artificial score "
                "only (Law 12C2)."
            )
        ns, ew = entry.scores.percents()
        if ns.denominator != 1 or ew.denominator != 1:
            raise ScoringError(f"{quoted(text)}: a file's artificial score is a whole percentage (Law 12C2).")
        return cls(int(ns), int(ew))

    @staticmethod
    def share(text: str) -> int:
        """One side's mark as a percentage: ``A+`` 60, ``A`` 50, ``A-`` 40, or ``A55`` 55."""
        key = text.strip().upper()
        if key in _ADJUSTED_WORDS:
            return _ADJUSTED_WORDS[key]
        if 2 <= len(key) <= 3 and key[0] == "A" and key[1:].isascii() and key[1:].isdigit():
            return int(key[1:])
        raise ScoringError(
            f"{quoted(text)} is not an artificial score: write A+, A or A- (Law 12C2), "
            "or A6040 for 60 % and 40 %."
        )

    @staticmethod
    def is_mark(text: str) -> bool:
        """Whether a score cell holds an artificial score rather than points."""
        try:
            if "/" in text:
                Adjusted.of_both(text)
            else:
                Adjusted.share(text)
        except ScoringError:
            key = text.strip().upper()
            return len(key) == 5 and key[0] == "A" and key[1:].isascii() and key[1:].isdigit()
        return True

    @property
    def usebio(self) -> str:
        """As USEBIO's ``SCORE`` writes it: ``A6040``."""
        return f"A{self.ns:02d}{self.ew:02d}"

    @staticmethod
    def mark(share: int) -> str:
        """One side's mark as PBN writes it: ``A+``, ``A``, ``A-``, or ``A55`` for another share."""
        return {60: "A+", 50: "A", 40: "A-"}.get(share, f"A{share}")


@dataclass(frozen=True, slots=True)
class LineFigures:
    """What the program reported for one traveller line: each side's matchpoints or IMPs and percent."""

    ns: Decimal | None = None
    ew: Decimal | None = None
    percent_ns: Decimal | None = None
    percent_ew: Decimal | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """One table's result on one board: a traveller line.

    ``ns`` and ``ew`` are the pair ids (None for the empty side of a sit-out row);
    ``players`` the four player ids North, East, South, West in an individual. The result
    is one of: ``score``, NS's score in points (0 for a passed-out board; negative when EW
    scored); ``adjusted``, an artificial score (Law 12C2); ``bye``, a row that records that
    the pair sat out (Magic Contest writes "Bye"); or none of them, a board not played.
    ``contract`` is written as the file has it, normalised to "4HX", "3NT", "PASS" or "".
    """

    board: int
    section: str = ""
    table: int | None = None
    round: int | None = None
    ns: str | None = None
    ew: str | None = None
    players: tuple[str | None, str | None, str | None, str | None] | None = None
    contract: str = ""
    declarer: Seat | None = None
    tricks: int | None = None
    lead: str = ""
    score: int | None = None
    adjusted: Adjusted | None = None
    bye: bool = False
    reported: LineFigures = LineFigures()

    @property
    def played(self) -> bool:
        """Whether the line holds a score in points (a passed-out board included)."""
        return self.score is not None


@dataclass(frozen=True, slots=True)
class Segment:
    """One segment of a team match: each team's IMPs (Ruter's ``MatchDetails`` "1,31,29")."""

    number: int
    home: Fraction
    away: Fraction


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """The victory points the program reported for a match."""

    vp_home: Decimal | None = None
    vp_away: Decimal | None = None


@dataclass(frozen=True, slots=True)
class Match:
    """A team match of a round: the two teams and the IMPs each won (the raw facts for VPs).

    ``imps_home``/``imps_away`` are None for a match not yet played. ``boards`` is the number
    of boards the match had, when the file says.
    """

    round: int | None
    table: int | None
    home: str
    away: str
    imps_home: Fraction | None = None
    imps_away: Fraction | None = None
    segments: tuple[Segment, ...] = ()
    boards: int | None = None
    reported: MatchFigures = MatchFigures()


@dataclass(frozen=True, slots=True)
class Session:
    """A scored session: the event, sections, participants, boards, traveller lines and matches."""

    event: Event
    participants: tuple[Participant, ...] = ()
    boards: tuple[BoardRecord, ...] = ()
    lines: tuple[Line, ...] = ()
    sections: tuple[Section, ...] = ()
    matches: tuple[Match, ...] = ()

    def participant(self, id: str) -> Participant | None:
        """The participant with that id, or None."""
        return next((p for p in self.participants if p.id == id), None)

    def board(self, number: int) -> BoardRecord | None:
        """The board of that number, or None."""
        return next((b for b in self.boards if b.number == number), None)

    def lines_of(self, board: int) -> tuple[Line, ...]:
        """The traveller lines of one board, in file order."""
        return tuple(line for line in self.lines if line.board == board)

    def all_boards(self) -> tuple[BoardRecord, ...]:
        """Every board in number order: the session's records, and a bare one for a board only lines name."""
        known = {board.number: board for board in self.boards}
        for line in self.lines:
            known.setdefault(line.board, BoardRecord(line.board))
        return tuple(known[number] for number in sorted(known))

    @property
    def method(self) -> Method | None:
        """The scoring method the file names (see :meth:`Method.of`)."""
        return Method.of(self.event)


_DIRECTIONS = {
    "NS": Side.NS,
    "N-S": Side.NS,
    "N/S": Side.NS,
    "EW": Side.EW,
    "E-W": Side.EW,
    "E/W": Side.EW,
    # Swedish, Danish and Norwegian programs (Ruter, Magic Contest) write East-West as Ö-V / Ø-V.
    "Ö-V": Side.EW,
    "ÖV": Side.EW,
    "Ø-V": Side.EW,
    "ØV": Side.EW,
    "O-V": Side.EW,
    "OV": Side.EW,
    # Finnish: Itä-Länsi.
    "I-L": Side.EW,
}


def parse_direction(text: str | None) -> Side | None:
    """A pair's direction as files write it ("N-S", "NS", "E-W", "Ö-V"), or None when empty or unknown."""
    if not text:
        return None
    return _DIRECTIONS.get(text.strip().upper().replace(" ", ""))

"""What contract bridge's contest shows: each table's figures, each board's, each pair's line and
the whole contest (Law 78's matchpoints or IMPs; a team match's figures). Plain values, made by
:mod:`tournament.games.contract.scoring` and read by every page, sheet and document."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from scoring.contests.ranking import Place

from ...models import Event
from .teams import MatchFigures


@dataclass(frozen=True, slots=True)
class TableFigures:
    """One table's result on a board, as the contest credits it to each side.

    ``score_ns`` is the score that counts (the table's, or the one the director assigned),
    None for an artificial adjusted score, whose markers are in ``adjusted`` ("A+", "A-").
    ``ns_figure``/``ew_figure`` are the matchpoints or IMPs each side earns there.
    """

    result_pk: int
    board: int
    ns: str
    ew: str
    score_ns: int | None
    adjusted: tuple[str, str] | None
    ns_figure: Fraction | None
    ew_figure: Fraction | None
    ns_how: str = ""
    ew_how: str = ""

    @property
    def adjusted_text(self) -> str:
        return f"{self.adjusted[0]}/{self.adjusted[1]}" if self.adjusted else ""

    def figure(self, side: str) -> Fraction | None:
        return self.ns_figure if side == "NS" else self.ew_figure

    def how(self, side: str) -> str:
        return self.ns_how if side == "NS" else self.ew_how


@dataclass(frozen=True, slots=True)
class BoardFigures:
    """One board scored: every table's figures, the board's top (matchpoints) or datum (Butler),
    and the lines that say how the board was scored."""

    number: int
    tables: tuple[TableFigures, ...]
    top: Fraction | None = None
    datum: int | Fraction | None = None
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PairLine:
    """A pair's line in the standings: its total, the most it could have scored, its percentage, place."""

    pair: str
    total: Fraction
    boards: int
    place: Place
    direction: str | None = None
    top: Fraction | None = None
    percent: Fraction | None = None
    played: Fraction | None = None
    """The plain sum over the boards played, before any scaling for sit-outs (spec §5.8)."""

    @property
    def average(self) -> Fraction | None:
        """What the pair won a board played, on average: a sit-out's award in some programs."""
        return None if self.played is None or not self.boards else self.played / self.boards


@dataclass
class ContractContest:
    """A contract bridge section scored: by board, by pair (or the match), and what stopped a figure."""

    method: str
    unit: str
    boards: dict[int, BoardFigures] = field(default_factory=dict)
    standings: tuple[PairLine, ...] = ()
    two_winner: bool = False
    match: MatchFigures | None = None
    problems: list[str] = field(default_factory=list)
    _tables: dict[int, TableFigures] | None = field(default=None, repr=False)

    @property
    def is_matchpoints(self) -> bool:
        return self.method == Event.Method.MATCHPOINTS

    def table(self, result_pk: int) -> TableFigures | None:
        """One result's figures, from an index built once for the section."""
        if self._tables is None:
            self._tables = {t.result_pk: t for board in self.boards.values() for t in board.tables}
        return self._tables.get(result_pk)

    def standing(self, pair: str) -> PairLine | None:
        return next((line for line in self.standings if line.pair == pair), None)

    def direction_standings(self, direction: str) -> tuple[PairLine, ...]:
        return tuple(line for line in self.standings if line.direction == direction)


# From the stored facts to the engine's rows ------------------------------------------------

"""Matchpoints: each pair's result compared with every other result on the board (Law 78A).

Spec: specs/modern-duplicate-scoring.md §2 (TV-30 to TV-35).

* **Scales** (§2.1). The ACBL scale gives 1 for each score beaten and ½ for each tie, top
  n−1; the European (EBU/WBF) scale 2 and 1, top 2(n−1). Only scores on the same board, in
  the same direction, are compared. Inside, both are counted in *half-units* (2 a score
  beaten, 1 a tie): whole numbers, exact, made a scale's figure once at the end.
* **Neuberg** (§2.2). A board with fewer results than expected is factored up to the
  expected number N: M' = (M + 1)·N/n − 1 on the European scale, (M + ½)·N/n − ½ on the ACBL
  scale. NS + EW still make the top at every table, and the board's total is the average
  times n.
* **Artificial adjusted scores** (Law 12C2, §2.3). Such a table takes no part in the
  comparison; the real results are matchpointed among themselves and Neuberg-factored to
  the full board; each artificial side gets its percentage of the top.
* **Assigned scores** (Law 12C1, §2.3). North-South's assigned score is ranked in the N-S
  field and East-West's in the E-W field, so where the two do not balance (Law 12C1(b)) the
  table's NS + EW differs from the top. A weighted score (Law 12C1(c)) is matchpointed share
  by share and the shares combined with their weights (the spec's DESIGN CHOICE); a weighted
  table counts for the others as fractions of a result, so the board's total stays constant.
* **Fouled boards** (§2.4). Each version of the board is matchpointed as its own group and
  factored to the expected number of results, M' = (M·E + (E − A))/A on the European scale
  (the EBU rule: Neuberg within each group). ACBLscore's rule is an option: the same formula
  for groups of four or more, and for a group of three that no other group outnumbers;
  smaller groups get fixed awards (3: 70/60/50 %, 2: 65/55 %, 1: 60 % of the top).

A session's totals, percentages and ranks are in :mod:`.matchpoint_session`.
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from ..shared.errors import ContestError, quoted
from ..shared.lookup import lookup
from ..shared.numbers import exact as _exact
from .adjusted import DEFAULT_PERCENTS, AdjustedPercents, Artificial, Outcome, Split, Weighted, parse_outcome
from .plain_matchpoints import plain_board
from .plain_matchpoints import plain_units as _plain_units

__all__ = [
    "DEFAULT_OPTIONS",
    "BoardLine",
    "FouledRule",
    "MatchpointOptions",
    "Scale",
    "ScoredBoard",
    "TableResult",
    "Winners",
    "board_key",
    "matchpoints",
    "neuberg",
    "round_towards_average",
    "score_board",
    "scored_board",
]


class Scale(enum.Enum):
    """How much a score beaten and a tie are worth (Law 78A; spec §2.1)."""

    ACBL = "acbl"
    EUROPEAN = "european"

    @classmethod
    def parse(cls, text: object) -> Scale:
        """Read "acbl" (1 and ½) or "european" (2 and 1; also "ebu", "wbf")."""
        return lookup(cls, text, key=lambda scale: scale.value, aliases=_SCALE_WORDS, error=_not_a_scale)

    @property
    def half(self) -> Fraction:
        """What one half-unit (a tie on the European scale) is worth on this scale."""
        return Fraction(1, 2) if self is Scale.ACBL else Fraction(1)

    def top(self, results: int) -> Fraction:
        """The top on a board with ``results`` comparable results: n−1 (ACBL) or 2(n−1) (European)."""
        return 2 * max(results - 1, 0) * self.half


_SCALE_WORDS = {"ebu": "european", "wbf": "european", "europe": "european", "us": "acbl"}


def _not_a_scale(text: object) -> ContestError:
    return ContestError(
        f'{quoted(text)} is not a matchpoint scale: use "acbl" (1 a score beaten, ½ a tie) or '
        '"european" (2 and 1) (Law 78A).'
    )


class FouledRule(enum.Enum):
    """How the groups of a fouled board are factored (spec §2.4)."""

    EBU = "ebu"
    ACBL = "acbl"

    @classmethod
    def parse(cls, text: object) -> FouledRule:
        """Read "ebu" (every group factored) or "acbl" (fixed awards for small groups)."""
        return lookup(
            cls,
            text,
            key=lambda rule: rule.value,
            error=lambda value: ContestError(
                f'{quoted(value)} is not a fouled-board rule: use "ebu" or "acbl" (spec §2.4).'
            ),
        )


class Winners(enum.Enum):
    """One list of standings, or one for each direction (spec §7: USEBIO WINNER_TYPE 1 or 2)."""

    ONE = "one"
    TWO = "two"

    @classmethod
    def parse(cls, text: object) -> Winners:
        """Read "one" or "two" (also 1 and 2, as USEBIO's WINNER_TYPE)."""
        if text in (1, 2) and not isinstance(text, bool):
            text = "one" if text == 1 else "two"
        return lookup(
            cls,
            text,
            key=lambda winners: winners.value,
            aliases={"1": "one", "2": "two"},
            error=lambda value: ContestError(
                f'{quoted(value)} is not a number of winners: use "one" or "two".'
            ),
        )


@dataclass(frozen=True, slots=True)
class MatchpointOptions:
    """An event's matchpoint settings (spec §2, §7; §9's per-event settings).

    ``fields_apart``: several sections each compared and ranked on its own, rather than as
    one field. ``winners``: one list of standings or one for each direction.
    ``scale_sit_outs``: a pair's total is scaled to the most boards any pair of its list
    played (sit-outs), as Compscore and ACBLscore print it; percentages are unchanged.
    """

    scale: Scale = Scale.ACBL
    neuberg: bool = True
    percents: AdjustedPercents = DEFAULT_PERCENTS
    fouled: FouledRule = FouledRule.EBU
    fields_apart: bool = False
    winners: Winners = Winners.ONE
    scale_sit_outs: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "scale", Scale.parse(self.scale))
        object.__setattr__(self, "fouled", FouledRule.parse(self.fouled))
        object.__setattr__(self, "winners", Winners.parse(self.winners))
        if not isinstance(self.percents, AdjustedPercents):
            raise ContestError("The artificial-score percentages are an AdjustedPercents (Law 12C2).")
        for name in ("neuberg", "fields_apart", "scale_sit_outs"):
            if not isinstance(getattr(self, name), bool):
                raise ContestError(f'{quoted(getattr(self, name))} is not true or false for "{name}".')


DEFAULT_OPTIONS = MatchpointOptions()


def board_key(board: object) -> str:
    """A board as the engine knows it: by its text, so 1 and "1" are the same board."""
    if isinstance(board, bool) or not isinstance(board, int | str):
        raise ContestError(f"{quoted(board)} is not a board: give its number or name.")
    text = str(board).strip()
    if not text or len(text) > 40:
        raise ContestError(f"{quoted(board)} is not a board: give its number or name.")
    return text


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result on one board: the pairs, and a score from N-S's side or an adjusted score.

    ``field`` names the section when sections are scored apart; ``version`` names the version
    of a fouled board the table played (spec §2.4). Pair ids are text.
    """

    board: str
    ns: str
    ew: str
    outcome: Outcome
    field: str = ""
    version: str = ""

    def __post_init__(self) -> None:
        board = self.board
        if type(board) is not str or not 0 < len(board) <= 40 or board[0].isspace() or board[-1].isspace():
            object.__setattr__(self, "board", board_key(board))  # already a board's text otherwise
        ns, ew = self.ns, self.ew
        if type(ns) is not str or type(ew) is not str or not ns.strip() or not ew.strip():
            for value in (ns, ew):
                if not isinstance(value, str) or not value.strip():
                    raise ContestError(
                        f"{quoted(value)} is not a pair: give the pair's number or name as text."
                    )
        if ns == ew:
            raise ContestError(f"Pair {ns} cannot sit North-South and East-West at one table.")
        outcome = self.outcome
        if type(outcome) is not int or not -7600 <= outcome <= 7600 or outcome % 10:
            object.__setattr__(self, "outcome", parse_outcome(outcome))  # a plain score passes as it is
        if type(self.field) is not str or type(self.version) is not str:
            for name, value in (("field", self.field), ("version", self.version)):
                if not isinstance(value, str):
                    raise ContestError(f'{quoted(value)} is not valid for "{name}": give text.')

    @property
    def artificial(self) -> bool:
        """Whether the table was given artificial scores and takes no part in the comparison."""
        return isinstance(self.outcome, Artificial)


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A traveller line with its matchpoints: what each pair scored out of the board's top."""

    board: str
    ns: str
    ew: str
    outcome: Outcome
    mp_ns: Fraction
    mp_ew: Fraction
    top: Fraction
    field: str = ""
    version: str = ""

    @property
    def percent_ns(self) -> Fraction:
        """North-South's matchpoints as a percentage of the top (50 when the top is nothing)."""
        return _percent(self.mp_ns, self.top)

    @property
    def percent_ew(self) -> Fraction:
        """East-West's matchpoints as a percentage of the top."""
        return _percent(self.mp_ew, self.top)


def _percent(mp: Fraction, top: Fraction) -> Fraction:
    return 100 * mp / top if top else Fraction(50)


# -- the primitives -----------------------------------------------------------------------


def matchpoints(scores: Sequence[int], scale: Scale = Scale.ACBL) -> list[Fraction]:
    """Each score's matchpoints against the others on the board, higher scores better (Law 78A).

    Give N-S scores for N-S matchpoints; an E-W pair's matchpoints are the top less its
    N-S opponents' (or pass the scores negated).
    """
    scale = Scale.parse(scale)
    halves = 2 if scale is Scale.ACBL else 1
    return [_exact(units, halves) for units in _plain_units(list(scores))]


def neuberg(mp: Fraction | int, actual: int, expected: int, scale: Scale = Scale.ACBL) -> Fraction:
    """Factor matchpoints won against ``actual`` results up to ``expected`` results (spec §2.2).

    European: (M + 1)·N/n − 1; ACBL: (M + ½)·N/n − ½, each on the scale's own top.
    """
    scale = Scale.parse(scale)
    for name, value in (("actual", actual), ("expected", expected)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ContestError(
                f"{quoted(value)} is not a number of results ({name}): give a whole number from 1."
            )
    if actual > expected:
        raise ContestError(f"{actual} results is more than the {expected} expected on the board (spec §2.2).")
    return (Fraction(mp) + scale.half) * expected / actual - scale.half


def round_towards_average(mp: Fraction, top: Fraction, step: Fraction = Fraction(1, 10)) -> Fraction:
    """Round to ``step``, a value exactly halfway going towards the average (EBU fouled boards, §2.4)."""
    units, rest = divmod(Fraction(mp), step)
    halfway_up = 2 * rest == step and (units + 1) * step <= top / 2
    if 2 * rest > step or halfway_up:
        units += 1
    return units * step


# -- one board -----------------------------------------------------------------------------

_Shares = tuple[tuple[Fraction | int, int], ...]


def _half_units(tables: Sequence[_Shares]) -> tuple[list[int], int]:
    """Half-units each table wins against the other tables, higher scores better, over one denominator.

    A table is a tuple of (weight, score); a plain result is one share of weight 1. Against
    another table each of its shares wins 2 for each share beaten and 1 for each tie, times
    both weights, so a board's total stays n(n−1) however the scores are weighted. The
    weights are taken as whole numbers over their common denominator d, so the half-units
    come back as whole numbers over d², with d².
    """
    common = 1
    for shares in tables:
        for weight, _ in shares:
            common = lcm(common, Fraction(weight).denominator)
    scaled = [tuple((int(weight * common), score) for weight, score in shares) for shares in tables]
    components = sorted((score, weight) for shares in scaled for weight, score in shares)
    scores = [score for score, _ in components]
    cumulative = [0]
    for _, weight in components:
        cumulative.append(cumulative[-1] + weight)
    results = []
    for shares in scaled:
        won = 0
        for weight, score in shares:
            low, high = bisect_left(scores, score), bisect_right(scores, score)
            below, equal = cumulative[low], cumulative[high] - cumulative[low]
            for own_weight, own_score in shares:  # not against itself
                if own_score < score:
                    below -= own_weight
                elif own_score == score:
                    equal -= own_weight
            won += weight * (2 * below + equal)
        results.append(won)
    return results, common * common


def _ns_shares(outcome: Outcome) -> _Shares:
    if isinstance(outcome, int):
        return ((1, outcome),)
    if isinstance(outcome, Split):
        return ((1, outcome.for_ns),)
    if isinstance(outcome, Weighted):
        return tuple(outcome.ns)
    raise ContestError("An artificial score takes no part in the comparison (Law 12C2).")


def _ew_shares(outcome: Outcome) -> _Shares:
    """East-West's scores negated, so that higher is better for them too."""
    if isinstance(outcome, int):
        return ((1, -outcome),)
    if isinstance(outcome, Split):
        return ((1, -outcome.for_ew),)
    if isinstance(outcome, Weighted):
        return tuple((weight, -score) for weight, score in outcome.ew)
    raise ContestError("An artificial score takes no part in the comparison (Law 12C2).")


_SMALL_GROUP_AWARDS = {1: (60,), 2: (65, 55), 3: (70, 60, 50)}


def score_board(
    results: Sequence[TableResult], options: MatchpointOptions = DEFAULT_OPTIONS, expected: int | None = None
) -> tuple[BoardLine, ...]:
    """Matchpoint one board in one field (Law 78A; Laws 12C1, 12C2; spec §2.2-§2.4).

    ``expected`` is the number of results a full board has (default: the tables here).
    Lines come back in the order of ``results``.
    """
    return scored_board(results, options, expected).lines()


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """A matchpointed board in whole numbers: each table's matchpoints and the top over one denominator.

    ``ns[i]`` and ``ew[i]`` are the matchpoints of ``results[i]`` times ``denominator``, and
    ``top`` the board's top times ``denominator``: a session adds whole numbers and makes its
    Fractions once, at the end.
    """

    results: tuple[TableResult, ...]
    denominator: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    top: int

    def lines(self) -> tuple[BoardLine, ...]:
        """The traveller lines, in the order of the results, with their exact matchpoints."""
        denominator = self.denominator
        top = _exact(self.top, denominator)
        return tuple(
            BoardLine(
                result.board,
                result.ns,
                result.ew,
                result.outcome,
                _exact(ns, denominator),
                _exact(ew, denominator),
                top,
                result.field,
                result.version,
            )
            for result, ns, ew in zip(self.results, self.ns, self.ew, strict=True)
        )


def scored_board(
    results: Sequence[TableResult], options: MatchpointOptions = DEFAULT_OPTIONS, expected: int | None = None
) -> ScoredBoard:
    """:func:`score_board` in whole numbers over the board's denominator (Law 78A; spec §2.2-§2.4)."""
    if not results:
        raise ContestError("A board with no results cannot be matchpointed.")
    board = results[0].board
    _check_board(results, board)
    tables = len(results)
    full = tables if expected is None else expected
    if isinstance(full, bool) or not isinstance(full, int) or full < 1:
        raise ContestError(f"{quoted(full)} is not a number of results expected on board {board}.")
    if full < tables:
        raise ContestError(f"Board {board} has {tables} results, more than the {full} expected (spec §2.2).")
    halves = 2 if options.scale is Scale.ACBL else 1  # half-units in one matchpoint
    scores = [result.outcome for result in results if isinstance(result.outcome, int)]
    if len(scores) == tables and len({result.version for result in results}) == 1:
        return _plain_board(results, scores, full if options.neuberg else tables, halves)
    real = [index for index, result in enumerate(results) if not result.artificial]
    versions: dict[str, list[int]] = {}
    for index in real:
        versions.setdefault(results[index].version, []).append(index)
    fouled = len(versions) > 1
    factored = options.neuberg or fouled
    top_units = 2 * (full - 1) if factored else 2 * max(len(real) - 1, 0)
    top = _exact(top_units, halves)
    # Each table's matchpoints as (N-S numerator, E-W numerator, denominator): whole numbers.
    figures: dict[int, tuple[int, int, int]] = {}
    largest = max((len(group) for group in versions.values()), default=0)
    for group in versions.values():
        outcomes = [results[index].outcome for index in group]
        size = len(group)
        plain = [outcome for outcome in outcomes if isinstance(outcome, int)]
        if len(plain) == size:  # every table a plain score: no weights to carry
            ns_units = _plain_units(plain)
            ew_units = [2 * (size - 1) - units for units in ns_units]
            denominator = 1
        else:
            ns_units, denominator = _half_units([_ns_shares(outcome) for outcome in outcomes])
            ew_units, _ = _half_units([_ew_shares(outcome) for outcome in outcomes])
        if fouled and options.fouled is FouledRule.ACBL and (size < 3 or (size == 3 and largest > 3)):
            ns_awards = _fixed_awards([_exact(units, denominator) for units in ns_units], top)
            ew_awards = _fixed_awards([_exact(units, denominator) for units in ew_units], top)
            for index, ns_mp, ew_mp in zip(group, ns_awards, ew_awards, strict=True):
                figures[index] = _over_one(ns_mp, ew_mp)
            continue
        if factored and size < full:
            # ((M + 1)·N/n − 1) half-units, M = units/d: ((units + d)·N − n·d) / (n·d)
            scale = denominator * size * halves
            ns_units = [(units + denominator) * full - size * denominator for units in ns_units]
            ew_units = [(units + denominator) * full - size * denominator for units in ew_units]
        else:
            scale = denominator * halves
        for index, ns, ew in zip(group, ns_units, ew_units, strict=True):
            figures[index] = (ns, ew, scale)
    for index, result in enumerate(results):
        if isinstance(result.outcome, Artificial):
            ns_percent, ew_percent = result.outcome.percents(options.percents)
            figures[index] = _over_one(top * ns_percent / 100, top * ew_percent / 100)
    scales = {scale for _, _, scale in figures.values()}
    common = lcm(halves, *scales)
    ns_figures = []
    ew_figures = []
    for index in range(tables):
        ns, ew, scale = figures[index]
        ns_figures.append(ns * (common // scale))
        ew_figures.append(ew * (common // scale))
    return ScoredBoard(
        tuple(results), common, tuple(ns_figures), tuple(ew_figures), top_units * (common // halves)
    )


def _plain_board(results: Sequence[TableResult], scores: list[int], full: int, halves: int) -> ScoredBoard:
    """A board of plain scores, one version, none adjusted: the usual board, scored at once.

    ``full`` is the number of results the board is factored to (Neuberg), or the tables.
    """
    denominator, ns_units, ew_units, top = plain_board(scores, full, halves)
    return ScoredBoard(tuple(results), denominator, tuple(ns_units), tuple(ew_units), top)


def _over_one(ns: Fraction, ew: Fraction) -> tuple[int, int, int]:
    """Two Fractions as whole numbers over their common denominator."""
    common = lcm(ns.denominator, ew.denominator)
    return ns.numerator * (common // ns.denominator), ew.numerator * (common // ew.denominator), common


def _check_board(results: Sequence[TableResult], board: str) -> None:
    seen: set[str] = set()
    for result in results:
        if type(result) is not TableResult and not isinstance(result, TableResult):
            raise ContestError(f"{quoted(result)} is not a table's result.")
        if result.board != board:
            raise ContestError(f"Board {result.board} is not board {board}: score one board at a time.")
        seen.add(result.ns)
        seen.add(result.ew)
    if len(seen) < 2 * len(results):  # a pair seated twice: name the first one met again
        seen.clear()
        for result in results:
            for pair in (result.ns, result.ew):
                if pair in seen:
                    raise ContestError(
                        f"Pair {pair} has two results on board {board}: a pair plays a board once."
                    )
                seen.add(pair)


def _fixed_awards(units: list[Fraction], top: Fraction) -> list[Fraction]:
    """ACBLscore's awards for a small group of a fouled board, ties sharing the places' awards (§2.4)."""
    awards = _SMALL_GROUP_AWARDS[len(units)]
    order = sorted(range(len(units)), key=lambda index: -units[index])
    values = [Fraction(0)] * len(units)
    position = 0
    while position < len(order):
        end = position
        while end + 1 < len(order) and units[order[end + 1]] == units[order[position]]:
            end += 1
        share = Fraction(sum(awards[position : end + 1]), end - position + 1)
        for place in range(position, end + 1):
            values[order[place]] = top * share / 100
        position = end + 1
    return values

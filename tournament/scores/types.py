"""The read model's vocabulary: a section's scores and each result with what the engine made of it.

Its own module, below everything that makes or reads scores (``scores.standings``, ``scores.cache``,
the games' scoring): they all import it, and it imports none of them.

:class:`SectionScores` and :class:`ScoredResult` join the facts, loaded fresh from the database, to
the engine's figures; :class:`ResultFigures`, :class:`BoardScores` and :class:`ContestFigures` are
those figures alone, plain data with no model in them, as the cache keeps them (``scores.cache``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.auction.deal import DealScore
from scoring.contests.adjusted import Split, Weighted
from scoring.contests.pairs import DealFigures, Irregular, PairContest
from scoring.contests.teams import TeamMatch
from scoring.contract.deal import ContractScore
from scoring.shared.seats import Side

from ..models import Board, Event, Pair, Result, Ruling, Section


@dataclass
class ScoredResult:
    """A recorded result with what the engine made of it."""

    result: Result
    rulings: list[Ruling]
    score: DealScore | ContractScore | None  # None for whist and for a table taking a Law B average
    irregular: Irregular | None
    problem: str = ""
    # Contract bridge: the artificial scores of Law 12C2 ("A+", "A-"), and whether ``score`` is the
    # one the director assigned under Law 12C1 rather than the table's own.
    adjusted: tuple[str, str] | None = None
    assigned: bool = False
    # The words of an adjusted score other than Average-plus/Average/Average-minus, each with its
    # law ("Law 12C1(c) weighted: 60% 4S N =, 40% 4S N -1"); the engine's outcome of a score that
    # differs by side or is weighted (Law 12C1(b), (c)); a table left out of its board (NP); and
    # the version of a fouled board the table played (Law 87B).
    adjustment: str = ""
    outcome: Split | Weighted | None = None
    left_out: bool = False
    version: str = ""

    @property
    def active_rulings(self) -> list[Ruling]:
        return [r for r in self.rulings if r.active]

    def points(self, side: Side) -> int | None:
        """What ``side`` scored at the table: gross points (Auction) or total tricks (Whist)."""
        if self.irregular is not None or self.problem or self.adjusted is not None:
            return None
        if isinstance(self.score, ContractScore):
            return self.score.score_ns if side is Side.NS else self.score.score_ew
        if self.score is None:
            tricks = self.result.tricks
            return tricks if side is Side.NS else 13 - tricks
        return self.score.side(side).total

    @property
    def net_ns(self) -> int | None:
        if self.score is None or self.irregular is not None or self.problem or self.adjusted is not None:
            return None
        if isinstance(self.score, ContractScore):
            return self.score.score_ns
        return self.score.net_ns


@dataclass
class SectionScores:
    """Everything the screens and exports show for one section."""

    event: Event
    section: Section
    pairs: dict[str, Pair]
    boards: dict[int, Board]
    results: list[ScoredResult]
    # The game's contest of the section, as its game made it and reads it (``games.of(event)``):
    # the engine's pair contest (Law H) or team match (Law G), or contract bridge's own figures
    # (``games.contract.figures.ContractContest``). None until the contest is run, or when it could not be.
    payload: Any = None
    problems: list[str] = field(default_factory=list)
    # The pair contest deal by deal (Law H scores each deal on its own), as each board's cached
    # figures hold it; None when the contest could not be run, or was not run deal by deal.
    deals: dict[str, DealFigures] | None = field(default=None, repr=False, compare=False)
    _pair_index: dict[str, list[ScoredResult]] | None = field(default=None, repr=False)
    # Where each result stands in ``results`` and each board's run of them, built once when asked.
    _places: tuple[dict[int, int], dict[int, range]] | None = field(default=None, repr=False, compare=False)
    # Each pair's id and names by label, worked out once for the pairs this sheet shares with the next.
    _pair_info: dict[str, tuple[int, str]] | None = field(default=None, repr=False, compare=False)
    # The results the opponents disputed, in the order of ``results``, found once when asked.
    _disputed: list[ScoredResult] | None = field(default=None, repr=False, compare=False)

    @property
    def contest(self) -> PairContest | None:
        """The engine's pair contest (Law H), when that is the section's payload."""
        return self.payload if isinstance(self.payload, PairContest) else None

    @property
    def match(self) -> TeamMatch | None:
        """The engine's team match (Law G), when that is the section's payload."""
        return self.payload if isinstance(self.payload, TeamMatch) else None

    def by_board(self) -> dict[int, list[ScoredResult]]:
        grouped: dict[int, list[ScoredResult]] = defaultdict(list)
        for scored in self.results:
            grouped[scored.result.board.number].append(scored)
        return grouped

    def places(self) -> tuple[dict[int, int], dict[int, range]]:
        """Each result's index in ``results`` by its id, and each board's run of indexes by the board's id.

        The results come board by board (``load_section``), so a board's results are one run."""
        if self._places is None:
            at: dict[int, int] = {}
            runs: dict[int, range] = {}
            for index, scored in enumerate(self.results):
                row = scored.result.__dict__  # the ids as loaded, without a descriptor per row
                at[row["id"]] = index
                run = runs.get(row["board_id"])
                runs[row["board_id"]] = (
                    range(index, index + 1) if run is None else range(run.start, index + 1)
                )
            self._places = (at, runs)
        return self._places

    def pair_info(self, label: str) -> tuple[int | None, str]:
        """The id and names of the pair ``label`` (None and "" for a label the section does not hold)."""
        if self._pair_info is None:
            self._pair_info = {label: (pair.pk, pair.names) for label, pair in self.pairs.items()}
        return self._pair_info.get(label, (None, ""))

    def disputed(self) -> list[ScoredResult]:
        """The results the opponents disputed, waiting for the director (Law E), in results order."""
        if self._disputed is None:
            status = str(Result.Status.DISPUTED)  # looked up once: a 120-table night holds 3,000 results
            self._disputed = [s for s in self.results if s.result.status == status]
        return self._disputed

    def on_boards(self, board_ids: set[int]) -> list[ScoredResult]:
        """The results of those boards, in the order of ``results``."""
        runs = self.places()[1]
        spans = sorted((runs[pk] for pk in board_ids if pk in runs), key=lambda run: run.start)
        return [self.results[index] for run in spans for index in run]

    def for_pair(self, label: str) -> list[ScoredResult]:
        """The results a pair played, from an index built once for the whole section."""
        if self._pair_index is None:
            index: dict[str, list[ScoredResult]] = defaultdict(list)
            for scored in self.results:
                index[scored.result.ns.label].append(scored)
                index[scored.result.ew.label].append(scored)
            self._pair_index = index
        return list(self._pair_index.get(label, ()))

    def exact_score(self, label: str) -> Fraction | None:
        if self.contest is None:
            return None
        for standing in self.contest.standings:
            if standing.pair == label:
                return standing.score
        return None


@dataclass(frozen=True, slots=True)
class ResultFigures:
    """What the engine made of one result: a :class:`ScoredResult` without its facts."""

    score: DealScore | ContractScore | None
    irregular: Irregular | None
    problem: str = ""
    adjusted: tuple[str, str] | None = None
    assigned: bool = False
    adjustment: str = ""
    outcome: Split | Weighted | None = None
    left_out: bool = False
    version: str = ""

    @classmethod
    def of(cls, scored: ScoredResult) -> ResultFigures:
        return cls(
            scored.score,
            scored.irregular,
            scored.problem,
            scored.adjusted,
            scored.assigned,
            scored.adjustment,
            scored.outcome,
            scored.left_out,
            scored.version,
        )

    def joined(self, result: Result, rulings: list[Ruling]) -> ScoredResult:
        """The result and its rulings, as loaded now, with these figures."""
        return ScoredResult(
            result,
            rulings,
            self.score,
            self.irregular,
            self.problem,
            self.adjusted,
            self.assigned,
            self.adjustment,
            self.outcome,
            self.left_out,
            self.version,
        )


@dataclass(frozen=True, slots=True)
class BoardScores:
    """One board's results scored, by result id, and its deal's figures in a pair contest (Law H).

    ``deals``: the deal's figures by deal ({} when no table of the board is in the contest), None
    when the contest is not added up deal by deal (a match, contract bridge). ``failed``: the
    engine refused the deal; the whole section is then scored again, to say why as it says it."""

    results: dict[int, ResultFigures]
    deals: dict[str, DealFigures] | None = None
    failed: bool = False


@dataclass(frozen=True, slots=True)
class ContestFigures:
    """A section's contest, as the cache keeps it: the game's payload (the pair contest, the match,
    or contract bridge's own contest).

    ``problems``: what stopped the contest, said after the results' own problems."""

    payload: Any = None
    problems: tuple[str, ...] = ()

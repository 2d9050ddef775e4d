"""Rescoring a matchpoint session (pairs or individuals), each producer's way.

Every board is matchpointed by the engine (:func:`scoring.contests.matchpoints.score_board`,
Law 78A, spec §2): only scores in the same direction compared; a board with fewer results
than the most on any board of the field Neuberg-factored to it (§2.2); an artificial
adjusted table (Law 12C2) out of the comparison, its sides given their percentage of the
full top (A+ 60, A 50, A- 40; USEBIO's A6040 as written). Where programs differ, the
file's producer decides:

* **Ruter / Magic Contest** (PBN ``MatchPoints``): the European scale 2/1/0; travellers
  show the factored matchpoints; a pair's total is the sum of its unrounded board
  matchpoints, its percentage that total over the tops of its boards; one ranking of the
  whole field (checked on every board and pair of the 2014 Finnish championship, both
  sessions, Neuberg and A+ included).
* **Compscore3** (USEBIO ``MP_PAIRS``): the European scale; a traveller shows a short board
  raw, on its own top, unless the board holds an artificial score, when its real results
  are shown factored; totals sum every board factored to the full board and are scaled
  for sit-outs to the most boards any pair of the list played (× E ÷ played); the
  percentage is the factored matchpoints over the tops of the boards played; places in
  each direction when ``WINNER_TYPE`` is 2 (checked on three 2022 Compscore3 files).
* **ACBLscore**: the ACBL scale 1/½/0; a pair's score scaled to the session's boards
  (× boards ÷ played, for the N-S pairs of a Mitchell with a sit-out), rounded to the
  hundredth (a half up), and the percentage taken of that rounded score (checked on an ACBL Live for
  Clubs page of 2026, 312 lines and 25 pairs).
* Any other program: the European scale of Law 78A, totals unscaled, as the
  ``matchpoints`` command reads the spec.

An individual (PBN ``PlayerId_North`` ...) is matchpointed as pairs of the two players
who sat together on each board; each player takes the matchpoints of the side he sat
(:func:`scoring.contests.individuals.individual_standings`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..contests.adjusted import Artificial
from ..contests.individuals import SideScore, individual_standings
from ..contests.matchpoints import BoardLine, MatchpointOptions, Scale, TableResult, score_board
from ..contests.ranking import competition_ranks
from ..shared.errors import ScoringError
from ..shared.seats import Side
from .rescore_imps import ordered
from .rescored import (
    Family,
    LineFigure,
    PairNaming,
    Rescore,
    RescoreError,
    Standing,
    decimal_of,
)
from .session import Competition, Session

__all__ = ["rescore_matchpoints"]


@dataclass(slots=True)
class _Tally:
    mp: Fraction = Fraction(0)
    top: Fraction = Fraction(0)
    boards: int = 0
    sides: set[Side] = field(default_factory=set)


def rescore_matchpoints(
    session: Session,
    family: Family,
    scores: Mapping[int, int],
    overrides: Mapping[int, tuple[Fraction, Fraction]],
) -> Rescore:
    """Score a matchpoint session again from its raw results, as its producer did (Law 78A; spec §2).

    ``scores`` holds each line's N-S score by index; ``overrides`` matchpoints a director
    set by hand on a line (they replace that line's figures, shown and counted).
    """
    individual = session.event.competition is Competition.INDIVIDUALS
    naming = PairNaming() if individual else PairNaming.of(session)
    scale = Scale.ACBL if family is Family.ACBLSCORE else Scale.EUROPEAN
    factored = MatchpointOptions(scale=scale, neuberg=True)
    raw = MatchpointOptions(scale=scale, neuberg=False)
    boards: dict[int, list[tuple[int, TableResult]]] = {}
    members: dict[str, tuple[str, ...]] = {}
    for index, line in enumerate(session.lines):
        if line.bye or (index not in scores and line.adjusted is None):
            continue
        if individual:
            if line.players is None or None in line.players:
                continue
            north, east, south, west = (player or "" for player in line.players)
            ns, ew = f"{north}+{south}", f"{east}+{west}"
            members[ns], members[ew] = (north, south), (east, west)
        else:
            if line.ns is None or line.ew is None:
                continue
            ns, ew = naming.key(line.ns, Side.NS, line.section), naming.key(line.ew, Side.EW, line.section)
            members[ns], members[ew] = (ns,), (ew,)
        outcome: int | Artificial
        if line.adjusted is not None:
            outcome = Artificial(Fraction(line.adjusted.ns), Fraction(line.adjusted.ew))
        else:
            outcome = scores[index]
        try:
            result = TableResult(str(line.board), ns, ew, outcome)
        except ScoringError as error:
            raise RescoreError(f"Board {line.board}: {error}") from error
        boards.setdefault(line.board, []).append((index, result))
    if not boards:
        raise RescoreError("This file holds no table result to score: every line is empty.")
    expected = max(len(rows) for rows in boards.values())
    figures: dict[int, LineFigure] = {}
    tallies: dict[str, _Tally] = {}
    sides: list[SideScore] = []
    for rows in boards.values():
        results = [result for _, result in rows]
        try:
            counted = score_board(results, factored, expected)
            shown = counted
            artificial = any(result.artificial for result in results)
            if family is Family.COMPSCORE and not artificial and len(results) < expected:
                shown = score_board(results, raw)
        except ScoringError as error:
            raise RescoreError(f"Board {results[0].board}: {error}") from error
        for (index, _), count, show in zip(rows, counted, shown, strict=True):
            ns_mp, ew_mp = overrides.get(index, (count.mp_ns, count.mp_ew))
            figures[index] = LineFigure(index, *overrides.get(index, (show.mp_ns, show.mp_ew)))
            _add(tallies, members, count, ns_mp, ew_mp)
            for key, mp in ((count.ns, ns_mp), (count.ew, ew_mp)):
                if individual:
                    first, second = members[key]
                    sides.append(SideScore(count.board, (first, second), mp, count.top))
    two_winner = (session.event.winner_type == 2 or naming.by_direction) and not individual
    standings = _individuals(sides) if individual else _standings(tallies, family, two_winner, len(boards))
    places = 1 if family is Family.BRENNING else 2
    return Rescore(
        scoring="individual_matchpoints" if individual else "matchpoints",
        family=family,
        halves_up=family in (Family.BRENNING, Family.ACBLSCORE),
        standings=standings,
        lines=tuple(figures[index] for index in sorted(figures)),
        total_places=places,
        percent_places=2,
    )


def _add(
    tallies: dict[str, _Tally],
    members: Mapping[str, tuple[str, ...]],
    line: BoardLine,
    ns_mp: Fraction,
    ew_mp: Fraction,
) -> None:
    for side, mp, key in ((Side.NS, ns_mp, line.ns), (Side.EW, ew_mp, line.ew)):
        for member in members[key]:
            tally = tallies.setdefault(member, _Tally())
            tally.mp += mp
            tally.top += line.top
            tally.boards += 1
            tally.sides.add(side)


def _individuals(sides: list[SideScore]) -> tuple[Standing, ...]:
    """Each player's total from the sides they sat in (the engine's individual standings)."""
    try:
        lines = individual_standings(sides)
    except ScoringError as error:
        raise RescoreError(f"This individual cannot be totalled: {error}") from error
    return ordered(
        [
            Standing(line.player, line.total, line.percent, line.place, line.boards, None, line.top)
            for line in lines
        ]
    )


def _percent(tally: _Tally) -> Fraction:
    return 100 * tally.mp / tally.top if tally.top else Fraction(50)


def _standings(
    tallies: Mapping[str, _Tally], family: Family, two_winner: bool, session_boards: int
) -> tuple[Standing, ...]:
    lists: dict[Side | None, list[str]] = {}
    for member, tally in tallies.items():
        side: Side | None = None
        if two_winner:
            if len(tally.sides) != 1:
                raise RescoreError(
                    f"Pair {member} sat both North-South and East-West, so it belongs to neither list of a "
                    "two-winner event (WINNER_TYPE 2)."
                )
            side = next(iter(tally.sides))
        lists.setdefault(side, []).append(member)
    standings: list[Standing] = []
    for side, members in lists.items():
        percents = {m: _percent(tallies[m]) for m in members}
        most = max(tallies[m].boards for m in members)
        totals: dict[str, Fraction] = {}
        for member in members:
            tally = tallies[member]
            totals[member] = tally.mp
            if family is Family.COMPSCORE:
                totals[member] = tally.mp * most / tally.boards
            elif family is Family.ACBLSCORE and tally.boards:
                # ACBLscore scales to the session's boards, rounds the score to the hundredth,
                # and takes the percentage of that rounded score.
                rounded = Fraction(decimal_of(tally.mp * session_boards / tally.boards, 2, halves_up=True))
                totals[member] = rounded
                percents[member] = 100 * rounded * tally.boards / (tally.top * session_boards)
        places = competition_ranks(percents)
        for member in members:
            tally, total = tallies[member], totals[member]
            pair, _, section = PairNaming.split(member)
            standings.append(
                Standing(
                    pair, total, percents[member], places[member], tally.boards, side, tally.top, section
                )
            )
    return ordered(standings)

"""Rescoring IMP pairs (Butler, cross-IMPs) and team events on VPs, each producer's way.

The primitives are the engine's: the WBF IMP scale (Law 78B), the Butler datum and
cross-IMPs (:mod:`scoring.contests.imps`, :mod:`scoring.contests.imp_pairs`, spec §3.2,
§3.3) and the WBF continuous VP scale (:mod:`scoring.contests.victory_points`, spec §3.5).
What differs between programs, and is chosen here from what the file says:

**Butler.**

* Magic Contest (``[Scoring "IMP;Butler-2;Mean"]``): the number after ``Butler-`` is the
  number of extreme scores set aside, half at each end (2: the highest and the lowest);
  the rest are averaged ("Mean") and rounded to the nearest 10. A pair that sits out a
  round has a ``Bye`` row on each board it missed: the row shows the pair's own average
  IMPs per board played, to one decimal, and its total is its IMPs scaled to every board
  of the session (played × boards ÷ played; spec §5.8). Checked on every board and pair
  of a 2013 Magic Contest 4.7 file.
* Compscore3 (USEBIO ``BUTLER_PAIRS``): one highest and one lowest real score dropped
  whenever three or more remain, the mean rounded to the nearest 10, halves away from zero
  (−445 → −450); an artificial ``A5050`` table stays out of the datum and scores 0 to both;
  totals are plain sums; places in each direction when ``WINNER_TYPE`` is 2. Checked on
  all 35 boards and 14 pairs of a 2026 Compscore3 file.
* Any other program: the spec's readings (one dropped at each end above four scores).

**Cross-IMPs.**

* Ruter ``IMP;Cross``: each score's IMPs against every other real score of the whole field
  (all sections), **summed**; an Average-plus is 1.5 IMPs against each other table of the
  board (+58.5 beside 39 others), and the other pairs do not compare with it (inferred
  from a Ruter 4.3 file, all 42 boards). Totals are the row sums.
* Ruter ``IMP;Cross2``: board IMPs summed as above; the total is averaged per board and
  per comparison: the sum of each board's IMPs ÷ its comparisons, ÷ boards played.
* Compscore3 (USEBIO ``CROSS_IMP``): **averaged** over the other scores of the board;
  totals are the sums of the unrounded averages, not scaled for sit-outs.
* Any other PBN file: summed; any other USEBIO file: averaged.

**Teams.** Each match's VPs from the two teams' IMPs on the WBF continuous 20-VP scale for
the match's number of boards (Ruter's ``MatchDetails`` "200,25,8": 200 names the whole
match, then home and away IMPs); a team's total is the sum of its VPs. A file that does
not say how many boards a match had cannot be converted: the caller must say.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..contests.imp_pairs import Butler, Cross, ImpTable, imp_session
from ..contests.imps import AWARD_IMPS, Award, CrossTotal, DatumRounding
from ..contests.ranking import competition_ranks
from ..contests.victory_points import match_vps
from ..shared.errors import ScoringError
from ..shared.seats import Side
from .rescored import (
    Family,
    LineFigure,
    MatchFigure,
    PairNaming,
    Rescore,
    RescoreError,
    Standing,
)
from .session import Adjusted, Line, Match, Method, Session

__all__ = ["ordered", "rescore_imp_pairs", "rescore_teams"]

_AWARDS = {60: Award.AVERAGE_PLUS, 50: Award.AVERAGE, 40: Award.AVERAGE_MINUS}
_RUTER_CROSS_AWARDS = {
    Award.AVERAGE_PLUS: Fraction(3, 2),
    Award.AVERAGE: Fraction(0),
    Award.AVERAGE_MINUS: Fraction(-3, 2),
}


def rescore_imp_pairs(
    session: Session,
    method: Method,
    family: Family,
    scores: Mapping[int, int],
    overrides: Mapping[int, tuple[Fraction, Fraction]],
) -> Rescore:
    """Score an IMP pairs session again by Butler or cross-IMPs, as its producer did (spec §3.2, §3.3).

    ``scores`` holds each line's N-S score by its index (derived from the contract when the
    file gave none); ``overrides`` holds IMPs a director set by hand on a line, by index.
    """
    scoring_text = session.event.scoring.upper().replace(" ", "")
    naming = PairNaming.of(session)
    two_winner = session.event.winner_type == 2 or naming.by_direction
    tables: list[ImpTable] = []
    table_index: dict[tuple[str, str], int] = {}
    byes: list[int] = []
    for index, line in enumerate(session.lines):
        if line.bye:
            byes.append(index)
            continue
        if line.ns is None or line.ew is None or (index not in scores and line.adjusted is None):
            continue
        adjusted = None if line.adjusted is None else _awards(line.adjusted, line)
        ns, ew = naming.key(line.ns, Side.NS, line.section), naming.key(line.ew, Side.EW, line.section)
        tables.append(
            ImpTable(str(line.board), ns, ew, scores.get(index) if adjusted is None else None, adjusted)
        )
        table_index[(str(line.board), ns)] = index
    if not tables:
        raise RescoreError("This file holds no table result to score: every line is empty.")
    boards_in_session = len({line.board for line in session.lines if not line.bye})
    award_imps: Mapping[Award, Fraction] = AWARD_IMPS
    scoring_name = "butler"
    places = 1
    notes: list[str] = []
    setting: Butler | Cross
    if method is Method.BUTLER:
        setting = _butler(scoring_text, family)
        scale_to = boards_in_session if byes and family is Family.BRENNING else None
        places = 1 if family is Family.BRENNING else 2
    else:
        scoring_name = "cross_imps"
        summed = family is Family.BRENNING or (family is Family.OTHER and not session.event.event_type)
        setting = Cross(CrossTotal.SUM if summed else CrossTotal.AVERAGE, awards_against_tables=summed)
        if family is Family.BRENNING:
            award_imps = _RUTER_CROSS_AWARDS
        scale_to = None
        places = 1 if family is Family.BRENNING else 2
    try:
        result = imp_session(
            tables, setting, award_imps=award_imps, boards_in_movement=scale_to, two_winner=two_winner
        )
    except ScoringError as error:
        raise RescoreError(f"This session cannot be scored by IMPs: {error}") from error
    figures: dict[int, LineFigure] = {}
    totals: dict[str, Fraction] = {}
    counts: dict[str, int] = {}
    averaged: dict[str, Fraction] = {}
    for board in result.boards:
        comparisons = sum(1 for row in board.rows if row.table.score_ns is not None) - 1
        for row in board.rows:
            index = table_index[(row.table.board, row.table.ns)]
            imps_ns, imps_ew = overrides.get(index, (row.imps_ns, row.imps_ew))
            figures[index] = LineFigure(index, imps_ns, imps_ew, board.datum)
            for pair, value in ((row.table.ns, imps_ns), (row.table.ew, imps_ew)):
                totals[pair] = totals.get(pair, Fraction(0)) + value
                counts[pair] = counts.get(pair, 0) + 1
                if comparisons > 0:
                    averaged[pair] = averaged.get(pair, Fraction(0)) + value / comparisons
    for index in byes:
        line = session.lines[index]
        sitter = naming.key(line.ew, Side.EW, line.section) if line.ns is None and line.ew else None
        if line.ns is not None:
            sitter = naming.key(line.ns, Side.NS, line.section)
        if sitter is None or sitter not in counts:
            continue
        average = totals[sitter] / counts[sitter]
        figure = (None, average) if line.ns is None else (average, None)
        figures[index] = LineFigure(index, *figure)
    if method is Method.CROSS_IMPS and "CROSS2" in scoring_text:
        # Ruter's IMP;Cross2: the total is averaged per board and per comparison.
        totals = {pair: averaged.get(pair, Fraction(0)) / counts[pair] for pair in totals}
        notes.append("Ruter IMP;Cross2: total averaged per board and per comparison.")
        places = 2
    elif scale_to is not None:
        totals = {pair: value * scale_to / counts[pair] for pair, value in totals.items()}
        notes.append(f"Magic Contest: totals scaled to the {scale_to} boards of the session.")
    directions = {standing.pair: standing.direction for standing in result.standings}
    standings = _ranked(totals, counts, directions, two_winner)
    return Rescore(
        scoring=scoring_name,
        family=family,
        halves_up=family is Family.BRENNING,
        standings=standings,
        lines=tuple(figures[index] for index in sorted(figures)),
        total_places=places,
        notes=tuple(notes),
    )


def _butler(scoring_text: str, family: Family) -> Butler:
    if family is Family.BRENNING:
        found = re.search(r"BUTLER-(\d+)", scoring_text)
        if found is not None:
            return Butler(drop=int(found[1]) // 2, rounding=DatumRounding.NEAREST10)
        return Butler(rounding=DatumRounding.NEAREST10)
    if family is Family.COMPSCORE:
        return Butler(drop=1, rounding=DatumRounding.NEAREST10)
    return Butler()


def _awards(adjusted: Adjusted, line: Line) -> tuple[Award, Award]:
    try:
        return _AWARDS[adjusted.ns], _AWARDS[adjusted.ew]
    except KeyError:
        raise RescoreError(
            f"Board {line.board}, {line.ns} against {line.ew}: {adjusted.usebio} is not an award an IMP "
            "event knows; Average-plus, Average and Average-minus are 60, 50 and 40 % (Law 12C2)."
        ) from None


def _ranked(
    totals: Mapping[str, Fraction],
    counts: Mapping[str, int],
    directions: Mapping[str, str | None],
    two_winner: bool,
) -> tuple[Standing, ...]:
    sides = {"NS": Side.NS, "EW": Side.EW}
    lists: dict[Side | None, dict[str, Fraction]] = {}
    for pair, total in totals.items():
        side = sides.get(directions.get(pair) or "") if two_winner else None
        lists.setdefault(side, {})[pair] = total
    standings = []
    for side, values in lists.items():
        for key, place in competition_ranks(values).items():
            pair, _, section = PairNaming.split(key)
            standings.append(Standing(pair, values[key], None, place, counts[key], side, section=section))
    return ordered(standings)


def ordered(standings: Sequence[Standing]) -> tuple[Standing, ...]:
    """Standings in list order: N-S's list (or the one list) first, then by place, then by id."""
    order = {None: 0, Side.NS: 0, Side.EW: 1}
    return tuple(sorted(standings, key=lambda s: (order[s.direction], s.place.first, _natural(s.id))))


def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    return tuple(
        (0, int(part)) if part.isdecimal() else (1, part) for part in re.split(r"(\d+)", text) if part
    )


def rescore_teams(session: Session, family: Family, boards_per_match: int | None) -> Rescore:
    """Score a team event again: each match's VPs from its IMPs, each team's VP total (spec §3.5)."""
    if not session.matches:
        raise RescoreError("This teams file holds no match results (no TeamId_Home/TeamId_Away table).")
    notes: tuple[str, ...] = ()
    if boards_per_match is None and any(match.boards is None for match in session.matches):
        boards_per_match = boards_from_reported_vps(session.matches)
        if boards_per_match is not None:
            notes = (
                f"The file names no number of boards a match; its own Victory Points fit "
                f"{boards_per_match} boards a match and no other number, so that number was used "
                "(give --boards to set it).",
            )
    figures = []
    totals: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    for index, match in enumerate(session.matches):
        if match.imps_home is None or match.imps_away is None:
            continue
        boards = match.boards or boards_per_match
        if boards is None:
            raise RescoreError(
                "This teams file does not say how many boards each match had, and the Victory Points "
                "depend on it (WBF continuous scale, spec §3.5): give the number, as "
                "python -m scoring rescore FILE --boards 8."
            )
        home, away = match.imps_home, match.imps_away
        if home.denominator != 1 or away.denominator != 1:
            raise RescoreError(
                f"Round {match.round}, {match.home} against {match.away}: IMPs of a match are whole "
                "numbers (Law 78B)."
            )
        try:
            vp_home, vp_away = match_vps(int(home), int(away), boards)
        except ScoringError as error:
            raise RescoreError(f"Round {match.round}, {match.home} against {match.away}: {error}") from error
        figures.append(MatchFigure(index, vp_home, vp_away))
        for team, vp in ((match.home, vp_home), (match.away, vp_away)):
            totals[team] = totals.get(team, Fraction(0)) + vp
            played[team] = played.get(team, 0) + 1
    if not figures:
        raise RescoreError("No match of this teams file has been played: there is nothing to score.")
    places = competition_ranks(totals)
    standings = [Standing(team, totals[team], None, places[team], played[team]) for team in totals]
    return Rescore(
        scoring="teams_vp",
        family=family,
        halves_up=family is Family.BRENNING,
        standings=ordered(standings),
        matches=tuple(figures),
        total_places=2,
        notes=notes,
    )


def boards_from_reported_vps(matches: Sequence[Match], most: int = 64) -> int | None:
    """The one number of boards a match whose WBF VPs (spec §3.5) give every VP the file reports.

    A teams file such as Ruter's may give each match's IMPs and VPs but not its length, which the
    VP scale needs. The board count is a fact of the event, not a computed figure: this finds
    the only count, from 1 to ``most``, that the file's own reported VPs agree with, and None
    when no count or more than one fits (then the director must say).
    """
    reported = [
        (int(match.imps_home), int(match.imps_away), match.reported.vp_home, match.reported.vp_away)
        for match in matches
        if match.imps_home is not None
        and match.imps_away is not None
        and match.imps_home.denominator == 1
        and match.imps_away.denominator == 1
        and match.reported.vp_home is not None
        and match.reported.vp_away is not None
    ]
    if not reported:
        return None
    fits = [
        boards
        for boards in range(1, most + 1)
        if all(
            match_vps(home, away, boards) == (Fraction(vp_home), Fraction(vp_away))
            for home, away, vp_home, vp_away in reported
        )
    ]
    return fits[0] if len(fits) == 1 else None

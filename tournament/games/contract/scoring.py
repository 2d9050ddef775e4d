"""A contract bridge section's stored facts turned into the engine's input, and its figures back.

This is the one place the club night meets ``scoring.contests`` for contract bridge. It reads
what :func:`tournament.scores.standings.score_section` already loaded (each result scored by
Law 77, its rulings) and hands the engine one row per table:

* a pair contest by matchpoints (Law 78A; spec §2: both scales, Neuberg, the artificial
  scores of Law 12C2 at the event's percentages, assigned and weighted scores of Law 12C1),
  Butler IMPs against a datum or cross-IMPs (Law 78B; spec §3.2, §3.3);
* a team match by IMPs, board-a-match or total points (Law 78B, 78C; spec §3.4), with the
  WBF continuous Victory Points when the event asks for them (spec §3.5): :mod:`.contract_teams`.

It returns plain figures: per board (each table's matchpoints or IMPs for both sides, the
top, the datum, the lines that say how) and per pair (total, top, percentage, place), or the
match (each board's swing, the totals, the VPs). Nothing is stored and nothing is computed
here that the engine computes: this module only arranges its figures for the screens, the
exports and the files.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scoring.contests import imp_pairs, matchpoint_session, matchpoints
from scoring.contests.adjusted import AdjustedPercents, Artificial, Award, Outcome
from scoring.contests.imps import CrossTotal, DatumRounding
from scoring.shared.errors import ScoringError
from scoring.shared.numbers import mixed_text

from ...models import Event, Section
from .facts import outcome_of
from .figures import BoardFigures, ContractContest, PairLine, TableFigures
from .teams import MatchBoard, MatchFigures, team_match

if TYPE_CHECKING:
    from ...scores.types import ScoredResult, SectionScores

MITCHELLS = (Section.Movement.MITCHELL, Section.Movement.RELAY_MITCHELL, Section.Movement.SKIP_MITCHELL)


def _counted(sheet: SectionScores) -> list[ScoredResult]:
    """The results that enter the contest: scored, or adjusted by the director; the rest wait.

    A board not played (NP) is left out (Law 78A). A table adjusted in a way the event's method
    does not score (``method_scores``) is left out too, and the section's problems say so."""
    counted = []
    for scored in sheet.results:
        if scored.problem or scored.left_out:
            continue
        score_ns, adjusted = outcome_of(scored)
        if scored.outcome is None and score_ns is None and adjusted is None:
            continue
        if not method_scores(sheet.event.method, adjusted_way(scored)):
            continue
        counted.append(scored)
    return counted


def adjusted_way(scored: ScoredResult) -> str:
    """ "percent" (Law 12C2 written as percentages), "assigned" (by side or weighted, Law 12C1(b), (c)),
    "fouled" (a fouled board's version, Law 87B), or "" for any other table."""
    if scored.adjusted is not None and not all(marker in ("A+", "A", "A-") for marker in scored.adjusted):
        return "percent"
    if scored.outcome is not None:
        return "assigned"
    return "fouled" if scored.version else ""


def method_scores(method: str, way: str) -> bool:
    """Whether a night scored by ``method`` scores a table adjusted that ``way`` (``adjusted_way``).

    Matchpoints score every way (Laws 12C, 78A, 87B); Butler and cross-IMPs score assigned scores
    and a fouled board's versions, but a percentage of the top is not an IMP award (Law 12C2);
    a team match compares its two tables alone, so it takes none of them."""
    if not way or method == Event.Method.MATCHPOINTS:
        return True
    if method in (Event.Method.BUTLER, Event.Method.CROSS_IMPS):
        return way != "percent"
    return False


def _not_scored(sheet: SectionScores) -> list[str]:
    method = Event.Method(sheet.event.method).label
    return [
        f"Board {s.result.board.number}, table {s.result.seating.table.number}: "
        f"{s.adjustment or 'a fouled board (Law 87B)'} is not scored on a night scored by {method}; "
        "give an assigned result or Average-plus/Average-minus (Law 12C)."
        for s in sheet.results
        if not s.problem and not method_scores(sheet.event.method, adjusted_way(s))
    ]


def contract_contest(sheet: SectionScores) -> ContractContest:
    """Score a contract bridge section by its event's method (Laws 12C, 78; spec §2, §3)."""
    event = sheet.event
    unit = {"matchpoints": "MP", "total_points": "points", "board_a_match": "BAM"}.get(event.method, "IMPs")
    contest = ContractContest(method=event.method, unit=unit)
    counted = _counted(sheet)
    contest.problems.extend(_not_scored(sheet))
    if not counted:
        return contest
    try:
        if event.is_teams:
            contest.match = team_match(sheet, counted)
        elif event.method == Event.Method.MATCHPOINTS:
            _matchpoints(sheet, counted, contest)
        else:
            _imp_pairs(sheet, counted, contest)
    except ScoringError as error:
        contest.problems.append(str(error))
    return contest


def _two_winner(sheet: SectionScores, counted: Iterable[ScoredResult]) -> bool:
    """A Mitchell whose pairs keep their direction has two winners, N-S and E-W (spec §5.5)."""
    if sheet.section.movement not in MITCHELLS:
        return False
    seats: dict[str, set[str]] = defaultdict(set)
    for scored in counted:
        seats[scored.result.ns.label].add("NS")
        seats[scored.result.ew.label].add("EW")
    return all(len(sides) == 1 for sides in seats.values())


# Pairs by IMPs: Butler or cross-IMPs -------------------------------------------------------


def _imp_method(event: Event) -> imp_pairs.Butler | imp_pairs.Cross:
    if event.method == Event.Method.BUTLER:
        return imp_pairs.Butler(event.datum_drop, DatumRounding.parse(event.datum_rounding))
    return imp_pairs.Cross(CrossTotal.parse(event.cross_imps), awards_against_tables=event.awards_per_table)


def award_imps(event: Event) -> dict[Award, Fraction]:
    """The IMPs of each artificial score (Law 12C2): the event's Average plus, its negation, and 0."""
    plus = Fraction(event.award_imps)
    return {Award.AVERAGE_PLUS: plus, Award.AVERAGE: Fraction(0), Award.AVERAGE_MINUS: -plus}


def boards_in_movement(sheet: SectionScores) -> int | None:
    """The boards a pair plays in the full movement, when the event scales sit-outs (spec §5.8).

    The section's rounds times its boards a round, and never more than its boards.
    """
    if not sheet.event.scale_sit_outs:
        return None
    section = sheet.section
    full = section.rounds * section.boards_per_round
    return min(full, len(sheet.boards)) if sheet.boards else full


def _imp_pairs(sheet: SectionScores, counted: list[ScoredResult], contest: ContractContest) -> None:
    """Butler IMPs against each board's datum, or cross-IMPs (Law 78B; spec §3.2, §3.3)."""
    event = sheet.event
    by_key: dict[tuple[str, str, str], ScoredResult] = {}
    tables = []
    for scored in counted:
        r = scored.result
        score_ns, adjusted = outcome_of(scored)
        awards = (Award.parse(adjusted[0]), Award.parse(adjusted[1])) if adjusted else None
        # A fouled board's versions are compared apart (Law 87B): each its own field of the engine.
        field = f"version {scored.version}" if scored.version else ""
        tables.append(
            imp_pairs.ImpTable(
                str(r.board.number), r.ns.label, r.ew.label, score_ns, awards, field, assigned=scored.outcome
            )
        )
        by_key[(str(r.board.number), r.ns.label, r.ew.label)] = scored
    contest.two_winner = _two_winner(sheet, counted)
    method = _imp_method(event)
    session = imp_pairs.imp_session(
        tables,
        method,
        award_imps=award_imps(event),
        boards_in_movement=boards_in_movement(sheet),
        two_winner=contest.two_winner,
    )
    butler = event.method == Event.Method.BUTLER
    for board in session.boards:
        number = int(board.board)
        real = sum(1 for row in board.rows if row.table.score_ns is not None)
        # Summed cross-IMPs count an award once for each comparison (spec §3.3): say how many.
        factor = method.award_factor(real, len(board.rows)) if isinstance(method, imp_pairs.Cross) else 1
        rows = []
        for row in board.rows:
            scored = by_key[(board.board, row.table.ns, row.table.ew)]
            score_ns, adjusted = outcome_of(scored)
            ns_how, ew_how = _imp_how(
                score_ns,
                adjusted,
                row.imps_ns,
                row.imps_ew,
                board.datum,
                butler,
                Fraction(event.award_imps),
                factor,
            )
            if scored.outcome is not None:  # by side or weighted (Law 12C1(b), (c))
                against = f"the datum {_signed(board.datum or 0)}" if butler else "every real score"
                ns_how = (
                    f"N-S: {scored.adjustment}, against {against}: {_signed(row.imps_ns)} IMPs (Law 78B)."
                )
                ew_how = (
                    f"E-W: {scored.adjustment}, against {against}: {_signed(row.imps_ew)} IMPs (Law 78B)."
                )
            elif scored.version:
                ns_how += f" Law 87B fouled board: compared within version {scored.version}."
                ew_how += f" Law 87B fouled board: compared within version {scored.version}."
            rows.append(
                TableFigures(
                    scored.result.pk,
                    number,
                    row.table.ns,
                    row.table.ew,
                    score_ns,
                    adjusted,
                    row.imps_ns,
                    row.imps_ew,
                    ns_how,
                    ew_how,
                )
            )
        lines = ()
        if butler and board.datum is not None:
            lines = (f"Datum {_signed(board.datum)}: {_datum_words(event, len(rows))} (Law 78B).",)
        elif not butler:
            total = "added" if event.cross_imps == Event.CrossImps.SUM else "averaged over the comparisons"
            lines = (f"Each score IMPed against every other score on the board, {total} (Law 78B).",)
        earlier = contest.boards.get(number)
        if earlier is not None:  # another version of a fouled board (Law 87B): one board, its groups' lines
            if butler and board.datum is not None:
                group = board.field.capitalize() if board.field else "The board as dealt"
                lines = (f"{group}, compared apart (Law 87B): datum {_signed(board.datum)}.",)
            board_figures = BoardFigures(
                number, earlier.tables + tuple(rows), datum=earlier.datum, lines=earlier.lines + lines
            )
        else:
            board_figures = BoardFigures(number, tuple(rows), datum=board.datum, lines=lines)
        contest.boards[number] = board_figures
    contest.standings = tuple(
        PairLine(line.pair, line.imps, line.boards, line.place, line.direction, played=line.played)
        for line in session.standings
    )


def _datum_words(event: Event, count: int) -> str:
    dropped = imp_pairs.Butler(event.datum_drop).drop_for(count)
    drop = f"dropping {dropped} at each end" if dropped else "none dropped"
    rounding = Event.DatumRounding(event.datum_rounding).label.lower()
    return f"the mean N-S score of {count} tables, {drop}, rounded {rounding}"


def _imp_how(
    score_ns: int | None,
    adjusted: tuple[str, str] | None,
    imps_ns: Fraction,
    imps_ew: Fraction,
    datum: int | Fraction | None,
    butler: bool,
    award: Fraction = Fraction(3),
    factor: int = 1,
) -> tuple[str, str]:
    if adjusted is not None:
        plus = mixed_text(award)
        law = f"Law 12C2: Average-plus +{plus}, Average 0, Average-minus −{plus} IMPs"
        if factor != 1:
            law += f" for each of the {factor} comparisons, Law 78B"
        return (
            f"{adjusted[0]}: {_signed(imps_ns)} IMPs ({law}).",
            f"{adjusted[1]}: {_signed(imps_ew)} IMPs ({law}).",
        )
    if butler and datum is not None and score_ns is not None:
        return (
            f"N-S {_signed(score_ns)} against the datum {_signed(datum)}: "
            f"{_signed(score_ns - datum)}, {_signed(imps_ns)} IMPs (Law 78B).",
            f"E-W {_signed(-score_ns)} against the datum {_signed(-datum)}: "
            f"{_signed(imps_ew)} IMPs (Law 78B).",
        )
    return (
        f"N-S {_signed(score_ns or 0)} against every other N-S score: {_signed(imps_ns)} IMPs (Law 78B).",
        f"E-W {_signed(-(score_ns or 0))} against every other E-W score: {_signed(imps_ew)} IMPs (Law 78B).",
    )


def _signed(value: int | Fraction) -> str:
    text = mixed_text(Fraction(value))
    return f"+{text}" if value > 0 else text


# Pairs by matchpoints -----------------------------------------------------------------------


def _matchpoints(sheet: SectionScores, counted: list[ScoredResult], contest: ContractContest) -> None:
    """Matchpoints on the event's scale, Neuberg, adjusted scores (Law 78A, 12C; spec §2)."""
    event = sheet.event
    contest.two_winner = _two_winner(sheet, counted)
    options = matchpoints.MatchpointOptions(
        scale=matchpoints.Scale.parse(event.scale),
        neuberg=event.neuberg,
        percents=AdjustedPercents(event.average_plus, event.average, event.average_minus),
        winners=matchpoints.Winners.TWO if contest.two_winner else matchpoints.Winners.ONE,
        scale_sit_outs=event.scale_sit_outs,
    )
    by_key: dict[tuple[str, str, str], ScoredResult] = {}
    tables = []
    for scored in counted:
        r = scored.result
        score_ns, adjusted = outcome_of(scored)
        outcome: Outcome | None = Artificial.of(*adjusted) if adjusted else scored.outcome or score_ns
        assert outcome is not None  # ``_counted`` let through only tables with an outcome
        tables.append(
            matchpoints.TableResult(
                str(r.board.number), r.ns.label, r.ew.label, outcome, version=scored.version
            )
        )
        by_key[(str(r.board.number), r.ns.label, r.ew.label)] = scored
    session = matchpoint_session.score_session(tables, options)
    most = max((len(lines) for lines in session.boards.values()), default=0)
    for key, lines in session.boards.items():
        number = int(key)
        real = [line for line in lines if isinstance(line.outcome, int)]
        rows = []
        for line in lines:
            scored = by_key[(key, line.ns, line.ew)]
            score_ns, adjusted = outcome_of(scored)
            ns_how, ew_how = _mp_how(score_ns, adjusted, line, real, event, most, scored)
            rows.append(
                TableFigures(
                    scored.result.pk,
                    number,
                    line.ns,
                    line.ew,
                    score_ns,
                    adjusted,
                    line.mp_ns,
                    line.mp_ew,
                    ns_how,
                    ew_how,
                )
            )
        top = lines[0].top if lines else None
        notes = (
            [f"Top {mixed_text(top)}: {Event.Scale(event.scale).label} (Law 78A)."] if top is not None else []
        )
        if event.neuberg and len(real) < most:
            notes.append(
                f"{len(real)} results of the {most} expected: each factored up to the full top "
                "by Neuberg's formula (Law 78D)."
            )
        contest.boards[number] = BoardFigures(number, tuple(rows), top=top, lines=tuple(notes))
    contest.standings = tuple(
        PairLine(
            p.pair,
            p.total,
            p.boards,
            p.place,
            p.direction.value if p.direction else None,
            p.top,
            p.percent,
            played=p.mp,
        )
        for p in session.pairs
    )


def _mp_how(
    score_ns: int | None,
    adjusted: tuple[str, str] | None,
    line: Any,
    real: list[Any],
    event: Event,
    most: int,
    scored: ScoredResult | None = None,
) -> tuple[str, str]:
    """How each side's matchpoints came: the scores it beat and tied in its direction (Law 78A), the
    Neuberg factor when the board has fewer results than expected (spec §2.2), its award (Law 12C2),
    its score by side or weighted (Law 12C1(b), (c)), or its fouled board's group (Law 87B)."""
    if adjusted is not None:
        percents = {"A+": event.average_plus, "A": event.average, "A-": event.average_minus}
        ns, ew = (
            f"{marker} (Law 12C2): {percents.get(marker, marker.removeprefix('A'))} % of the top, "
            f"{mixed_text(mp)} MP."
            for marker, mp in ((adjusted[0], line.mp_ns), (adjusted[1], line.mp_ew))
        )
        return ns, ew
    if scored is not None and scored.outcome is not None:
        return (
            f"N-S: {scored.adjustment}; {mixed_text(line.mp_ns)} of {mixed_text(line.top)} MP.",
            f"E-W: {scored.adjustment}; {mixed_text(line.mp_ew)} of {mixed_text(line.top)} MP.",
        )
    if scored is not None and scored.version:
        group = f"Law 87B fouled board: scored in the group of version {scored.version}"
        top = mixed_text(line.top)
        return (
            f"N-S {_signed(score_ns or 0)}, {group}: {mixed_text(line.mp_ns)} of {top} MP.",
            f"E-W {_signed(-(score_ns or 0))}, {group}: {mixed_text(line.mp_ew)} of {top} MP.",
        )
    real = [other for other in real if other.version == line.version]  # a fouled board's own group
    if score_ns is None or line not in real:
        return "", ""
    scale = matchpoints.Scale.parse(event.scale)
    mine = real.index(line)
    scores = [other.outcome for other in real]
    texts = []
    for side, signed_scores, mp in (
        ("N-S", scores, line.mp_ns),
        ("E-W", [-score for score in scores], line.mp_ew),
    ):
        own = signed_scores[mine]
        others = signed_scores[:mine] + signed_scores[mine + 1 :]
        beat = sum(own > other for other in others)
        tied = sum(own == other for other in others)
        raw = matchpoints.matchpoints(signed_scores, scale)[mine]
        text = (
            f"{side} {_signed(own)} beat {beat}, tied {tied} and lost to {len(others) - beat - tied} "
            f"of {len(others)} other {side} scores: {mixed_text(raw)} MP (Law 78A)"
        )
        if event.neuberg and len(real) < most and raw != mp:
            formula = "(M + 1) × N/n − 1" if scale is matchpoints.Scale.EUROPEAN else "(M + ½) × N/n − ½"
            text += (
                f"; Neuberg {formula} with M = {mixed_text(raw)}, n = {len(real)}, N = {most}: "
                f"{mixed_text(mp)} of {mixed_text(line.top)} MP (Law 78D)"
            )
        else:
            text += f", of a top of {mixed_text(line.top)}"
        texts.append(text + ".")
    return texts[0], texts[1]


__all__ = [
    "BoardFigures",
    "ContractContest",
    "MatchBoard",
    "MatchFigures",
    "PairLine",
    "TableFigures",
    "contract_contest",
    "outcome_of",
]

"""A pair's recap (Law H, Law G) and one result explained: its facts, the engine's lines, the contest."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.auction.deal import DealScore
from scoring.contests.pairs import PairDealScore
from scoring.shared.seats import SEATS, Side

from .. import games
from ..scores.facts import honours_of
from ..scores.types import ScoredResult, SectionScores
from .common import _declarer, _names, _pair_pk, _tricks, contract_text, pair_results, side_of, symbol_text
from .rulings import RulingNote, ruling_notes
from .standings import StandingRow, standings_rows
from .travellers import board_traveller


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One deal on a pair's recap: the table's facts, the average it was compared with, the ±.

    In a pair contest ``score`` is what the pair is credited (its net, its tricks at whist, or a
    Law B (3) figure), ``difference`` is the ± and ``running`` the running total of ±. In a team
    match there is no average: ``score`` is the pair's gross and ``running`` its running gross.
    """

    round: int
    table: int
    board: int
    result_pk: int
    direction: str
    opponents: str
    opponents_pk: int | None
    opponents_names: str
    contract: str
    declarer: str
    tricks: int | None
    net: int | None
    score: Fraction | None
    average: Fraction | None
    difference: Fraction | None
    running: Fraction
    rulings: tuple[RulingNote, ...]
    irregular: str  # how Law B (3) scored the table, when its hands were irregular
    lines: tuple[str, ...]
    problem: str


def _explanation_lines(scored: ScoredResult, how: str) -> tuple[str, ...]:
    if scored.problem:
        return (scored.problem,)
    if how:
        return (how,)
    if scored.score is None:
        return ()
    return tuple(str(line) for line in scored.score.lines)


def _deal_scores(sheet: SectionScores, label: str) -> dict[str, PairDealScore] | None:
    """The pair's figure on each deal by deal number; None when the section is not a pair contest."""
    contest = games.of(sheet.event).pair_contest(sheet)
    if contest is None:
        return None
    return {score.deal: score for score in contest.pair_scores(label)}


def recap_rows(sheet: SectionScores, pair_label: str) -> list[RecapLine]:
    """A pair's recap: every deal it played, in round order, with its ± and running total (Law H, Law G)."""
    declares = games.of(sheet.event).declares
    deal_scores = _deal_scores(sheet, pair_label)
    running = Fraction(0)
    rows = []
    for scored in pair_results(sheet, pair_label):
        r = scored.result
        side, opponents = side_of(r, pair_label)
        contest = deal_scores.get(str(r.board.number)) if deal_scores is not None else None
        net = scored.net_ns if side is Side.NS or scored.net_ns is None else -scored.net_ns
        if deal_scores is not None:
            score = contest.score if contest else None
            difference = contest.difference if contest else None
            running += difference or 0
        else:
            points = scored.points(side)
            score = Fraction(points) if points is not None else None
            difference = None
            running += score or 0
        rows.append(
            RecapLine(
                round=r.seating.round,
                table=r.seating.table.number,
                board=r.board.number,
                result_pk=r.pk,
                direction=side.label,
                opponents=opponents,
                opponents_pk=_pair_pk(sheet, opponents),
                opponents_names=_names(sheet, opponents),
                contract=contract_text(r, declares=declares),
                declarer=_declarer(scored, declares),
                tricks=_tricks(scored, declares),
                net=net,
                score=score,
                average=contest.average if contest else None,
                difference=difference,
                running=running,
                rulings=ruling_notes(scored.rulings),
                irregular=contest.how if contest else "",
                lines=_explanation_lines(scored, contest.how if contest else ""),
                problem=scored.problem,
            )
        )
    return rows


def pair_standing(sheet: SectionScores, pair_label: str) -> StandingRow | None:
    """The pair's overall standing, None before it has a scored deal (or in a team match)."""
    return next((row for row in standings_rows(sheet) if row.pair == pair_label), None)


# --- one result, explained -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContestEntry:
    """How one side's figure on a deal enters the contest: what it is credited, the average, the ±."""

    direction: str
    pair: str
    pair_pk: int | None
    names: str
    score: Fraction
    average: Fraction
    difference: Fraction
    how: str


@dataclass(frozen=True, slots=True)
class Explanation:
    """How a result's score was reached: the facts, the engine's lines, the rulings, the contest."""

    result_pk: int
    board: int
    round: int
    table: int
    ns: str
    ew: str
    facts: tuple[tuple[str, str], ...]
    score: DealScore | None
    rulings: tuple[RulingNote, ...]
    problem: str
    entries: tuple[ContestEntry, ...]
    average_lines: tuple[str, ...]
    match_line: str


def _facts(sheet: SectionScores, scored: ScoredResult) -> tuple[tuple[str, str], ...]:
    r = scored.result
    declares = games.of(sheet.event).declares
    facts = [("Contract" if declares else "Trumps", symbol_text(contract_text(r, declares=declares)) or "—")]
    if not declares:
        facts.append(("Tricks N-S won", str(r.tricks)))
        return (*facts, ("Status", r.status_text))
    if r.passed_out or r.not_played:
        return (*facts, ("Status", r.status_text))
    honours = honours_of(r)
    source = "from the board's cards" if r.board.hands else "as entered"
    facts += [
        ("Declarer", r.get_declarer_display()),
        ("Tricks won by the declaring side", str(r.tricks)),
        (
            "Honours held",
            ", ".join(f"{s.value} {n}" for s, n in zip(SEATS, honours, strict=True)) + f" ({source})",
        ),
    ]
    if r.dealers_one_spade:
        facts.append(("Dealer's one spade", "yes"))
    for revoke in r.revokes:
        facts.append(
            ("Revoke claimed at the table", f"{revoke.get('by', '')} ({revoke.get('penalty', 'points')})")
        )
    return (*facts, ("Status", r.status_text))


def _entries(sheet: SectionScores, scored: ScoredResult) -> tuple[ContestEntry, ...]:
    contest = games.of(sheet.event).pair_contest(sheet)
    if contest is None:
        return ()
    r = scored.result
    entries = []
    for side, label in ((Side.NS, r.ns.label), (Side.EW, r.ew.label)):
        score = next((s for s in contest.pair_scores(label) if s.deal == str(r.board.number)), None)
        if score is not None:
            entries.append(
                ContestEntry(
                    side.label,
                    label,
                    _pair_pk(sheet, label),
                    _names(sheet, label),
                    score.score,
                    score.average,
                    score.difference,
                    score.how,
                )
            )
    return tuple(entries)


def explanation(sheet: SectionScores, result_pk: int) -> Explanation | None:
    """Everything that made one result's figures, or None when the result is not in this section."""
    scored = next((s for s in sheet.results if s.result.pk == result_pk), None)
    if scored is None:
        return None
    r = scored.result
    traveller = board_traveller(sheet, r.board.number)
    match_line = ""
    match = games.of(sheet.event).team_match(sheet)
    if match is not None:
        deal = next((d for d in match.deals if d.deal == str(r.board.number)), None)
        match_line = deal.text if deal else ""
    return Explanation(
        result_pk=r.pk,
        board=r.board.number,
        round=r.seating.round,
        table=r.seating.table.number,
        ns=r.ns.label,
        ew=r.ew.label,
        facts=_facts(sheet, scored),
        score=scored.score,
        rulings=ruling_notes(scored.rulings),
        problem=scored.problem,
        entries=_entries(sheet, scored),
        average_lines=traveller.lines if traveller else (),
        match_line=match_line,
    )

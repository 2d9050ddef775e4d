"""Scores derived from the facts, for every screen, sheet and spreadsheet.

One call loads a section's pairs, boards, results and rulings in a fixed number of queries, and
joins them to what the engine made of them: each result scored and the section's contest run —
the pair contest of Law H (with Law B rulings), the team match of Law G, or the contract bridge
contest — as its game says (``games.of(event)``). The engine's figures are kept in the cache under
the versions of the facts they were made from (``scores.cache``): a board whose facts have not
changed is not scored again, and a pair contest is added up from each deal's figures (Law H
compares a pair only with those who held the same hands). Every figure can be traced back to the
engine's lines and the rulings that touched it.
"""

from __future__ import annotations

from collections import defaultdict

from scoring.contests.pairs import DealFigures
from scoring.shared.errors import ScoringError

from .. import games
from ..models import Board, Event, Pair, Result, Ruling, Section
from . import cache as score_cache
from .types import BoardScores, ContestFigures, ResultFigures, ScoredResult, SectionScores


def load_section(
    section: Section,
) -> tuple[dict[str, Pair], dict[int, Board], list[Result], dict[int, list[Ruling]]]:
    """A section's pairs, boards, results and rulings: four queries whatever its size.

    Rulings come in one query grouped here by result, rather than through a prefetch that
    builds a queryset for every result of a large night.
    """
    pairs = {p.label: p for p in Pair.objects.filter(section=section).with_teams()}
    boards = {b.number: b for b in Board.objects.filter(section=section)}
    results = list(
        Result.objects.filter(section=section)
        .for_section_scores()
        .order_by("board__number", "seating__round", "seating__table__number")
    )
    # Every result shares the section's own board and pair objects, already loaded above, rather
    # than a copy of each per row: a large night holds 27 boards, not 3,240.
    pair_of = {pair.pk: pair for pair in pairs.values()}
    board_of = {board.pk: board for board in boards.values()}
    for result in results:
        result.board = board_of[result.board_id]
        result.ns = pair_of[result.ns_id]
        result.ew = pair_of[result.ew_id]
    rulings: dict[int, list[Ruling]] = defaultdict(list)
    for ruling in Ruling.objects.for_section(section):
        rulings[ruling.result_id].append(ruling)
    return pairs, boards, results, rulings


def score_section(section: Section) -> SectionScores:
    """Every result of the section scored and its contest run (Laws A-H; Laws 12, 77, 78).

    Five queries and one read of the cache whatever the night's size: the section's version, then
    its facts (``load_section``), joined to the figures the cache keeps for those versions. A board
    whose version moved is scored again, and the contest added up again from every deal's figures;
    what was made is kept for the next read. The sheet returned is this request's own.
    """
    version = score_cache.version_of(section)  # read before the facts: the facts are never older
    section.version = version
    event = section.event
    game = games.of(event)
    pairs, boards, results, rulings_of = load_section(section)
    kept = score_cache.kept(section.pk)
    held = {} if kept is None else kept.boards
    on_board: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        on_board[result.board_id].append(result)
    scored: list[ScoredResult] = []
    figures: dict[int, tuple[int, BoardScores]] = {}
    deals: dict[str, DealFigures] | None = {}
    failed = fresh = False
    for board in boards.values():  # by number, as the results come (``load_section``)
        played = on_board.get(board.pk, [])
        board_held = held.get(board.pk)
        if (
            board_held is not None
            and board_held[0] == board.version
            and board_held[1].results.keys() == {result.pk for result in played}
        ):
            figured = board_held[1]
            these = [figured.results[r.pk].joined(r, rulings_of.get(r.pk, [])) for r in played]
        else:
            fresh = True
            these = [game.score_result(r, rulings_of.get(r.pk, []), event) for r in played]
            figured = _board_scores(game, event, these)
        figures[board.pk] = (board.version, figured)
        scored.extend(these)
        failed = failed or figured.failed
        if deals is not None and figured.deals is not None:
            deals.update(figured.deals)
        else:
            deals = None
    sheet = SectionScores(event, section, pairs, boards, scored)
    sheet.problems = _result_problems(sheet)
    contest = None if kept is None or fresh or kept.version != version else kept.contest
    if contest is None:
        own = len(sheet.problems)
        game.run_contest(sheet, None if failed else deals)
        contest = ContestFigures(sheet.payload, tuple(sheet.problems[own:]))
        score_cache.keep(section.pk, score_cache.Kept(version, contest, figures))
    else:
        sheet.payload = contest.payload
        sheet.deals = None if failed else deals
        sheet.problems.extend(contest.problems)
    return sheet


def _board_scores(game: games.Game, event: Event, scored: list[ScoredResult]) -> BoardScores:
    """One board's scored results as the cache keeps them, with its deal's figures when the contest
    is added up deal by deal; ``failed`` when the engine refused the deal."""
    results = {s.result.pk: ResultFigures.of(s) for s in scored}
    try:
        return BoardScores(results, game.deal_figures(event, scored))
    except ScoringError:
        return BoardScores(results, None, failed=True)


def rescore_section(section: Section) -> SectionScores:
    """Score every result of the section and run its contest, from the facts alone, keeping nothing."""
    event = section.event
    game = games.of(event)
    pairs, boards, results, rulings_of = load_section(section)
    scored = [game.score_result(r, rulings_of.get(r.pk, []), event) for r in results]
    sheet = SectionScores(event, section, pairs, boards, scored)
    sheet.problems = _result_problems(sheet)
    game.run_contest(sheet, None)
    return sheet


def _result_problems(sheet: SectionScores) -> list[str]:
    return [
        f"Board {s.result.board.number}, table {s.result.seating.table.number}: {s.problem}"
        for s in sheet.results
        if s.problem
    ]


def score_event(event: Event) -> list[SectionScores]:
    return [score_section(section) for section in event.sections.all()]

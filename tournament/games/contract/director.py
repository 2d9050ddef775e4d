"""What the director's screens show of a contract bridge result: the live preview of a traveller
row (Law 77), the result's score with its adjusted scores (Law 12C), and what each ruling puts in
place of the table's score.

These are the answers of :class:`~tournament.games.contract.game.Contract`, which imports this
module when asked, since it reads the scores, which stand above the registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoring.shared.errors import ScoringError

from ...models import Board, Event, Result, Ruling
from ...services.closing import not_played_words
from ...services.rulings import adjustment_words
from ...templatetags.duplicate import side_score
from .facts import assigned_score, contract_score, vulnerability_text
from .results import ADJUSTING_KINDS, scored_contract, standing_adjustment

if TYPE_CHECKING:
    from ...services.result_facts import Facts


def preview(event: Event, board: Board, facts: Facts) -> dict[str, Any]:
    """A row's score by Law 77, with the board's vulnerability and each line (JSON-ready)."""
    result = Result(board=board)
    facts.apply_to(result)
    score = contract_score(result)
    return {
        "ok": True,
        "headline": f"{side_score(score.score_ns)} ({vulnerability_text(board)})",
        "score_ns": score.score_ns,
        "lines": list(score.lines),
    }


def result_score(result: Result, rulings: list[Ruling]) -> dict[str, Any]:
    """The result's score now: an adjusted score stands on a board not played too (Law 12C)."""
    scored = scored_contract(result, rulings)
    return {
        "score": scored.score,
        "irregular": None,
        "problem": scored.problem,
        "whist": None,
        "adjusted": scored.adjusted,
        "assigned": scored.assigned,
        "adjustment": scored.adjustment,
        "version": scored.version,
    }


def ruling_words(result: Result, event: Event, ruling: Ruling, rulings: list[Ruling]) -> str:
    """What ``ruling`` does to the score, in words, among the result's ``rulings``."""
    return adjustment_words_of(result, event, ruling, standing_adjustment(rulings))


def adjustment_words_of(result: Result, event: Event, ruling: Ruling, standing: Ruling | None) -> str:
    """What a contract bridge ruling does to the score, in words (Law 12C1, Law 12C2).

    Of two adjusted scores still active the latest stands (``standing``): the earlier says so."""
    table = "the table's result" if result.not_played else f"the table's {side_score(_table_score(result))}"
    state = f"in place of {table}" if ruling.active else f"had it stood, in place of {table}"
    if ruling.active and ruling.kind in ADJUSTING_KINDS and standing is not None and standing.pk != ruling.pk:
        state = "replaced by the later adjusted score, which stands (undo that one and this one applies)"
    if ruling.kind == Ruling.Kind.ARTIFICIAL and not ruling.ns_average:  # percentages (Law 12C2)
        return f"{adjustment_words(ruling)}, {state}."
    if ruling.kind == Ruling.Kind.ARTIFICIAL:
        worth = {
            marker: f"{imps} IMPs" if event.uses_imps else f"{percent} % of the top"
            for marker, imps, percent in (
                ("A+", "+3", event.average_plus),
                ("A", "0", event.average),
                ("A-", "−3", event.average_minus),
            )
        }
        return (
            f"N-S {ruling.ns_average} ({worth[ruling.ns_average]}), E-W {ruling.ew_average} "
            f"({worth[ruling.ew_average]}), {state} (Law 12C2)."
        )
    if ruling.kind == Ruling.Kind.ASSIGNED:
        try:
            assigned = side_score(assigned_score(ruling, result.board).score_ns)
        except ScoringError:  # by side or weighted: no one score (Law 12C1(b), (c))
            return f"{adjustment_words(ruling) or ruling.assigned}, {state}."
        return f"{ruling.assigned} scores {assigned} by Law 77, {state} (Law 12C1)."
    if ruling.kind == Ruling.Kind.FOULED:
        return f"{adjustment_words(ruling)}."
    if ruling.kind == Ruling.Kind.WITHDRAWN:
        return "Average to each side: the table could not play the board (Law 12C2)."
    if ruling.kind == Ruling.Kind.NOT_PLAYED:
        return f"Not played: {not_played_words(event)}."
    return "It does not change the score."


def _table_score(result: Result) -> int | None:
    try:
        return contract_score(result).score_ns
    except ScoringError:
        return None

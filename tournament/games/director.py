"""What the director's screens show of a Duplicate Auction or Duplicate Whist result: the live
preview of a traveller row, the result's score with its rulings, and what each ruling changes.

These are the answers of :class:`~tournament.games.base.Game` (Auction's) and of
:class:`~tournament.games.whist.Whist`; the game objects import this module when asked, since it
reads the scores, which stand above the registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scoring.auction.deal import DealScore
from scoring.shared.errors import ScoringError
from scoring.whist.game import duplicate_whist_deal

from ..models import Board, Event, Result, Ruling
from ..scores.facts import score_of
from .duplicate import IRREGULAR_KINDS

if TYPE_CHECKING:
    from ..services.result_facts import Facts


def auction_preview(event: Event, board: Board, facts: Facts) -> dict[str, Any]:
    """A row's score as Foster's laws give it, each line with its law (JSON-ready)."""
    result = Result(board=board)
    facts.apply_to(result)
    score = score_of(result, event)
    return {
        "ok": True,
        "ns": {"trick": score.ns.trick, "honour": score.ns.honour, "total": score.ns.total},
        "ew": {"trick": score.ew.trick, "honour": score.ew.honour, "total": score.ew.total},
        "net_ns": score.net_ns,
        "lines": [
            f"{line.side.label}, {line.column.value} column: {line.text} ({line.law})" for line in score.lines
        ],
    }


def whist_preview(event: Event, board: Board, facts: Facts) -> dict[str, Any]:
    """A row's tricks: in Duplicate Whist a side scores the tricks it took (JSON-ready)."""
    ns, ew = duplicate_whist_deal(facts.tricks)
    return {
        "ok": True,
        "ns": {"tricks": ns},
        "ew": {"tricks": ew},
        "net_ns": None,
        "lines": [f"N-S took {ns} tricks and E-W {ew}: in Duplicate Whist a side scores the tricks it took."],
    }


def result_score(
    result: Result, event: Event, rulings: list[Ruling], tricks: tuple[int, int] | None
) -> dict[str, Any]:
    """The result's score now, with every active ruling (Law B's on a board not played); or why there
    is none. ``tricks`` are the tricks each side scores where the game scores tricks."""
    irregular = next((r for r in rulings if r.active and r.kind in IRREGULAR_KINDS), None)
    if result.not_played:
        problem = "" if irregular else "The deal was not played and no ruling under Law B stands: rule on it."
        return {"score": None, "irregular": irregular, "problem": problem, "whist": None}
    if tricks is not None:
        return {"score": None, "irregular": None, "problem": "", "whist": tricks}
    try:
        return {"score": score_of(result, event, rulings), "irregular": None, "problem": "", "whist": None}
    except ScoringError as error:
        return {"score": None, "irregular": None, "problem": str(error), "whist": None}


def score_without(result: Result, event: Event, ruling: Ruling, others: list[Ruling]) -> DealScore | None:
    """The deal's score with ``others`` in place of the rulings (a ruling's other state), or None when
    the ruling does not bear on a deal score."""
    if result.not_played or ruling.kind in IRREGULAR_KINDS:
        return None
    try:
        return score_of(result, event, others)
    except ScoringError:
        return None

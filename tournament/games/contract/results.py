"""A contract bridge result scored: the table's score (Law 77), or the director's adjusted score
(Law 12), in the group of the version of a fouled board it played (Law 87B)."""

from __future__ import annotations

from scoring.contract.adjusted_entry import ArtificialScore, AssignedBySide, NotPlayed, WeightedScore
from scoring.contract.entry import ContractEntry
from scoring.shared.errors import ScoringError

from ...models import Result, Ruling
from ...scores.types import ScoredResult
from .facts import contract_score, ruling_entry, score_entry

ADJUSTING_KINDS = (
    Ruling.Kind.ARTIFICIAL,
    Ruling.Kind.ASSIGNED,
    Ruling.Kind.WITHDRAWN,
    Ruling.Kind.NOT_PLAYED,
)


def standing_adjustment(rulings: list[Ruling]) -> Ruling | None:
    """The adjusted score that stands on a contract bridge result: the latest active one (Law 12C).

    An earlier one still active is replaced by it; undoing the latest brings the earlier back.
    """
    adjusting = [r for r in rulings if r.active and r.kind in ADJUSTING_KINDS]
    return adjusting[-1] if adjusting else None


def fouled_version(rulings: list[Ruling]) -> str:
    """The version of a fouled board the table played, by the latest active ruling (Law 87B); else ""."""
    fouled = [r for r in rulings if r.active and r.kind == Ruling.Kind.FOULED]
    return fouled[-1].assigned if fouled else ""


def scored_contract(result: Result, rulings: list[Ruling]) -> ScoredResult:
    """A contract bridge result with its score: the table's (Law 77), or the director's ruling (Law 12).

    The latest active adjusted score stands: an artificial one (Law 12C2), an assigned result
    scored by Law 77 (Law 12C1), one that differs by side (Law 12C1(b)) or a weighted one
    (Law 12C1(c)); a board not played is left out (Law 78A). A pair's withdrawal (Law B (3))
    gives both sides Average. A table that played another version of a fouled board is scored
    in that version's group (Law 87B).
    """
    ruling = standing_adjustment(rulings)
    version = fouled_version(rulings)
    try:
        if ruling is not None and ruling.kind == Ruling.Kind.WITHDRAWN:
            return ScoredResult(result, rulings, None, None, adjusted=("A", "A"))
        if ruling is not None:
            return _adjusted_contract(result, rulings, ruling, version)
        if result.not_played:
            problem = "the deal was not played and no adjusted score stands; the director must rule (Law 12)."
            return ScoredResult(result, rulings, None, None, problem)
        return ScoredResult(result, rulings, contract_score(result), None, version=version)
    except ScoringError as error:
        return ScoredResult(result, rulings, None, None, str(error))


def _adjusted_contract(result: Result, rulings: list[Ruling], ruling: Ruling, version: str) -> ScoredResult:
    """The director's adjusted score, read back through the one parser (Laws 12C1, 12C2, 78A)."""
    entry = ruling_entry(ruling)
    if isinstance(entry, ArtificialScore):
        words = "" if entry.awards_only else entry.words
        return ScoredResult(result, rulings, None, None, adjusted=entry.markers, adjustment=words)
    if isinstance(entry, NotPlayed):
        return ScoredResult(result, rulings, None, None, adjustment=entry.words, left_out=True)
    if isinstance(entry, ContractEntry):
        return ScoredResult(
            result, rulings, score_entry(entry, result.board), None, assigned=True, version=version
        )
    if isinstance(entry, AssignedBySide | WeightedScore):
        outcome = entry.outcome(lambda played: score_entry(played, result.board).score_ns)
        return ScoredResult(
            result,
            rulings,
            None,
            None,
            assigned=True,
            adjustment=entry.words,
            outcome=outcome,
            version=version,
        )
    raise ScoringError(f"{ruling.get_kind_display()} is not an adjusted score of a table (Law 12C).")

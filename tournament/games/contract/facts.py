"""A contract bridge result's stored facts as the engine's values, and its score by Law 77.

The facts are those of every game (``Result``: level, strain C D H S NT, doubling, declarer,
tricks, passed out); a contract bridge result has no honours, no dealer's one spade and no
Foster revoke penalty. The board's vulnerability and dealer come from its number (Law 2;
spec §1.3) unless a hand record or an imported file stored its own. The app computes nothing
the engine does not: ``scoring.contract`` scores the deal, and gives the lines that explain it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scoring.contests.adjusted import Artificial, Award
from scoring.contract.adjusted_entry import (
    AdjustedEntry,
    ArtificialScore,
    NotPlayed,
    parse_adjusted,
    parse_line,
)
from scoring.contract.board import Vulnerability, vulnerability
from scoring.contract.deal import ContractBid, ContractScore, score_contract
from scoring.contract.entry import ContractEntry, parse_result
from scoring.shared.errors import ScoringError
from scoring.shared.seats import Seat

from ...models import Board, Result, Ruling

if TYPE_CHECKING:
    from ...scores.types import ScoredResult
    from ...services.result_facts import Facts

STRAIN_ORDER = ("C", "D", "H", "S", "NT")


def vulnerability_of(board: Board) -> Vulnerability:
    """The board's vulnerability: as its hand record or file said, else by its number (Law 2)."""
    if board.vulnerability:
        return Vulnerability.parse(board.vulnerability)
    return vulnerability(board.number)


def vulnerability_text(board: Board) -> str:
    """ "Vul: N-S", "Vul: None", "Vul: Both": as every entry screen and traveller marks the board."""
    return f"Vul: {vulnerability_of(board).label}"


def bid_of(result: Result) -> ContractBid | None:
    """The contract the table played; None when the board was passed out (or not played)."""
    if result.passed_out or result.not_played or result.level is None:
        return None
    return ContractBid(result.level, result.strain, result.doubling)


def entry_of(result: Result) -> ContractEntry:
    """The result as the traveller text writes it: ``4HX N =``, ``3NT S -1``, ``PASS``."""
    bid = bid_of(result)
    if bid is None:
        return ContractEntry(None, None, None)
    return ContractEntry(bid, Seat.parse(result.declarer), result.tricks)


def score_entry(entry: ContractEntry, board: Board) -> ContractScore:
    """Score a traveller line on ``board`` (Law 77), the declarer's vulnerability from the board."""
    if entry.contract is None or entry.declarer is None:
        return score_contract(None, None, None, False)
    vulnerable = vulnerability_of(board).of(entry.declarer.side)
    return score_contract(entry.contract, entry.declarer, entry.tricks, vulnerable)


def contract_score(result: Result) -> ContractScore:
    """Score a stored result by Law 77 (its board loaded on it)."""
    return score_entry(entry_of(result), result.board)


def assigned_entry(ruling: Ruling) -> ContractEntry:
    """The result a director assigned under Law 12C1, read as the traveller text he typed."""
    return parse_result(ruling.assigned)


def assigned_score(ruling: Ruling, board: Board) -> ContractScore:
    """The assigned result (Law 12C1) scored on its board by Law 77, as the table's would be."""
    return score_entry(assigned_entry(ruling), board)


def ruling_entry(ruling: Ruling) -> ContractEntry | AdjustedEntry | None:
    """The adjusted score a contract bridge ruling stores, read back through the one parser.

    An artificial score keeps each side's award (Law 12C2), or its percentages written outright
    in ``assigned`` ("A60/A40"); an assigned one keeps its canonical text in ``assigned``: a
    result (Law 12C1), one by side (Law 12C1(b)) or a weighted one (Law 12C1(c)). None for a
    ruling that adjusts no score.
    """
    if ruling.kind == Ruling.Kind.ARTIFICIAL:
        if ruling.assigned:
            return parse_adjusted(ruling.assigned)
        return ArtificialScore(Artificial(Award.parse(ruling.ns_average), Award.parse(ruling.ew_average)))
    if ruling.kind == Ruling.Kind.ASSIGNED:
        return parse_line(ruling.assigned)
    if ruling.kind == Ruling.Kind.NOT_PLAYED:
        return NotPlayed()
    return None


def result_text(result: Result) -> str:
    """ "4HX N =", "3NT S -1", "PASS", or "Not played (Law B)": what the table played."""
    if result.not_played:
        return "Not played (Law B)"
    return entry_of(result).text


def outcome_of(scored: ScoredResult) -> tuple[int | None, tuple[str, str] | None]:
    """The table's score N-S (the assigned one under Law 12C1) or its artificial markers (Law 12C2)."""
    if scored.adjusted is not None:
        return None, scored.adjusted
    if scored.score is None:
        return None, None
    return scored.score.score_ns, None


def facts_problem(facts: Facts) -> tuple[str, str | None] | None:
    """Law 77's own checks of what was reported: a contract of level 1 to 7, its declarer, 0 to 13
    tricks; no honours, no dealer's one spade, no revoke penalty in points. None when they stand."""
    if facts.contract is not None and not isinstance(facts.contract, ContractBid):
        return "This is not a contract of contract bridge.", None
    if facts.honours != (0, 0, 0, 0) or facts.dealers_one_spade or facts.revokes:
        return (
            "Contract bridge scores no honours, no dealer's one spade and no revoke penalty in points "
            "(Law 77): the director adjusts a revoke in tricks.",
            None,
        )
    if facts.contract is None:
        return None
    try:
        score_contract(facts.contract, facts.declarer, facts.tricks, False)
    except ScoringError as error:
        return str(error), None
    return None


def apply_facts(facts: Facts, result: Result) -> None:
    """Write a contract bridge result's facts on its fields: the contract, declarer and tricks only."""
    bid = facts.contract if isinstance(facts.contract, ContractBid) else None
    result.not_played = facts.not_played
    result.passed_out = bid is None and not facts.not_played
    result.level = bid.level if bid else None
    result.strain = bid.strain.value if bid else ""
    result.doubling = bid.doubling.value if bid else ""
    result.declarer = facts.declarer.value if bid and facts.declarer else ""
    result.tricks = facts.tricks if bid else 0
    result.honours_n = result.honours_e = result.honours_s = result.honours_w = 0
    result.dealers_one_spade = False
    result.revokes = []
    result.trumps = ""

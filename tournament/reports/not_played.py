"""The boards a pair did not play, and why: one row source for every standings, recap, traveller and export.

A result recorded as not played stands for a board a table did not play: a Law B (3) ruling on
irregular hands, a pair's withdrawal, or the director's ruling at the close on a board with no result
(an artificial adjusted score for each side, Law 12C2, or "not played", scored as the event scores a
board not played). Each row names the board, the table, the round, both pairs and the ruling.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..games.contract.results import ADJUSTING_KINDS
from ..games.duplicate import IRREGULAR_KINDS
from ..models import Ruling
from ..scores.types import ScoredResult, SectionScores
from ..services.closing import not_played_words

IRREGULAR_WORDS = {
    Ruling.Kind.IRREGULAR_AVERAGE: "each pair takes the average",
    Ruling.Kind.IRREGULAR_NS_OFFENDED: "N-S take the lowest score, E-W the highest",
    Ruling.Kind.IRREGULAR_EW_OFFENDED: "E-W take the lowest score, N-S the highest",
}
AVERAGE_WORDS = {"A+": "Average-plus", "A": "Average", "A-": "Average-minus"}


@dataclass(frozen=True, slots=True)
class NotPlayed:
    """A board a table did not play: where, who, and the ruling that scores it."""

    board: int
    round: int
    table: int
    ns: str
    ew: str
    why: str

    @property
    def text(self) -> str:
        """ "Board 28 not played at table 4, round 4 (N-S 4, E-W 1): Law 12C2, N-S Average-plus …"."""
        where = f"table {self.table}, round {self.round} (N-S {self.ns}, E-W {self.ew})"
        return f"Board {self.board} not played at {where}: {self.why}"

    def pairs(self) -> tuple[str, str]:
        return (self.ns, self.ew)


def _why(sheet: SectionScores, scored: ScoredResult) -> str:
    """The ruling that scores a board not played, in words with its law; or that it waits for one."""
    rulings = [r for r in scored.rulings if r.active]
    standing = next(
        (r for r in reversed(rulings) if r.kind in ADJUSTING_KINDS or r.kind in IRREGULAR_KINDS), None
    )
    if standing is None:
        return "no ruling yet: the director will rule."
    if standing.kind == Ruling.Kind.ARTIFICIAL:
        ns, ew = AVERAGE_WORDS[standing.ns_average], AVERAGE_WORDS[standing.ew_average]
        return f"adjusted score, N-S {ns} and E-W {ew} (Law 12C2), the director's ruling."
    if standing.kind == Ruling.Kind.ASSIGNED:
        return f"assigned result {standing.assigned} (Law 12C1), the director's ruling."
    if standing.kind == Ruling.Kind.NOT_PLAYED:
        return f"not played, the director's ruling: {not_played_words(sheet.event)}."
    if standing.kind == Ruling.Kind.WITHDRAWN:
        return "a pair withdrew: each side takes the average of its direction (Law B (3))."
    return f"irregular hands, {IRREGULAR_WORDS.get(standing.kind, 'the director ruled')} ({standing.law})."


def not_played_rows(sheet: SectionScores) -> list[NotPlayed]:
    """Every board of the section a table did not play, in board, round and table order."""
    rows = []
    for scored in sheet.results:
        r = scored.result
        if not r.not_played:
            continue
        seating = r.seating
        rows.append(
            NotPlayed(
                r.board.number,
                seating.round,
                seating.table.number,
                r.ns.label,
                r.ew.label,
                _why(sheet, scored),
            )
        )
    return rows


def not_played_by_pair(rows: list[NotPlayed]) -> dict[str, list[NotPlayed]]:
    """The rows of ``not_played_rows`` under each pair that did not play the board."""
    found: dict[str, list[NotPlayed]] = defaultdict(list)
    for row in rows:
        for pair in row.pairs():
            found[pair].append(row)
    return found

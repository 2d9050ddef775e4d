"""The director's rulings as the rows print them: a note on a traveller or recap, and the rulings log.

Every ruling is kept, active and undone (Laws B, D, E, F, 84); these rows only show them.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ..models import Ruling
from ..scores.types import SectionScores
from ..services.rulings import adjustment_words


@dataclass(frozen=True, slots=True)
class RulingNote:
    """A director's ruling as a recap or traveller prints it: the law, what it did, and why."""

    ruling_pk: int
    kind: str
    law: str
    reason: str
    active: bool
    created: datetime.datetime
    undone_at: datetime.datetime | None

    @property
    def text(self) -> str:
        """ "Law F: North declared out of turn ..." (undone rulings say so)."""
        undone = "" if self.active else " (undone)"
        return f"{self.law}: {self.reason}{undone}"


def ruling_notes(rulings: list[Ruling]) -> tuple[RulingNote, ...]:
    """Every ruling on a result, active and undone, in the order they were made."""
    return tuple(
        RulingNote(r.pk, r.get_kind_display(), r.law, r.reason, r.active, r.created, r.undone_at)
        for r in rulings
    )


@dataclass(frozen=True, slots=True)
class RulingRow:
    """One ruling of the night, for the rulings log: where, the law, what it changed, why."""

    board: int
    round: int
    table: int
    result_pk: int
    ns: str
    ew: str
    kind: str
    law: str
    side: str
    points: int
    seat: str
    reason: str
    active: bool
    created: datetime.datetime
    undone_at: datetime.datetime | None
    adjustment: str = ""  # contract bridge: "A+/A-" (Law 12C2) or the assigned result "3NT S =" (Law 12C1)


def adjustment_text(ruling: Ruling) -> str:
    """A contract bridge adjusted score: each side's artificial score, or the assigned result (Law 12C)."""
    if ruling.kind == Ruling.Kind.ARTIFICIAL and ruling.ns_average:
        return f"{ruling.ns_average or '-'}/{ruling.ew_average or '-'}"
    if ruling.kind == Ruling.Kind.ASSIGNED and not any(mark in ruling.assigned for mark in ";%"):
        return ruling.assigned
    # Percentages (Law 12C2), by side or weighted (Law 12C1(b), (c)), not played, a fouled board (Law 87B)
    return adjustment_words(ruling)


def rulings_rows(sheet: SectionScores) -> list[RulingRow]:
    """Every ruling of the section, active and undone, by board and table (Laws B, D, E, F, 84)."""
    rows = [
        RulingRow(
            board=s.result.board.number,
            round=s.result.seating.round,
            table=s.result.seating.table.number,
            result_pk=s.result.pk,
            ns=s.result.ns.label,
            ew=s.result.ew.label,
            kind=r.get_kind_display(),
            law=r.law,
            side=r.get_side_display() if r.side else "",
            points=r.points,
            seat=r.seat,
            reason=r.reason,
            active=r.active,
            created=r.created,
            undone_at=r.undone_at,
            adjustment=adjustment_text(r),
        )
        for s in sheet.results
        for r in s.rulings
    ]
    rows.sort(key=lambda row: (row.board, row.round, row.table, row.created))
    return rows

"""Files of an event's figures: the standings workbook (XLSX) and the standings CSV (issue 5).

Every writer consumes the rows of :mod:`tournament.reports` — the same rows the on-screen
tables show — and only formats them; nothing here scores. Each writer takes the event and its
scored sections and returns an :class:`~tournament.exports.base.Export`, ``(filename,
content_type, content)``, which the download views and ``manage.py export_standings`` hand on
unchanged. A contract bridge night has its own workbook (``games.contract.xlsx``: matchpoints or IMPs,
the match with its VPs, travellers, boards with their par) and its own CSV columns (``csv``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..games.contract.xlsx import contract_workbook
from ..models import Event
from ..scores.standings import SectionScores, score_event
from .base import Export, filename_for
from .csv import standings_csv
from .xlsx import standings_workbook

__all__ = [
    "FORMATS",
    "Export",
    "contract_workbook",
    "export_standings",
    "filename_for",
    "standings_csv",
    "standings_workbook",
    "workbook",
]

Writer = Callable[[Event, Sequence[SectionScores]], Export]


def workbook(event: Event, sheets: Sequence[SectionScores]) -> Export:
    """The standings workbook: a contract bridge night's sheets (Laws 77, 78), or Auction's and Whist's."""
    writer = contract_workbook if event.is_contract else standings_workbook
    return writer(event, sheets)


FORMATS: dict[str, Writer] = {"xlsx": workbook, "csv": standings_csv}


def export_standings(event: Event, format: str) -> Export:
    """Score every section of ``event`` once (Laws A-H) and write its standings as ``format``."""
    writer = FORMATS.get(format)
    if writer is None:
        raise ValueError(f"{format!r} is not an export format; choose one of {', '.join(FORMATS)}.")
    return writer(event, score_event(event))

"""Files of an event's figures: the standings workbook (XLSX) and the standings CSV (issue 5).

Every writer consumes the rows of :mod:`tournament.reports` — the same rows the on-screen
tables show — and only formats them; nothing here scores. Each writer takes the event and its
scored sections and returns an :class:`~tournament.exports.base.Export`, ``(filename,
content_type, content)``, which the download views and ``manage.py export_standings`` hand on
unchanged. Each game gives a section's sheets and CSV columns (``games.of(event)``): contract
bridge's are in ``games.contract`` (matchpoints or IMPs, the match with its VPs, travellers,
boards with their par).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..models import Event
from ..scores.standings import score_event
from ..scores.types import SectionScores
from .base import Export, filename_for
from .csv import standings_csv
from .xlsx import standings_workbook

__all__ = [
    "FORMATS",
    "Export",
    "export_standings",
    "filename_for",
    "standings_csv",
    "standings_workbook",
    "workbook",
]

Writer = Callable[[Event, Sequence[SectionScores]], Export]


# The standings workbook, one for every game: each section's sheets are the game's.
workbook = standings_workbook

FORMATS: dict[str, Writer] = {"xlsx": workbook, "csv": standings_csv}


def export_standings(event: Event, format: str) -> Export:
    """Score every section of ``event`` once (Laws A-H) and write its standings as ``format``."""
    writer = FORMATS.get(format)
    if writer is None:
        raise ValueError(f"{format!r} is not an export format; choose one of {', '.join(FORMATS)}.")
    return writer(event, score_event(event))

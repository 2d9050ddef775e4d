"""The club's player list written back as CSV, in the columns the importer reads
(``services.players``): every user string written as text, never a formula.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from ..models import Club, Player
from ..services.players import EXPORT_HEADER
from .base import safe_text


def export_rows(club: Club) -> Iterable[list[str]]:
    """The club's players as the CSV writes them: a header the importer reads back, then a player a row."""
    yield EXPORT_HEADER
    for player in Player.objects.filter(club=club).for_list():
        yield [safe_text(player.name), safe_text(player.number), safe_text(player.email)]


def players_csv(club: Club) -> bytes:
    """The player list as CSV: UTF-8 with a byte-order mark, so that Excel keeps the accents."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(export_rows(club))
    return buffer.getvalue().encode("utf-8-sig")

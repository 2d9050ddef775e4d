"""What every export shares: the finished file and the name it is saved under."""

from __future__ import annotations

from typing import NamedTuple

from django.utils.text import slugify

from ..models import Event

# A spreadsheet runs a cell that begins with one of these as a formula: a player's name never should.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(text: str) -> str:
    """User text for a CSV cell, shown and never run: "=1+1" is written "'=1+1" (OWASP, CSV injection).

    Every CSV writer passes each cell a user's text reaches through here: the standings CSV and
    the on-screen tables' ``?_export=csv``. (The XLSX writer types such cells as strings instead,
    ``tournament.exports.xlsx.Sheet.put``, so the text is kept exactly.)
    """
    return "'" + text if text.startswith(FORMULA_STARTS) else text


class Export(NamedTuple):
    """A finished file: the name to save it under, its media type, and its bytes."""

    filename: str
    content_type: str
    content: bytes


def filename_for(event: Event, what: str, extension: str) -> str:
    """ "demo-2026-11-17-tuesday-pairs-standings.xlsx": club, date and event, safe on any disk."""
    name = slugify(event.name) or "event"
    return f"{event.club.slug}-{event.date:%Y-%m-%d}-{name}-{what}.{extension}"

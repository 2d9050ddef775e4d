"""What every export shares: the finished file and the name it is saved under."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from django.utils.text import slugify

from scoring.shared.numbers import hundredths_text

from ..models import Event


def safe_text(text: str) -> str:
    """User text for a CSV or XLSX cell, shown and never run: "=1+1" is written "'=1+1".

    A spreadsheet may run a cell that starts with "=", "+", "-" or "@" as a formula, and one that
    starts with a tab, a line feed, a space, a full-width "＝", a "|" or a right-to-left mark
    may hide or turn what follows (OWASP, CSV injection). So any text that does not start with
    a letter or a digit (of any script: "Élodie", "Łukasz", "李") gets the leading apostrophe a
    spreadsheet reads as "text follows". Every writer passes the text it writes through here:
    the standings CSV and workbooks, the on-screen tables' ``?_export=csv`` and the players'
    list. Figures are never passed here: they are written as numbers (``figure_text``).
    """
    return text if not text or text[0].isalnum() else "'" + text


def figure_text(value: Fraction | int | None) -> str:
    """A figure for a CSV cell, as a plain number a spreadsheet reads: "50", "-20", "171.80".

    A whole figure is written whole and any other to the hundredth, halves away from zero, as
    percentages and Victory Points are shown; the exact fraction ("171 4/5") stays on the
    screen's explanations. No "+" sign and no fraction: the cell is a number.
    """
    if value is None:
        return ""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else hundredths_text(value)


def result_figure(result: str | None) -> str:
    """A contract's result against it for a CSV cell, as a number: "=" is 0, "+1" is 1, "-2" is -2
    (Law 77: the tricks over or under the contract); "" where nothing was played."""
    if not result:
        return ""
    if result == "=":
        return "0"
    return str(int(result)) if result[1:].isdigit() and result[:1] in "+-" else result


def hundredths_figure(value: Fraction | int | None) -> str:
    """A percentage or Victory Points for a CSV cell, to the hundredth as shown: "57.14", "12.80"."""
    return "" if value is None else hundredths_text(value)


class Export(NamedTuple):
    """A finished file: the name to save it under, its media type, and its bytes."""

    filename: str
    content_type: str
    content: bytes


def filename_for(event: Event, what: str, extension: str) -> str:
    """ "demo-2026-11-17-tuesday-pairs-standings.xlsx": club, date and event, safe on any disk."""
    name = slugify(event.name) or "event"
    return f"{event.club.slug}-{event.date:%Y-%m-%d}-{name}-{what}.{extension}"

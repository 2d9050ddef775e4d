"""What every export shares: the finished file and the name it is saved under."""

from __future__ import annotations

from typing import NamedTuple

from django.utils.text import slugify

from ..models import Event


class Export(NamedTuple):
    """A finished file: the name to save it under, its media type, and its bytes."""

    filename: str
    content_type: str
    content: bytes


def filename_for(event: Event, what: str, extension: str) -> str:
    """ "demo-2026-11-17-tuesday-pairs-standings.xlsx": club, date and event, safe on any disk."""
    name = slugify(event.name) or "event"
    return f"{event.club.slug}-{event.date:%Y-%m-%d}-{name}-{what}.{extension}"

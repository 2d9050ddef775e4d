"""Printable PDF documents of a night, one renderer class per document family (issue 5 §1).

Each renderer takes an event and returns ``(filename, content_type, bytes)`` from
``render()``. The registry below is what the event page's links, the ``render_pdf`` and
``render_previews`` commands and the download view all read, so they offer the same documents.
"""

from __future__ import annotations

from typing import Any

from ..models import Event
from .base import DocumentUnavailable, PdfRenderer
from .guides import GuidesPdf
from .hand_records import HandRecordsPdf
from .match import MatchPdf
from .pads import PadsPdf
from .recaps import RecapsPdf
from .standings import StandingsPdf
from .tablecards import TableCardsPdf
from .travellers import TravellersPdf

DOCUMENTS: dict[str, type[PdfRenderer]] = {
    renderer.slug: renderer
    for renderer in (
        StandingsPdf,
        RecapsPdf,
        TravellersPdf,
        HandRecordsPdf,
        MatchPdf,
        GuidesPdf,
        TableCardsPdf,
        PadsPdf,
    )
}


def documents_for(event: Event) -> list[type[PdfRenderer]]:
    """The documents that exist for ``event``, in the order the event page lists them."""
    return [renderer for renderer in DOCUMENTS.values() if not renderer.unavailable(event)]


def renderer_for(event: Event, slug: str, *, base_url: str = "", **options: Any) -> PdfRenderer:
    """The renderer of document ``slug`` for ``event`` (``base_url``: the site's address, for links).

    Raises :class:`DocumentUnavailable` with a sentence for a director when there is no such
    document, or when it does not exist for this event (a match sheet for a pair contest).
    """
    renderer = DOCUMENTS.get(slug)
    if renderer is None:
        raise DocumentUnavailable(
            f"There is no document called {slug!r}: choose one of {', '.join(DOCUMENTS)}."
        )
    reason = renderer.unavailable(event)
    if reason:
        raise DocumentUnavailable(reason)
    return renderer(event, base_url=base_url, **options)


__all__ = ["DOCUMENTS", "DocumentUnavailable", "PdfRenderer", "documents_for", "renderer_for"]

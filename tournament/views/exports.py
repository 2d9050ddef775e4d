"""Downloads of an event's standings: the workbook (XLSX) and the CSV, for whoever may see the event."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_safe

from ..access import viewable_event
from ..exports import Export, export_standings


def download(export: Export) -> HttpResponse:
    """The file as an attachment under its own name."""
    response = HttpResponse(export.content, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


@require_safe
def export_xlsx(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The standings workbook: standings, matrix, travellers and rulings (published, or the club's people)."""
    event = viewable_event(request, club_slug, event_id)
    return download(export_standings(event, "xlsx"))


@require_safe
def export_csv(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The standings as CSV (published, or the club's people)."""
    event = viewable_event(request, club_slug, event_id)
    return download(export_standings(event, "csv"))


urlpatterns = [
    path("c/<slug:club_slug>/e/<num:event_id>/export/standings.xlsx", export_xlsx, name="export_xlsx"),
    path("c/<slug:club_slug>/e/<num:event_id>/export/standings.csv", export_csv, name="export_csv"),
]

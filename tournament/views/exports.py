"""Downloads of an event's standings: the workbook (XLSX) and the CSV, for whoever may see the event;
each made once per change of the standings and then served as stored (``documents``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_safe

from .. import documents
from ..access import viewable_event
from ..exports import Export, export_standings
from ..models import Event


def download(export: Export) -> HttpResponse:
    """The file as an attachment under its own name."""
    response = HttpResponse(export.content, content_type=export.content_type)
    response["Content-Disposition"] = f'attachment; filename="{export.filename}"'
    return response


@require_safe
def export_xlsx(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The standings workbook: standings, matrix, travellers and rulings (published, or the club's people)."""
    return _standings(request, viewable_event(request, club_slug, event_id), "xlsx")


@require_safe
def export_csv(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The standings as CSV (published, or the club's people)."""
    return _standings(request, viewable_event(request, club_slug, event_id), "csv")


def _standings(request: HttpRequest, event: Event, kind: str) -> HttpResponse:
    refused = documents.over_budget(request, event)
    if refused is not None:
        return refused
    made = documents.stored(event, f"standings.{kind}", lambda: export_standings(event, kind))
    return download(Export(*made))


urlpatterns = [
    path("c/<slug:club_slug>/e/<num:event_id>/export/standings.xlsx", export_xlsx, name="export_xlsx"),
    path("c/<slug:club_slug>/e/<num:event_id>/export/standings.csv", export_csv, name="export_csv"),
]

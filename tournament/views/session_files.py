"""Scored sessions in and out: a night written as PBN or USEBIO, and a file another program wrote imported.

The club's people may download the night's results files and read the comparison of an
imported session; importing is a director's act (a scorer gets 403). Another club's
director meets a 404 everywhere: no URL reaches another club's data. The services make
every write, in one transaction; a refused file changes nothing and is shown on the form.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import path
from django.views.decorators.http import require_safe

from .. import params
from ..access import SCORING, event_for_role
from ..services.session_files import FORMATS, ExportRefused, export_session


@login_required
@require_safe
def session_export(request: HttpRequest, club_slug: str, event_id: int, format: str) -> HttpResponse:
    """The night as a results file to download: PBN 2.1 or USEBIO 1.2 (``?session=2`` for a later one)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    if format not in FORMATS:
        raise Http404("No such format.")
    session = params.number(request.GET.get("session"))
    try:
        filename, content_type, content = export_session(event, format, session)
    except ExportRefused as error:
        messages.error(request, str(error))
        return redirect("event_run", club_slug, event.pk)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


E = "c/<slug:club_slug>/e/<num:event_id>"
urlpatterns = [
    path(f"{E}/files/session.<slug:format>", session_export, name="session_export"),
]

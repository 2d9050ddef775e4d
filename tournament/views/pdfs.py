"""The printable documents of an event, downloaded from its page: standings, recaps, travellers,
the match sheet, guide cards and score pads (issue 5 §1).

Whoever may see the event may print it: published events for everyone, every event for the
club's people. A secret document (the table cards, which hold each table's link and PIN) only the
club's directors and scorers print, even of a published night. A document that does not exist,
or not for this event, or not for this visitor, is a 404.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_GET

from ..access import SCORING, role_in, viewable_event
from ..pdf import DocumentUnavailable, renderer_for


@require_GET
def pdf_document(request: HttpRequest, club_slug: str, event_id: int, doc: str) -> HttpResponse:
    """One document of the event as a PDF, opened in the browser, ready to print or save."""
    event = viewable_event(request, club_slug, event_id)
    try:
        renderer = renderer_for(event, doc, base_url=request.build_absolute_uri("/"))
    except DocumentUnavailable as error:
        raise Http404(str(error)) from error
    if renderer.secret and role_in(request.user, event.club) not in SCORING:
        raise Http404("No such document.")
    filename, content_type, content = renderer.render()
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    # An unpublished night must not sit in a shared cache; the tables' keys not in any cache.
    response["Cache-Control"] = "no-store" if renderer.secret else "private, no-cache"
    return response


urlpatterns = [
    path("c/<slug:club_slug>/e/<num:event_id>/pdf/<slug:doc>.pdf", pdf_document, name="pdf_document"),
]

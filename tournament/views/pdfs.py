"""The printable documents of an event, downloaded from its page: standings, recaps, travellers,
the match sheet, guide cards and score pads (issue 5 §1).

Whoever may see the event may print it: published events for everyone, every event for the
club's people. A secret document (the table cards, which hold each table's link and PIN) only the
club's directors and scorers print, even of a published night. A document that does not exist,
or not for this event, or not for this visitor, is a 404.

A document is made once per change of what it shows and then served as stored (``documents``),
and a visitor downloads so many a minute from one address. A big night's recap sheets and travellers
are made in the background (``pdf.jobs``): the address answers with a page that shows how
far they are and asks again, then with the PDF.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_GET, require_POST

from .. import documents
from ..access import SCORING, role_in, viewable_event
from ..forms.hand_records import LayoutForm
from ..models import Event, PdfJob
from ..pdf import DocumentUnavailable, jobs, renderer_for
from ..pdf.hand_records import HandRecordsPdf
from .errors import bad_request

REFRESH = 2  # seconds between the looks of the page that waits for the recap sheets


@require_GET
def pdf_document(request: HttpRequest, club_slug: str, event_id: int, doc: str) -> HttpResponse:
    """One document of the event as a PDF, opened in the browser, ready to print or save."""
    event = viewable_event(request, club_slug, event_id)
    layout = LayoutForm(request.GET)
    if doc == HandRecordsPdf.slug and not layout.is_valid():
        return bad_request(request, "Hand records print 4 or 6 boards a page: choose one.")
    options = {"per_page": layout.cleaned_data["per_page"]} if doc == HandRecordsPdf.slug else {}
    try:
        renderer = renderer_for(event, doc, base_url=request.build_absolute_uri("/"), **options)
    except DocumentUnavailable as error:
        raise Http404(str(error)) from error
    if renderer.secret:
        if role_in(request.user, event.club) not in SCORING:
            raise Http404("No such document.")
        filename, _, content = renderer.render()  # each table's key: never kept
        return pdf_response(filename, content, secret=True)
    if jobs.in_background(event, renderer.sections, doc):
        return document_job(request, event, doc)
    refused = documents.over_budget(request, event)
    if refused is not None:
        return refused
    # Each layout is a document of its own (hand records 4 or 6 boards a page).
    name = doc + "".join(f":{key}={value}" for key, value in sorted(options.items()))
    filename, _, content = documents.stored(event, name, renderer.render, site=renderer.base_url)
    return pdf_response(filename, content)


def pdf_response(filename: str, content: bytes, *, secret: bool = False) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    # An unpublished night must not sit in a shared cache; the tables' keys not in any cache.
    response["Cache-Control"] = "no-store" if secret else "private, no-cache"
    return response


def document_job(request: HttpRequest, event: Event, doc: str) -> HttpResponse:
    """The big night's document when it is ready; until then a page with its progress."""
    base_url = request.build_absolute_uri("/")
    job = jobs.job_for(event=event, document=doc, user=request.user, base_url=base_url)
    job = PdfJob.objects.defer("content").get(pk=job.pk)  # made meanwhile, when made in the request
    if job.status == PdfJob.Status.DONE:
        # Counted when served: the page that waits for it asks every few seconds, and is not.
        refused = documents.over_budget(request, event)
        if refused is not None:
            return refused
    content = jobs.finished_file(job) if job.status == PdfJob.Status.DONE else None
    if content is not None:
        return pdf_response(job.filename, content)
    job.status = PdfJob.Status.RUNNING if job.status == PdfJob.Status.DONE else job.status  # made again
    context = {"event": event, "job": job, "refresh": REFRESH, "document": jobs.IN_BACKGROUND[doc]}
    response = render(
        request,
        "tournament/pdf_job.html",
        context,
        status=202 if job.status == PdfJob.Status.RUNNING else 200,
    )
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def pdf_job_retry(
    request: HttpRequest, club_slug: str, event_id: int, doc: str = jobs.RECAPS
) -> HttpResponse:
    """Make a big night's recap sheets (or travellers) again after a failure, then wait for them on
    their address."""
    event = viewable_event(request, club_slug, event_id)
    if jobs.in_background(event, list(event.sections.all()), doc):
        base_url = request.build_absolute_uri("/")
        jobs.retry(event=event, user=request.user, base_url=base_url, document=doc)
    return redirect("pdf_document", event.club.slug, event.pk, doc)


urlpatterns = [
    path("c/<slug:club_slug>/e/<num:event_id>/pdf/<slug:doc>.pdf", pdf_document, name="pdf_document"),
    path("c/<slug:club_slug>/e/<num:event_id>/pdf/recaps/again/", pdf_job_retry, name="pdf_job_retry"),
    path("c/<slug:club_slug>/e/<num:event_id>/pdf/<slug:doc>/again/", pdf_job_retry, name="pdf_job_retry"),
]

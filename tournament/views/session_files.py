"""Scored sessions in and out: a night written as PBN or USEBIO, and a file another program wrote imported.

The club's people may download the night's results files and read the comparison of an
imported session; importing is a director's act (a scorer gets 403). Another club's
director meets a 404 everywhere: no URL reaches another club's data. The services make
every write, in one transaction; a refused file changes nothing and is shown on the form.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_safe

from .. import games, params
from ..access import DIRECTING, SCORING, club_for_role, event_for_role, role_in
from ..forms.session_files import SessionImportForm
from ..interchange import compare as session_compare
from ..interchange import jobs as session_jobs
from ..interchange.files import FORMATS, ExportRefused, event_sheets, export_session
from ..interchange.importing import MOST_BYTES, SessionRefused, import_session, read_session
from ..models import Club, SessionImportJob

REFRESH = 2  # seconds between the looks of the page that waits for a big import


def _printable(name: str | None) -> str:
    """An uploaded file's name as the event keeps it: printable characters, at most 120."""
    return "".join(c for c in name or "" if c.isprintable())[:120]


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
        return redirect("session_files", club_slug, event.pk)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_safe
def session_files(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The night's results files to download, and each imported session beside the product's scoring."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    game = games.of(event)
    sheets = event_sheets(event) if game.exchanges_sessions else {}
    comparisons = session_compare.compare_event(event, sheets) if sheets else []
    sessions = sorted(sheets) or [1]
    context = {
        "event": event,
        "game": game,
        "sessions": sessions,
        "several": sum(len(found) for found in sheets.values()) > len(sheets),
        "writable": game.exchanges_sessions and not event.is_teams,
        "comparisons": comparisons,
        "summary": session_compare.summary(comparisons) if comparisons else "",
        "can_import": role_in(request.user, event.club) in DIRECTING,
    }
    return render(request, "tournament/director/session_files.html", context)


@login_required
def session_import(request: HttpRequest, club_slug: str) -> HttpResponse:
    """Import a scored session as a new event, or as the next session of one (a director's act)."""
    club = club_for_role(request, club_slug, SCORING)
    initial = {"event": params.number(request.GET.get("event"))}
    form = SessionImportForm(request.POST or None, request.FILES or None, club=club, initial=initial)
    status = 200
    if request.method == "POST":
        if role_in(request.user, club) not in DIRECTING:
            raise PermissionDenied("Importing a session is a director's act.")
        if form.is_valid():
            try:
                answer = _import(request, club, form)
                if answer is not None:
                    return answer
            except SessionRefused as error:
                form.add_error("file", f"{error} Nothing was imported.")
        status = 400 if form.errors else 200
    context = {"club": club, "form": form, "most_kb": MOST_BYTES // 1000}
    return render(request, "tournament/director/session_import.html", context, status=status)


def _import(request: HttpRequest, club: Club, form: SessionImportForm) -> HttpResponse | None:
    """Import the file now, or, a big one, in the background with a page that waits for it; None
    after a check only (the form is shown again, with what the import would do)."""
    data = form.cleaned_data
    upload = {
        "club": club,
        "user": request.user,
        "content": data["file"],
        "name": _printable(request.FILES["file"].name),
        "event": data["event"],
        "dry_run": data["dry_run"],
        "request_key": data["request_key"],
    }
    read = read_session(data["file"])  # first: a file refused is refused here, before any job
    if session_jobs.in_background(read[0]):
        job = session_jobs.start_import(**upload)
        return redirect("session_import_job", club.slug, job.pk)
    imported = import_session(**upload, read=read)
    messages.success(request, imported.summary)
    if imported.event is not None:
        return redirect("session_files", club.slug, imported.event.pk)
    for note in imported.notes:
        messages.info(request, note)
    return None


@login_required
@require_safe
def session_import_job(request: HttpRequest, club_slug: str, job_id: int) -> HttpResponse:
    """A big import's page: that it runs (looked at again every few seconds), then its session or refusal."""
    club = club_for_role(request, club_slug, SCORING)
    job = get_object_or_404(
        SessionImportJob.objects.defer("content").select_related("event"), pk=job_id, club=club
    )
    if job.status == SessionImportJob.Status.DONE and job.event is not None:
        messages.success(request, job.summary)
        return redirect("session_files", club.slug, job.event.pk)
    stalled = session_jobs.abandoned(job)
    context = {"club": club, "job": job, "refresh": REFRESH, "stalled": stalled}
    running = job.status == SessionImportJob.Status.RUNNING and not stalled
    return render(
        request, "tournament/director/session_import_job.html", context, status=202 if running else 200
    )


E = "c/<slug:club_slug>/e/<num:event_id>"
urlpatterns = [
    path("c/<slug:club_slug>/sessions/import/", session_import, name="session_import"),
    path("c/<slug:club_slug>/sessions/import/<num:job_id>/", session_import_job, name="session_import_job"),
    path(f"{E}/files/", session_files, name="session_files"),
    path(f"{E}/files/session.<slug:format>", session_export, name="session_export"),
]

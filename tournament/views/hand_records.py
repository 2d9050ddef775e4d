"""The director's hand-record page: the deal of every board, imported from PBN, dealt from a seed,
exported; the whist turned card; and every result whose typed honours the cards contradict.

Club people may look; the writes are a director's acts (a scorer gets 403), made by
``services.hand_records`` in one transaction with an audit entry. A refused file changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from .. import games
from ..access import SCORING, event_for_role
from ..forms.hand_records import DealForm, ImportForm, TurnedCardForm
from ..models import Board, Event
from ..services import hand_records as service
from ..services.hand_records import HandRecordRefused, Stored
from .director_results import require_directing


def _printable(name: str | None) -> str:
    """An uploaded file's name as the audit log keeps it: printable characters, at most 60."""
    return "".join(c for c in name or "" if c.isprintable())[:60]


def _page(request: HttpRequest, event: Event, **forms: object) -> HttpResponse:
    sections = []
    for section in event.sections.all():
        boards = list(Board.objects.filter(section=section))
        flags = service.disagreements_in(section, boards)
        sections.append({"section": section, "boards": boards, "flags": flags})
    context = {
        "event": event,
        "game": games.of(event),
        "sections": sections,
        "import_form": forms.get("import_form") or ImportForm(event=event),
        "deal_form": forms.get("deal_form") or DealForm(event=event),
        "most_kb": service.MOST_BYTES // 1000,
    }
    return render(request, "tournament/director/hand_records.html", context, status=400 if forms else 200)


@login_required
def hand_records(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Every section's boards and their deals, the flagged results, and the forms to deal or import."""
    return _page(request, event_for_role(request, club_slug, event_id, SCORING))


def _store(
    request: HttpRequest,
    event: Event,
    form: ImportForm | DealForm,
    field: str,
    act: Callable[[dict[str, Any]], Stored],
) -> HttpResponse:
    """Store what a valid form asks for; otherwise, or when the service refuses, show the form's errors."""
    name = "import_form" if isinstance(form, ImportForm) else "deal_form"
    if not form.is_valid():
        return _page(request, event, **{name: form})
    try:
        stored = act(form.cleaned_data)
    except HandRecordRefused as error:
        form.add_error(field, str(error))
        return _page(request, event, **{name: form})
    messages.success(request, stored.summary)
    for disagreement in stored.disagreements:
        messages.warning(request, f"Flagged: {disagreement.text}")
    return redirect("hand_records", event.club.slug, event.pk)


@login_required
@require_POST
def deals_import(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Store the deals of an uploaded PBN file (or check it only); a refused file changes nothing."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    form = ImportForm(request.POST, request.FILES, event=event)
    return _store(
        request,
        event,
        form,
        "file",
        lambda data: service.store(
            section=service.section_of(event, data["section"]),
            records=service.read_upload(data["file"]),
            user=request.user,
            source=f"imported from {_printable(request.FILES['file'].name)}",
            replace=data["replace"],
            dry_run=data["dry_run"],
        ),
    )


@login_required
@require_POST
def deals_deal(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Deal the section's boards from a seed and store them."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    form = DealForm(request.POST, event=event)
    return _store(
        request,
        event,
        form,
        "seed",
        lambda data: service.deal_boards(
            event=event,
            seed=data["seed"],
            user=request.user,
            section=data["section"],
            replace=data["replace"],
        ),
    )


@login_required
def deals_export(request: HttpRequest, club_slug: str, event_id: int, letter: str) -> HttpResponse:
    """The section's deals as a PBN file to download."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    section = event.sections.filter(letter=letter).first()
    if section is None:
        raise Http404("No such section.")
    try:
        filename, content = service.export_deals(section)
    except HandRecordRefused as error:
        messages.error(request, str(error))
        return redirect("hand_records", club_slug, event.pk)
    response = HttpResponse(content, content_type="application/x-pbn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_POST
def board_turned(request: HttpRequest, club_slug: str, event_id: int, letter: str) -> HttpResponse:
    """Whist: record the card the dealer turned up on a board (Whist law 42)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    form = TurnedCardForm(request.POST)
    board = None
    if form.is_valid():
        board = Board.objects.filter(
            section__event=event, section__letter=letter, number=form.cleaned_data["board"]
        ).first()
    if board is None:
        messages.error(request, "Write the card turned up, as H8 or SQ, on a board of this event.")
        return redirect("hand_records", club_slug, event.pk)
    board.section.event = event
    try:
        service.set_turned_card(board=board, card=form.cleaned_data["card"], user=request.user)
        messages.success(request, f"Board {board.number}: the {board.turned} was turned up for trumps.")
    except HandRecordRefused as error:
        messages.error(request, f"Board {board.number}: {error}")
    return redirect("hand_records", club_slug, event.pk)


E = "c/<slug:club_slug>/e/<num:event_id>"
urlpatterns = [
    path(f"{E}/deals/", hand_records, name="hand_records"),
    path(f"{E}/deals/import/", deals_import, name="deals_import"),
    path(f"{E}/deals/deal/", deals_deal, name="deals_deal"),
    path(f"{E}/s/<letter:letter>/deals.pbn", deals_export, name="deals_export"),
    path(f"{E}/s/<letter:letter>/deals/turned/", board_turned, name="board_turned"),
]

"""Closing the event: every result accounted for before the night is locked.

The close page lists each board with no result (with the director's choices for it) and each result
not yet confirmed, grouped by round and table. The event closes once no result is missing; results
still awaiting the opponents or disputed may be closed with them at the director's word.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from .. import games
from ..access import DIRECTING, SCORING, event_for_role, role_in
from ..forms.entry import ReasonForm
from ..forms.rulings import MissingRulingForm
from ..models import Event, Result, Seating
from ..services import closing
from ..services.events import LockNeedsConfirmation
from ..services.result_facts import ResultRefused
from . import director_screens as screens
from .director_results import require_directing


def close_page(
    request: HttpRequest,
    event: Event,
    refusal: LockNeedsConfirmation,
    posted: tuple[str, MissingRulingForm] | None = None,
    status: int = 200,
    may_direct: bool = True,
) -> HttpResponse:
    """The close page for what ``refusal`` lists: missing results first, each with its ruling form (for
    a director; the club's scorers read the list)."""
    context = {
        "may_direct": may_direct,
        "event": event,
        "game": games.of(event),
        "refusal": refusal,
        "rounds": screens.close_rounds(refusal.missing, refusal.unsettled, posted),
        "not_played": closing.not_played_words(event),
    }
    return render(request, "tournament/director/event_lock.html", context, status=status)


def _refusal(event: Event) -> LockNeedsConfirmation:
    unsettled = list(Result.objects.filter(section__event=event).unsettled())
    return LockNeedsConfirmation(unsettled, closing.missing_results(event))


@login_required
def event_close(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """What closing the event waits for: every board with no result and every result not confirmed.

    The club's people may look; ruling and closing are the director's (``missing_rule``)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    if event.is_locked:
        messages.info(request, "The event is closed.")
        return redirect("event_run", club_slug, event.pk)
    may_direct = role_in(request.user, event.club) in DIRECTING
    return close_page(request, event, _refusal(event), may_direct=may_direct)


@login_required
@require_POST
def missing_rule(
    request: HttpRequest, club_slug: str, event_id: int, seating_id: int, number: int
) -> HttpResponse:
    """Rule on one board with no result: an adjusted score for each side (Law 12C2), or not played."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    seating = (
        Seating.objects.filter(pk=seating_id, section__event=event).select_related("section", "table").first()
    )
    if seating is None or number not in seating.board_numbers:
        raise Http404("No such board at that table.")
    seating.section.event = event
    key = f"{seating.pk}-{number}"
    form = MissingRulingForm(request.POST, prefix=key)
    if form.is_valid():
        data = form.cleaned_data
        try:
            closing.rule_missing(
                seating=seating,
                board_number=number,
                user=request.user,
                choice=data["choice"],
                reason=data["reason"],
                ns_average=data["ns_average"],
                ew_average=data["ew_average"],
            )
            where = f"Board {number}, round {seating.round}, table {seating.table.number}"
            messages.success(request, f"{where}: ruled.")
            return redirect("event_close", club_slug, event.pk)
        except ResultRefused as error:
            form.add_error(error.field if error.field in form.fields else None, str(error))
    return close_page(request, event, _refusal(event), (key, form), status=422)


@login_required
@require_POST
def missing_all_not_played(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Rule every board still without a result not played, with one reason (a table that left early)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    form = ReasonForm(request.POST, prefix="all")
    if form.is_valid():
        try:
            ruled = closing.rule_every_missing_not_played(
                event=event, user=request.user, reason=form.cleaned_data["reason"]
            )
            messages.success(request, f"{ruled} board{'' if ruled == 1 else 's'} ruled not played.")
            return redirect("event_close", club_slug, event.pk)
        except ResultRefused as error:
            form.add_error(None, str(error))
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    return redirect("event_close", club_slug, event.pk)

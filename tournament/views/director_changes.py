"""The director's screens for changes during the session: details, deletion, movement, pairs.

Club people may look at the changes page; every change is a director's act (a scorer gets
403, outsiders 404). The services in ``services.changes`` check the laws and the movement,
make the change and audit it; a refusal is shown on the field it concerns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from .. import games, params
from ..access import DIRECTING, SCORING, club_for_role, event_for_role, role_in
from ..forms.changes import DeleteEventForm, EventDetailsForm, MovementForm, SubstitutionForm, WithdrawalForm
from ..games.contract.settings import CONTRACT_OPTIONS
from ..models import AuditEntry, Event, Pair, Player
from ..services import changes
from ..services.plans import SetupRefused
from . import director_screens as screens
from .director_results import refuse, require_directing


def _directing(request: HttpRequest, club_slug: str, event_id: int) -> Event:
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    return event


def _change_forms(event: Event, data: Any = None, which: str = "") -> dict[str, Any]:
    """The pairs with who plays for them, and the substitution and withdrawal forms: three queries."""
    section = event.sections.first()
    pairs = list(Pair.objects.filter(section__event=event, is_phantom=False).for_naming())
    lineups = changes.lineups(pairs)
    rounds = section.rounds if section is not None else 1
    seats = [(pair, player) for pair in pairs for player in lineups[pair.pk].at(rounds)]
    staying = [pair for pair in pairs if pair.withdrawn_from_round is None]
    return {
        "pairs": pairs,
        "rounds": rounds,
        "substitution": SubstitutionForm(seats, rounds, data if which == "sub" else None),
        "withdrawal": WithdrawalForm(staying, data if which == "out" else None),
        "players": Player.objects.filter(club=event.club).values_list("name", flat=True),
    }


def _changes_page(request: HttpRequest, event: Event, **context: Any) -> HttpResponse:
    may_direct = role_in(request.user, event.club) in DIRECTING
    context = {"event": event, "game": games.of(event), "may_direct": may_direct, **context}
    return render(request, "tournament/director/event_changes.html", context)


@login_required
def event_changes(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """What can change tonight: details, movement (before play), substitutes and withdrawals (in play)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    return _changes_page(request, event, **_change_forms(event))


def _pair_change(
    request: HttpRequest, club_slug: str, event_id: int, which: str, change: Callable[[Any, Any], str]
) -> HttpResponse:
    """Make a change to a pair from the changes page: ``change(form, user)`` makes it and says what it did."""
    event = _directing(request, club_slug, event_id)
    context = _change_forms(event, request.POST, which)
    form = context["substitution" if which == "sub" else "withdrawal"]
    if form.is_valid():
        try:
            messages.success(request, change(form, request.user))
            return redirect("event_changes", club_slug, event.pk)
        except SetupRefused as error:
            refuse(form, error)
    return _changes_page(request, event, **context)


def _substitute(form: SubstitutionForm, user: Any) -> str:
    (pair, player), data = form.seat(), form.cleaned_data
    changes.substitute(
        pair=pair,
        user=user,
        from_round=data["from_round"],
        player_out=player,
        player_in=data["player_in"],
        reason=data["reason"],
    )
    return f"{data['player_in']} plays for {player} in pair {pair.label} from round {data['from_round']}."


def _withdraw(form: WithdrawalForm, user: Any) -> str:
    pair, data = form.chosen(), form.cleaned_data
    ruled = changes.withdraw(pair=pair, user=user, from_round=data["from_round"], reason=data["reason"])
    return (
        f"Pair {pair.label} withdrew from round {data['from_round']}: "
        f"{ruled} boards ruled not played, each side takes its average (Law B (3))."
    )


@login_required
@require_POST
def pair_substitute(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Seat a substitute for a player of a pair from a round on (a director's act, audited)."""
    return _pair_change(request, club_slug, event_id, "sub", _substitute)


@login_required
@require_POST
def pair_withdraw(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Withdraw a pair from a round on: its opponents' boards become averages (a director's act, audited)."""
    return _pair_change(request, club_slug, event_id, "out", _withdraw)


@login_required
def event_edit(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Change the event's name, date and scoring options; scores follow, being derived."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    form = EventDetailsForm.of(event, request.POST or None)
    if request.method == "POST":
        require_directing(request, event)
        if form.is_valid():
            try:
                changes.edit_event(event=event, user=request.user, **form.cleaned_data)
                messages.success(request, "The event's details are saved.")
                return redirect("event_changes", club_slug, event.pk)
            except SetupRefused as error:
                refuse(form, error)
    return render(
        request,
        "tournament/director/event_edit.html",
        {"event": event, "game": games.of(event), "form": form},
    )


@login_required
def event_movement(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Before play: change the number of pairs or the movement, checked as the wizard checks it."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    form = MovementForm(event, request.POST or None)
    check = None
    if request.method == "POST":
        require_directing(request, event)
        if form.is_valid():
            try:
                if "preview" in request.POST:
                    settings = {name: getattr(event, name) for name in CONTRACT_OPTIONS}
                    check = screens.movement_check(form.plan(), settings)
                else:
                    changes.change_movement(event=event, user=request.user, plan=form.plan())
                    messages.success(request, "The movement is changed. Check the names and the table cards.")
                    return redirect("event_pairs", club_slug, event.pk)
            except SetupRefused as error:
                refuse(form, error)
    context = {"event": event, "game": games.of(event), "form": form, "check": check}
    return render(request, "tournament/director/event_movement.html", context)


@login_required
def event_delete(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Delete the event, after its confirmation page (twice for a closed event); the club's audit log
    keeps it. A post that does not come from the confirmation page is sent to it."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    form = DeleteEventForm(request.POST or None, event=event)
    if request.method == "POST":
        require_directing(request, event)
        if not form.confirmed():
            messages.info(request, "Nothing is deleted yet: confirm the deletion on this page.")
            return redirect("event_delete", club_slug, event.pk)
        if form.is_valid():
            try:
                name = str(event)
                answers = form.cleaned_data
                changes.delete_event(
                    event=event,
                    user=request.user,
                    reason=answers["reason"],
                    closed_confirmed=answers["closed_confirmed"],
                )
                messages.success(request, f"{name} is deleted; the club's audit log keeps a record of it.")
                return redirect("dashboard")
            except SetupRefused as error:
                refuse(form, error)
    return render(
        request,
        "tournament/director/event_delete.html",
        {"event": event, "game": games.of(event), "form": form},
    )


@login_required
def club_audit(request: HttpRequest, club_slug: str) -> HttpResponse:
    """The club's own audit entries, which outlive an event: each deleted event, what it held, who and why."""
    club = club_for_role(request, club_slug, SCORING)
    entries = AuditEntry.objects.filter(club=club, event__isnull=True).for_log()
    page = Paginator(entries, 200).get_page(params.number(request.GET.get("page")))
    rows = [screens.audit_row(entry) for entry in page]
    return render(request, "tournament/director/club_audit.html", {"club": club, "page": page, "rows": rows})


E = "c/<slug:club_slug>/e/<num:event_id>"
urlpatterns = [
    path("c/<slug:club_slug>/audit/", club_audit, name="club_audit"),
    path(f"{E}/changes/", event_changes, name="event_changes"),
    path(f"{E}/changes/substitute/", pair_substitute, name="pair_substitute"),
    path(f"{E}/changes/withdraw/", pair_withdraw, name="pair_withdraw"),
    path(f"{E}/edit/", event_edit, name="event_edit"),
    path(f"{E}/movement/", event_movement, name="event_movement"),
    path(f"{E}/delete/", event_delete, name="event_delete"),
]

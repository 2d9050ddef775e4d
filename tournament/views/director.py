"""The director's screens: set up a night, name the pairs, run it, enter travellers, rule, audit.

Every screen needs a login and a role in the event's club: outsiders get a 404 (the URL
does not even confirm that the event exists). Club people may look; writes need the role
that may make them. Scorers (and directors) enter, correct and agree results; creating an
event, changing its state, naming pairs, deleting a result, settling a dispute and every
ruling are a director's acts (a scorer gets 403). The services make every write and
refuse what the laws refuse; a refusal is shown on the page, never as an error 500.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from scoring.errors import ScoringError

from ..access import DIRECTING, SCORING, club_for_role, event_for_role, role_in
from ..forms.director import (
    CorrectionForm,
    EntryRowForm,
    EventForm,
    IrregularHandsForm,
    PairsForm,
    ReasonForm,
    ResultFactsForm,
    RulingForm,
)
from ..models import (
    AuditEntry,
    Board,
    Event,
    Membership,
    Pair,
    Player,
    Result,
    Ruling,
    Seating,
    Section,
    Table,
)
from ..services import events as event_services
from ..services import results as result_services
from ..services.events import SetupRefused
from ..services.results import ResultRefused
from ..services.rulings import add_ruling, rule_irregular_hands, undo_ruling
from ..services.standings import score_section
from . import director_screens as screens


def _refuse(form: Form, error: SetupRefused | ResultRefused) -> None:
    """Put a service's refusal on the field it names, or above the form."""
    form.add_error(error.field if error.field in form.fields else None, str(error))


def _directing(request: HttpRequest, event: Event) -> None:
    """A club person without a director's role may look, not act: 403."""
    if role_in(request.user, event.club) not in DIRECTING:
        raise PermissionDenied("Only the club's directors may do this.")


def _section(event: Event, letter: str) -> Section:
    section = event.sections.filter(letter=letter).first()
    if section is None:
        raise Http404("No such section.")
    return section


def _grid_seatings(section: Section) -> list[Seating]:
    """A section's seatings with their tables and pairs: one query for the whole grid."""
    return list(Seating.objects.filter(section=section).select_related("table", "ns", "ew"))


def _result(event: Event, result_id: int) -> Result:
    result = (
        Result.objects.select_related(
            "section", "board", "seating__table", "ns__player1", "ns__player2", "ew__player1", "ew__player2"
        )
        .filter(pk=result_id, section__event=event)
        .first()
    )
    if result is None:
        raise Http404("No such result.")
    result.section.event = event
    return result


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The user's clubs and their events: two queries, however many clubs and events."""
    memberships = list(
        Membership.objects.filter(user=request.user).select_related("club").order_by("club__name")
    )
    by_club: dict[int, list[Event]] = defaultdict(list)
    for event in Event.objects.filter(club__in=[m.club_id for m in memberships]).order_by("-date", "-id"):
        by_club[event.club_id].append(event)
    clubs = [(m, by_club[m.club_id]) for m in memberships]
    return render(request, "tournament/director/dashboard.html", {"clubs": clubs})


@login_required
def event_create(request: HttpRequest, club_slug: str) -> HttpResponse:
    """Plan a night, see the movement checker's verdict and the guide cards, then create it."""
    club = club_for_role(request, club_slug, SCORING)
    if role_in(request.user, club) not in DIRECTING:
        raise PermissionDenied("Only the club's directors may set up a night.")
    form = EventForm(request.POST or None)
    check = None
    if request.method == "POST" and form.is_valid():
        try:
            if "preview" in request.POST:
                check = screens.movement_check(form.plan())
            else:
                data = form.cleaned_data
                event = event_services.create_event(
                    club=club,
                    user=request.user,
                    name=data["name"],
                    date=data["date"],
                    plan=form.plan(),
                    **form.options(),
                )
                messages.success(request, f"{event.name} is set up. Name the pairs, then start play.")
                return redirect("event_pairs", club.slug, event.pk)
        except SetupRefused as error:
            _refuse(form, error)
    return render(
        request, "tournament/director/event_create.html", {"club": club, "form": form, "check": check}
    )


@login_required
def event_pairs(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Name every pair's players (type-ahead from the club's players) and, for a match, the teams."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    pairs = list(
        Pair.objects.filter(section__event=event)
        .select_related("player1", "player2", "team")
        .order_by("section__letter", "id")
    )
    form = PairsForm(pairs, list(event.teams.all()), request.POST or None)
    if request.method == "POST":
        _directing(request, event)
        if form.is_valid() and _save_names(form, request.user):
            messages.success(request, "The names are saved.")
            return redirect("event_pairs", club_slug, event.pk)
    players = Player.objects.filter(club=event.club).values_list("name", flat=True)
    return render(
        request, "tournament/director/event_pairs.html", {"event": event, "form": form, "players": players}
    )


def _save_names(form: PairsForm, user: Any) -> bool:
    """Save the changed names in one transaction; a refusal goes on the field and saves nothing."""
    try:
        with transaction.atomic():
            for team, name in form.changed_teams():
                try:
                    event_services.rename_team(team=team, name=name, user=user)
                except SetupRefused as error:
                    form.add_error(f"team_{team.pk}", str(error))
                    raise
            for pair, first, second in form.changed_pairs():
                try:
                    event_services.name_pair(pair=pair, first=first, second=second, user=user)
                except SetupRefused as error:
                    form.add_error(f"pair_{pair.pk}_1", str(error))
                    raise
    except SetupRefused:
        return False
    return True


@login_required
def event_run(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The running view: tables × rounds, which boards are in, missing or disputed, and the problems."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    sections = [
        screens.running_section(score_section(section), _grid_seatings(section))
        for section in event.sections.all()
    ]
    may_direct = role_in(request.user, event.club) in DIRECTING
    return render(
        request,
        "tournament/director/event_run.html",
        {"event": event, "sections": sections, "may_direct": may_direct},
    )


STATUS_ACTIONS: dict[str, tuple[dict[str, Any], str]] = {
    "start": ({"status": Event.Status.RUNNING}, "Play has started: the tables may enter results."),
    "lock": ({"status": Event.Status.LOCKED}, "The event is closed: no result can be changed."),
    "reopen": ({"status": Event.Status.RUNNING}, "The event is open again for corrections."),
    "publish": ({"published": True}, "The standings are published."),
    "withdraw": ({"published": False}, "The standings are withdrawn from the public pages."),
}


@login_required
@require_POST
def event_status(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Start play, close (lock), reopen, publish or withdraw: a director's act, audited."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    _directing(request, event)
    action = STATUS_ACTIONS.get(request.POST.get("action", ""))
    if action is None:
        messages.error(request, "Choose start, close, reopen, publish or withdraw.")
        return redirect("event_run", club_slug, event.pk)
    change, done = action
    try:
        event_services.set_status(event=event, user=request.user, **change)
        messages.success(request, done)
    except SetupRefused as error:
        messages.error(request, str(error))
    return redirect("event_run", club_slug, event.pk)


@login_required
def table_links(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Each table's secret link, PIN and QR code, for the table cards."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    tables = (
        Table.objects.filter(section__event=event)
        .select_related("section")
        .order_by("section__letter", "number")
    )
    cards = []
    for table in tables:
        url = request.build_absolute_uri(table.get_absolute_url())
        cards.append({"table": table, "url": url, "qr": mark_safe(segno.make(url).svg_inline(scale=4))})
    pin_url = request.build_absolute_uri(reverse("table_pin"))
    context = {"event": event, "cards": cards, "pin_url": pin_url}
    return render(request, "tournament/director/table_links.html", context)


@login_required
def traveller_entry(
    request: HttpRequest, club_slug: str, event_id: int, letter: str, number: int
) -> HttpResponse:
    """Every table that plays a board, one row each: type the result, see its score, save it."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    section = _section(event, letter)
    posted = None
    if request.method == "POST":
        posted = _save_row(request, event, section, number)
        if posted is None:
            return redirect(reverse("traveller_entry", args=[club_slug, event.pk, letter, number]) + "#entry")
    sheet = score_section(section)
    if number not in sheet.boards:
        raise Http404("No such board.")
    seatings = list(
        Seating.objects.filter(section=section).select_related(
            "table", "ns__player1", "ns__player2", "ew__player1", "ew__player2"
        )
    )
    context = screens.traveller(sheet, number, seatings, posted)
    context.update(
        event=event, section=section, preview_url=reverse("entry_preview", args=[club_slug, event.pk])
    )
    return render(request, "tournament/director/traveller_entry.html", context)


def _save_row(request: HttpRequest, event: Event, section: Section, number: int) -> EntryRowForm | None:
    """Record one traveller row; None when saved (or already saved), else the form with its errors."""
    form = EntryRowForm(request.POST, event=event, auto_id=f"row{request.POST.get('seating', '')}_%s")
    if not form.is_valid():
        return form
    seating = (
        Seating.objects.select_related("table")
        .filter(section=section, pk=form.cleaned_data["seating"])
        .first()
    )
    if seating is None:
        form.add_error(None, "That table is not in this section.")
        return form
    seating.section = section
    try:
        saved = result_services.record(
            seating=seating,
            board_number=number,
            facts=form.facts(),
            request_key=form.cleaned_data["request_key"],
            user=request.user,
        )
    except ResultRefused as error:
        _refuse(form, error)
        return form
    where = f"Board {number}, round {seating.round}, table {seating.table.number}"
    if saved.repeated:
        messages.info(request, f"{where} was already saved; nothing was added.")
    else:
        messages.success(request, f"{where}: {saved.result.contract_text or saved.result.tricks} saved.")
    return None


@login_required
def entry_preview(request: HttpRequest, club_slug: str, event_id: int) -> JsonResponse:
    """The score of a traveller row as typed, with its explanation, before it is saved (JSON)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    section = event.sections.filter(letter=request.GET.get("section", "A")).first()
    number = request.GET.get("board", "")
    board = (
        Board.objects.filter(section=section, number=number).first() if number.isdigit() and section else None
    )
    if board is None:
        return JsonResponse(
            {"ok": False, "errors": {"board": "There is no such board in this event."}}, status=400
        )
    form = ResultFactsForm(request.GET, event=event)
    if not form.is_valid():
        return JsonResponse({"ok": False, "errors": {k: v[0] for k, v in form.errors.items()}})
    seating_id = request.GET.get("seating", "")
    seating = Seating.objects.filter(section=section, pk=seating_id).first() if seating_id.isdigit() else None
    if seating is not None and board.number not in seating.board_numbers:
        message = f"Board {board.number} is not played at this table in round {seating.round}."
        return JsonResponse({"ok": False, "errors": {"__all__": message}})
    try:
        facts = form.facts()
        facts.validate()
        return JsonResponse(screens.preview(event, board, facts))
    except (ResultRefused, ScoringError) as error:
        return JsonResponse({"ok": False, "errors": {getattr(error, "field", None) or "__all__": str(error)}})


@login_required
def result_edit(request: HttpRequest, club_slug: str, event_id: int, result_id: int) -> HttpResponse:
    """A result: its facts, score and explanation, rulings and audit trail; correct, delete or settle it."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    result = _result(event, result_id)
    forms: dict[str, Form] = {}
    if request.method == "POST":
        handler = RESULT_ACTIONS.get(request.POST.get("action", ""))
        if handler is None:
            messages.error(request, "Choose correct, delete, confirm or dispute.")
            return redirect("result_edit", club_slug, event.pk, result.pk)
        outcome = handler(request, event, result)
        if isinstance(outcome, HttpResponse):
            return outcome
        forms = outcome
    return _result_page(request, event, result, **forms)


def _result_page(request: HttpRequest, event: Event, result: Result, **forms: Form) -> HttpResponse:
    rulings = list(result.rulings.select_related("created_by", "undone_by").order_by("created", "id"))
    audit = AuditEntry.objects.filter(result=result).select_related("user", "table").order_by("at", "id")
    score = screens.result_score(result, event, rulings)
    context: dict[str, Any] = {
        **score,
        "event": event,
        "result": result,
        "rulings": screens.ruling_effects(result, event, rulings, score["score"]),
        "audit": [screens.audit_row(entry) for entry in audit],
        "correction_form": forms.get("correction_form") or CorrectionForm.for_result(result, event),
        "delete_form": forms.get("delete_form") or ReasonForm(prefix="delete"),
        "status_form": forms.get("status_form") or ReasonForm(prefix="status"),
        "ruling_form": forms.get("ruling_form") or RulingForm(),
        "may_direct": role_in(request.user, event.club) in DIRECTING,
    }
    return render(request, "tournament/director/result_edit.html", context)


def _back_to(result: Result, event: Event) -> HttpResponse:
    return redirect("result_edit", event.club.slug, event.pk, result.pk)


def _correct(request: HttpRequest, event: Event, result: Result) -> HttpResponse | dict[str, Form]:
    form = CorrectionForm.for_result(result, event, request.POST)
    if form.is_valid():
        try:
            facts = form.result_facts(result)
            result_services.correct(
                result=result, facts=facts, reason=form.cleaned_data["reason"], user=request.user
            )
            messages.success(request, "The result is corrected; the change is in the audit log.")
            return _back_to(result, event)
        except ResultRefused as error:
            _refuse(form, error)
    return {"correction_form": form}


def _delete(request: HttpRequest, event: Event, result: Result) -> HttpResponse | dict[str, Form]:
    _directing(request, event)
    form = ReasonForm(request.POST, prefix="delete")
    if form.is_valid():
        try:
            result_services.delete(result=result, reason=form.cleaned_data["reason"], user=request.user)
            messages.success(
                request, f"The result of board {result.board.number} is deleted; it stays in the log."
            )
            return redirect(
                "traveller_entry", event.club.slug, event.pk, result.section.letter, result.board.number
            )
        except ResultRefused as error:
            _refuse(form, error)
    return {"delete_form": form}


def _settle(status: str) -> Any:
    def settle(request: HttpRequest, event: Event, result: Result) -> HttpResponse | dict[str, Form]:
        _directing(request, event)
        form = ReasonForm(request.POST, prefix="status")
        if form.is_valid():
            try:
                reason = form.cleaned_data["reason"]
                result_services.set_status(result=result, status=status, reason=reason, user=request.user)
                messages.success(request, f"The result is now {result.get_status_display().lower()}.")
                return _back_to(result, event)
            except ResultRefused as error:
                _refuse(form, error)
        return {"status_form": form}

    return settle


RESULT_ACTIONS = {
    "correct": _correct,
    "delete": _delete,
    "confirm": _settle(Result.Status.CONFIRMED),
    "dispute": _settle(Result.Status.DISPUTED),
}


@login_required
@require_POST
def ruling_add(request: HttpRequest, club_slug: str, event_id: int, result_id: int) -> HttpResponse:
    """Record a ruling on a result (a preset, an award, a revoke, a barred bidder or a note)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    _directing(request, event)
    result = _result(event, result_id)
    form = RulingForm(request.POST)
    if form.is_valid():
        try:
            with transaction.atomic():
                for details in form.rulings():
                    add_ruling(result=result, user=request.user, **details)
            messages.success(request, "The ruling is recorded; the score below applies it.")
            return _back_to(result, event)
        except ResultRefused as error:
            _refuse(form, error)
    return _result_page(request, event, result, ruling_form=form)


@login_required
@require_POST
def ruling_undo(request: HttpRequest, club_slug: str, event_id: int, ruling_id: int) -> HttpResponse:
    """Undo a ruling: it stays on record, marked undone, and the score is derived without it."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    _directing(request, event)
    ruling = Ruling.objects.filter(pk=ruling_id, result__section__event=event).first()
    if ruling is None:
        raise Http404("No such ruling.")
    ruling.result = _result(event, ruling.result_id)
    form = ReasonForm(request.POST, prefix="undo")
    if not form.is_valid():
        messages.error(request, "Say why the ruling is undone: the reason is kept in the audit log.")
        return _back_to(ruling.result, event)
    try:
        undo_ruling(ruling=ruling, user=request.user, reason=form.cleaned_data["reason"])
        messages.success(request, "The ruling is undone; it stays on record.")
    except ResultRefused as error:
        messages.error(request, str(error))
    return _back_to(ruling.result, event)


@login_required
def ruling_irregular(
    request: HttpRequest, club_slug: str, event_id: int, letter: str, number: int
) -> HttpResponse:
    """Irregular hands found at a table (Law B): the engine says what follows, the table is scored by it."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    section = _section(event, letter)
    seatings = [
        s
        for s in Seating.objects.filter(section=section).select_related("table", "ns", "ew")
        if number in s.board_numbers
    ]
    if not seatings:
        raise Http404("No table plays this board.")
    form = IrregularHandsForm(seatings, request.POST or None)
    if request.method == "POST":
        _directing(request, event)
        if form.is_valid():
            seating = form.chosen_seating()
            seating.section = section
            try:
                ruling = rule_irregular_hands(
                    seating=seating, board_number=number, user=request.user, **form.law_b()
                )
                messages.success(request, ruling.reason)
                return redirect("result_edit", club_slug, event.pk, ruling.result_id)
            except ResultRefused as error:
                _refuse(form, error)
    context = {"event": event, "section": section, "number": number, "form": form}
    return render(request, "tournament/director/irregular.html", context)


@login_required
@require_POST
def round_agree(request: HttpRequest, club_slug: str, event_id: int, seating_id: int) -> HttpResponse:
    """Agree a table's round for it (Law E): afterwards only a director or scorer corrects its scores."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    seating = (
        Seating.objects.select_related("table", "section").filter(pk=seating_id, section__event=event).first()
    )
    if seating is None:
        raise Http404("No such round.")
    seating.section.event = event
    try:
        result_services.agree_round(seating=seating, user=request.user)
        messages.success(request, f"Round {seating.round} at table {seating.table.number} is agreed.")
    except ResultRefused as error:
        messages.error(request, f"Round {seating.round}, table {seating.table.number}: {error}")
    return redirect(reverse("event_run", args=[club_slug, event.pk]) + f"#seating-{seating.pk}")


@login_required
def audit_log(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Every change: when, who (a person or a table's device), what, before → after, why. 200 a page."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    entries = AuditEntry.objects.filter(event=event).select_related("user", "table").order_by("-at", "-id")
    page = Paginator(entries, 200).get_page(request.GET.get("page"))
    rows = [screens.audit_row(entry) for entry in page]
    return render(request, "tournament/director/audit_log.html", {"event": event, "page": page, "rows": rows})


E = "c/<slug:club_slug>/e/<int:event_id>"
urlpatterns = [
    path("director/", dashboard, name="dashboard"),
    path("c/<slug:club_slug>/events/new/", event_create, name="event_create"),
    path(f"{E}/pairs/", event_pairs, name="event_pairs"),
    path(f"{E}/run/", event_run, name="event_run"),
    path(f"{E}/status/", event_status, name="event_status"),
    path(f"{E}/tables/", table_links, name="table_links"),
    path(f"{E}/s/<str:letter>/boards/<int:number>/enter/", traveller_entry, name="traveller_entry"),
    path(f"{E}/s/<str:letter>/boards/<int:number>/irregular/", ruling_irregular, name="ruling_irregular"),
    path(f"{E}/preview/", entry_preview, name="entry_preview"),
    path(f"{E}/results/<int:result_id>/", result_edit, name="result_edit"),
    path(f"{E}/results/<int:result_id>/rulings/", ruling_add, name="ruling_add"),
    path(f"{E}/rulings/<int:ruling_id>/undo/", ruling_undo, name="ruling_undo"),
    path(f"{E}/rounds/<int:seating_id>/agree/", round_agree, name="round_agree"),
    path(f"{E}/audit/", audit_log, name="audit_log"),
]

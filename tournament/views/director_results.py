"""The director's result screens: traveller entry with its live preview, a result, its rulings.

Scorers and directors enter and correct results; deleting a result, settling a dispute
and every ruling are a director's acts (a scorer gets 403, an outsider 404). The services
make every write and refuse what the laws refuse; a refusal is shown on the page (the
field it concerns, or a message), never as an error 500. The URLs are in
``director.urlpatterns``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.forms import Form
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from scoring.shared.errors import ScoringError

from .. import games, params
from ..access import DIRECTING, SCORING, event_for_role, role_in
from ..forms.entry import CorrectionForm, EntryRowForm, ReasonForm, ResultFactsForm
from ..forms.rulings import IrregularHandsForm, ruling_form
from ..models import AuditEntry, Board, Event, Result, Ruling, Seating, Section
from ..reports.common import symbol_text
from ..scores.standings import score_section
from ..services import results as result_services
from ..services.plans import SetupRefused
from ..services.result_facts import ResultRefused
from ..services.rulings import add_ruling, record_adjusted, rule_irregular_hands, undo_ruling
from . import director_screens as screens


def refuse(form: Form, error: SetupRefused | ResultRefused) -> None:
    """Put a service's refusal on the field it names, or above the form."""
    form.add_error(error.field if error.field in form.fields else None, str(error))


def require_directing(request: HttpRequest, event: Event) -> None:
    """A club person without a director's role may look, not act: 403."""
    if role_in(request.user, event.club) not in DIRECTING:
        raise PermissionDenied("Only the club's directors may do this.")


def _section(event: Event, letter: str) -> Section:
    section = event.sections.filter(letter=letter).first()
    if section is None:
        raise Http404("No such section.")
    return section


def _result(event: Event, result_id: int) -> Result:
    result = Result.objects.for_detail().filter(pk=result_id, section__event=event).first()
    if result is None:
        raise Http404("No such result.")
    result.section.event = event
    return result


@login_required
def traveller_entry(
    request: HttpRequest, club_slug: str, event_id: int, letter: str, number: int
) -> HttpResponse:
    """Every table that plays a board, one row each: type the result, see its score, save it.

    A row posted by entry.js (``X-Requested-With: fetch``) is answered with that row (saved, or
    with its errors and what was typed, status 422), then the board's other saved rows and its
    traveller lines as they now score. Without the script the page is posted and reloaded as a
    plain form."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    section = _section(event, letter)
    posted, level, note = None, messages.SUCCESS, ""
    fetched = request.headers.get("X-Requested-With") == "fetch"
    if request.method == "POST":
        posted, level, note = _save_row(request, event, section, number)
        if posted is None and not fetched:
            messages.add_message(request, level, note)
            return redirect(reverse("traveller_entry", args=[club_slug, event.pk, letter, number]) + "#entry")
    sheet = score_section(section)
    if number not in sheet.boards:
        raise Http404("No such board.")
    seatings = list(Seating.objects.filter(section=section).for_traveller_entry())
    context = screens.traveller(sheet, number, seatings, posted)
    context.update(
        event=event,
        game=games.of(event),
        section=section,
        preview_url=reverse("entry_preview", args=[club_slug, event.pk]),
    )
    if fetched and request.method == "POST":
        return _row_answer(request, context, posted, note)
    return render(request, "tournament/director/traveller_entry.html", context)


def _row_answer(
    request: HttpRequest, context: dict[str, Any], posted: EntryRowForm | None, note: str
) -> HttpResponse:
    """The row a script posted: saved (200), or with its errors (422); a stray error alone.

    After the row come the board's other saved rows and its traveller lines as the board scores
    now: a new result moves every other's matchpoints or average and the top (Laws 78A, 78B)."""
    seating = params.number(request.POST.get("seating"))
    line = next((line for line in context["lines"] if line.seating.pk == seating), None)
    status = 200 if posted is None else 422
    if line is None or (posted is not None and line.form is not posted):
        errors = context["stray_errors"] or ["That table does not play this board."]
        return render(request, "tournament/director/_entry_stray.html", {"errors": errors}, status=422)
    template = "_entry_saved.html" if line.scored else "_entry_row.html"
    context.update(line=line, form=line.form, note=note, template=f"tournament/director/{template}")
    return render(request, "tournament/director/_entry_answer.html", context, status=status)


def _save_row(
    request: HttpRequest, event: Event, section: Section, number: int
) -> tuple[EntryRowForm | None, int, str]:
    """Record one traveller row: (None, message level, what was saved) when saved or already saved,
    else the form with its errors.

    A resend is recognised by its request key before anything else is checked."""
    repeat = result_services.find_saved(params.request_key(request.POST.get("request_key")))
    if repeat is not None and repeat.section_id == section.pk:
        return None, messages.INFO, f"Board {repeat.board.number} was already saved; nothing was added."
    row = params.number(request.POST.get("seating"))
    form = EntryRowForm(request.POST, event=event, auto_id=f"row{row}_%s")
    if not form.is_valid():
        return form, messages.ERROR, ""
    seating = Seating.objects.for_recording().filter(section=section, pk=form.cleaned_data["seating"]).first()
    if seating is None:
        form.add_error(None, "That table is not in this section.")
        return form, messages.ERROR, ""
    seating.section = section
    try:
        saved = _record_row(request, event, seating, number, form)
    except ResultRefused as error:
        refuse(form, error)
        return form, messages.ERROR, ""
    where = f"Board {number}, round {seating.round}, table {seating.table.number}"
    if saved.repeated:
        return None, messages.INFO, f"{where} was already saved; nothing was added."
    adjusted = form.adjusted()
    what = (
        adjusted.words
        if adjusted is not None
        else symbol_text(saved.result.contract_text) or saved.result.tricks
    )
    return None, messages.SUCCESS, f"{where}: {what} saved."


def _record_row(
    request: HttpRequest, event: Event, seating: Seating, number: int, form: EntryRowForm
) -> result_services.Saved:
    """The row's result, or the adjusted score a director typed in its place with its ruling (Law 12C)."""
    adjusted = form.adjusted()
    if adjusted is None:
        return result_services.record(
            seating=seating,
            board_number=number,
            facts=form.facts(),
            request_key=form.cleaned_data["request_key"],
            user=request.user,
        )
    if role_in(request.user, event.club) not in DIRECTING:
        raise ResultRefused(f"{adjusted.words}: only the club's directors adjust a score (Law 12).", "entry")
    return record_adjusted(
        seating=seating,
        board_number=number,
        entry=adjusted,
        request_key=form.cleaned_data["request_key"],
        user=request.user,
    )


@login_required
def entry_preview(request: HttpRequest, club_slug: str, event_id: int) -> JsonResponse:
    """The score of a traveller row as typed, with its explanation, before it is saved (JSON)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    letter = params.identifier(request.GET.get("section", "A"), max_length=4)
    section = event.sections.filter(letter=letter).first() if letter else None
    number = params.number(request.GET.get("board"))
    board = Board.objects.filter(section=section, number=number).first() if number and section else None
    if board is None:
        return JsonResponse(
            {"ok": False, "errors": {"board": "There is no such board in this event."}}, status=400
        )
    form = ResultFactsForm(request.GET, event=event)
    form.allows_adjusted = True  # the traveller row's own text, adjusted scores included (Law 12C)
    if not form.is_valid():
        return JsonResponse({"ok": False, "errors": {k: v[0] for k, v in form.errors.items()}})
    seating_id = params.number(request.GET.get("seating"))
    seating = Seating.objects.filter(section=section, pk=seating_id).first() if seating_id else None
    if seating is not None and board.number not in seating.board_numbers:
        message = f"Board {board.number} is not played at this table in round {seating.round}."
        return JsonResponse({"ok": False, "errors": {"__all__": message}})
    adjusted = form.adjusted()
    if adjusted is not None:
        return JsonResponse({"ok": True, "headline": adjusted.words, "lines": [f"{adjusted.words}."]})
    try:
        facts = form.facts()
        facts.validate(board.dealer)
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
    rulings = list(result.rulings.for_detail())
    audit = AuditEntry.objects.filter(result=result).for_detail()
    score = screens.result_score(result, event, rulings)
    context: dict[str, Any] = {
        **score,
        "event": event,
        "game": games.of(event),
        "result": result,
        "rulings": screens.ruling_effects(result, event, rulings, score["score"]),
        "audit": [screens.audit_row(entry) for entry in audit],
        "correction_form": forms.get("correction_form") or CorrectionForm.for_result(result, event),
        "delete_form": forms.get("delete_form") or ReasonForm(prefix="delete"),
        "status_form": forms.get("status_form") or ReasonForm(prefix="status"),
        "ruling_form": forms.get("ruling_form") or ruling_form(event),
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
            refuse(form, error)
    return {"correction_form": form}


def _delete(request: HttpRequest, event: Event, result: Result) -> HttpResponse | dict[str, Form]:
    require_directing(request, event)
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
            refuse(form, error)
    return {"delete_form": form}


def _settle(status: str) -> Any:
    def settle(request: HttpRequest, event: Event, result: Result) -> HttpResponse | dict[str, Form]:
        require_directing(request, event)
        form = ReasonForm(request.POST, prefix="status")
        if form.is_valid():
            try:
                reason = form.cleaned_data["reason"]
                result_services.set_status(result=result, status=status, reason=reason, user=request.user)
                messages.success(request, f"The result is now {result.status_text.lower()}.")
                return _back_to(result, event)
            except ResultRefused as error:
                refuse(form, error)
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
    require_directing(request, event)
    result = _result(event, result_id)
    form = ruling_form(event, request.POST)
    if form.is_valid():
        try:
            with transaction.atomic():
                for details in form.rulings():
                    add_ruling(result=result, user=request.user, **details)
            messages.success(request, "The ruling is recorded; the score below applies it.")
            return _back_to(result, event)
        except ResultRefused as error:
            refuse(form, error)
    return _result_page(request, event, result, ruling_form=form)


@login_required
@require_POST
def ruling_undo(request: HttpRequest, club_slug: str, event_id: int, ruling_id: int) -> HttpResponse:
    """Undo a ruling: it stays on record, marked undone, and the score is derived without it."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    ruling = Ruling.objects.filter(pk=ruling_id, result__section__event=event).first()
    if ruling is None:
        raise Http404("No such ruling.")
    ruling.result = _result(event, ruling.result_id)
    form = ReasonForm(request.POST, prefix="undo")
    if not form.is_valid():
        if form.has_error("reason", code="required"):
            messages.error(request, "Say why the ruling is undone: the reason is kept in the audit log.")
        else:  # too long: the form says how long, and the bound
            messages.error(request, " ".join(form.errors["reason"]))
        return _back_to(ruling.result, event)
    try:
        undo_ruling(ruling=ruling, user=request.user, reason=form.cleaned_data["reason"])
        messages.success(request, "The ruling is undone; it stays on record.")
    except ResultRefused as error:
        messages.error(request, str(error))
    return _back_to(ruling.result, event)


CONTRACT_LAW_B = (
    "Irregular hands under Law B are ruled at Duplicate Auction. On a contract bridge night, adjust "
    "the score under Law 12 from the result's page: an artificial or an assigned score."
)


@login_required
def ruling_irregular(
    request: HttpRequest, club_slug: str, event_id: int, letter: str, number: int
) -> HttpResponse:
    """Irregular hands found at a table (Law B): the engine says what follows, the table is scored by it.

    A board already entered there is ruled on in the same step (the service keeps its facts in the
    audit log)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    section = _section(event, letter)
    if not games.of(event).rules_irregular_hands:
        # Foster's Law B has no place here: the form is not shown, and nothing is posted to it.
        messages.error(request, CONTRACT_LAW_B)
        return redirect("traveller_entry", club_slug, event.pk, letter, number)
    seatings = [s for s in Seating.objects.filter(section=section).for_grid() if number in s.board_numbers]
    if not seatings:
        raise Http404("No table plays this board.")
    chosen = params.number(request.GET.get("seating"))  # the row or result it was opened from
    form = IrregularHandsForm(seatings, request.POST or None, initial={"seating": chosen})
    if request.method == "POST":
        require_directing(request, event)
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
                refuse(form, error)
    context = {"event": event, "game": games.of(event), "section": section, "number": number, "form": form}
    return render(request, "tournament/director/irregular.html", context)

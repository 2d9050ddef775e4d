"""The director's screens: set up a night, name the pairs, run it, agree rounds, read the audit log.

The result screens (traveller entry, a result, rulings) are in ``director_results``; every
URL of the director's screens is listed here, in ``urlpatterns``.

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
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils.cache import quote_etag
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_POST

from .. import games, mail, params
from ..access import DIRECTING, SCORING, club_for_role, event_for_role, role_in
from ..forms.wizard import EventForm, PairsForm
from ..models import (
    AuditEntry,
    Event,
    Membership,
    Pair,
    Player,
    Seating,
    Section,
    Table,
)
from ..scores.standings import score_section
from ..services import events as event_services
from ..services import results as result_services
from ..services.events import LockNeedsConfirmation, NamesRefused
from ..services.plans import SetupRefused
from ..services.result_facts import ResultRefused
from . import director_screens as screens
from . import live
from .audit import audit_filter
from .director_close import close_page, event_close, missing_all_not_played, missing_rule
from .director_results import (
    entry_preview,
    refuse,
    require_directing,
    result_edit,
    ruling_add,
    ruling_irregular,
    ruling_undo,
    traveller_entry,
)
from .public import REFRESH_SECONDS

AUDIT_PAGE = 200


def _grid_seatings(section: Section) -> list[Seating]:
    """A section's seatings with their tables and pairs: one query for the whole grid."""
    return list(Seating.objects.filter(section=section).for_grid())


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    """The user's clubs and their events: two queries, however many clubs and events."""
    memberships = list(Membership.objects.filter(user=request.user).for_dashboard())
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
                check = screens.movement_check(form.plan(), form.options())
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
            refuse(form, error)
    return render(
        request, "tournament/director/event_create.html", {"club": club, "form": form, "check": check}
    )


@login_required
def event_pairs(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Name every pair's players (type-ahead from the club's players) and, for a match, the teams."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    pairs = list(Pair.objects.filter(section__event=event).for_naming())
    form = PairsForm(pairs, list(event.teams.all()), request.POST or None)
    if request.method == "POST":
        require_directing(request, event)
        if form.is_valid() and _save_names(form, event, request.user):
            messages.success(request, "The names are saved.")
            return redirect("event_pairs", club_slug, event.pk)
    players = Player.objects.filter(club=event.club).values_list("name", flat=True)
    return render(
        request,
        "tournament/director/event_pairs.html",
        {"event": event, "game": games.of(event), "form": form, "players": players},
    )


def _save_names(form: PairsForm, event: Event, user: Any) -> bool:
    """Save the changed names in one transaction; a refusal goes on the field and saves nothing."""
    try:
        with transaction.atomic():
            for team, name in form.changed_teams():
                try:
                    event_services.rename_team(team=team, name=name, user=user)
                except SetupRefused as error:
                    form.add_error(f"team_{team.pk}", str(error))
                    raise
            event_services.name_pairs(event=event, names=form.changed_pairs(), user=user)
    except NamesRefused as error:
        for problem in error.problems:
            form.add_error(f"pair_{problem.pair.pk}_{problem.slot}", problem.message)
        return False
    except SetupRefused:
        return False
    return True


def running_etag(event: Event, sections: list[Section]) -> str:
    """What the running grid shows, in a word: the event's state and each section's version.

    As for the public standings (``public.standings_etag``): every fact of the grid raises its
    section's version, so the same word means the same grid and a poll is answered 304."""
    versions = ".".join(f"{section.pk}-{section.version}" for section in sections)
    return quote_etag(f"running-{event.pk}-{event.status}-{versions}")


def _running(request: HttpRequest, club_slug: str, event_id: int) -> tuple[Event, list[Section], str]:
    event = event_for_role(request, club_slug, event_id, SCORING)
    sections = list(event.sections.all())
    return event, sections, running_etag(event, sections)


def _running_html(event: Event, sections: list[Section], etag: str) -> SafeString:
    """The running grid of every section as HTML, made once per change and kept under its ETag
    (``live.kept``): it holds no form (its buttons post through the page's own)."""

    def render() -> str:
        runs = [screens.running_section(score_section(s), _grid_seatings(s)) for s in sections]
        context = {"event": event, "game": games.of(event), "sections": runs}
        return render_to_string("tournament/director/_run_sections.html", context)

    return live.kept("running", etag, event.club.slug, sections, render)


@login_required
def event_run(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The running view: tables × rounds, each board in, confirmed, disputed or missing, and the problems.

    While play goes on the grid refreshes itself (refresh.js, from ``event_run_fragment``)."""
    event, sections, etag = _running(request, club_slug, event_id)
    may_direct = role_in(request.user, event.club) in DIRECTING
    context = {
        "event": event,
        "game": games.of(event),
        "grid": _running_html(event, sections, etag),
        "etag": etag,
        "refresh_seconds": REFRESH_SECONDS,
        "may_direct": may_direct,
        "recaps": mail.progress(event) if may_direct else None,
    }
    return render(request, "tournament/director/event_run.html", context)


@login_required
def event_run_fragment(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The running grid alone, for refresh.js to swap in while the event is in play.

    As the public standings' poll: a poll that sends the ETag of the grid it shows is answered
    304 Not Modified while nothing has changed (``live.answer``); otherwise the grid kept for the
    ETag is sent."""
    event, sections, etag = _running(request, club_slug, event_id)
    return live.answer(request, etag, event.status, lambda: _running_html(event, sections, etag))


STATUS_ACTIONS: dict[str, tuple[dict[str, Any], str]] = {
    "start": ({"status": Event.Status.RUNNING}, "Play has started: the tables may enter results."),
    "lock": ({"status": Event.Status.LOCKED}, "The event is closed: no result can be changed."),
    "reopen": (
        {"status": Event.Status.RUNNING},
        "The event is open again for corrections: its public pages say its scores are provisional.",
    ),
    "publish": (
        {"published": True},
        "The standings are published. The recaps can now be emailed to the players (below).",
    ),
    "withdraw": ({"published": False}, "The standings are withdrawn from the public pages."),
}


@login_required
@require_POST
def event_status(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Start play, close (lock), reopen, publish or withdraw: a director's act, audited."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    action = STATUS_ACTIONS.get(request.POST.get("action", ""))
    if action is None:
        messages.error(request, "Choose start, close, reopen, publish or withdraw.")
        return redirect("event_run", club_slug, event.pk)
    change, done = action
    try:
        anyway = request.POST.get("anyway") == "1"
        reason = request.POST.get("reason", "")
        event_services.set_status(event=event, user=request.user, lock_anyway=anyway, reason=reason, **change)
        messages.success(request, done)
    except LockNeedsConfirmation as error:
        # The second step: every board with no result to rule on, what is still open, each with its
        # link, and an explicit "lock anyway" once no result is missing.
        return close_page(request, event, error)
    except SetupRefused as error:
        messages.error(request, str(error))
    return redirect("event_run", club_slug, event.pk)


@login_required
def table_links(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Each table's secret link, PIN and QR code, for the table cards."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    tables = Table.objects.filter(section__event=event).for_links()
    cards = []
    for table in tables:
        url = request.build_absolute_uri(table.get_absolute_url())
        cards.append({"table": table, "url": url, "qr": mark_safe(segno.make(url).svg_inline(scale=4))})
    pin_url = request.build_absolute_uri(reverse("table_pin"))
    context = {"event": event, "game": games.of(event), "cards": cards, "pin_url": pin_url}
    return render(request, "tournament/director/table_links.html", context)


@login_required
@require_POST
def round_agree(request: HttpRequest, club_slug: str, event_id: int, seating_id: int) -> HttpResponse:
    """Agree a table's round for it (Law E): afterwards only a director or scorer corrects its scores."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    seating = Seating.objects.for_agreement().filter(pk=seating_id, section__event=event).first()
    if seating is None:
        raise Http404("No such round.")
    seating.section.event = event
    # A director's word is final: he may agree a round whose boards the opponents left unconfirmed.
    on_authority = role_in(request.user, event.club) in DIRECTING
    try:
        waiting = result_services.unconfirmed_boards(seating, seating.results.select_related("board"))
        result_services.agree_round(seating=seating, user=request.user, on_authority=on_authority)
        done = f"Round {seating.round} at table {seating.table.number} is agreed."
        if waiting:
            boards = "board" if len(waiting) == 1 else "boards"
            done += f" Confirmed on your authority: {boards} " + ", ".join(map(str, waiting)) + "."
        messages.success(request, done)
    except ResultRefused as error:
        messages.error(request, f"Round {seating.round}, table {seating.table.number}: {error}")
    return redirect(reverse("event_run", args=[club_slug, event.pk]) + f"#seating-{seating.pk}")


@login_required
def audit_log(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Every change: when, who (a person or a table's device), what, before → after, why. 200 a page.

    Filtered by board, table, pair, who and what (``views.audit``); the pager keeps the filters."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    filters = audit_filter(request, event)
    entries = filters.apply(AuditEntry.objects.filter(event=event).for_log())
    page = Paginator(entries, AUDIT_PAGE).get_page(params.number(request.GET.get("page")))
    rows = [screens.audit_row(entry) for entry in page]
    context = {"event": event, "game": games.of(event), "page": page, "rows": rows, "filters": filters}
    return render(request, "tournament/director/audit_log.html", context)


E = "c/<slug:club_slug>/e/<num:event_id>"
urlpatterns = [
    path("director/", dashboard, name="dashboard"),
    path("c/<slug:club_slug>/events/new/", event_create, name="event_create"),
    path(f"{E}/pairs/", event_pairs, name="event_pairs"),
    path(f"{E}/run/", event_run, name="event_run"),
    path(f"{E}/run/live/", event_run_fragment, name="event_run_fragment"),
    path(f"{E}/status/", event_status, name="event_status"),
    path(f"{E}/close/", event_close, name="event_close"),
    path(f"{E}/close/<num:seating_id>/<num:number>/", missing_rule, name="missing_rule"),
    path(f"{E}/close/not-played/", missing_all_not_played, name="missing_all_not_played"),
    path(f"{E}/tables/", table_links, name="table_links"),
    path(f"{E}/s/<letter:letter>/boards/<num:number>/enter/", traveller_entry, name="traveller_entry"),
    path(f"{E}/s/<letter:letter>/boards/<num:number>/irregular/", ruling_irregular, name="ruling_irregular"),
    path(f"{E}/preview/", entry_preview, name="entry_preview"),
    path(f"{E}/results/<num:result_id>/", result_edit, name="result_edit"),
    path(f"{E}/results/<num:result_id>/rulings/", ruling_add, name="ruling_add"),
    path(f"{E}/rulings/<num:ruling_id>/undo/", ruling_undo, name="ruling_undo"),
    path(f"{E}/rounds/<num:seating_id>/agree/", round_agree, name="round_agree"),
    path(f"{E}/audit/", audit_log, name="audit_log"),
]

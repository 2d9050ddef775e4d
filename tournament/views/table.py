"""The table's own pages, used on the players' phones with no login.

A table is reached by its secret (the link or QR code on the table card) or by its PIN.
Every lookup goes through the table found by the secret, so a result, round or board of
another table is a 404. One player enters a result, an opponent confirms it; the services
own every write and apply the laws (Law D: no revoke claim once the deal is agreed; Law E:
once the round is agreed only the director corrects a score). A repeated submit (a double
tap, a retry after a dropped connection) carries the same request key and saves nothing new.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.auction.deal import DealScore
from scoring.contract.deal import ContractScore

from .. import games, params, throttle
from ..forms.table import DisputeForm, EntryForm, PinForm, correction_form, entry_form
from ..games import Game
from ..models import Board, Event, Result, Seating, Table
from ..scores.facts import FACT_FIELDS
from ..services import results
from ..services.result_facts import ResultRefused
from ..services.results import table_correction_refused


@dataclass
class TableRound:
    """One round at this table: who sits where, the boards entered and those still to enter."""

    seating: Seating
    results: list[Result] = field(default_factory=list)
    open: bool = False  # the players may enter in it: every earlier round is fully entered

    @property
    def number(self) -> int:
        return self.seating.round

    @property
    def agreed(self) -> bool:
        return self.seating.agreed_at is not None

    @property
    def missing(self) -> list[int]:
        entered = {r.board.number for r in self.results}
        return [n for n in self.seating.board_numbers if n not in entered]

    @property
    def disputed(self) -> list[int]:
        return [r.board.number for r in self.results if r.status == Result.Status.DISPUTED]

    @property
    def unconfirmed(self) -> list[Result]:
        """The results the opponents must still confirm before the round is agreed (Law D)."""
        return [r for r in self.results if r.status == Result.Status.ENTERED]


@dataclass
class TableNight:
    """What a table's pages show: the table, its event, and its rounds with their results."""

    table: Table
    rounds: list[TableRound]

    @property
    def event(self) -> Event:
        return self.table.section.event

    @property
    def game(self) -> Game:
        return games.of(self.event)

    @property
    def current(self) -> TableRound | None:
        """The lowest round whose seating at this table is not agreed; None once all are."""
        return next((r for r in self.rounds if not r.agreed), None)

    @property
    def open_rounds(self) -> list[TableRound]:
        return [r for r in self.rounds if r.open]

    @property
    def closed_message(self) -> str:
        """Why nothing may be entered now, or '' while the night is in play."""
        if self.event.status == Event.Status.SETUP:
            return "Play has not started yet: the director will open the night in a moment."
        if self.event.is_locked:
            return "The event is closed: results can no longer be entered or changed here."
        return ""

    def round(self, number: int) -> TableRound:
        found = next((r for r in self.rounds if r.number == number), None)
        if found is None:
            raise Http404("This table does not play that round.")
        return found

    def shown(self, asked: str | None) -> TableRound | None:
        """The round asked for (open or not yet: its boards show), else the current one.

        A round this table does not play is a 404, never another round under its name.
        """
        wanted = params.number(asked)
        if wanted is not None:
            return self.round(wanted)
        return self.current or (self.rounds[-1] if self.rounds else None)


def table_night(secret: str) -> TableNight:
    """The table's screen data in three queries whatever the event's size: table, seatings, results."""
    table = Table.objects.for_table_page().filter(secret=secret).first()
    if table is None:
        raise Http404("No such table.")
    seatings = table.seatings.for_table_page()
    rounds = {s.pk: TableRound(s) for s in seatings}
    for result in Result.objects.filter(seating__table=table).for_table_page():
        rounds[result.seating_id].results.append(result)
    is_open = True
    for table_round in rounds.values():
        table_round.open = is_open
        is_open = is_open and (table_round.agreed or not table_round.missing)
    return TableNight(table, list(rounds.values()))


def table_result_of(night: TableNight, result_id: int) -> Result:
    """One of this table's results, with its rulings; another table's result is a 404."""
    result = Result.objects.filter(pk=result_id, seating__table=night.table).for_table_result().first()
    if result is None:
        raise Http404("No such result at this table.")
    return result


def _home(night: TableNight, round_number: int | None = None) -> str:
    url = reverse("table_home", args=[night.table.secret])
    return f"{url}?round={round_number}" if round_number else url


def _entry_form(data: Any, night: TableNight, boards: dict[int, Board], **initial: Any) -> EntryForm:
    return entry_form(
        data,
        table=night.table,
        seatings={r.number: r.seating for r in night.rounds},
        boards=boards,
        open_rounds={r.number for r in night.open_rounds},
        initial=initial,
    )


def _board_page(request: HttpRequest, night: TableNight, form: EntryForm) -> HttpResponse:
    """The entry form for one board, fresh or with what the players tapped and what was wrong."""
    number = params.number(str(form["board"].value()))
    board = form.boards.get(number) if number is not None else None
    asked = str(form["round"].value())
    seating = form.seating or next((r.seating for r in night.rounds if str(r.number) == asked), None)
    context = {
        "night": night,
        "event": night.event,
        "game": night.game,
        "seating": seating,
        "board": board,
        "form": form,
    }
    return render(request, "tournament/table/board.html", context)


def _field(form: Any, name: str | None) -> str | None:
    return name if name in form.fields else None


# What a phone types: the facts, not the state the opponents and the director give them.
FACTS_TYPED = [name for name in FACT_FIELDS if name != "status"]


@require_http_methods(["GET", "POST"])
def table_pin(request: HttpRequest) -> HttpResponse:
    """Open a table's page from its six-digit PIN; wrong PINs are throttled across clients.

    A PIN of a table this phone opened before opens it whatever anyone's count (it learns
    nothing new). Otherwise three wrong PINs from one address wait out the minute, and four
    a minute from anywhere against one event (or the PIN page of all events) close it to
    phones without such a proof until the minute ends: see ``tournament.throttle`` for why
    a scan cannot succeed and a player is not kept out.
    """
    event_id = params.number(request.GET.get("event"))
    form = PinForm(request.POST or None, event_id=event_id)
    if request.method != "POST":
        return _pin_page(request, form, 0)
    proofs = throttle.Proofs.of(request)
    if proofs.tables:
        known = PinForm(request.POST, event_id=event_id, among=proofs.tables)
        if known.is_valid() and known.found is not None:
            return throttle.proven(redirect(known.found), request, table=known.found.pk)
    scopes = throttle.pin_scopes(request, event_id)
    wait = throttle.wait(scopes)
    if wait:
        return _pin_page(request, PinForm(event_id=event_id), wait)
    if form.is_valid() and form.found is not None:
        throttle.reset(scopes)
        return throttle.proven(redirect(form.found), request, table=form.found.pk)
    if form.wrong:
        address = throttle.client_address(request)
        wait = throttle.fail(scopes, f"Table PIN guessing from {address}")
    return _pin_page(request, form, wait)


def _pin_page(request: HttpRequest, form: PinForm, wait: int) -> HttpResponse:
    """The PIN form; while locked out, a 429 that says when to try again."""
    context = {"form": form, "wait": wait, "retry_at": throttle.retry_at(wait)}
    response = render(request, "tournament/table/pin.html", context)
    return throttle.too_many(response, wait) if wait else response


@require_GET
@never_cache
def table_home(request: HttpRequest, secret: str) -> HttpResponse:
    """The table's page: the round in play, the pairs, the boards to enter and those entered."""
    night = table_night(secret)
    shown = night.shown(request.GET.get("round"))
    context = {"night": night, "event": night.event, "game": night.game, "shown": shown}
    return render(request, "tournament/table/home.html", context)


@require_GET
@never_cache
def table_board(request: HttpRequest, secret: str, round: int, board: int) -> HttpResponse:
    """The form to enter one board of a round at this table."""
    night = table_night(secret)
    table_round = night.round(round)
    if night.closed_message:
        return redirect(_home(night))
    if board not in table_round.seating.board_numbers:
        played = ", ".join(str(n) for n in table_round.seating.board_numbers)
        messages.error(
            request, f"Board {board} is not played at this table in round {round}: it plays boards {played}."
        )
        return redirect(_home(night, round))
    if not table_round.open:
        messages.error(
            request, f"Round {round} is not open yet: enter every board of the rounds before it first."
        )
        return redirect(_home(night))
    entered = next((r for r in table_round.results if r.board.number == board), None)
    if entered is not None:
        messages.info(request, f"Board {board} is already entered at this table: this is what was recorded.")
        return redirect("table_result", secret, entered.pk)
    boards = {b.number: b for b in Board.objects.filter(section_id=night.table.section_id, number=board)}
    pairs = {"ns": table_round.seating.ns.label, "ew": table_round.seating.ew.label}
    form = _entry_form(None, night, boards, round=round, board=board, **pairs)
    return _board_page(request, night, form)


@require_POST
def table_enter(request: HttpRequest, secret: str) -> HttpResponse:
    """Save a result entered at the table: once only, however often the phone sends it.

    A resend is answered "already saved" before any other check: the round may have moved
    on, or the board been entered, since the first send was saved."""
    night = table_night(secret)
    repeat = results.find_saved(params.request_key(request.POST.get("request_key")))
    if repeat is not None and repeat.seating_id in {r.seating.pk for r in night.rounds}:
        messages.info(
            request, f"Already saved: board {repeat.board.number} was recorded before; nothing new."
        )
        return redirect("table_result", night.table.secret, repeat.pk)
    if night.closed_message:
        messages.error(request, night.closed_message)
        return redirect(_home(night))
    form = _entry_form(
        request.POST, night, {b.number: b for b in Board.objects.filter(section_id=night.table.section_id)}
    )
    if form.is_valid() and form.seating is not None:
        data = form.cleaned_data
        entered = next(
            (r for r in night.round(form.seating.round).results if r.board.number == data["board"]), None
        )
        if entered is not None:
            return _entered_before(request, night, form, entered)
        try:
            saved = results.record(
                seating=form.seating,
                board_number=data["board"],
                facts=form.facts(),
                request_key=data["request_key"],
                user=request.user,
                table=night.table,
            )
        except ResultRefused as error:
            # Another phone saved this board after this request read the table: show what it
            # recorded and offer the correction, as when the board was entered before.
            first = Result.objects.filter(seating=form.seating, board__number=data["board"]).first()
            if first is not None:
                return _entered_before(request, night, form, first)
            form.add_error(_field(form, error.field), str(error))
        else:
            return _saved(request, night, form, saved)
    return _board_page(request, night, form)


def _saved(request: HttpRequest, night: TableNight, form: EntryForm, saved: results.Saved) -> HttpResponse:
    if saved.result.seating_id not in {r.seating.pk for r in night.rounds}:
        # The key of a page used at another table: say nothing about that table's result.
        form.add_error(None, "This page was already used for another entry: reload it and enter again.")
        return _board_page(request, night, form)
    if saved.repeated:
        messages.info(
            request, f"Already saved: board {saved.result.board.number} was recorded before; nothing new."
        )
    else:
        messages.success(request, f"Board {saved.result.board.number} saved.")
    return redirect("table_result", night.table.secret, saved.result.pk)


def _entered_before(request: HttpRequest, night: TableNight, form: EntryForm, first: Result) -> HttpResponse:
    """Another phone entered this board first: show what it recorded; if it differs, offer to correct it.

    The correction form is filled with what this phone typed; saving it goes to
    ``table_edit`` and back to the opponents for their confirmation."""
    result = table_result_of(night, first.pk)
    typed = Result(board=result.board)
    # Compared as the service records it: the honours of a dealt board come from its cards.
    results.with_card_honours(result.board, form.facts()).apply_to(typed)
    if all(getattr(typed, name) == getattr(result, name) for name in FACTS_TYPED):
        messages.info(request, f"Board {result.board.number} was already recorded just so; nothing new.")
        return redirect("table_result", night.table.secret, result.pk)
    initial = {name: request.POST.get(name) for name in form.fields if name in request.POST}
    correction = correction_form(None, result=result)
    correction.initial.update(initial, reason="Entered again from another phone: this is what we played.")
    context = {
        "night": night,
        "event": night.event,
        "game": night.game,
        "result": result,
        "form": correction,
        "notice": table_correction_refused(result),
        "entered_before": True,
    }
    return render(request, "tournament/table/edit.html", context)


@require_GET
@never_cache
def table_result(request: HttpRequest, secret: str, rid: int) -> HttpResponse:
    """A result as saved: its score and how it was reached, and the opponents' confirmation."""
    night = table_night(secret)
    result = table_result_of(night, rid)
    table_round = night.round(result.seating.round)
    score, problem, whist = _score(result, night)
    context = {
        "night": night,
        "event": night.event,
        "game": night.game,
        "result": result,
        "shown": table_round,
        "score": score,
        "problem": problem,
        "whist": whist,
        "pending": result.status == Result.Status.ENTERED
        and not result.not_played
        and not table_round.agreed
        and not night.closed_message,
        "correction_refused": night.closed_message or table_correction_refused(result),
        "dispute_form": DisputeForm(),
    }
    return render(request, "tournament/table/result.html", context)


def _score(
    result: Result, night: TableNight
) -> tuple[DealScore | ContractScore | None, str, tuple[int, int] | None]:
    """The engine's score of a result: a deal score (Auction, Contract) or the tricks of each side (Whist)."""
    if result.not_played:
        return None, "", None  # the director's Law B ruling scores it in the contest, not a deal score
    return night.game.table_score(result, night.event)


@require_POST
def table_confirm(request: HttpRequest, secret: str, rid: int) -> HttpResponse:
    """The opponents confirm a result: the deal's score is agreed (Law D)."""
    night = table_night(secret)
    result = table_result_of(night, rid)
    if result.status == Result.Status.CONFIRMED and not night.closed_message:
        messages.info(request, f"Board {result.board.number} was already confirmed.")
    elif _settle(request, night, result, Result.Status.CONFIRMED):
        messages.success(request, f"Board {result.board.number} confirmed.")
    return redirect(_home(night, result.seating.round))


@require_POST
def table_dispute(request: HttpRequest, secret: str, rid: int) -> HttpResponse:
    """The opponents do not agree a result: the director is called to rule."""
    night = table_night(secret)
    result = table_result_of(night, rid)
    form = DisputeForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(form.errors.get("reason", [])))
    elif _settle(request, night, result, Result.Status.DISPUTED, form.cleaned_data["reason"]):
        messages.warning(request, f"Board {result.board.number} is disputed: please call the director.")
    return redirect(_home(night, result.seating.round))


def _settle(request: HttpRequest, night: TableNight, result: Result, status: str, reason: str = "") -> bool:
    """Confirm or dispute at the table; the service re-checks the state under a lock (a race loses)."""
    if night.closed_message:
        messages.error(request, night.closed_message)
        return False
    try:
        results.set_status(result=result, status=status, reason=reason, user=request.user, table=night.table)
    except ResultRefused as error:
        messages.error(request, str(error))
        return False
    return True


@require_http_methods(["GET", "POST"])
@never_cache
def table_edit(request: HttpRequest, secret: str, rid: int) -> HttpResponse:
    """Correct the table's own entry, with a reason, while the opponents have not agreed it (Laws D, E)."""
    night = table_night(secret)
    result = table_result_of(night, rid)
    form = correction_form(request.POST or None, result=result)
    if request.method == "POST" and not night.closed_message and form.is_valid():
        try:
            results.correct(
                result=result,
                facts=form.facts(),
                reason=form.cleaned_data["reason"],
                user=request.user,
                table=night.table,
            )
        except ResultRefused as error:
            form.add_error(_field(form, error.field), str(error))
        else:
            messages.success(
                request, f"Board {result.board.number} corrected. The opponents, please check again."
            )
            return redirect("table_result", secret, result.pk)
    notice = table_correction_refused(result)
    context = {
        "night": night,
        "event": night.event,
        "game": night.game,
        "result": result,
        "form": form,
        "notice": notice,
    }
    return render(request, "tournament/table/edit.html", context)


@require_POST
def table_agree(request: HttpRequest, secret: str, round: int) -> HttpResponse:
    """Agree the scores of the round before changing opponents (Law E)."""
    night = table_night(secret)
    table_round = night.round(round)
    if night.closed_message:
        messages.error(request, night.closed_message)
        return redirect(_home(night))
    try:
        results.agree_round(seating=table_round.seating, user=request.user, table=night.table)
    except ResultRefused as error:
        messages.error(request, str(error))
        return redirect(_home(night, round))
    law = night.event.correction_law
    messages.success(request, f"Round {round} agreed. Only the director may now change its scores ({law}).")
    return redirect(_home(night))


urlpatterns = [
    path("t/", table_pin, name="table_pin"),
    path("t/<secret:secret>/", table_home, name="table_home"),
    path("t/<secret:secret>/round/<num:round>/board/<num:board>/", table_board, name="table_board"),
    path("t/<secret:secret>/enter/", table_enter, name="table_enter"),
    path("t/<secret:secret>/results/<num:rid>/", table_result, name="table_result"),
    path("t/<secret:secret>/results/<num:rid>/confirm/", table_confirm, name="table_confirm"),
    path("t/<secret:secret>/results/<num:rid>/dispute/", table_dispute, name="table_dispute"),
    path("t/<secret:secret>/results/<num:rid>/edit/", table_edit, name="table_edit"),
    path("t/<secret:secret>/round/<num:round>/agree/", table_agree, name="table_agree"),
]

"""Pages anyone may open: the home page and published events, with their standings and results.

An event is seen by anyone once published, and by its club's people always (``viewable_event``);
every other visitor gets a 404. Each page scores its section once with
``scores.standings.score_section`` (a fixed number of queries) and shows the rows of
``tournament.reports``; the CSV export (``?_export=csv``) is made from the same table.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import path
from django.utils.cache import quote_etag
from django.utils.safestring import SafeString
from django_tables2 import Table
from django_tables2.export import TableExport

from scoring.contests.movements import Movement, PairCardRow, TableCardRow

from .. import documents, games
from ..access import role_in, viewable_event
from ..forms.table import PinForm
from ..models import Event, Pair, Section
from ..pdf.guides import idle_rounds, idle_text
from ..scores.standings import score_section
from ..services.plans import movement_of
from . import live
from .errors import bad_request

REFRESH_SECONDS = 15


def home(request: HttpRequest) -> HttpResponse:
    """The published events, newest first, and the way in for directors and players."""
    events = Event.objects.visible_to(request.user).for_list()[:50]
    # The PIN box posts to the table's PIN page, which checks and throttles it.
    pin_form = PinForm(auto_id="home-%s")
    pin_form.fields["pin"].widget.attrs.pop("autofocus", None)
    return render(request, "tournament/home.html", {"events": events, "pin_form": pin_form})


def _standings_of(event: Event, sections: list[Section], is_member: bool) -> dict[str, Any]:
    game = games.of(event)
    return {
        "event": event,
        "game": game,
        "sections": [game.section_standings(score_section(section)) for section in sections],
        "is_member": is_member,
    }


def _standings_html(event: Event, sections: list[Section], is_member: bool, etag: str) -> SafeString:
    """The standings of every section as HTML, made once per change and kept under their ETag
    (``live.kept``): they hold no form."""

    def render() -> str:
        return render_to_string(
            "tournament/public/_standings.html", _standings_of(event, sections, is_member)
        )

    return live.kept("standings", etag, event.club.slug, sections, render)


def standings_etag(event: Event, sections: list[Section], is_member: bool) -> str:
    """What the standings fragment shows, in a word: the event's state and each section's version.

    Every fact the standings are made of raises its section's version (``scores.cache``), so
    the same word means the same standings, and a phone's poll is answered 304 Not Modified."""
    versions = ".".join(f"{section.pk}-{section.version}" for section in sections)
    published = int(event.published)
    return quote_etag(f"standings-{event.pk}-{event.status}-{published}-{int(is_member)}-{versions}")


def _export(
    request: HttpRequest, event: Event, tables: dict[str, Table], filename: str
) -> HttpResponse | None:
    """The CSV of one on-screen table (``?_export=csv&table=A-overall``), or None to show the page; a
    download, counted against the visitor's address like the documents (``documents.over_budget``).

    A wrong ``_export`` or ``table`` gets the site's 400 page, which names the tables there are
    (the page's own keys) and never repeats what was asked for."""
    wanted = request.GET.get("_export")
    if wanted is None:
        return None
    refused = documents.over_budget(request, event)
    if refused is not None:
        return refused
    if wanted != TableExport.CSV:
        return bad_request(request, "Only CSV is offered here: use ?_export=csv.")
    if not tables:
        return bad_request(request, "There is nothing to export yet: no results have been scored.")
    key = request.GET.get("table") or next(iter(tables))
    if key not in tables:
        offered = ", ".join(tables)
        return bad_request(request, f"There is no such table on this page to export; it has {offered}.")
    return TableExport(TableExport.CSV, tables[key]).response(filename=f"{filename}-{key}.csv")


def _section(event: Event, **lookup: Any) -> Section:
    """The event's section holding ``lookup`` (a board, a pair, a result), or 404."""
    section = Section.objects.filter(event=event, **lookup).first()
    if section is None:
        raise Http404("No such page in this event.")
    section.event = event
    return section


def _shown(request: HttpRequest, club_slug: str, event_id: int) -> tuple[Event, list[Section], bool]:
    """The event, its sections (with their versions) and whether the reader is one of its club's people."""
    event = viewable_event(request, club_slug, event_id)
    return event, list(event.sections.all()), role_in(request.user, event.club) is not None


def event_page(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The event: its facts and each section's standings, overall and per direction, or the match result."""
    event, sections, is_member = _shown(request, club_slug, event_id)
    if "_export" in request.GET:
        views = _standings_of(event, sections, is_member)["sections"]
        tables = {panel.key: panel.export_table for view in views for panel in view.panels}
        exported = _export(request, event, tables, f"event-{event.pk}-standings")
        return exported or bad_request(
            request, "There is nothing to export yet: no results have been scored."
        )
    etag = standings_etag(event, sections, is_member)
    context = {
        "event": event,
        "is_member": is_member,
        "running": event.status == Event.Status.RUNNING,
        "refresh_seconds": REFRESH_SECONDS,
        "etag": etag,
        "standings": _standings_html(event, sections, is_member, etag),
    }
    return render(request, "tournament/public/event.html", context)


def standings_fragment(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """The standings alone, for refresh.js to swap in while the event is in play.

    A poll that sends the ETag of the standings it shows (``If-None-Match``) is answered 304 Not
    Modified while nothing has changed (``live.answer``); otherwise the standings kept for the
    ETag are sent, made once per change."""
    event, sections, is_member = _shown(request, club_slug, event_id)
    etag = standings_etag(event, sections, is_member)
    return live.answer(request, etag, event.status, lambda: _standings_html(event, sections, is_member, etag))


def traveller(request: HttpRequest, club_slug: str, event_id: int, letter: str, number: int) -> HttpResponse:
    """Every table's result on one board, the averages and ±, the hand diagram and the rulings."""
    event = viewable_event(request, club_slug, event_id)
    sheet = score_section(_section(event, letter=letter))
    board = sheet.boards.get(number)
    if board is None:
        raise Http404("No such board in this section.")
    game = games.of(event)
    rows, table = game.traveller_table(sheet, number)
    exported = _export(request, event, {"traveller": table}, f"event-{event.pk}-{letter}-board-{number}")
    return exported or game.traveller_page(request, event, sheet, board, rows, table)


def recap(request: HttpRequest, club_slug: str, event_id: int, pair_pk: int) -> HttpResponse:
    """A pair's recap: every deal, the average it was compared with, the ± and the running total."""
    event = viewable_event(request, club_slug, event_id)
    sheet = score_section(_section(event, pairs__pk=pair_pk))
    pair = next(p for p in sheet.pairs.values() if p.pk == pair_pk)
    game = games.of(event)
    rows, table = game.recap_table(sheet, pair)
    exported = _export(request, event, {"recap": table}, f"event-{event.pk}-pair-{pair.label}")
    return exported or game.recap_page(request, event, sheet, pair, rows, table)


def match(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """A team match deal by deal: each table, each team's gross, the swing, and the result (Law G)."""
    event = viewable_event(request, club_slug, event_id)
    if not event.is_teams:
        raise Http404("This event is not a team match.")
    sheet = score_section(_section(event))
    game = games.of(event)
    result, table = game.match_table(sheet)
    exported = _export(request, event, {"match": table} if table else {}, f"event-{event.pk}-match")
    return exported or game.match_page(request, event, sheet, result, table)


def explain(request: HttpRequest, club_slug: str, event_id: int, result_id: int) -> HttpResponse:
    """How one result's score was reached: the facts, the engine's lines, the rulings, the contest."""
    event = viewable_event(request, club_slug, event_id)
    sheet = score_section(_section(event, results__pk=result_id))
    game = games.of(event)
    detail = game.explanation(sheet, result_id)
    if detail is None:
        raise Http404("No such result in this event.")
    return game.explain_page(request, event, sheet, detail, role_in(request.user, event.club) is not None)


EVENT = "c/<slug:club_slug>/e/<num:event_id>/"


def _pair_rounds(movement: Movement, pair: str) -> list[PairCardRow | dict[str, Any]]:
    """A pair's card, round by round: a round in which it meets no one is its sit-out (the phantom's)."""
    seated = {row.round: row for row in movement.pair_card(pair)}
    rounds = range(1, movement.rounds + 1)
    return [seated.get(round_, {"round": round_, "sit_out": True}) for round_ in rounds]


def _table_rounds(movement: Movement, table: int) -> list[TableCardRow | dict[str, Any]]:
    """A table's card, with a row for each round nobody plays there, which says whose sit-out it is."""
    rows: list[TableCardRow | dict[str, Any]] = list(movement.table_card(table))
    rows += [{"round": r, "idle": idle_text(movement, table)} for r in idle_rounds(movement, table)]
    return sorted(rows, key=lambda row: row["round"] if isinstance(row, dict) else row.round)


def guide_cards(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Who sits where, whom they meet and which boards, each round: per table and per pair."""
    event = viewable_event(request, club_slug, event_id)
    sections = []
    for section in event.sections.all():
        movement = movement_of(section)
        names = {p.label: p.names for p in Pair.objects.filter(section=section).with_players()}
        notes = movement.table_notes()
        sections.append(
            {
                "section": section,
                "tables": [
                    (t, _table_rounds(movement, t), notes.get(t, ())) for t in range(1, movement.tables + 1)
                ],
                "pairs": [(p, names.get(p, ""), _pair_rounds(movement, p)) for p in movement.pairs],
            }
        )
    return render(request, "tournament/public/guide_cards.html", {"event": event, "sections": sections})


urlpatterns = [
    path("", home, name="home"),
    path(EVENT, event_page, name="event"),
    path(EVENT + "standings/", standings_fragment, name="standings_fragment"),
    path(EVENT + "s/<letter:letter>/boards/<num:number>/", traveller, name="traveller"),
    path(EVENT + "pairs/<num:pair_pk>/", recap, name="recap"),
    path(EVENT + "match/", match, name="match"),
    path(EVENT + "results/<num:result_id>/explain/", explain, name="explain"),
    path(EVENT + "guide/", guide_cards, name="guide_cards"),
]

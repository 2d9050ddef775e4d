"""The club's players: their list, its CSV import (preview, then import) and export, a player's
page with the nights played, and the recaps emailed to the players of a published night.

The player list holds email addresses: only the club's directors and admins see it (a
scorer gets 403, anyone else a login redirect or a 404). A player's page is theirs too: it
gathers one named person's nights, which the public pages never do (they show published
events only, pair by pair).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_GET, require_POST

from .. import mail
from ..access import DIRECTING, SCORING, event_for_role, role_in
from ..exports import players as player_exports
from ..forms.players import PlayersConfirmForm, PlayersUploadForm
from ..models import Club, Pair, Player
from ..services import players as player_services
from ..services.players import PlayersRefused
from .director_results import require_directing


def directing_club(request: HttpRequest, club_slug: str) -> Club:
    """The club if the user directs it; 403 for its scorers; 404 for everyone else."""
    club = Club.objects.filter(slug=club_slug).first()
    role = role_in(request.user, club) if club is not None else None
    if club is None or role is None:
        raise Http404("No such club.")
    if role not in DIRECTING:
        raise PermissionDenied("Only the club's directors may see its players.")
    return club


@login_required
@require_GET
def player_list(request: HttpRequest, club_slug: str) -> HttpResponse:
    """The club's players: name, member number, email address, each linked to their page."""
    club = directing_club(request, club_slug)
    players = Player.objects.filter(club=club).for_list()
    return render(request, "tournament/players/list.html", {"club": club, "players": players})


@login_required
def players_import(request: HttpRequest, club_slug: str) -> HttpResponse:
    """Upload a CSV and see what it would add, update and refuse; then import it, all or nothing."""
    club = directing_club(request, club_slug)
    upload = PlayersUploadForm(request.POST or None, request.FILES or None)
    confirm = PlayersConfirmForm(request.POST or None)
    plan, refusal = None, ""
    try:
        if "import" in request.POST and confirm.is_valid():
            content = confirm.cleaned_data["content"].encode()
            done = player_services.import_players(
                club=club, user=request.user, content=content, digest=confirm.cleaned_data["digest"]
            )
            messages.success(request, f"{len(done.of('add'))} added, {len(done.of('update'))} updated.")
            return redirect("player_list", club.slug)
        if "preview" in request.POST and upload.is_valid():
            text = player_services.decode(upload.cleaned_data["file"])
            plan = player_services.read_players(club, text.encode())
            confirm = PlayersConfirmForm(initial={"content": text, "digest": plan.digest})
        if "import" in request.POST:
            refusal = "The previewed file did not come back: upload it again."
    except PlayersRefused as error:
        refusal = str(error)
    context = {"club": club, "upload": upload, "confirm": confirm, "plan": plan, "refusal": refusal}
    return render(request, "tournament/players/import.html", context)


@login_required
@require_GET
def players_export(request: HttpRequest, club_slug: str) -> HttpResponse:
    """The player list as CSV, ready to open in a spreadsheet or import elsewhere."""
    club = directing_club(request, club_slug)
    response = HttpResponse(player_exports.players_csv(club), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-players.csv"'
    return response


@login_required
@require_GET
def player_page(request: HttpRequest, club_slug: str, player_id: int) -> HttpResponse:
    """A player's nights, newest first: the pair, the partner, the place and score, the recap."""
    club = directing_club(request, club_slug)
    player = Player.objects.filter(club=club, pk=player_id).first()
    if player is None:
        raise Http404("No such player.")
    pairs = list(Pair.objects.for_player_page(player))
    missing = player_services.missing_standings(pairs)
    if missing:  # nights closed before their standings were kept: kept now, once
        for event in missing:
            player_services.keep_standings(event)
        pairs = list(Pair.objects.for_player_page(player))
    context = {"club": club, "player": player, "pairs": pairs}
    return render(request, "tournament/players/player.html", context)


@login_required
@require_POST
def recaps_send(request: HttpRequest, club_slug: str, event_id: int) -> HttpResponse:
    """Email each player of the published night their recap (or try the failed ones again)."""
    event = event_for_role(request, club_slug, event_id, SCORING)
    require_directing(request, event)
    again = request.POST.get("again") == "1"
    act = mail.retry_recaps if again else mail.send_recaps
    try:
        count = act(event=event, user=request.user, base_url=request.build_absolute_uri("/"))
        messages.success(request, f"The recap is being emailed to {count} players.")
    except mail.RecapsRefused as error:
        messages.error(request, str(error))
    return redirect("event_run", club_slug, event.pk)


C = "c/<slug:club_slug>"
urlpatterns = [
    path(f"{C}/players/", player_list, name="player_list"),
    path(f"{C}/players/import/", players_import, name="players_import"),
    path(f"{C}/players/export.csv", players_export, name="players_export"),
    path(f"{C}/players/<num:player_id>/", player_page, name="player"),
    path(f"{C}/e/<num:event_id>/recaps/send/", recaps_send, name="recaps_send"),
]

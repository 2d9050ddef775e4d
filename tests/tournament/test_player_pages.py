"""The club's players: who may see and change them, a player's page with the nights played, and
their query counts, which do not grow with the number of players or nights."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core import mail
from django.urls import reverse

from tests.tournament.director_cast import Cast, assert_refused, fingerprint, make_cast
from tests.tournament.factories import make_club, make_played_night
from tournament.models import AuditEntry, Event, Membership, Pair, PairStanding, Player, RecapSend
from tournament.reports import rounded_text, standings_rows
from tournament.scores.standings import score_section
from tournament.services.events import name_pair, set_status
from tournament.services.players import read_players

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    """The cast's night published, with its first pair named and one of them on the mailing list."""
    cast = make_cast()
    pair = cast.section.pairs.order_by("id").first()
    assert pair is not None
    name_pair(pair=pair, first="Zoë Brontë", second="Bob Jones", user=cast.director)
    Player.objects.filter(name="Zoë Brontë").update(email="zoe@example.org")
    set_status(event=cast.event, user=cast.director, published=True)
    return cast


Request = tuple[str, dict[str, Any]]
CSV = b"Name,Member number,Email\nCarol King,9,carol@example.org\n"


def import_players(cast: Cast) -> Request:
    plan = read_players(cast.club, CSV)
    data = {"import": "1", "content": CSV.decode(), "digest": plan.digest}
    return reverse("players_import", args=[cast.club.slug]), data


def send_recaps(cast: Cast) -> Request:
    return reverse("recaps_send", args=cast.url_args()), {}


def retry_recaps(cast: Cast) -> Request:
    zoe = Player.objects.get(name="Zoë Brontë")
    pair = cast.section.pairs.order_by("id").first()
    RecapSend.objects.create(
        event=cast.event, pair=pair, player=zoe, email=zoe.email, status="failed", error="Refused."
    )
    return reverse("recaps_send", args=cast.url_args()), {"again": "1"}


WRITES: dict[str, tuple[Callable[[Cast], Request], Callable[[Cast], bool]]] = {
    "import players": (import_players, lambda c: Player.objects.filter(name="Carol King").exists()),
    "send the recaps": (send_recaps, lambda c: len(mail.outbox) == 1),
    "send the failed recaps again": (
        retry_recaps,
        lambda c: RecapSend.objects.filter(status=RecapSend.Status.SENT).exists(),
    ),
}
ACTORS = ["scorer", "table_device", "anonymous", "other_director"]


@pytest.mark.parametrize("write", WRITES)
def test_a_director_may_make_each_write(
    cast: Cast, write: str, django_capture_on_commit_callbacks: Any
) -> None:
    make_request, done = WRITES[write]
    url, data = make_request(cast)
    with django_capture_on_commit_callbacks(execute=True):
        response = cast.clients["director"].post(url, data)
    assert response.status_code == 302
    assert done(cast)


@pytest.mark.parametrize("actor", ACTORS)
@pytest.mark.parametrize("write", WRITES)
def test_no_one_else_may_and_nothing_changes(
    cast: Cast, actor: str, write: str, django_capture_on_commit_callbacks: Any
) -> None:
    make_request, done = WRITES[write]
    url, data = make_request(cast)
    before = (fingerprint(cast.event), list(RecapSend.objects.values_list("pk", "status")))
    with django_capture_on_commit_callbacks(execute=True):
        response = cast.clients[actor].post(url, data)
    assert_refused(response, actor)
    assert not done(cast) and mail.outbox == []
    assert (fingerprint(cast.event), list(RecapSend.objects.values_list("pk", "status"))) == before


def _pages(cast: Cast) -> dict[str, str]:
    slug, zoe = cast.club.slug, Player.objects.get(name="Zoë Brontë")
    return {
        "player list": reverse("player_list", args=[slug]),
        "import": reverse("players_import", args=[slug]),
        "export": reverse("players_export", args=[slug]),
        "player": reverse("player", args=[slug, zoe.pk]),
    }


@pytest.mark.parametrize("page", ["player list", "import", "export", "player"])
@pytest.mark.parametrize("actor", ACTORS)
def test_only_the_clubs_directors_see_its_players_and_their_addresses(
    cast: Cast, actor: str, page: str
) -> None:
    response = cast.clients[actor].get(_pages(cast)[page])
    assert_refused(response, actor)
    assert "zoe@example.org" not in response.content.decode()


def test_the_player_list_shows_each_player_with_number_and_address(cast: Cast) -> None:
    Player.objects.filter(name="Zoë Brontë").update(number="101")
    page = cast.clients["director"].get(_pages(cast)["player list"]).content.decode()
    zoe = Player.objects.get(name="Zoë Brontë")
    link = f'<a href="/c/{cast.club.slug}/players/{zoe.pk}/">Zoë Brontë</a>'
    assert f"{link}</td><td>101</td><td>zoe@example.org</td>" in page


def test_a_player_of_another_club_is_not_found_under_this_one(cast: Cast) -> None:
    stranger = Player.objects.create(club=make_club(), name="Stranger")
    response = cast.clients["director"].get(reverse("player", args=[cast.club.slug, stranger.pk]))
    assert response.status_code == 404


# --- a player's page --------------------------------------------------------------------------------


def nights(count: int) -> tuple[Any, Player, list[Event]]:
    """``count`` closed nights of one club, Zoë Brontë playing in each (and the club's director)."""
    club = make_club()
    events = [make_played_night(tables=3, club=club, published=index % 2 == 0) for index in range(count)]
    director = Membership.objects.filter(club=club).first()
    assert director is not None
    return director.user, Player.objects.get(club=club, name="Zoë Brontë"), events


def test_a_players_page_shows_each_night_with_the_place_the_standings_show(client: Any) -> None:
    director, zoe, events = nights(2)
    client.force_login(director)
    response = client.get(reverse("player", args=[zoe.club.slug, zoe.pk]))
    page = response.content.decode()
    for event in events:
        pair = Pair.objects.get(section__event=event, player1=zoe)
        row = next(r for r in standings_rows(score_section(pair.section)) if r.pair == pair.label)
        recap = reverse("recap", args=[zoe.club.slug, event.pk, pair.pk])
        assert f"<td>{row.rank_text} of 6</td>" in page
        assert f"<td>{rounded_text(row.score)}" in page
        assert f'<a href="{recap}">Recap</a>' in page
    assert "Player 1" in page  # the partner
    assert page.count("(not published)") == 1


def test_the_places_are_kept_when_a_night_is_closed_and_dropped_when_it_reopens() -> None:
    director, _, [event] = nights(1)
    assert PairStanding.objects.filter(pair__section__event=event).count() == 6
    set_status(event=event, user=director, status=Event.Status.RUNNING, reason="A score to correct.")
    assert not PairStanding.objects.filter(pair__section__event=event).exists()
    set_status(event=event, user=director, status=Event.Status.LOCKED, lock_anyway=True)
    assert PairStanding.objects.filter(pair__section__event=event).count() == 6


def test_a_night_in_play_shows_no_place_yet(client: Any) -> None:
    director, zoe, [event] = nights(1)
    set_status(event=event, user=director, status=Event.Status.RUNNING, reason="A score to correct.")
    client.force_login(director)
    page = client.get(reverse("player", args=[zoe.club.slug, zoe.pk])).content.decode()
    assert "In play: see the standings" in page and " of 6</td>" not in page


def test_a_night_closed_before_places_were_kept_gets_them_on_the_first_look(client: Any) -> None:
    director, zoe, [event] = nights(1)
    PairStanding.objects.all().delete()  # as a night loaded from a fixture or a backup
    client.force_login(director)
    page = client.get(reverse("player", args=[zoe.club.slug, zoe.pk])).content.decode()
    assert " of 6</td>" in page
    assert PairStanding.objects.filter(pair__section__event=event).count() == 6


@pytest.mark.parametrize("count", [pytest.param(1, id="1 night"), pytest.param(3, id="3 nights")])
def test_a_players_page_runs_six_queries_however_many_nights(
    client: Any, django_assert_num_queries: Any, count: int
) -> None:
    director, zoe, _ = nights(count)
    client.force_login(director)
    url = reverse("player", args=[zoe.club.slug, zoe.pk])
    # session, user, club, the user's role, the player; the player's pairs with their events,
    # players and kept places.
    with django_assert_num_queries(6):
        response = client.get(url)
    assert len(response.context["pairs"]) == count


@pytest.mark.parametrize("count", [pytest.param(5, id="5 players"), pytest.param(50, id="50 players")])
def test_the_player_list_runs_five_queries_however_many_players(
    cast: Cast, django_assert_num_queries: Any, count: int
) -> None:
    Player.objects.bulk_create(Player(club=cast.club, name=f"Player {n}") for n in range(count))
    url = _pages(cast)["player list"]
    # session, user, club, the user's role; the players.
    with django_assert_num_queries(5):
        response = cast.clients["director"].get(url)
    assert response.content.decode().count('<tr id="player-') == count + 2  # and Zoë and Bob


def test_the_audit_entry_of_an_import_names_the_club_not_an_event(cast: Cast) -> None:
    url, data = import_players(cast)
    cast.clients["director"].post(url, data)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.PLAYERS)
    assert (entry.club, entry.event) == (cast.club, None)

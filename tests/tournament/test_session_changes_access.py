"""Who may change a night during the session, and what the changes pages cost.

Only the club's director edits, deletes, changes the movement, seats a substitute or
withdraws a pair: a scorer gets 403; a table device and an anonymous visitor are sent to log
in; another club's director gets 404; and nothing changes. Each page runs a fixed number of
queries, the same for a three-table and a six-table night.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.director_cast import Cast, assert_refused, fingerprint, make_cast
from tests.tournament.factories import make_event, make_result
from tournament.forms.changes import delete_confirmation
from tournament.models import Event, Pair, Section, Substitution
from tournament.services import events as event_services
from tournament.services.changes import delete_event, substitute
from tournament.services.events import name_pair

pytestmark = pytest.mark.django_db

Request = tuple[str, dict[str, Any]]


def night(pairs: int = 6, *, running: bool = False) -> Cast:
    cast = make_cast(pairs=pairs)
    for p in cast.section.pairs.filter(is_phantom=False):
        name_pair(pair=p, first=f"North {p.label}", second=f"South {p.label}", user=cast.director)
    if running:
        event_services.set_status(event=cast.event, user=cast.director, status=Event.Status.RUNNING)
    return cast


def _pair(cast: Cast, label: str = "1NS") -> Pair:
    return Pair.objects.select_related("player1", "player2").get(section=cast.section, label=label)


def edit(cast: Cast) -> Request:
    data = {"name": "Renamed", "date": "2025-03-04", "slams": "american", "royals_distinct": "on"}
    return reverse("event_edit", args=cast.url_args()), data


def delete(cast: Cast) -> Request:
    return reverse("event_delete", args=cast.url_args()), {
        "reason": "A test.",
        "confirm": delete_confirmation(cast.event),
    }


def change_movement(cast: Cast) -> Request:
    data = {"pairs": 8, "movement": "relay_mitchell", "boards_per_round": 2, "change": "1"}
    return reverse("event_movement", args=cast.url_args()), data


def seat_a_substitute(cast: Cast) -> Request:
    p = _pair(cast)
    data = {"player_out": f"{p.pk}-{p.player2_id}", "player_in": "Cy Sand", "from_round": 2}
    return reverse("pair_substitute", args=cast.url_args()), data


def withdraw_a_pair(cast: Cast) -> Request:
    return reverse("pair_withdraw", args=cast.url_args()), {"pair": _pair(cast).pk, "from_round": 2}


# Each write: the request, whether the night must be in play, and how to tell that it was made.
WRITES: dict[str, tuple[Callable[[Cast], Request], bool, Callable[[Cast], bool]]] = {
    "edit the event": (edit, False, lambda c: Event.objects.filter(name="Renamed").exists()),
    "delete the event": (delete, False, lambda c: not Event.objects.filter(pk=c.event.pk).exists()),
    "change the movement": (
        change_movement,
        False,
        lambda c: Section.objects.get(pk=c.section.pk).tables == 4,
    ),
    "seat a substitute": (seat_a_substitute, True, lambda c: Substitution.objects.exists()),
    "withdraw a pair": (withdraw_a_pair, True, lambda c: _pair(c).withdrawn_from_round == 2),
}
REFUSED = [
    (actor, write) for actor in ("scorer", "table_device", "anonymous", "other_director") for write in WRITES
]


@pytest.mark.parametrize("write", WRITES)
def test_the_clubs_director_can_make_the_change(write: str) -> None:
    make_request, in_play, done = WRITES[write]
    cast = night(running=in_play)
    url, data = make_request(cast)

    response = cast.clients["director"].post(url, data)

    assert response.status_code == 302, response.content.decode()[:2000]
    assert done(cast)


@pytest.mark.parametrize(("actor", "write"), REFUSED, ids=[f"{a} cannot {w}" for a, w in REFUSED])
def test_no_one_else_can_make_the_change_and_nothing_changes(actor: str, write: str) -> None:
    make_request, in_play, done = WRITES[write]
    cast = night(running=in_play)
    url, data = make_request(cast)
    before = (
        fingerprint(cast.event),
        Substitution.objects.count(),
        Section.objects.get(pk=cast.section.pk).tables,
    )

    response = cast.clients[actor].post(url, data)

    assert_refused(response, actor)
    assert not done(cast)
    assert (
        fingerprint(cast.event),
        Substitution.objects.count(),
        Section.objects.get(pk=cast.section.pk).tables,
    ) == before


PAGES = ["event_changes", "event_edit", "event_movement", "event_delete"]


@pytest.mark.parametrize("page", PAGES)
def test_a_scorer_may_look_at_the_changes_pages_and_other_clubs_may_not(page: str) -> None:
    cast = night()
    url = reverse(page, args=cast.url_args())

    assert cast.clients["scorer"].get(url).status_code == 200
    assert cast.clients["other_director"].get(url).status_code == 404
    assert cast.clients["anonymous"].get(url).url.startswith(reverse("login"))


def test_the_changes_page_offers_a_scorer_no_change_to_make() -> None:
    cast = night(running=True)

    page = cast.clients["scorer"].get(reverse("event_changes", args=cast.url_args())).content.decode()

    assert "substitution-form" not in page and "withdrawal-form" not in page


# Query counts ------------------------------------------------------------------------------

SIZES = [pytest.param(6, id="3 tables"), pytest.param(12, id="6 tables")]


def played_night(pairs: int) -> Cast:
    """A night in play with round 1 entered, a substitute in every pair and a withdrawal."""
    cast = night(pairs, running=True)
    for seating in cast.section.seatings.filter(round=1).select_related(
        "table", "ns", "ew", "section__event"
    ):
        for number in seating.board_numbers:
            make_result(seating, number, "3H N 9", user=cast.director)
    for p in Pair.objects.filter(section=cast.section, is_phantom=False).select_related("player1", "player2"):
        assert p.player2 is not None
        substitute(pair=p, user=cast.director, from_round=2, player_out=p.player2, player_in=f"Sub {p.label}")
    return cast


@pytest.mark.parametrize("pairs", SIZES)
def test_the_changes_page_runs_nine_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = played_night(pairs)
    # session, user, event with its club, the user's role; the section; pairs with players and teams;
    # their substitutions with both players; the club's players (type-ahead); the user's role again.
    with django_assert_num_queries(9):
        response = cast.clients["director"].get(reverse("event_changes", args=cast.url_args()))
    assert response.status_code == 200
    assert response.content.decode().count("Sub ") >= pairs


@pytest.mark.parametrize(("page", "queries"), [("event_edit", 4), ("event_delete", 4), ("event_movement", 6)])
@pytest.mark.parametrize("pairs", SIZES)
def test_the_details_delete_and_movement_pages_run_a_fixed_number_of_queries(
    django_assert_num_queries: Any, pairs: int, page: str, queries: int
) -> None:
    cast = night(pairs)
    # session, user, event with its club, the user's role; the movement page adds the section
    # and the count of its pairs (the form's starting values).
    with django_assert_num_queries(queries):
        response = cast.clients["director"].get(reverse(page, args=cast.url_args()))
    assert response.status_code == 200


def test_the_clubs_audit_log_keeps_a_deleted_event_for_its_people_only() -> None:
    cast = night()
    cast.clients["director"].post(*delete(cast))
    url = reverse("club_audit", args=[cast.club.slug])

    page = cast.clients["scorer"].get(url).content.decode()

    assert "Event deleted: Tuesday pairs" in page and "A test." in page
    assert cast.clients["other_director"].get(url).status_code == 404
    assert cast.clients["anonymous"].get(url).url.startswith(reverse("login"))


@pytest.mark.parametrize("events", [1, 4])
def test_the_clubs_audit_log_runs_six_queries(django_assert_num_queries: Any, events: int) -> None:
    cast = night()
    for _ in range(events):
        deleted = make_event(cast.club, cast.director)
        delete_event(event=deleted, user=cast.director, reason="Twice.")
    # session, user, the club, the user's role; the count of entries; the page with their people.
    with django_assert_num_queries(6):
        response = cast.clients["director"].get(reverse("club_audit", args=[cast.club.slug]))
    assert response.content.decode().count("Event deleted") == events

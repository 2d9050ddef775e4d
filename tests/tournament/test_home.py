"""The home page: published events for everyone, a club's own events for its people, fixed queries."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_club, make_event, make_member
from tournament.models import Event

pytestmark = pytest.mark.django_db


def listed(client: Client) -> set[str]:
    html = client.get(reverse("home")).content.decode()
    return {event.name for event in Event.objects.all() if event.name in html}


@pytest.fixture
def two_clubs():
    ours, theirs = make_club("Ours"), make_club("Theirs")
    director = make_member(ours)
    make_event(ours, director, name="Our published night")
    Event.objects.filter(name="Our published night").update(published=True)
    make_event(ours, director, name="Our night in preparation")
    other = make_member(theirs)
    make_event(theirs, other, name="Their secret night")
    return director, other


def test_an_anonymous_visitor_sees_only_published_events(client: Client, two_clubs) -> None:
    assert listed(client) == {"Our published night"}


def test_a_director_also_sees_the_unpublished_events_of_his_club(client: Client, two_clubs) -> None:
    director, _ = two_clubs
    client.force_login(director)
    assert listed(client) == {"Our published night", "Our night in preparation"}


def test_a_director_of_another_club_never_sees_our_unpublished_events(client: Client, two_clubs) -> None:
    _, other = two_clubs
    client.force_login(other)
    assert listed(client) == {"Our published night", "Their secret night"}


@pytest.mark.parametrize("events", [2, 8])
def test_the_home_page_costs_the_same_queries_however_many_events(
    client: Client, django_assert_num_queries, events: int
) -> None:
    club = make_club()
    director = make_member(club)
    for number in range(events):
        make_event(club, director, name=f"Night {number}")
    Event.objects.update(published=True)
    client.force_login(director)
    # session, user, the events of the clubs the user may see (with each event's club joined)
    with django_assert_num_queries(3):
        response = client.get(reverse("home"))
    assert response.status_code == 200
    assert response.content.decode().count("Night ") >= events

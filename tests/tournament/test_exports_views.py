"""Downloading the workbook and the CSV: who may, and a fixed number of queries however large the night."""

from __future__ import annotations

import io

import openpyxl
import pytest
from django.urls import reverse

from tests.tournament.factories import make_club, make_member, make_played_night
from tests.tournament.test_pdf_views import DOCUMENT_QUERIES
from tournament.exports.xlsx import CONTENT_TYPE as XLSX
from tournament.models import Event, Membership, Result

pytestmark = pytest.mark.django_db


def address(event: Event, name: str = "export_xlsx", club_slug: str | None = None) -> str:
    return reverse(name, args=[club_slug or event.club.slug, event.pk])


def test_an_anonymous_visitor_downloads_a_published_events_workbook(client):
    event = make_played_night(3)
    response = client.get(address(event))
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    filename = f"{event.club.slug}-{event.date:%Y-%m-%d}-tuesday-pairs-standings.xlsx"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert "Standings A" in book.sheetnames


def test_an_anonymous_visitor_downloads_a_published_events_csv(client):
    response = client.get(address(make_played_night(3), "export_csv"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.decode("utf-8-sig").startswith("Rank,Pair,Names,Score,Deals\r\n")


@pytest.mark.parametrize("name", ["export_xlsx", "export_csv"])
def test_an_anonymous_visitor_gets_404_for_an_unpublished_event(client, name):
    assert client.get(address(make_played_night(3, published=False), name)).status_code == 404


@pytest.mark.parametrize("name", ["export_xlsx", "export_csv"])
def test_a_director_of_another_club_gets_404_for_an_unpublished_event(client, name):
    event = make_played_night(3, published=False)
    client.force_login(make_member(make_club()))
    assert client.get(address(event, name)).status_code == 404


@pytest.mark.parametrize("role", [Membership.Role.DIRECTOR, Membership.Role.SCORER, Membership.Role.ADMIN])
def test_the_clubs_people_download_an_unpublished_event(client, role):
    event = make_played_night(3, published=False)
    client.force_login(make_member(event.club, role))
    assert client.get(address(event)).status_code == 200
    assert client.get(address(event, "export_csv")).status_code == 200


def test_a_published_event_is_not_reached_through_another_clubs_address(client):
    event = make_played_night(3)
    other = make_club()
    assert client.get(address(event, club_slug=other.slug)).status_code == 404


def test_an_unknown_event_is_404(client):
    club = make_club()
    assert client.get(reverse("export_xlsx", args=[club.slug, 999999])).status_code == 404


def test_a_download_cannot_be_posted(client):
    assert client.post(address(make_played_night(3))).status_code == 405


# An anonymous visitor, published event. Each download makes:
#   1. the event with its club (access.viewable_event)
#   2. the event's sections (standings.score_event)
#   3. the section's version, read afresh (scores.cache.version_of)
#   4-7. its facts: pairs, boards with their versions, results, rulings (standings.load_section)
#   8. the engine's figures for those versions, from the cache: the night was scored when it was
#      closed (the facts are loaded afresh and only the figures kept: four more than when whole
#      pickled sheets were kept, the same for any night)
# and the same for any night around it: the download counted, the file kept (tournament.documents;
# DOCUMENT_QUERIES names them in test_pdf_views).
@pytest.mark.parametrize("name", ["export_xlsx", "export_csv"])
def test_a_download_makes_eight_queries_for_three_tables_and_for_six(client, django_assert_num_queries, name):
    small, large = make_played_night(3), make_played_night(6)
    small_results = Result.objects.filter(section__event=small).count()
    assert Result.objects.filter(section__event=large).count() == 4 * small_results  # 6 x 6 against 3 x 3
    for event in (small, large):
        with django_assert_num_queries(8 + DOCUMENT_QUERIES):
            assert client.get(address(event, name)).status_code == 200


@pytest.mark.parametrize("name", ["export_xlsx", "export_csv"])
def test_a_team_match_download_makes_the_same_eight_queries_for_two_tables_and_for_four(
    client, django_assert_num_queries, name
):
    for tables in (2, 4):
        event = make_played_night(tables, form=Event.Form.TEAMS)
        with django_assert_num_queries(8 + DOCUMENT_QUERIES):
            assert client.get(address(event, name)).status_code == 200


def test_a_club_member_adds_only_the_session_user_and_role_queries(client, django_assert_num_queries):
    small = make_played_night(3, published=False)
    large = make_played_night(6, published=False, club=small.club)
    client.force_login(make_member(small.club, Membership.Role.SCORER))
    for event in (small, large):
        # The eight above, plus: the session, the user (authentication middleware), the user's
        # role in the club (access.viewable_event, as the event is not published), asked again
        # by the download budget, which does not count the club's people; and the file looked
        # up, then kept (the sections' versions, the look-up, five to keep it).
        with django_assert_num_queries(12 + 1 + 1 + 5):
            assert client.get(address(event)).status_code == 200

"""The PDF downloads from the event page: who may print what, and a fixed number of queries.

The cast: the club's director, a scorer, a director of another club, an anonymous visitor.
A published night prints for everyone; an unpublished one only for the club's people, and is
a 404 for anyone else, so that the address does not even confirm the event exists.
"""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_club, make_member, make_played_night
from tests.tournament.pdf_text import read_pdf
from tournament.models import Event, Membership

pytestmark = pytest.mark.django_db


def pdf_url(event: Event, doc: str) -> str:
    return reverse("pdf_document", args=[event.club.slug, event.pk, doc])


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_an_anonymous_visitor_prints_the_standings_of_a_published_night():
    event = make_played_night(tables=3)

    response = client_for().get(pdf_url(event, "standings"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith('inline; filename="')
    assert response["Content-Disposition"].endswith('-standings.pdf"')
    assert "page 1 of 1" in read_pdf(response.content).text


def test_the_url_is_the_one_the_event_page_links_to():
    event = make_played_night(tables=3)

    assert pdf_url(event, "recaps") == f"/c/{event.club.slug}/e/{event.pk}/pdf/recaps.pdf"


def test_an_anonymous_visitor_cannot_print_an_unpublished_night():
    event = make_played_night(tables=3, published=False)

    assert client_for().get(pdf_url(event, "standings")).status_code == 404


def test_a_director_of_another_club_cannot_print_an_unpublished_night():
    event = make_played_night(tables=3, published=False)
    outsider = make_member(make_club())

    assert client_for(outsider).get(pdf_url(event, "recaps")).status_code == 404


def test_a_scorer_of_the_club_prints_an_unpublished_night():
    event = make_played_night(tables=3, published=False)
    scorer = make_member(event.club, role=Membership.Role.SCORER)

    response = client_for(scorer).get(pdf_url(event, "travellers"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"


def test_another_clubs_slug_does_not_reach_the_event():
    event = make_played_night(tables=3)
    other = make_club()

    response = client_for().get(reverse("pdf_document", args=[other.slug, event.pk, "standings"]))

    assert response.status_code == 404


def test_an_unknown_document_is_not_found():
    event = make_played_night(tables=3)

    assert client_for().get(pdf_url(event, "scorecards")).status_code == 404


def test_a_pair_contest_has_no_match_sheet():
    event = make_played_night(tables=3)

    assert client_for().get(pdf_url(event, "match")).status_code == 404


def test_a_match_prints_its_match_sheet():
    event = make_played_night(tables=2, form=Event.Form.TEAMS)

    response = client_for().get(pdf_url(event, "match"))

    assert response.status_code == 200
    assert "Team match sheet" in read_pdf(response.content).text


def test_a_pdf_is_only_read():
    event = make_played_night(tables=3)

    assert client_for().post(pdf_url(event, "standings")).status_code == 405


# An anonymous visitor, published night. The standings, recaps and travellers make:
#   1. the event with its club (access.viewable_event)
#   2. the event's sections (PdfRenderer.sections)
#   3. the section's version, read afresh (scores.cache.version_of)
#   4-7. its facts: pairs, boards with their versions, results, rulings (standings.load_section)
#   8. the engine's figures for those versions, from the cache: the night was scored when it was
#      closed (only the figures are kept, the facts loaded afresh: four more than when whole
#      pickled sheets were kept, the same for any night)
# and, around the drawing, the same for any night (tournament.documents, DOCUMENT_QUERIES):
#   the visitor's count of downloads read, then written to the database cache (a savepoint, the
#   count of entries, the entry looked up, written, the savepoint released); the sections' versions
#   the document is made from; the document looked up (not kept yet), then kept like the count.
DOCUMENT_QUERIES = 6 + 1 + 1 + 5
SCORED_QUERIES = 8 + DOCUMENT_QUERIES
# The guide cards make, after the event and its sections (1, 2):
#   3. the seatings with their tables and pairs (events.movement_of)
#   4. the phantom pair's label (events.movement_of)
#   5. the number of boards (events.movement_of)
#   6. the pairs with their players, for the names on the pair cards (GuidesPdf.story)
GUIDE_QUERIES = 6 + DOCUMENT_QUERIES


@pytest.mark.parametrize(
    ("doc", "queries"),
    [
        ("standings", SCORED_QUERIES),
        ("recaps", SCORED_QUERIES),
        ("travellers", SCORED_QUERIES),
        ("guide", GUIDE_QUERIES),
    ],
)
@pytest.mark.parametrize("tables", [3, 6])
def test_a_pdf_makes_the_same_queries_for_a_night_twice_the_size(
    django_assert_num_queries, doc, queries, tables
):
    event = make_played_night(tables=tables)
    client = client_for()

    with django_assert_num_queries(queries):
        response = client.get(pdf_url(event, doc))

    assert response.status_code == 200


def test_the_match_sheet_makes_the_same_queries_for_a_match_twice_the_size(django_assert_num_queries):
    # the pairs are loaded with their teams, so a larger match adds no query
    for tables in (2, 4):
        event = make_played_night(tables=tables, form=Event.Form.TEAMS)
        with django_assert_num_queries(SCORED_QUERIES):
            assert client_for().get(pdf_url(event, "match")).status_code == 200


def test_the_event_page_include_links_every_document_the_event_has():
    pairs_night = make_played_night(tables=3)
    match_night = make_played_night(tables=2, form=Event.Form.TEAMS)

    pairs_links = render_to_string("tournament/includes/pdf_links.html", {"event": pairs_night})
    match_links = render_to_string("tournament/includes/pdf_links.html", {"event": match_night})

    for doc in ("standings", "recaps", "travellers", "guide", "pads"):
        assert f'href="{pdf_url(pairs_night, doc)}"' in pairs_links
        assert f'href="{pdf_url(match_night, doc)}"' in match_links
    assert "match.pdf" not in pairs_links
    assert f'href="{pdf_url(match_night, "match")}"' in match_links

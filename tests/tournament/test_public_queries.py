"""Every public page runs a fixed number of queries, whatever the size of the event.

Each page is loaded for a 3-table and a 6-table night (twice the pairs, boards, results and
rulings): the count must be the same, and it is pinned with a comment naming each query.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.tournament.factories import make_club, make_event, make_member, play_all
from tournament.models import Event, Pair, Result, Ruling, Seating
from tournament.services import events as event_service
from tournament.services import rulings as ruling_service

pytestmark = pytest.mark.django_db

TEXTS = ("1H N 7", "2S E 8", "3NT S 9", "2D W 7", "1NT N 8", "4H S 9", "2C E 8", "1R W 6", "3D N 8")
DEAL = "N:AKQJT.AK.AKQ.AKQ 98765.QJT.JT9.JT 432.98765.876.98 .432.5432.765432"


def varied(seating: Seating, board: int) -> str:
    return TEXTS[(board * 5 + seating.table.number * 3 + seating.round) % len(TEXTS)]


def night(tables: int, **kwargs) -> Event:
    """A finished, published night: named pairs, the deal of every board known, a ruling on every board."""
    club = make_club()
    director = make_member(club)
    if kwargs.get("form") == Event.Form.TEAMS:
        event = make_event(club, director, movement="teams", pairs=tables, boards=4 * tables, **kwargs)
    else:
        event = make_event(club, director, pairs=2 * tables, **kwargs)
    for index, pair in enumerate(Pair.objects.filter(section__event=event, is_phantom=False)):
        event_service.name_pair(
            pair=pair, first=f"Player {2 * index}", second=f"Player {2 * index + 1}", user=director
        )
    event.sections.get().boards.update(hands=DEAL)
    play_all(event, varied)
    for result in Result.objects.filter(section__event=event).order_by("board__number", "id").distinct():
        if result.seating.table.number == 1:
            ruling_service.add_ruling(
                result=result,
                user=director,
                kind=Ruling.Kind.AWARD,
                law="Law F",
                reason="Out of turn.",
                side="EW",
                points=50,
            )
    return event_service.set_status(
        event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True
    )


def pages(event: Event) -> dict[str, str]:
    args = [event.club.slug, event.pk]
    pair = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id").last()
    result = Result.objects.filter(section__event=event).order_by("id").last()
    return {
        "event": reverse("event", args=args),
        "csv": reverse("event", args=args) + "?_export=csv&table=A-overall",
        "standings_fragment": reverse("standings_fragment", args=args),
        "traveller": reverse("traveller", args=[*args, "A", 2]),
        "recap": reverse("recap", args=[*args, pair.pk]),
        "explain": reverse("explain", args=[*args, result.pk]),
        "match": reverse("match", args=args),
    }


# An anonymous visitor, published event; the night was scored once, when it was closed. Every
# page makes:
#   1. the event with its club (access.viewable_event)
#   2. the section (event.sections.all() on the event page; the section holding the board, pair
#      or result on the others)
#   3. the section's version, read afresh (scores.cache.version_of)
#   4. the section's pairs with their players and teams (standings.load_section)
#   5. the section's boards, with their versions (standings.load_section)
#   6. the section's results with seating and table (standings.load_section)
#   7. the rulings of those results (standings.load_section)
#   8. the engine's figures kept for those versions, from the shared cache (scores.cache)
# The facts are loaded afresh on every read and only the engine's figures are kept (no model is
# kept in the cache): four queries more than when whole pickled sheets were kept, the same for
# any night. A page that finds no figures for the versions scores the section (see the test of a
# cold read).
SCORED = 8
PAIR_PAGES = ["event", "csv", "standings_fragment", "traveller", "recap", "explain"]

# The event page and the standings fragment keep the standings they render under their ETag
# (tournament.views.live). Read the first time after a change, each makes six queries more than
# the four above: after 2., the kept standings looked up (none yet), and after 4., the standings
# kept in the database cache (a savepoint, the count of entries, the entry looked up, written,
# the savepoint released). Every later read until a change makes three: 1. the event with its
# club, 2. the section with its version, 3. the kept standings.
KEPT = {"event", "standings_fragment"}
KEEPING = 6
# The CSV of a page's table is a download, counted against the anonymous visitor's address
# (tournament.documents, throttle.spend): six queries more, the same for any night: the count read,
# then written to the database cache (a savepoint, the count of entries, the entry looked up,
# written, the savepoint released).
DOWNLOADS = {"csv"}
COUNTED = 6


def first_read(page: str, queries: int) -> int:
    return queries + (KEEPING if page in KEPT else 0) + (COUNTED if page in DOWNLOADS else 0)


@pytest.mark.parametrize("page", PAIR_PAGES)
def test_a_pairs_page_makes_eight_queries_for_three_tables_and_for_six(
    client, django_assert_num_queries, page
):
    small, large = night(3), night(6)
    assert (
        Result.objects.filter(section__event=large).count()
        == 2 * 2 * Result.objects.filter(section__event=small).count()
    )  # 6 tables x 6 rounds against 3 x 3: four times the results
    for address in (pages(small)[page], pages(large)[page]):
        with django_assert_num_queries(first_read(page, SCORED)):
            assert client.get(address).status_code == 200


@pytest.mark.parametrize("page", sorted(KEPT))
def test_a_page_read_again_makes_three_queries_for_three_tables_and_for_six(
    client, django_assert_num_queries, page
):
    small, large = night(3), night(6)
    for address in (pages(small)[page], pages(large)[page]):
        client.get(address)
        with django_assert_num_queries(3):
            again = client.get(address)
        assert again.status_code == 200
        assert 'id="section-A"' in again.content.decode()


# A cold read, the first after a change, scores the section in a fixed number of queries too
# (and the event page and the fragment keep what they render: six more, as above):
#   1-8. as above: the event, the section, its version, its facts, no figures in the cache for them
#   9-13. the figures kept in the database cache: a savepoint, the count of entries (the cache
#      culls at its size), the entry looked up, written, and the savepoint released
@pytest.mark.parametrize("page", PAIR_PAGES)
def test_a_pairs_page_read_cold_makes_thirteen_queries_for_three_tables_and_for_six(
    client, django_assert_num_queries, page
):
    small, large = night(3), night(6)
    for address in (pages(small)[page], pages(large)[page]):
        cache.clear()
        with django_assert_num_queries(first_read(page, 13)):
            assert client.get(address).status_code == 200


@pytest.mark.parametrize("page", ["event", "match", "traveller", "recap", "explain"])
def test_a_team_match_page_makes_eight_queries_for_two_tables_and_for_four(
    client, django_assert_num_queries, page
):
    small, large = night(2, form=Event.Form.TEAMS), night(4, form=Event.Form.TEAMS)
    for address in (pages(small)[page], pages(large)[page]):
        with django_assert_num_queries(first_read(page, SCORED)):  # the same as a pairs page
            assert client.get(address).status_code == 200


def test_a_club_member_adds_only_the_session_user_and_role_queries(client, django_assert_num_queries):
    small, large = night(3), night(6)
    director = small.club.memberships.get().user
    large.club.memberships.create(user=director, role="director")
    client.force_login(director)
    for address in (pages(small)["event"], pages(large)["event"]):
        # The first read's fourteen above, plus: the session, the user (authentication middleware),
        # the user's role in the club (access.role_in, to show the problems list).
        with django_assert_num_queries(first_read("event", SCORED + 3)):
            assert client.get(address).status_code == 200


# Duplicate Contract Bridge ------------------------------------------------------------------


def contract_night(tables: int, **kwargs) -> Event:
    """A finished, published contract bridge night: named pairs, deals known, an adjusted score on
    every board at table 1 (Law 12C2) and an assigned one at table 2 (Law 12C1)."""
    from tests.tournament.contract_night import make_contract_event, name_pairs, play_contract
    from tests.tournament.contract_night import varied as contract_varied

    club = make_club()
    director = make_member(club)
    if kwargs.get("form") == Event.Form.TEAMS:
        event = make_contract_event(club, director, pairs=2, boards=4 * tables, **kwargs)
    else:
        event = make_contract_event(club, director, pairs=2 * tables, **kwargs)
    name_pairs(event, director)
    event.sections.get().boards.update(hands=DEAL)
    play_contract(event, contract_varied)
    for result in Result.objects.filter(section__event=event, seating__table__number__in=(1, 2)):
        if result.seating.table.number == 1:
            details = {
                "kind": Ruling.Kind.ARTIFICIAL,
                "ns_average": "A+",
                "ew_average": "A-",
                "law": "Law 12C2",
            }
        else:
            details = {"kind": Ruling.Kind.ASSIGNED, "assigned": "4S N =", "law": "Law 12C1"}
        ruling_service.add_ruling(result=result, user=director, reason="Ruled.", **details)
    return event_service.set_status(
        event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True
    )


@pytest.mark.parametrize("method", [Event.Method.MATCHPOINTS, Event.Method.BUTLER, Event.Method.CROSS_IMPS])
@pytest.mark.parametrize("page", PAIR_PAGES)
def test_a_contract_pairs_page_makes_eight_queries_for_three_tables_and_for_six(
    client, django_assert_num_queries, page, method
):
    small, large = contract_night(3, method=method), contract_night(6, method=method)
    for address in (
        pages(small)[page].replace("A-overall", "A-ns"),
        pages(large)[page].replace("A-overall", "A-ns"),
    ):
        with django_assert_num_queries(first_read(page, SCORED)):  # the same as an auction night's
            assert client.get(address).status_code == 200


@pytest.mark.parametrize("page", ["event", "match", "traveller", "recap", "explain"])
def test_a_contract_team_match_page_makes_eight_queries_for_eight_boards_and_for_sixteen(
    client, django_assert_num_queries, page
):
    small = contract_night(2, form=Event.Form.TEAMS, victory_points=Event.VictoryPoints.WBF)
    large = contract_night(4, form=Event.Form.TEAMS, victory_points=Event.VictoryPoints.WBF)
    for address in (pages(small)[page], pages(large)[page]):
        with django_assert_num_queries(first_read(page, SCORED)):
            assert client.get(address).status_code == 200

"""The director's pages run a fixed number of queries, whatever the size of the night.

Each page is loaded for a three-table and a six-table Mitchell with every board entered
(half by the table devices), named players, rulings and a full audit log: an N+1 would
show as a difference between the two.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.director_cast import Cast, make_cast
from tests.tournament.factories import make_event, make_member, make_result
from tournament.models import Membership, Result, Seating
from tournament.scores import versions
from tournament.services.events import name_pair
from tournament.services.rulings import add_ruling

pytestmark = pytest.mark.django_db

SIZES = [pytest.param(6, id="3 tables"), pytest.param(12, id="6 tables")]


def full_night(pairs: int) -> Cast:
    cast = make_cast(pairs=pairs)
    for pair in cast.section.pairs.all():
        name_pair(
            pair=pair, first=f"North of {pair.label}", second=f"South of {pair.label}", user=cast.director
        )

    seatings = Seating.objects.filter(section=cast.section).select_related(
        "table", "ns", "ew", "section__event"
    )
    for seating in seatings:
        device = seating.table.number % 2 == 1  # odd tables enter on their phones
        for number in seating.board_numbers:
            text = "3H N 9" if number % 2 else "2S E 8"
            make_result(
                seating,
                number,
                text,
                table=seating.table if device else None,
                user=None if device else cast.director,
            )
    for result in Result.objects.filter(section=cast.section)[:4]:
        add_ruling(
            result=result,
            user=cast.director,
            kind="award",
            law="Law F",
            reason="Out of turn.",
            side="EW",
            points=50,
        )
    Result.objects.filter(section=cast.section, board__number=2).update(status="disputed")
    return cast


def seatings_shown(response: Any) -> int:
    return response.content.decode().count('id="seating-')


@pytest.mark.parametrize("pairs", SIZES)
@pytest.mark.parametrize(("page", "queries"), [("event_run", 8), ("event_run_fragment", 6)])
def test_the_running_view_and_its_refreshed_grid_run_fixed_queries(
    django_assert_num_queries: Any, pairs: int, page: str, queries: int
) -> None:
    cast = full_night(pairs)
    cast.clients["director"].get(reverse(page, args=cast.url_args()))  # the section scored, the grid kept
    # session, user, event with its club, the user's role, sections with their versions, the grid
    # kept for those versions (tournament.views.live); the page (not the grid alone): the user's
    # role again (may the user direct?), and the recaps emailed, with their players.
    with django_assert_num_queries(queries):
        response = cast.clients["director"].get(reverse(page, args=cast.url_args()))
    assert response.status_code == 200
    assert seatings_shown(response) == pairs // 2 * (pairs // 2)


@pytest.mark.parametrize("pairs", SIZES)
@pytest.mark.parametrize(("page", "queries"), [("event_run", 25), ("event_run_fragment", 23)])
def test_the_running_view_read_first_after_a_change_runs_fixed_queries(
    django_assert_num_queries: Any, pairs: int, page: str, queries: int
) -> None:
    cast = full_night(pairs)
    versions.sections_written([cast.section])
    # As above, but no grid kept yet: then the section's version, the four that load its facts,
    # the figures kept for them (none for these versions) and the five that keep them (a savepoint, the
    # count of entries, the entry looked up, written, the savepoint released), the seatings with
    # tables and pairs, and the five that keep the grid.
    with django_assert_num_queries(queries):
        response = cast.clients["director"].get(reverse(page, args=cast.url_args()))
    assert response.status_code == 200
    assert seatings_shown(response) == pairs // 2 * (pairs // 2)


@pytest.mark.parametrize("pairs", SIZES)
def test_the_audit_log_filtered_by_every_filter_runs_ten_queries(
    django_assert_num_queries: Any, pairs: int
) -> None:
    cast = full_night(pairs)
    board = cast.seating(1, 2).board_numbers[0]  # even tables were entered by the director
    query = f"?board={board}&table=2&pair=2NS&who=user-{cast.director.pk}&what=create&page=1"
    # as the unfiltered log, and the rounds and tables where the pair sat.
    with django_assert_num_queries(10):
        response = cast.clients["director"].get(reverse("audit_log", args=cast.url_args()) + query)
    assert response.status_code == 200
    assert response.context["filters"].ignored == []
    assert [row.entry.subject for row in response.context["rows"]] == [f"Board {board}, round 1, table 2"]


@pytest.mark.parametrize("pairs", SIZES)
def test_the_traveller_entry_runs_twelve_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_night(pairs)
    address = reverse("traveller_entry", args=[*cast.url_args(), "A", 1])
    cast.clients["scorer"].get(address)  # the section scored once
    # session, user, event with its club, the user's role, the section; the section's version, its
    # pairs, boards, results and rulings (loaded afresh: four more than when whole pickled sheets
    # were kept, the same for any night) and the figures kept for them (scores.cache); seatings
    # with tables, pairs and players. The first read after a change makes three more (to keep them).
    with django_assert_num_queries(12):
        response = cast.clients["scorer"].get(address)
    assert response.status_code == 200
    assert len(response.context["lines"]) == pairs // 2
    assert "North of 1NS" in response.content.decode()


@pytest.mark.parametrize("pairs", SIZES)
def test_the_audit_log_runs_nine_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_night(pairs)
    # session, user, event with its club, the user's role; the filters' choices: the people in
    # the log, the tables, the pairs; the count for the pager; one page of entries with their
    # users and table devices.
    with django_assert_num_queries(9):
        response = cast.clients["director"].get(reverse("audit_log", args=cast.url_args()))
    assert response.status_code == 200
    assert len(response.context["rows"]) == min(200, response.context["page"].paginator.count)


@pytest.mark.parametrize("pairs", SIZES)
def test_the_table_links_run_five_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_night(pairs)
    # session, user, event with its club, the user's role; the tables with their section.
    with django_assert_num_queries(5):
        response = cast.clients["director"].get(reverse("table_links", args=cast.url_args()))
    assert response.content.decode().count("<svg") == pairs // 2


@pytest.mark.parametrize("pairs", SIZES)
def test_the_pairs_page_runs_seven_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_night(pairs)
    # session, user, event with its club, the user's role; pairs with players and teams; teams;
    # the club's player names for the type-ahead.
    with django_assert_num_queries(7):
        response = cast.clients["director"].get(reverse("event_pairs", args=cast.url_args()))
    assert len(response.context["form"].pair_rows()) == pairs


@pytest.mark.parametrize("pairs", SIZES)
def test_the_dashboard_runs_four_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_night(pairs)
    for number in range(pairs // 3):  # more events in the director's club, and another club of his
        make_event(cast.club, cast.director, name=f"Night {number}")
        other = make_cast()
        Membership.objects.create(club=other.club, user=cast.director, role=Membership.Role.SCORER)
        make_member(other.club)
    # session, user, the user's memberships with their clubs, the events of those clubs.
    with django_assert_num_queries(4):
        response = cast.clients["director"].get(reverse("dashboard"))
    assert sum(len(events) for _, events in response.context["clubs"]) == 1 + 2 * (pairs // 3)


@pytest.mark.parametrize("pairs", SIZES)
def test_a_result_page_runs_eight_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_night(pairs)
    result = Result.objects.filter(section=cast.section, rulings__isnull=False).first()
    # session, user, event with its club, the user's role; the result with its board, seating,
    # table, pairs and players; its rulings with who made and undid them; its audit entries
    # with users and table devices; the user's role again (may the user direct?).
    with django_assert_num_queries(8):
        response = cast.clients["director"].get(reverse("result_edit", args=[*cast.url_args(), result.pk]))
    assert response.status_code == 200


# Duplicate Contract Bridge ------------------------------------------------------------------


def full_contract_night(pairs: int) -> Cast:
    """A contract bridge night scored by matchpoints, every board entered (half by the phones),
    named players, adjusted scores under Law 12 and a dispute."""
    from tests.tournament.contract_night import make_contract_result

    cast = make_cast(pairs=pairs, game="contract", method="matchpoints")
    for pair in cast.section.pairs.all():
        name_pair(
            pair=pair, first=f"North of {pair.label}", second=f"South of {pair.label}", user=cast.director
        )
    seatings = Seating.objects.filter(section=cast.section).select_related(
        "table", "ns", "ew", "section__event"
    )
    for seating in seatings:
        device = seating.table.number % 2 == 1
        for number in seating.board_numbers:
            make_contract_result(
                seating,
                number,
                "4H N =" if number % 2 else "3NT E -1",
                table=seating.table if device else None,
                user=None if device else cast.director,
            )
    for index, result in enumerate(Result.objects.filter(section=cast.section)[:4]):
        details = (
            {"kind": "artificial", "ns_average": "A+", "ew_average": "A-", "law": "Law 12C2"}
            if index % 2
            else {"kind": "assigned", "assigned": "4S N =", "law": "Law 12C1"}
        )
        add_ruling(result=result, user=cast.director, reason="Ruled.", **details)
    Result.objects.filter(section=cast.section, board__number=2).update(status="disputed")
    return cast


@pytest.mark.parametrize("pairs", SIZES)
def test_a_contract_traveller_entry_runs_twelve_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_contract_night(pairs)
    address = reverse("traveller_entry", args=[*cast.url_args(), "A", 1])
    cast.clients["scorer"].get(address)  # the section scored once
    with django_assert_num_queries(12):  # the same twelve as an auction night's
        response = cast.clients["scorer"].get(address)
    assert response.status_code == 200
    assert len(response.context["lines"]) == pairs // 2
    assert "Vul: None" in response.content.decode()


@pytest.mark.parametrize("pairs", SIZES)
def test_a_contract_result_page_runs_eight_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_contract_night(pairs)
    result = Result.objects.filter(section=cast.section, rulings__isnull=False).first()
    with django_assert_num_queries(8):  # the same eight as an auction night's
        response = cast.clients["director"].get(reverse("result_edit", args=[*cast.url_args(), result.pk]))
    assert response.status_code == 200
    assert "Law 12C" in response.content.decode()


@pytest.mark.parametrize("pairs", SIZES)
def test_a_contract_running_view_runs_eight_queries(django_assert_num_queries: Any, pairs: int) -> None:
    cast = full_contract_night(pairs)
    cast.clients["director"].get(reverse("event_run", args=cast.url_args()))  # the section scored once
    with django_assert_num_queries(8):  # as an auction night's, above
        response = cast.clients["director"].get(reverse("event_run", args=cast.url_args()))
    assert response.status_code == 200


@pytest.mark.parametrize("pairs", SIZES)
def test_a_row_saved_by_the_script_is_answered_with_every_row_in_a_fixed_number_of_queries(
    django_assert_num_queries: Any, pairs: int
) -> None:
    cast = full_contract_night(pairs)
    plays = [
        s for s in Seating.objects.filter(section=cast.section).order_by("round") if 1 in s.board_numbers
    ]
    last = plays[-1]
    Result.objects.filter(seating=last, board__number=1).delete()
    address = reverse("traveller_entry", args=[*cast.url_args(), "A", 1])
    cast.clients["scorer"].get(address)  # the section scored once
    row = {"seating": last.pk, "request_key": "6f1c1b7e-1f7a-4d5e-9a51-2f0e6c1d9b10", "entry": "4S N ="}
    # Thirty-five whatever the number of tables, though every saved row of the board is drawn
    # again: the session, user, event, role and section; the request key; the seating locked, the
    # board, the pairs, whether the one who types is a director (his entry is confirmed by him),
    # the result, its board's and section's versions raised (scores.versions), its board plays and
    # audit entry (services.results.record); then the section's version and its pairs, boards,
    # results and rulings, the figures kept for the versions before (the board scored again, the
    # others' taken as kept), the figures kept again (the count of entries, a savepoint, the entry
    # looked up and written, the savepoint released) and the page's seatings with their tables,
    # pairs and players.
    with django_assert_num_queries(35):
        response = cast.clients["scorer"].post(address, row, HTTP_X_REQUESTED_WITH="fetch")
    assert response.status_code == 200
    assert response.content.decode().count('class="trow saved') == pairs // 2

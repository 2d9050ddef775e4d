"""The audit log: paged, filtered by board, table, pair, who and what; bad filters never an error."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.director_cast import Cast, make_cast
from tests.tournament.factories import make_result
from tournament.models import AuditEntry, Event, Result
from tournament.services import results as result_services
from tournament.services.events import set_status
from tournament.views.director import AUDIT_PAGE

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    """A night in play: round 1 entered at every table (table 1 from its phone), board 2 then corrected."""
    cast = make_cast()
    set_status(event=cast.event, user=cast.director, status=Event.Status.RUNNING)
    for table in (1, 2, 3):
        seating = cast.seating(1, table)
        device = seating.table if table == 1 else None
        for number in seating.board_numbers:
            make_result(seating, number, "3H N 9", table=device, user=None if device else cast.director)
    return cast


def log(cast: Cast, query: str = "", who: Any = None) -> Any:
    return cast.clients["director" if who is None else who].get(
        reverse("audit_log", args=cast.url_args()) + query
    )


def subjects(response: Any) -> list[str]:
    return [row.entry.subject for row in response.context["rows"]]


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def test_a_long_log_is_paged_newest_first() -> None:
    cast = make_cast()
    AuditEntry.objects.bulk_create(
        AuditEntry(event=cast.event, action="event", subject=f"Note {n}", user=cast.director)
        for n in range(AUDIT_PAGE + 5)
    )
    first, second = log(cast), log(cast, "?page=2")
    assert len(first.context["rows"]) == AUDIT_PAGE
    assert len(second.context["rows"]) == AuditEntry.objects.filter(event=cast.event).count() - AUDIT_PAGE
    assert set(subjects(first)).isdisjoint(subjects(second))
    assert 'href="?page=2"' in text(first)


def test_a_filter_is_kept_in_the_pagers_links() -> None:
    cast = make_cast()
    AuditEntry.objects.bulk_create(
        AuditEntry(
            event=cast.event, action="create", subject=f"Board 4, round {n}, table 2", user=cast.director
        )
        for n in range(AUDIT_PAGE + 1)
    )
    AuditEntry.objects.create(event=cast.event, action="create", subject="Board 5, round 1, table 2")
    response = log(cast, "?board=4")
    assert response.context["page"].paginator.count == AUDIT_PAGE + 1
    assert 'href="?board=4&amp;page=2"' in text(response)
    assert subjects(log(cast, "?board=4&page=2")) and all(
        s.startswith("Board 4,") for s in subjects(log(cast, "?board=4&page=2"))
    )


def test_the_board_filter_keeps_that_boards_entries_deleted_ones_included(cast: Cast) -> None:
    seating = cast.seating(1, 2)
    board = seating.board_numbers[0]
    result = Result.objects.get(seating=seating, board__number=board)
    result_services.delete(result=result, reason="entered at the wrong table", user=cast.director)
    found = subjects(log(cast, f"?board={board}"))
    assert found and all(s.startswith(f"Board {board},") for s in found)
    assert AuditEntry.objects.filter(action="delete", subject__startswith=f"Board {board},").exists()
    assert "delete" in [row.entry.action for row in log(cast, f"?board={board}").context["rows"]]


def test_the_table_filter_keeps_that_tables_entries_and_its_agreed_rounds(cast: Cast) -> None:
    seating = cast.seating(1, 3)
    result_services.agree_round(seating=seating, user=cast.director, on_authority=True)
    found = subjects(log(cast, "?table=3"))
    assert "Round 1, table 3" in found
    assert found and all(s.endswith(", table 3") or s == "Round 1, table 3" for s in found)
    assert not any("table 1" in s or "table 2" in s for s in found)


def test_the_pair_filter_keeps_the_rounds_where_the_pair_sat(cast: Cast) -> None:
    seating = cast.seating(1, 2)
    found = subjects(log(cast, f"?pair={seating.ew.label}"))
    assert sorted(found) == sorted(f"Board {n}, round 1, table 2" for n in seating.board_numbers)


def test_the_who_filter_tells_a_person_from_a_tables_device(cast: Cast) -> None:
    device = cast.seating(1, 1).table
    by_device = log(cast, f"?who=table-{device.pk}").context["rows"]
    by_director = log(cast, f"?who=user-{cast.director.pk}").context["rows"]
    assert by_device and all(
        row.entry.table_id == device.pk and row.entry.user_id is None for row in by_device
    )
    assert by_director and all(row.entry.user_id == cast.director.pk for row in by_director)
    page = text(log(cast))
    assert f'<option value="user-{cast.director.pk}">{cast.director.username}</option>' in page
    assert f'<option value="table-{device.pk}">Table 1 device</option>' in page


def test_the_what_filter_shows_one_kind_of_change_and_the_menus_rulings_are_it(cast: Cast) -> None:
    result = Result.objects.filter(section=cast.section).first()
    result_services.set_status(result=result, status=Result.Status.CONFIRMED, user=cast.director)
    assert [row.entry.action for row in log(cast, "?what=confirm").context["rows"]] == ["confirm"]
    assert log(cast, "?what=ruling").context["rows"] == []


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?board=²", "“²” is not a board number"),
        ("?table=-1", "“-1” is not a table number"),
        ("?board=9999999999", "is not a board number"),
        ("?pair=99NS", "“99NS” is no pair of this log"),
        ("?pair=%00", "is no pair of this log"),
        ("?who=user-999999", "is no person of this log"),
        ("?who=root", "is no person of this log"),
        ("?what=drop", "is no kind of change of this log"),
        ("?page=abc", ""),
    ],
)
def test_a_bad_filter_is_ignored_with_a_message_and_every_entry_shown(
    cast: Cast, query: str, message: str
) -> None:
    response = log(cast, query)
    assert response.status_code == 200
    assert response.context["page"].paginator.count == AuditEntry.objects.filter(event=cast.event).count()
    assert message in text(response)


def test_the_filter_form_shows_the_filters_in_use(cast: Cast) -> None:
    page = text(log(cast, "?board=1&what=create"))
    assert 'name="board" inputmode="numeric" size="4" value="1"' in page
    assert '<option value="create" selected>' in page
    assert 'id="filter-clear"' in page


@pytest.mark.parametrize(
    ("actor", "status"), [("other_director", 404), ("table_device", 302), ("anonymous", 302)]
)
def test_outsiders_never_read_the_log_whatever_the_filter(cast: Cast, actor: str, status: int) -> None:
    response = log(cast, "?board=1&who=system", who=actor)
    assert response.status_code == status

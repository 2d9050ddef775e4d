"""Who confirmed a result, and closing a night with results still open.

A director's ruling is final when made: the Law B average it records is confirmed, as the
director's act, and every screen, the audit log and the exports say "confirmed by the
director", never "by the opponents". Closing the event lists what is unconfirmed or
disputed and needs an explicit "lock anyway", which the audit log keeps.
"""

from __future__ import annotations

import importlib
import io
import re
from typing import Any

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.tournament.director_cast import Cast, make_cast, rule_irregular_after_the_overplay
from tests.tournament.factories import make_result
from tournament.models import AuditEntry, Event, Result
from tournament.services.results import set_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast() -> Cast:
    cast = make_cast()
    Event.objects.filter(pk=cast.event.pk).update(status="running")
    cast.event.refresh_from_db()
    return cast


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode()).replace("&#x27;", "'")


def rule_law_b_average(cast: Cast) -> Result:
    rule_irregular_after_the_overplay(cast)
    return Result.objects.get(seating=cast.seating(3, 2))


def test_a_law_b_average_is_confirmed_by_the_director_when_he_rules(cast: Cast) -> None:
    result = rule_law_b_average(cast)
    assert (result.status, result.confirmed_by) == ("confirmed", cast.director)
    # The director records the deal not played himself: confirmed by him in the entry that records it.
    confirm = AuditEntry.objects.get(action="create", result=result)
    assert (confirm.user, confirm.table, confirm.after["confirmed_by"]) == (
        cast.director,
        None,
        "the director",
    )
    page = text(cast.clients["director"].get(reverse("result_edit", args=[*cast.url_args(), result.pk])))
    assert 'id="result-status">Confirmed by the director<' in page
    assert "by the opponents" not in page
    log = text(cast.clients["director"].get(reverse("audit_log", args=cast.url_args())))
    assert "confirmed by: <del>—</del> → <ins>the director</ins>" in log


def test_a_law_b_average_reads_confirmed_by_the_director_in_the_locked_nights_workbook(cast: Cast) -> None:
    result = rule_law_b_average(cast)
    seating = cast.seating(1, 1)
    make_result(seating, 2, "3H N 9", table=seating.table)  # entered at the table: the opponents confirm
    for other in Result.objects.exclude(pk=result.pk):
        set_status(result=other, status="confirmed", table=other.seating.table)
    lock(cast)
    assert Event.objects.get(pk=cast.event.pk).is_locked  # nothing was left open: no second step
    response = cast.clients["director"].get(reverse("export_xlsx", args=cast.url_args()))
    book = load_workbook(io.BytesIO(response.content))
    cells = {str(c.value) for sheet in book.worksheets for row in sheet.iter_rows() for c in row}
    assert "Confirmed by the director" in cells
    assert "Confirmed by the opponents" in cells
    assert "Entered, awaiting the opponents' confirmation" not in cells


def test_a_director_confirming_a_result_is_told_it_is_confirmed_by_the_director(cast: Cast) -> None:
    result = make_result(cast.seating(1, 1), 1, "3H N 9", user=cast.scorer)
    response = cast.clients["director"].post(
        reverse("result_edit", args=[*cast.url_args(), result.pk]),
        {"action": "confirm", "status-reason": "Heard both pairs."},
        follow=True,
    )
    assert "The result is now confirmed by the director." in text(response)
    assert Result.objects.get().confirmed_by == cast.director


def test_a_result_the_opponents_confirm_at_the_table_says_so(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    result = make_result(seating, 1, "3H N 9", table=seating.table)
    cast.clients["table_device"].post(reverse("table_confirm", args=[seating.table.secret, result.pk]))
    result.refresh_from_db()
    assert (result.status, result.confirmed_by, result.status_text) == (
        "confirmed",
        None,
        "Confirmed by the opponents",
    )
    page = text(
        cast.clients["table_device"].get(reverse("table_result", args=[seating.table.secret, result.pk]))
    )
    assert 'id="confirmed-by">Confirmed by the opponents.<' in page


def test_a_ruling_that_scores_a_disputed_result_settles_it_as_the_directors_act(cast: Cast) -> None:
    result = make_result(cast.seating(1, 1), 1, "3H N 9", user=cast.scorer)
    set_status(result=result, status="disputed", table=cast.seating(1, 1).table)
    data = {
        "ruling-kind": "award",
        "ruling-side": "NS",
        "ruling-points": "50",
        "ruling-reason": "Omitted card.",
    }
    cast.clients["director"].post(reverse("ruling_add", args=[*cast.url_args(), result.pk]), data)
    result.refresh_from_db()
    assert (result.status, result.confirmed_by) == ("confirmed", cast.director)


def test_a_note_leaves_the_result_awaiting_the_opponents(cast: Cast) -> None:
    result = make_result(cast.seating(1, 1), 1, "3H N 9", user=cast.scorer)
    data = {"ruling-kind": "note", "ruling-reason": "Slow play."}
    cast.clients["director"].post(reverse("ruling_add", args=[*cast.url_args(), result.pk]), data)
    assert Result.objects.get().status == "entered"


# Closing the event ------------------------------------------------------------------------------


def rule_the_missing_not_played(cast: Cast) -> None:
    """Every board still without a result ruled not played, as closing the event asks first."""
    from tournament.services.closing import missing_results, rule_missing

    for gap in missing_results(cast.event):
        rule_missing(
            seating=gap.seating,
            board_number=gap.board,
            user=cast.director,
            choice="not_played",
            reason="The table ran out of time.",
        )


def lock(cast: Cast, **data: str) -> Any:
    rule_the_missing_not_played(cast)
    return cast.clients["director"].post(
        reverse("event_status", args=cast.url_args()), {"action": "lock", **data}
    )


def test_closing_with_results_open_lists_them_and_asks_before_anything_changes(cast: Cast) -> None:
    waiting = make_result(cast.seating(1, 1), 1, "3H N 9", user=cast.scorer)
    disputed = make_result(cast.seating(1, 1), 2, "2S E 8", user=cast.scorer)
    set_status(result=disputed, status="disputed", table=cast.seating(1, 1).table)
    rule_the_missing_not_played(cast)
    before = AuditEntry.objects.count()
    response = lock(cast)
    page = text(response)
    assert response.status_code == 200
    assert Event.objects.get(pk=cast.event.pk).status == "running"
    assert AuditEntry.objects.count() == before
    assert "1 result unconfirmed and 1 result disputed." in page
    for result in (waiting, disputed):
        assert reverse("result_edit", args=[*cast.url_args(), result.pk]) in page
    assert 'name="anyway" value="1"' in page
    assert "Lock anyway, with 1 result unconfirmed and 1 result disputed" in page


def test_locking_anyway_closes_the_event_and_the_audit_log_says_what_was_left_open(cast: Cast) -> None:
    make_result(cast.seating(1, 1), 1, "3H N 9", user=cast.scorer)
    make_result(cast.seating(1, 1), 2, "2S E 8", user=cast.scorer)
    response = lock(cast, anyway="1")
    assert response.status_code == 302
    assert Event.objects.get(pk=cast.event.pk).is_locked
    entry = AuditEntry.objects.filter(subject="Event state").get()
    assert (entry.user, entry.after["unconfirmed"], entry.after["disputed"]) == (cast.director, 2, 0)
    assert entry.reason == "Closed at the director's word with 2 results unconfirmed."


def test_closing_with_every_result_confirmed_needs_no_second_step(cast: Cast) -> None:
    seating = cast.seating(1, 1)
    result = make_result(seating, 1, "3H N 9", table=seating.table)
    set_status(result=result, status="confirmed", table=seating.table)
    assert lock(cast).status_code == 302
    assert Event.objects.get(pk=cast.event.pk).is_locked
    assert AuditEntry.objects.get(subject="Event state").reason == ""


def test_the_migration_confirms_a_law_b_ruling_left_awaiting_the_opponents_as_the_directors_act(
    cast: Cast,
) -> None:
    from django.apps import apps

    migration = importlib.import_module("tournament.migrations.0008_confirm_law_b_rulings")
    result = rule_law_b_average(cast)
    Result.objects.filter(pk=result.pk).update(status="entered", confirmed_by=None)  # as ruled before
    waiting = make_result(cast.seating(1, 1), 2, "3H N 9", user=cast.scorer)  # no ruling: left alone
    migration.confirm_law_b_rulings(apps, None)
    result.refresh_from_db()
    assert (result.status, result.confirmed_by, result.status_text) == (
        "confirmed",
        cast.director,
        "Confirmed by the director",
    )
    entry = AuditEntry.objects.filter(action="confirm", result=result).latest("id")
    assert (entry.user, entry.after["confirmed_by"]) == (cast.director, "the director")
    assert Result.objects.get(pk=waiting.pk).status == "entered"


def test_a_deal_ruled_not_played_and_confirmed_before_who_was_kept_reads_confirmed_by_the_director(
    cast: Cast,
) -> None:
    result = rule_law_b_average(cast)
    Result.objects.filter(pk=result.pk).update(confirmed_by=None)  # as the demo night holds it
    result.refresh_from_db()
    assert result.status_text == "Confirmed by the director"

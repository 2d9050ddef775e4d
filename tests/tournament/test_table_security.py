"""Every table page is scoped by its secret: no other table's data, no write without the secret.

The cast: a player's table device (this table's secret), the device of another table
(another secret), a director of another club, and an anonymous visitor with no secret.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournament.factories import make_club, make_member, rule_the_missing_not_played
from tests.tournament.test_table_views import (
    auction,
    enter,
    enter_round,
    running_event,
    seating_of,
    text,
    url,
)
from tournament.models import AuditEntry, Event, Result, Seating, Table
from tournament.services.events import set_status

pytestmark = pytest.mark.django_db


@pytest.fixture
def night():
    """A running three-table night with one result entered at table 1 by its own device."""
    event = running_event()
    return event, seating_of(event, table=1), seating_of(event, table=2)


@pytest.fixture
def entered(client, night):
    _, seating, _ = night
    enter(client, seating, tricks=8)
    return Result.objects.get()


def other_url(name: str, other: Seating, *args: object) -> str:
    return reverse(name, args=[other.table.secret, *args])


def test_an_anonymous_visitor_without_the_secret_reaches_nothing(client, night, entered):
    _, seating, _ = night
    secret = "not-a-table-secret"
    pages = [
        ("get", reverse("table_home", args=[secret])),
        ("get", reverse("table_board", args=[secret, 1, seating.board_numbers[1]])),
        ("get", reverse("table_result", args=[secret, entered.pk])),
        ("get", reverse("table_edit", args=[secret, entered.pk])),
        ("post", reverse("table_enter", args=[secret])),
        ("post", reverse("table_confirm", args=[secret, entered.pk])),
        ("post", reverse("table_dispute", args=[secret, entered.pk])),
        ("post", reverse("table_agree", args=[secret, 1])),
    ]
    for method, address in pages:
        assert getattr(client, method)(address, auction(seating)).status_code == 404, address
    entered.refresh_from_db()
    assert entered.status == Result.Status.ENTERED
    assert Result.objects.count() == 1


def test_another_tables_device_cannot_see_this_tables_result(client, night, entered):
    _, _, other = night
    assert client.get(other_url("table_result", other, entered.pk)).status_code == 404


def test_another_tables_device_cannot_confirm_this_tables_result(client, night, entered):
    _, _, other = night
    response = client.post(other_url("table_confirm", other, entered.pk))
    entered.refresh_from_db()
    assert response.status_code == 404
    assert entered.status == Result.Status.ENTERED
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.CONFIRM).exists()


def test_another_tables_device_cannot_dispute_this_tables_result(client, night, entered):
    _, _, other = night
    assert client.post(other_url("table_dispute", other, entered.pk)).status_code == 404
    entered.refresh_from_db()
    assert entered.status == Result.Status.ENTERED


def test_another_tables_device_cannot_correct_this_tables_result(client, night, entered):
    _, seating, other = night
    assert client.get(other_url("table_edit", other, entered.pk)).status_code == 404
    response = client.post(
        other_url("table_edit", other, entered.pk), auction(seating, tricks=12, reason="mine now")
    )
    entered.refresh_from_db()
    assert response.status_code == 404
    assert entered.tricks == 8


def test_another_tables_device_cannot_agree_a_round_it_does_not_play(client, night):
    _, seating, other = night
    enter_round(client, seating)
    rounds = set(Seating.objects.filter(table=other.table).values_list("round", flat=True))
    missing_round = max(rounds) + 1
    assert client.post(other_url("table_agree", other, missing_round)).status_code == 404
    seating.refresh_from_db()
    assert seating.agreed_at is None


def test_a_page_of_another_table_names_only_this_tables_pairs(client, night):
    _, seating, other = night
    page = text(client.get(url("table_home", other)))
    assert f"Pair {other.ns.label}" in page
    assert f"Pair {seating.ns.label}<" not in page


def test_the_board_page_of_a_board_not_at_this_table_says_so(client, night):
    _, seating, other = night
    board = other.board_numbers[0]
    response = client.get(url("table_board", seating, 1, board), follow=True)
    assert f"Board {board} is not played at this table in round 1" in text(response)
    assert 'id="entry"' not in text(response)


def test_a_round_this_table_does_not_play_is_not_found(client, night):
    _, seating, _ = night
    assert client.get(url("table_board", seating, 99, 1)).status_code == 404


def test_a_request_key_already_used_at_another_table_reveals_nothing(client, night, entered):
    _, _, other = night
    data = auction(other, request_key=str(entered.request_key))
    response = client.post(url("table_enter", other), data)
    assert response.status_code == 200
    assert "already used for another entry" in text(response)
    assert "8 tricks" not in text(response)
    assert Result.objects.count() == 1


def test_a_locked_event_refuses_every_write_from_the_table(client, night, entered):
    event, seating, _ = night
    rule_the_missing_not_played(event)
    set_status(event=event, user=None, status=Event.Status.LOCKED, lock_anyway=True)
    before = AuditEntry.objects.count()
    client.post(url("table_enter", seating), auction(seating, seating.board_numbers[1]))
    client.post(url("table_confirm", seating, entered.pk))
    client.post(url("table_dispute", seating, entered.pk))
    client.post(url("table_edit", seating, entered.pk), auction(seating, tricks=9, reason="typo"))
    client.post(url("table_agree", seating, 1))
    entered.refresh_from_db()
    assert Result.objects.filter(not_played=False).count() == 1  # the rest ruled not played at the close
    assert (entered.status, entered.tricks) == (Result.Status.ENTERED, 8)
    assert AuditEntry.objects.count() == before


def test_an_event_being_set_up_takes_no_result(client):
    seating = seating_of(running_event(status=Event.Status.SETUP))
    response = enter(client, seating)
    assert response.status_code == 302
    assert not Result.objects.exists()


def test_a_director_of_another_club_gains_nothing_by_logging_in(client, night, entered):
    _, _, other = night
    outsider = make_member(make_club())
    client.force_login(outsider)
    assert client.post(other_url("table_confirm", other, entered.pk)).status_code == 404
    entered.refresh_from_db()
    assert entered.status == Result.Status.ENTERED


def test_writes_need_a_post(client, night, entered):
    _, seating, _ = night
    assert client.get(url("table_confirm", seating, entered.pk)).status_code == 405
    assert client.get(url("table_agree", seating, 1)).status_code == 405
    assert client.get(url("table_enter", seating)).status_code == 405
    entered.refresh_from_db()
    assert entered.status == Result.Status.ENTERED


def test_an_out_of_date_page_without_a_valid_key_saves_nothing(client, night):
    _, seating, _ = night
    response = client.post(url("table_enter", seating), auction(seating, request_key="not-a-uuid"))
    assert "This page is out of date" in text(response)
    assert not Result.objects.exists()


def test_the_table_pages_load_nothing_from_outside(client, night, entered):
    _, seating, _ = night
    for address in (
        url("table_home", seating),
        url("table_board", seating, 1, seating.board_numbers[1]),
        url("table_result", seating, entered.pk),
        url("table_edit", seating, entered.pk),
        reverse("table_pin"),
    ):
        page = text(client.get(address))
        assert 'name="viewport"' in page
        assert "http://" not in page and "https://" not in page and 'src="//' not in page, address


def test_a_wrong_pin_does_not_say_which_tables_exist(client, night):
    _, seating, _ = night
    pins = set(Table.objects.values_list("pin", flat=True))
    wrong = next(f"{n:06d}" for n in range(10**6) if f"{n:06d}" not in pins)
    response = client.post(reverse("table_pin"), {"pin": wrong})
    assert seating.table.secret not in text(response)

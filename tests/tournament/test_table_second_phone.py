"""A second phone at a table enters a board the first already entered; the PIN box on the home page.

Until the round is agreed it sees what was recorded and may correct it (the opponents then
confirm again, Law E); a board the director confirmed or ruled on, or a round agreed, is
shown with the reason and nothing to do.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_member
from tests.tournament.test_table_views import (
    auction,
    confirm_round,
    enter,
    enter_round,
    running_event,
    seating_of,
    url,
)
from tournament import throttle
from tournament.models import AuditEntry, Result, Seating, Table
from tournament.services import results as result_services
from tournament.services.rulings import add_ruling

pytestmark = pytest.mark.django_db


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def table() -> tuple[Seating, Client, Client]:
    """A table in play with two phones: the first enters board 1 (4H by North, 10 tricks)."""
    seating = seating_of(running_event())
    first, second = Client(), Client()
    assert enter(first, seating, tricks=10).status_code == 302
    return seating, first, second


def test_opening_an_entered_board_shows_what_was_recorded_and_offers_a_correction(table: Any) -> None:
    seating, _, second = table
    board = seating.board_numbers[0]
    response = second.get(url("table_board", seating, seating.round, board), follow=True)
    page = text(response)
    result = Result.objects.get()
    assert response.redirect_chain[-1][0] == url("table_result", seating, result.pk)
    assert f"Board {board} is already entered at this table: this is what was recorded." in page
    assert "by North · 10 tricks" in page
    assert url("table_edit", seating, result.pk) in page


def test_a_second_entry_that_differs_shows_the_first_and_a_correction_filled_with_the_second(
    table: Any,
) -> None:
    seating, _, second = table
    response = enter(second, seating, tricks=9, declarer="S")
    page = text(response)
    assert response.status_code == 200
    assert "Another phone at this table entered board" in page
    assert "by North · 10 tricks" in page  # what was recorded
    assert 'value="9" id="id_tricks_9" checked' in page  # what this phone typed
    assert 'value="S" id="id_declarer_2" checked' in page
    assert f'action="{url("table_edit", seating, Result.objects.get().pk)}"' in page
    assert Result.objects.get().tricks == 10
    assert AuditEntry.objects.filter(action=AuditEntry.Action.UPDATE).count() == 0


def test_the_same_entry_from_a_second_phone_saves_nothing_new(table: Any) -> None:
    seating, _, second = table
    response = enter(second, seating, tricks=10)
    result = Result.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url("table_result", seating, result.pk)
    assert AuditEntry.objects.exclude(action=AuditEntry.Action.CREATE).exclude(result=None).count() == 0


def test_the_second_phones_correction_goes_back_to_the_opponents(table: Any) -> None:
    seating, first, second = table
    result = Result.objects.get()
    first.post(url("table_confirm", seating, result.pk))  # the opponents had confirmed 10 tricks
    data = auction(seating, tricks=9, reason="we took nine")
    response = second.post(url("table_edit", seating, result.pk), data, follow=True)
    result.refresh_from_db()
    assert (result.tricks, result.status, result.confirmed_by_id) == (9, Result.Status.ENTERED, None)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.UPDATE)
    assert (entry.table_id, entry.user_id, entry.reason) == (seating.table.pk, None, "we took nine")
    assert "The opponents, please check again." in text(response)
    assert "E-W, please check and confirm" in text(response)


def test_a_board_the_opponents_confirmed_still_offers_a_correction_until_the_round_is_agreed(
    table: Any,
) -> None:
    seating, first, second = table
    result = Result.objects.get()
    first.post(url("table_confirm", seating, result.pk))
    page = text(second.get(url("table_result", seating, result.pk)))
    assert "Confirmed by the opponents." in page
    assert 'id="correct-entry"' in page


def test_a_board_the_director_confirmed_cannot_be_corrected_at_the_table(table: Any) -> None:
    seating, _, second = table
    result = Result.objects.get()
    director = make_member(seating.section.event.club)
    result_services.set_status(result=result, status=Result.Status.CONFIRMED, user=director)
    page = text(second.get(url("table_result", seating, result.pk)))
    assert 'id="correct-entry"' not in page
    assert "The director confirmed or ruled on board" in page
    response = second.post(url("table_edit", seating, result.pk), auction(seating, tricks=9, reason="nine"))
    result.refresh_from_db()
    assert result.tricks == 10
    assert "only the director may change it" in text(response)
    assert 'id="correct-it"' not in text(enter(second, seating, tricks=9))


def test_a_board_with_a_ruling_cannot_be_corrected_at_the_table(table: Any) -> None:
    seating, _, second = table
    result = Result.objects.select_related("section__event", "board", "seating__table").get()
    director = make_member(seating.section.event.club)
    add_ruling(result=result, user=director, kind="note", law="Law 84", reason="Watched the play.")
    response = second.post(url("table_edit", seating, result.pk), auction(seating, tricks=9, reason="nine"))
    result.refresh_from_db()
    assert result.tricks == 10
    assert "The director confirmed or ruled on board" in text(response)


def test_once_the_round_is_agreed_a_second_phone_is_told_so_and_offered_nothing() -> None:
    seating = seating_of(running_event())
    first, second = Client(), Client()
    enter_round(first, seating)
    confirm_round(first, seating)
    first.post(url("table_agree", seating, seating.round))
    response = enter(second, seating, tricks=9)
    page = text(response)
    assert "can no longer be corrected (Law E)" in page
    assert 'id="entry"' not in page and 'id="correct-it"' not in page
    result = Result.objects.get(seating=seating, board__number=seating.board_numbers[0])
    result_page = text(second.get(url("table_result", seating, result.pk)))
    assert 'id="correct-entry"' not in result_page
    assert "can no longer be corrected (Law E)" in result_page
    assert Result.objects.filter(tricks=9).count() == 0


# The PIN box on the home page ---------------------------------------------------------------------


def home_pin_form(client: Client) -> tuple[str, str, str]:
    """The home page's PIN box: where it posts, the PIN field's name, and the CSRF token."""
    page = client.get(reverse("home")).content.decode()
    form = re.search(r'<form method="post" action="([^"]+)" class="pin-box".*?</form>', page, re.S)
    assert form is not None
    name = re.search(r'<input type="text" name="(\w+)"[^>]*id="home-pin"', form.group(0))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.group(0))
    assert name is not None and token is not None
    return form.group(1), name.group(1), token.group(1)


def test_the_home_pages_pin_box_opens_the_table() -> None:
    seating = seating_of(running_event())
    phone = Client(enforce_csrf_checks=True)
    action, field, token = home_pin_form(phone)
    assert action == reverse("table_pin")
    response = phone.post(action, {field: seating.table.pin, "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert response["Location"] == url("table_home", seating)


@pytest.mark.usefixtures("throttle_clock_held")
def test_the_home_pages_pin_box_is_throttled_like_the_pin_page() -> None:
    seating = seating_of(running_event())
    pins = set(Table.objects.values_list("pin", flat=True))
    wrong = next(f"{n:06d}" for n in range(10**6) if f"{n:06d}" not in pins)
    phone = Client(enforce_csrf_checks=True)
    action, field, token = home_pin_form(phone)
    for _ in range(throttle.PIN_ADDRESS.tries):
        phone.post(action, {field: wrong, "csrfmiddlewaretoken": token})
    response = phone.post(action, {field: seating.table.pin, "csrfmiddlewaretoken": token})
    assert response.status_code == 429
    assert "Too many wrong PINs" in text(response)

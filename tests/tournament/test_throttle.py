"""Every secret throttled across clients: table PINs and director passwords.

The counts live in the shared database cache, not in the session: a client that drops its
cookie, or many addresses against one event, are slowed all the same.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_user
from tests.tournament.test_table_views import running_event, seating_of, text, url
from tournament import throttle
from tournament.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("throttle_clock_held")]


def wrong_pin() -> str:
    pins = set(Table.objects.values_list("pin", flat=True))
    return next(f"{n:06d}" for n in range(10**6) if f"{n:06d}" not in pins)


def phone(address: str) -> Client:
    """A fresh client from its own address, with no cookie of any earlier try."""
    return Client(REMOTE_ADDR=address)


def try_pin(address: str, pin: str, event_id: int | None = None) -> Any:
    query = f"?event={event_id}" if event_id is not None else ""
    return phone(address).post(reverse("table_pin") + query, {"pin": pin})


def test_the_counts_live_in_a_cache_every_worker_shares() -> None:
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"


def test_a_client_that_drops_its_cookie_is_still_slowed() -> None:
    seating = seating_of(running_event())
    for _ in range(throttle.PIN_ADDRESS.tries):
        try_pin("10.0.0.7", wrong_pin())
    response = try_pin("10.0.0.7", seating.table.pin)
    assert response.status_code == 429
    assert "Too many wrong PINs: try again in" in text(response)
    assert 1 <= int(response["Retry-After"]) <= throttle.PIN_ADDRESS.window


def test_many_addresses_against_one_event_are_slowed_and_the_lock_out_logged(caplog) -> None:
    event = running_event()
    seating = seating_of(event)
    with caplog.at_level(logging.WARNING, logger="tournament.throttle"):
        for n in range(throttle.PIN_EVENT.tries):
            try_pin(f"10.1.{n}.1", wrong_pin(), event.pk)
    response = try_pin("10.2.0.1", seating.table.pin, event.pk)  # a new address, the right PIN
    assert response.status_code == 429
    assert "QR code or link on your table card" in text(response)
    logged = [r.getMessage() for r in caplog.records]
    assert any("10.1.19.1" in m and f"event {event.pk}" in m for m in logged), logged


def test_an_ipv6_client_is_counted_by_its_network() -> None:
    seating = seating_of(running_event())
    for n in range(throttle.PIN_ADDRESS.tries):
        try_pin(f"2001:db8::{n + 1}", wrong_pin())
    assert try_pin("2001:db8::ffff", seating.table.pin).status_code == 429


def test_a_correct_pin_of_another_event_still_opens_its_table() -> None:
    attacked, other = running_event(), running_event()
    for n in range(throttle.PIN_EVENT.tries):
        try_pin(f"10.3.{n}.1", wrong_pin(), attacked.pk)
    seating = seating_of(other)
    response = try_pin("10.4.0.1", seating.table.pin, other.pk)
    assert response.status_code == 302
    assert response["Location"] == url("table_home", seating)


def test_a_correct_pin_from_another_address_opens_the_table_after_one_phone_is_locked() -> None:
    event = running_event()
    for _ in range(throttle.PIN_ADDRESS.tries):
        try_pin("10.5.0.1", wrong_pin(), event.pk)
    assert try_pin("10.5.0.2", seating_of(event, table=2).table.pin, event.pk).status_code == 302


def test_a_scan_of_the_pin_space_takes_longer_than_a_night() -> None:
    per_hour = throttle.PIN_EVENT.tries * 3600 / throttle.PIN_EVENT.window
    concurrent = 12  # gunicorn's workers times threads: a lost increment costs at most this factor
    hours_for_a_scan = 10**6 / (per_hour * concurrent)
    assert hours_for_a_scan > 24 * 30  # a month at the very least; a night is five hours


def test_director_log_in_is_locked_out_after_wrong_passwords_from_many_addresses(caplog) -> None:
    user = make_user("director", password="right-horse-battery")
    with caplog.at_level(logging.WARNING, logger="tournament.throttle"):
        for n in range(throttle.LOGIN_ACCOUNT.tries):
            response = phone(f"10.6.{n}.1").post(
                reverse("login"), {"username": "director", "password": f"x{n}"}
            )
    assert response.status_code == 429
    right = phone("10.7.0.1").post(
        reverse("login"), {"username": user.username, "password": "right-horse-battery"}
    )
    assert right.status_code == 429
    assert "Too many wrong passwords: try again in" in text(right)
    assert "_auth_user_id" not in right.client.session
    assert any("login-account" in r.getMessage() for r in caplog.records)


def test_one_address_guessing_many_accounts_is_locked_out() -> None:
    client = phone("10.8.0.1")
    for n in range(throttle.LOGIN_ADDRESS.tries):
        client.post(reverse("login"), {"username": f"user{n}", "password": "guess"})
    make_user("someone", password="right-horse-battery")
    response = client.post(reverse("login"), {"username": "someone", "password": "right-horse-battery"})
    assert response.status_code == 429


def test_the_right_password_still_logs_in_after_a_few_wrong_ones() -> None:
    make_user("director", password="right-horse-battery")
    client = phone("10.9.0.1")
    for n in range(3):
        assert client.post(reverse("login"), {"username": "director", "password": f"x{n}"}).status_code == 200
    response = client.post(reverse("login"), {"username": "director", "password": "right-horse-battery"})
    assert response.status_code == 302


def test_the_admin_log_in_is_throttled_too() -> None:
    make_user("admin", password="right-horse-battery", is_staff=True)
    for n in range(throttle.LOGIN_ACCOUNT.tries):
        phone(f"10.10.{n}.1").post(reverse("admin:login"), {"username": "admin", "password": f"x{n}"})
    right = phone("10.11.0.1").post(
        reverse("admin:login"), {"username": "admin", "password": "right-horse-battery"}
    )
    assert right.status_code == 429
    assert "Too many wrong passwords" in text(right)

"""Every secret throttled across clients: table PINs and director passwords.

The counts live in the shared database cache, not in the session: a client that drops its
cookie, or many addresses against one event, are slowed all the same. And no flood of wrong
guesses keeps a player with the right PIN, or a director with the right password, out for more
than a minute: a device that opened its table (or logged in) before is let in at once, and a
new one once the minute is out.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.conf import settings
from django.core import signing
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from tests.tournament.factories import make_user
from tests.tournament.test_table_views import running_event, seating_of, text, url
from tournament import throttle
from tournament.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("throttle_clock_held")]

FLOOD = 25  # more wrong guesses than any budget of a minute


def wrong_pin() -> str:
    pins = set(Table.objects.values_list("pin", flat=True))
    return next(f"{n:06d}" for n in range(10**6) if f"{n:06d}" not in pins)


def phone(address: str, **extra: str) -> Client:
    """A fresh client from its own address, with no cookie of any earlier try."""
    return Client(REMOTE_ADDR=address, **extra)


def try_pin(address: str, pin: str, event_id: int | None = None, client: Client | None = None) -> Any:
    query = f"?event={event_id}" if event_id is not None else ""
    return (client or phone(address)).post(reverse("table_pin") + query, {"pin": pin})


def flood_pins(event_id: int | None = None, prefix: str = "10.1") -> None:
    for n in range(FLOOD):
        try_pin(f"{prefix}.{n}.1", wrong_pin(), event_id)


def log_in(client: Client, username: str, password: str, name: str = "login") -> Any:
    return client.post(reverse(name), {"username": username, "password": password})


def a_minute_later(monkeypatch: pytest.MonkeyPatch, held: float) -> None:
    monkeypatch.setattr(throttle, "clock", lambda: held + 60)


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


def test_many_addresses_against_one_event_keep_a_new_phone_out_until_the_minute_ends(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, throttle_clock_held: float
) -> None:
    event = running_event()
    seating = seating_of(event)
    with caplog.at_level(logging.WARNING, logger="tournament.throttle"):
        flood_pins(event.pk)
    response = try_pin("10.2.0.1", seating.table.pin, event.pk)  # a new phone, the right PIN
    assert response.status_code == 429
    assert int(response["Retry-After"]) <= 60
    assert "QR code or link on your table card" in text(response)
    logged = [r.getMessage() for r in caplog.records]
    assert any(f"event {event.pk}" in m for m in logged), logged
    a_minute_later(monkeypatch, throttle_clock_held)
    response = try_pin("10.2.0.1", seating.table.pin, event.pk)
    assert response.status_code == 302
    assert response["Location"] == url("table_home", seating)


def test_a_flood_on_the_home_pages_box_keeps_a_new_phone_out_a_minute_at_most(
    monkeypatch: pytest.MonkeyPatch, throttle_clock_held: float
) -> None:
    seating = seating_of(running_event())
    flood_pins()
    assert try_pin("10.2.0.2", seating.table.pin).status_code == 429
    a_minute_later(monkeypatch, throttle_clock_held)
    assert try_pin("10.2.0.2", seating.table.pin).status_code == 302


def test_a_phone_that_opened_its_table_reopens_it_through_any_flood() -> None:
    seating = seating_of(running_event())
    player = phone("10.2.0.3")
    assert try_pin("", seating.table.pin, client=player).status_code == 302
    flood_pins()
    flood_pins(prefix="10.2.0")  # the flood may come from the player's own address too
    response = try_pin("", seating.table.pin, client=player)
    assert response.status_code == 302
    assert response["Location"] == url("table_home", seating)


def test_a_proof_opens_only_the_tables_its_phone_opened() -> None:
    event = running_event()
    first, second = seating_of(event, table=1), seating_of(event, table=2)
    player = phone("10.2.0.4")
    assert try_pin("", first.table.pin, client=player).status_code == 302
    flood_pins()
    assert try_pin("", second.table.pin, client=player).status_code == 429  # checked for no one


def test_a_forged_proof_is_no_proof() -> None:
    seating = seating_of(running_event())
    forger = phone("10.2.0.5")
    forged = {"d": "x", "t": [seating.table.pk], "a": []}
    forger.cookies[throttle.PROOF_COOKIE] = signing.dumps(
        forged, key="not-the-servers-key", salt=throttle.PROOF_SALT
    )
    flood_pins()
    assert try_pin("", seating.table.pin, client=forger).status_code == 429


def test_an_ipv6_client_is_counted_by_its_network() -> None:
    seating = seating_of(running_event())
    for n in range(throttle.PIN_ADDRESS.tries):
        try_pin(f"2001:db8::{n + 1}", wrong_pin())
    assert try_pin("2001:db8::ffff", seating.table.pin).status_code == 429


def test_a_correct_pin_of_another_event_still_opens_its_table() -> None:
    attacked, other = running_event(), running_event()
    flood_pins(attacked.pk, prefix="10.3")
    seating = seating_of(other)
    response = try_pin("10.4.0.1", seating.table.pin, other.pk)
    assert response.status_code == 302
    assert response["Location"] == url("table_home", seating)


def test_one_phone_mistyping_does_not_close_the_event_to_the_others() -> None:
    event = running_event()
    for _ in range(throttle.PIN_ADDRESS.tries):
        try_pin("10.5.0.1", wrong_pin(), event.pk)
    assert try_pin("10.5.0.1", seating_of(event).table.pin, event.pk).status_code == 429
    assert try_pin("10.5.0.2", seating_of(event, table=2).table.pin, event.pk).status_code == 302


def test_a_scan_of_the_pin_space_takes_longer_than_a_night() -> None:
    # Checked guesses without a proof, for one event, from all addresses together (the docstring's figures).
    per_hour = throttle.PIN_EVENT.per_hour()
    assert per_hour == 240
    average_scan_hours = 10**6 / 2 / per_hour
    assert average_scan_hours > 24 * 30  # 2,083 hours: more than a month of nights
    concurrent = 12  # gunicorn's workers times threads: a lost increment costs at most this factor
    assert 10**6 / 2 / (per_hour * concurrent) > 24 * 7  # 174 hours, even so
    tables = 30  # the home page's box looks among every running event's tables
    assert 10**6 / tables / per_hour > 24 * 5  # 139 hours to open any one of them
    # One phone's own budget is below the event's: a phone that mistypes closes only itself.
    assert throttle.PIN_ADDRESS.tries < throttle.PIN_EVENT.tries


def test_twelve_wrong_passwords_from_forged_addresses_keep_alice_out_a_minute_at_most(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, throttle_clock_held: float
) -> None:
    make_user("alice", password="right-horse-battery")
    with caplog.at_level(logging.WARNING, logger="tournament.throttle"):
        for n in range(12):
            forged = phone(f"10.6.{n}.1", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
            response = log_in(forged, "alice", f"x{n}")
    assert response.status_code == 429
    assert any("login-account" in r.getMessage() for r in caplog.records)
    right = log_in(phone("10.7.0.1"), "alice", "right-horse-battery")
    assert right.status_code == 429  # a device never seen, within the minute
    assert int(right["Retry-After"]) <= 60
    assert "Too many wrong passwords: try again in" in text(right)
    assert "_auth_user_id" not in right.client.session
    a_minute_later(monkeypatch, throttle_clock_held)
    assert log_in(phone("10.7.0.1"), "alice", "right-horse-battery").status_code == 302


def test_alices_own_device_logs_her_in_through_a_flood_on_her_account() -> None:
    make_user("alice", password="right-horse-battery")
    laptop = phone("10.7.0.2")
    assert log_in(laptop, "alice", "right-horse-battery").status_code == 302
    laptop.post(reverse("logout"))
    for n in range(12):
        log_in(phone(f"10.6.{n}.1"), "alice", f"x{n}")
    response = log_in(laptop, "alice", "right-horse-battery")
    assert response.status_code == 302
    assert response.client.session["_auth_user_id"]


def test_a_proven_device_has_its_own_few_tries_and_then_waits_like_anyone() -> None:
    make_user("alice", password="right-horse-battery")
    laptop = phone("10.7.0.3")
    assert log_in(laptop, "alice", "right-horse-battery").status_code == 302
    for n in range(throttle.LOGIN_DEVICE.tries):
        log_in(laptop, "alice", f"x{n}")
    for n in range(12):
        log_in(phone(f"10.6.{n}.1"), "alice", f"x{n}")
    assert log_in(laptop, "alice", "right-horse-battery").status_code == 429


def test_the_director_on_the_attackers_address_gets_in_once_the_minute_is_out(
    monkeypatch: pytest.MonkeyPatch, throttle_clock_held: float
) -> None:
    make_user("director", password="right-horse-battery")
    for n in range(12):
        log_in(phone("10.8.0.9"), f"user{n}", f"x{n}")  # one guess an account: the address's budget
    assert log_in(phone("10.8.0.9"), "director", "right-horse-battery").status_code == 429
    a_minute_later(monkeypatch, throttle_clock_held)
    assert log_in(phone("10.8.0.9"), "director", "right-horse-battery").status_code == 302


def test_one_address_guessing_many_accounts_is_locked_out() -> None:
    client = phone("10.8.0.1")
    for n in range(throttle.LOGIN_ADDRESS.tries):
        log_in(client, f"user{n}", "guess")
    make_user("someone", password="right-horse-battery")
    assert log_in(client, "someone", "right-horse-battery").status_code == 429


def test_the_right_password_still_logs_in_after_a_few_wrong_ones() -> None:
    make_user("director", password="right-horse-battery")
    client = phone("10.9.0.1")
    for n in range(3):
        assert log_in(client, "director", f"x{n}").status_code == 200
    assert log_in(client, "director", "right-horse-battery").status_code == 302


def test_the_admin_log_in_is_throttled_too() -> None:
    make_user("admin", password="right-horse-battery", is_staff=True)
    for n in range(throttle.LOGIN_ACCOUNT.tries):
        log_in(phone(f"10.10.{n}.1"), "admin", f"x{n}", name="admin:login")
    right = log_in(phone("10.11.0.1"), "admin", "right-horse-battery", name="admin:login")
    assert right.status_code == 429
    assert "Too many wrong passwords" in text(right)


# The client's address: X-Forwarded-For only from a trusted proxy ---------------------------------


def address_of(remote: str, forwarded: str | None = None) -> str:
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return throttle.client_address(RequestFactory().get("/", REMOTE_ADDR=remote, **extra))


def test_a_forged_forwarded_for_is_ignored_without_trusted_proxies() -> None:
    assert settings.TRUSTED_PROXIES == []
    assert address_of("203.0.113.7", "198.51.100.1") == "203.0.113.7"
    assert address_of("127.0.0.1", "198.51.100.1") == "127.0.0.1"


@override_settings(TRUSTED_PROXIES=["127.0.0.1", "10.0.0.0/8"])
def test_forwarded_for_is_believed_from_a_trusted_proxy_right_to_left() -> None:
    assert address_of("127.0.0.1", "198.51.100.1") == "198.51.100.1"
    # The client wrote the left-most entry itself; the proxies appended the rest.
    assert address_of("127.0.0.1", "6.6.6.6, 198.51.100.1, 10.0.0.5") == "198.51.100.1"
    assert address_of("127.0.0.1", "2001:db8:1:2::99") == "2001:db8:1:2::/64"
    assert address_of("203.0.113.7", "198.51.100.1") == "203.0.113.7"  # not a trusted proxy
    assert address_of("127.0.0.1", "not-an-address") == "127.0.0.1"


@override_settings(TRUSTED_PROXIES=["127.0.0.1"])
def test_behind_a_trusted_proxy_one_phone_locked_leaves_the_room_open() -> None:
    event = running_event()
    for _ in range(throttle.PIN_ADDRESS.tries):
        try_pin("", wrong_pin(), event.pk, client=phone("127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.1"))
    other = phone("127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.2")
    assert try_pin("", seating_of(event).table.pin, event.pk, client=other).status_code == 302

"""manage.py create_club: a club's own install gets its club and its first admin, who can run nights."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from tests.tournament.factories import make_club, make_user
from tournament.models import Club, Membership

pytestmark = pytest.mark.django_db


def create_club(*args: str) -> str:
    out = io.StringIO()
    call_command("create_club", *args, stdout=out, stderr=out)
    return out.getvalue()


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A director at a terminal, typing the passwords listed, in order."""
    typed: list[str] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("getpass.getpass", lambda prompt="": typed.pop(0))
    yield typed
    assert typed == []


def test_with_no_input_the_club_and_its_admin_are_made_and_the_printed_login_runs_nights() -> None:
    out = create_club("Riverside Auction Club", "--admin", "alice", "--no-input")
    assert "Created Riverside Auction Club at /c/riverside-auction-club/ with alice as its club admin." in out
    password = out.split("password: ")[1].split()[0]
    club = Club.objects.get()
    assert Membership.objects.get(club=club).role == Membership.Role.ADMIN
    client = Client()
    assert client.login(username="alice", password=password)
    assert "Riverside Auction Club" in client.get("/director/").content.decode()
    assert client.get(f"/c/{club.slug}/events/new/").status_code == 200


def test_at_a_terminal_the_password_is_asked_twice_and_checked(terminal: list[str]) -> None:
    terminal += [
        "a-first-long-password",
        "a-different-one-typed",
        "123",
        "123",
        "club-night-2026!",
        "club-night-2026!",
    ]
    out = create_club("Lilies", "--admin", "bob")
    assert "The two passwords differ" in out
    assert "This password is too short" in out
    assert "password: " not in out  # a typed password is never printed
    assert get_user_model().objects.get(username="bob").check_password("club-night-2026!")


def test_three_failed_tries_create_nothing(terminal: list[str]) -> None:
    terminal += ["short", "short"] * 3
    with pytest.raises(CommandError, match="nothing was created"):
        create_club("Lilies", "--admin", "bob")
    assert not Club.objects.exists()
    assert not get_user_model().objects.exists()


def test_an_existing_account_becomes_admin_and_keeps_its_password() -> None:
    make_user("carol", password="carols-own-password")
    out = create_club("Lilies", "--admin", "carol", "--slug", "lilies")
    assert "carol logs in with the password the account already has." in out
    assert get_user_model().objects.get(username="carol").check_password("carols-own-password")
    assert Membership.objects.get(user__username="carol", club__slug="lilies").role == Membership.Role.ADMIN


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["   ", "--admin", "dan", "--no-input"], "The club needs a name."),
        (["x" * 121, "--admin", "dan", "--no-input"], "too long: 120 characters at most"),
        (["♠♥", "--admin", "dan", "--no-input"], "gives no web address: choose one with --slug"),
        (["Taken", "--admin", "dan", "--no-input"], "There is already a club at /c/taken/"),
        (["New", "--admin", " ", "--no-input"], "--admin needs a user name."),
    ],
)
def test_a_club_that_cannot_be_made_is_refused_with_what_to_do(args: list[str], says: str) -> None:
    make_club("Taken", slug="taken")
    with pytest.raises(CommandError, match=says):
        create_club(*args)
    assert list(Club.objects.values_list("slug", flat=True)) == ["taken"]
    assert not get_user_model().objects.filter(username="dan").exists()


def test_dry_run_changes_nothing() -> None:
    out = create_club("Lilies", "--admin", "erin", "--dry-run")
    assert "Would create 'Lilies' with a new account 'erin' as its admin." in out
    assert not Club.objects.exists()


def test_beside_the_demo_it_says_how_to_start_without_it() -> None:
    make_club("Demo", slug="demo")
    out = create_club("Lilies", "--admin", "fay", "--no-input")
    assert "The demo club is in this database too" in out
    assert "make run DEMO=0" in out

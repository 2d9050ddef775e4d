"""The demo: three finished nights and a director account, for local set-ups only."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import override_settings

from tournament.models import Event
from tournament.services.standings import score_section

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=False)
def test_load_demo_refuses_with_debug_off() -> None:
    with pytest.raises(CommandError, match="local set-up"):
        call_command("load_demo")
    assert not get_user_model().objects.filter(username="director").exists()


@override_settings(DEBUG=True)
def test_load_demo_builds_three_scored_nights_and_prints_a_working_login() -> None:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    password = out.getvalue().split("password: ")[1].split()[0]
    user = get_user_model().objects.get(username="director")
    assert user.check_password(password)
    events = Event.objects.filter(club__slug="demo")
    assert sorted((e.game, e.form) for e in events) == [
        ("auction", "pairs"),
        ("auction", "teams"),
        ("whist", "pairs"),
    ]
    for event in events:
        sheet = score_section(event.sections.get())
        assert sheet.problems == []
        assert event.published and event.is_locked
        assert (sheet.contest or sheet.match) is not None
    pairs_night = events.get(game="auction", form="pairs")
    assert pairs_night.sections.get().tables == 5
    rulings = {r.law for r in pairs_night.sections.get().results.all() for r in r.rulings.all()}
    assert {"Law B (3)", "Law F"} <= rulings


@override_settings(DEBUG=True)
def test_load_demo_twice_keeps_one_demo_and_resets_the_password() -> None:
    call_command("load_demo", stdout=io.StringIO())
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert Event.objects.filter(club__slug="demo").count() == 3
    password = out.getvalue().split("password: ")[1].split()[0]
    assert get_user_model().objects.get(username="director").check_password(password)

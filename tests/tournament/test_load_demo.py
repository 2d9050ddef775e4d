"""The demo: five finished nights from fixtures/demo.json and a director account, for local set-ups only."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import override_settings

from tests.tournament.factories import make_club, make_user
from tournament.demo import build_demo
from tournament.games import CONTRACT
from tournament.models import Club, Event
from tournament.scores.standings import score_section

pytestmark = pytest.mark.django_db


def printed_password(out: io.StringIO) -> str:
    return out.getvalue().split("password: ")[1].split()[0]


def outcome(event: Event) -> object:
    """What a night came to: every pair's exact score and rank, or the match totals."""
    sheet = score_section(event.sections.get())
    bridge = CONTRACT.own_figures(sheet)
    if bridge is not None and bridge.match is not None:
        match = bridge.match
        return [(match.home, match.imps_home, match.vp_home), (match.away, match.imps_away, match.vp_away)]
    if bridge is not None:
        return [(line.pair, line.total, line.place.text, line.boards) for line in bridge.standings]
    if sheet.contest is not None:
        return [(s.pair, s.score, s.rank, s.deals) for s in sheet.contest.standings]
    assert sheet.match is not None
    return [(t.team, t.exact) for t in (sheet.match.first, sheet.match.second)]


@override_settings(DEBUG=False)
def test_load_demo_with_debug_off_as_make_run_serves_gives_the_demo_and_its_login() -> None:
    out = io.StringIO()
    call_command("load_demo", "--url", "http://192.168.1.20:8000/", stdout=out)
    assert "Director login at http://192.168.1.20:8000/login/ — user: director  password: " in out.getvalue()
    user = get_user_model().objects.get(username="director")
    assert user.check_password(printed_password(out))
    assert not (user.is_staff or user.is_superuser)
    assert Event.objects.filter(club__slug="demo").count() == 5


@override_settings(DEBUG=True)
def test_load_demo_loads_five_scored_nights_and_prints_a_working_login() -> None:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    user = get_user_model().objects.get(username="director")
    assert user.check_password(printed_password(out))
    events = Event.objects.filter(club__slug="demo")
    kinds = sorted((e.game, e.form) for e in events)
    assert kinds == [
        ("auction", "pairs"),
        ("auction", "teams"),
        ("contract", "pairs"),
        ("contract", "teams"),
        ("whist", "pairs"),
    ]
    for event in events:
        sheet = score_section(event.sections.get())
        assert sheet.problems == []
        assert event.published and event.is_locked
        own = CONTRACT.own_figures(sheet)
        bridge = own is not None and (own.standings or own.match is not None)
        assert sheet.contest is not None or sheet.match is not None or bridge
    pairs_night = events.get(game="auction", form="pairs")
    assert pairs_night.sections.get().tables == 5
    laws = {r.law for result in pairs_night.sections.get().results.all() for r in result.rulings.all()}
    assert {"Law B (3)", "Law F", "Law 84; Law D"} <= laws


@override_settings(DEBUG=True)
def test_the_fixture_is_exactly_what_the_demo_generator_builds() -> None:
    call_command("load_demo", stdout=io.StringIO())
    rebuilt = build_demo(make_user(), slug="demo-rebuilt")
    for event in Event.objects.filter(club__slug="demo"):
        twin = rebuilt.events.get(name=event.name)
        assert outcome(event) == outcome(twin), event.name


@override_settings(DEBUG=True)
def test_load_demo_twice_keeps_one_demo_and_resets_the_password() -> None:
    call_command("load_demo", stdout=io.StringIO())
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert Event.objects.filter(club__slug="demo").count() == 5
    assert get_user_model().objects.get(username="director").check_password(printed_password(out))


@override_settings(DEBUG=True)
def test_load_demo_leaves_a_database_with_clubs_of_its_own_alone() -> None:
    make_club("Real club")
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert "clubs of its own" in out.getvalue()
    assert list(Club.objects.values_list("name", flat=True)) == ["Real club"]
    assert not get_user_model().objects.filter(username="director").exists()

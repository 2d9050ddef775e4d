"""No page answers with a traceback: every URL, odd arguments, empty and garbage posts."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, get_resolver, reverse

from tests.tournament.factories import make_played_night
from tournament.models import Membership, Result, Ruling, Seating, Table

pytestmark = pytest.mark.django_db

GARBAGE_POSTS: list[dict[str, Any]] = [
    {},
    {"text": "8H N 14", "board": "99", "round": "x", "request_key": "not-a-uuid", "tricks": "fourteen"},
    {"level": "8", "strain": "Q", "declarer": "Z", "tricks": "-1", "honours_n": "6", "reason": "\x00"},
    {"pin": "' OR 1=1 --", "status": "nonsense", "kind": "??", "side": "XX", "points": "-50"},
]


def patterns() -> list[URLPattern]:
    found: list[URLPattern] = []

    def walk(entries: Any) -> None:
        for entry in entries:
            if isinstance(entry, URLPattern):
                found.append(entry)
            elif entry.namespace != "admin":  # Django's own admin is Django's to test
                walk(entry.url_patterns)

    walk(get_resolver().url_patterns)
    return [p for p in found if p.name]


def argument_sets(pattern: URLPattern, known: dict[str, Any]) -> list[dict[str, Any]]:
    names = list(pattern.pattern.regex.groupindex)
    odd = {"club_slug": ["no-such-club"], "letter": ["Z"], "doc": ["nothing"], "secret": ["nope"]}
    choices = [[known[name], *(odd.get(name, [999_999]))] for name in names]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*choices)]


@pytest.fixture
def night() -> dict[str, Any]:
    event = make_played_night(3)
    section = event.sections.get()
    result = Result.objects.filter(section=section).first()
    return {
        "event": event,
        "known": {
            "club_slug": event.club.slug,
            "event_id": event.pk,
            "letter": section.letter,
            "number": 1,
            "pair_pk": section.pairs.first().pk,
            "result_id": result.pk,
            "rid": result.pk,
            "ruling_id": Ruling.objects.first().pk if Ruling.objects.exists() else 1,
            "seating_id": Seating.objects.filter(section=section).first().pk,
            "secret": Table.objects.filter(section=section).first().secret,
            "r": 1,
            "n": 1,
            "board": 1,
            "round": 1,
            "doc": "standings",
        },
    }


def server_errors(
    client: Client, known: dict[str, Any], only: set[str] | None = None
) -> list[tuple[str, int]]:
    client.raise_request_exception = False
    failures = []
    for pattern in patterns():
        if only is not None and pattern.name not in only:
            continue
        for kwargs in argument_sets(pattern, known):
            url = reverse(pattern.name, kwargs=kwargs)
            responses = [client.get(url), client.get(url + "?_export=bogus&round=x&q=%00")]
            responses += [client.post(url, data) for data in GARBAGE_POSTS]
            failures += [(url, r.status_code) for r in responses if r.status_code >= 500]
    return failures


@pytest.mark.parametrize("who", ["visitor", "director"])
def test_no_url_answers_with_a_server_error(client: Client, night: dict[str, Any], who: str) -> None:
    if who == "director":
        membership = Membership.objects.filter(club=night["event"].club).select_related("user").first()
        assert membership is not None
        client.force_login(membership.user)
    assert server_errors(client, night["known"]) == []


def test_the_sweep_catches_a_page_that_breaks(client: Client, night: dict[str, Any], monkeypatch) -> None:
    import tournament.views.public

    monkeypatch.setattr(tournament.views.public, "Event", None)  # home() now fails inside the view
    assert ("/", 500) in server_errors(client, night["known"], only={"home"})

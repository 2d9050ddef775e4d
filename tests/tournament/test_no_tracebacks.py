"""No page answers with a traceback: every URL, odd arguments, empty and garbage posts."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, get_resolver, reverse

from tests.tournament.factories import make_played_night
from tournament.models import Event, Membership, Player, Result, Ruling, Seating, Table

pytestmark = pytest.mark.django_db

GARBAGE_POSTS: list[dict[str, Any]] = [
    {},
    {"text": "8H N 14", "board": "99", "round": "x", "request_key": "not-a-uuid", "tricks": "fourteen"},
    {"level": "8", "strain": "Q", "declarer": "Z", "tricks": "-1", "honours_n": "6", "reason": "\x00"},
    {"pin": "' OR 1=1 --", "status": "nonsense", "kind": "??", "side": "XX", "points": "-50"},
]

# "²" passes str.isdigit() and int() refuses it; PostgreSQL refuses a NUL; ten digits overflow an int4.
ODD_NUMBERS = ["%C2%B2", "%D9%A3", "1%00", "9999999999", "-1", "+1", " 1"]
ODD_QUERIES = [
    "&".join(f"{name}={value}" for name in ("event", "round", "board", "seating", "page", "table"))
    for value in ODD_NUMBERS
] + ["section=A%00", "section=%C2%B2", "table=%00"]


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
    odd["format"] = ["nothing"]
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
            "player_id": Player.objects.filter(club=event.club).first().pk,
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
            "format": "pbn",
            "job_id": 1,  # a big session import's job: none here, so a 404
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
            responses += [client.get(url + "?" + query) for query in ODD_QUERIES]
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


def odd_urls(known: dict[str, Any]) -> list[str]:
    """Paths a tampered link could carry: NUL bytes, superscript digits, ten-digit numbers."""
    event = f"/c/{known['club_slug']}/e/{known['event_id']}"
    secret = known["secret"]
    return [
        "/t/%00/",
        f"/t/{secret}%00/",
        "/t/%C2%B2/",
        f"/t/{secret}/results/9999999999/",
        f"/t/{secret}/round/%C2%B2/board/1/",
        f"{event}/s/A%00/boards/1/",
        f"{event}/s/%C2%B2/boards/1/",
        f"{event}/s/A/boards/1%00/",
        f"{event}/s/A/boards/99999999999999999999/",
        f"{event}/s/A%00/boards/1/enter/",
        f"{event}/pairs/99999999999999999999/",
        f"/c/{known['club_slug']}/e/99999999999999999999/",
        f"/c/{known['club_slug']}%00/e/{known['event_id']}/",
    ]


@pytest.mark.parametrize("who", ["visitor", "director"])
def test_odd_values_in_a_path_are_not_found_never_a_server_error(
    client: Client, night: dict[str, Any], who: str
) -> None:
    client.raise_request_exception = False
    if who == "director":
        membership = Membership.objects.filter(club=night["event"].club).select_related("user").first()
        client.force_login(membership.user)
    answers = {url: client.get(url).status_code for url in odd_urls(night["known"])}
    assert answers == dict.fromkeys(answers, 404)


@pytest.mark.parametrize("value", ODD_NUMBERS)
def test_a_superscript_or_nul_in_the_pin_page_event_shows_the_form(client: Client, value: str) -> None:
    client.raise_request_exception = False
    response = client.get(f"/t/?event={value}")
    assert response.status_code == 200
    assert "Table PIN" in response.content.decode()


def test_the_preview_refuses_an_odd_board_or_seating_with_a_clear_400(
    client: Client, night: dict[str, Any]
) -> None:
    client.raise_request_exception = False
    membership = Membership.objects.filter(club=night["event"].club).select_related("user").first()
    client.force_login(membership.user)
    url = reverse("entry_preview", args=[night["known"]["club_slug"], night["known"]["event_id"]])
    for query in ("board=%C2%B2", "board=1%00", "section=A%00&board=1", "board=9999999999"):
        response = client.get(f"{url}?{query}&entry=1S+N+7")
        assert response.status_code == 400, query
        assert response.json()["errors"]["board"] == "There is no such board in this event."
    response = client.get(f"{url}?board=1&seating=%C2%B2&entry=1S+N+7")
    assert response.status_code == 200


# What a tampered path may carry in place of any one argument: a number past every integer
# column, a superscript digit, a NUL byte (PostgreSQL refuses it in a query).
ODD_PATH_VALUES = ["99999999999999999999", "%C2%B2", "A%00"]


def odd_argument_urls(known: dict[str, Any]) -> list[str]:
    """Every named URL with each of its arguments in turn replaced by each odd value."""
    urls = []
    for pattern in patterns():
        names = list(pattern.pattern.regex.groupindex)
        for name in names:
            kwargs = {n: known[n] for n in names}
            url = reverse(pattern.name, kwargs=kwargs)
            marker = f"/{kwargs[name]}/" if f"/{kwargs[name]}/" in url else f"/{kwargs[name]}"
            odd_markers = [marker.replace(str(kwargs[name]), odd) for odd in ODD_PATH_VALUES]
            urls += [url.replace(marker, odd_marker, 1) for odd_marker in odd_markers]
    return urls


def test_every_path_argument_refuses_odd_values_without_a_server_error(
    client: Client, night: dict[str, Any]
) -> None:
    client.raise_request_exception = False
    membership = Membership.objects.filter(club=night["event"].club).select_related("user").first()
    client.force_login(membership.user)
    urls = odd_argument_urls(night["known"])
    assert len(urls) > 100  # every pattern with arguments was reached
    errors = [(url, status) for url in urls if (status := client.get(url).status_code) >= 500]
    assert errors == []


@pytest.fixture(params=["matchpoints", "butler", "team_imps"])
def contract_night(request: Any) -> dict[str, Any]:
    """A played contract bridge night, with an artificial and an assigned score, for the same sweep."""
    from tests.tournament.contract_night import make_contract_event, name_pairs, play_contract, varied
    from tournament.services.events import set_status
    from tournament.services.rulings import add_ruling

    teams = request.param == "team_imps"
    event = make_contract_event(method=request.param, **({"form": "teams"} if teams else {}))
    director = event.club.memberships.get().user
    name_pairs(event, director)
    Player.objects.create(club=event.club, name="A spare")
    play_contract(event, varied)
    first, second = Result.objects.filter(section__event=event).order_by("id")[:2]
    add_ruling(
        result=first,
        user=director,
        kind="artificial",
        law="Law 12C2",
        reason="x",
        ns_average="A+",
        ew_average="A",
    )
    add_ruling(result=second, user=director, kind="assigned", law="Law 12C1", reason="x", assigned="4S N =")
    set_status(event=event, user=director, status=Event.Status.RUNNING)
    section = event.sections.get()
    known = {
        "club_slug": event.club.slug,
        "event_id": event.pk,
        "letter": section.letter,
        "number": 1,
        "pair_pk": section.pairs.first().pk,
        "player_id": Player.objects.filter(club=event.club).first().pk,
        "result_id": first.pk,
        "rid": first.pk,
        "ruling_id": Ruling.objects.first().pk,
        "seating_id": Seating.objects.filter(section=section).first().pk,
        "secret": Table.objects.filter(section=section).first().secret,
        "r": 1,
        "n": 1,
        "board": 1,
        "round": 1,
        "doc": "standings",
        "format": "usebio",
        "job_id": 1,
    }
    return {"event": event, "known": known}


def test_no_url_of_a_contract_night_answers_with_a_server_error(
    client: Client, contract_night: dict[str, Any]
) -> None:
    membership = Membership.objects.filter(club=contract_night["event"].club).select_related("user").first()
    client.force_login(membership.user)
    assert server_errors(client, contract_night["known"]) == []

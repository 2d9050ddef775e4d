"""Pages for players cite laws: never a spec section ("spec §2.2"), a reading ("reading R-9"), or
Auction's royals on a contract bridge board. Every public page of a finished contract bridge night
(dealt, played, with adjusted scores), the calculator and the home page, read as a player sees them."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournament.contract_night import make_contract_event, play_contract, varied
from tournament.models import Event, Pair, Result, Ruling
from tournament.services import events as event_service
from tournament.services import hand_records
from tournament.services.rulings import add_ruling

pytestmark = pytest.mark.django_db

FORBIDDEN = re.compile(r"spec|§|reading R-|R-9|royals", re.IGNORECASE)


def finished_night(method: str) -> Event:
    event = make_contract_event(method=method)
    director = event.club.memberships.first().user
    hand_records.deal_boards(event=event, seed=7, user=director)
    play_contract(event, varied)
    results = list(Result.objects.filter(section__event=event).order_by("id"))
    add_ruling(
        result=results[2],
        user=director,
        kind=Ruling.Kind.ARTIFICIAL,
        law="Law 12C2",
        reason="Slow.",
        ns_average="A-",
        ew_average="A+",
    )
    add_ruling(
        result=results[4],
        user=director,
        kind=Ruling.Kind.ASSIGNED,
        law="Law 12C1",
        reason="MI.",
        assigned="3NT S =",
    )
    return event_service.set_status(
        event=event, user=director, status=Event.Status.LOCKED, published=True, lock_anyway=True
    )


def player_pages(event: Event) -> list[str]:
    args = [event.club.slug, event.pk]
    section = event.sections.get()
    pages = [reverse("home"), reverse("calculator"), reverse("event", args=args)]
    pages.append(reverse("standings_fragment", args=args))
    pages += [reverse("traveller", args=[*args, section.letter, b.number]) for b in section.boards.all()]
    pages += [reverse("recap", args=[*args, p.pk]) for p in Pair.objects.filter(section=section)]
    pages += [reverse("explain", args=[*args, r.pk]) for r in Result.objects.filter(section=section)]
    return pages


def shown_text(html: str) -> str:
    """What a reader sees: the text, without tags, comments, scripts and attributes."""
    html = re.sub(r"<!--.*?-->|<script.*?</script>|<style.*?</style>", " ", html, flags=re.DOTALL)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("method", [Event.Method.MATCHPOINTS, Event.Method.BUTLER])
def test_no_player_page_of_a_contract_night_cites_a_spec_a_reading_or_royals(method: str) -> None:
    event = finished_night(method)
    client = Client()
    found = []
    for path in player_pages(event):
        response = client.get(path)
        assert response.status_code == 200, path
        for match in FORBIDDEN.finditer(shown_text(response.content.decode())):
            text = shown_text(response.content.decode())
            found.append(f"{path}: …{text[max(match.start() - 60, 0) : match.end() + 20]}…")
    assert found == [], "\n".join(sorted({f.split(": ", 1)[1] for f in found}))


def test_the_home_page_and_the_calculator_speak_of_all_three_games() -> None:
    client = Client()
    for path in (reverse("home"), reverse("calculator")):
        text = shown_text(client.get(path).content.decode())
        for game in ("Contract Bridge", "Auction", "Whist"):
            assert game in text, (path, game)

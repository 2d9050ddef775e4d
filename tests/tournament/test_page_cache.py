"""The standings are rendered once per change and kept under their ETag in Django's cache
(``views.public``); no page that holds a form is kept.

That no kept page is ever stale after a write through any service is shown with every other page
in ``test_score_cache`` (the event page, the standings fragment and the running view are read
there after each write); here: rendered once, kept apart for whoever reads it differently, never
kept when the facts moved while it was made, no CSRF token ever kept, and drawn as django-tables2
draws a table.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from django.urls import reverse

from tests.tournament.factories import make_club, make_event, make_member, play_all
from tests.tournament.test_score_cache import Night, _record_missing
from tournament.models import Pair, Result
from tournament.scores import versions
from tournament.services import events as event_service
from tournament.services import results
from tournament.views import live, public

pytestmark = pytest.mark.django_db


def _published() -> Night:
    night = Night()
    night.event = event_service.set_status(event=night.event, user=night.director, published=True)
    return night


def _count_renderings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = public._standings_of

    def counted(event, sections, is_member):
        context = real(event, sections, is_member)
        calls.extend(section.pk for section in sections)
        return context

    monkeypatch.setattr(public, "_standings_of", counted)
    return calls


def test_the_standings_are_rendered_once_per_change_for_the_page_and_the_poll(client, monkeypatch):
    night = _published()
    calls = _count_renderings(monkeypatch)
    args = [night.club.slug, night.event.pk]
    for _ in range(2):
        assert client.get(reverse("event", args=args)).status_code == 200
        assert client.get(reverse("standings_fragment", args=args)).status_code == 200
    assert calls == [night.section.pk]
    _record_missing(night)
    page = client.get(reverse("event", args=args))
    fragment = client.get(reverse("standings_fragment", args=args))
    assert calls == [night.section.pk, night.section.pk]
    assert fragment.content.decode().strip() in page.content.decode()


def test_a_visitor_never_gets_the_standings_kept_for_a_club_member(client):
    night = _published()
    results.set_status(
        result=night.result(), status=Result.Status.DISPUTED, table=night.result().seating.table
    )
    address = reverse("event", args=[night.club.slug, night.event.pk])
    client.force_login(night.director)
    assert "Waiting for a ruling" in client.get(address).content.decode()  # kept for the club's people
    client.logout()
    page = client.get(address).content.decode()
    assert 'id="section-A"' in page and "Waiting for a ruling" not in page


def test_standings_made_while_a_write_moved_the_version_are_shown_but_not_kept(client, monkeypatch):
    night = _published()
    calls = _count_renderings(monkeypatch)
    real = public.score_section

    def scored_after_a_write(section):
        if len(calls) == 0:
            versions.sections_written([section])  # a result stored between reading the versions and scoring
        return real(section)

    monkeypatch.setattr(public, "score_section", scored_after_a_write)
    address = reverse("standings_fragment", args=[night.club.slug, night.event.pk])
    first = client.get(address)
    assert first.status_code == 200 and 'id="section-A"' in first.content.decode()
    # Made from the new version: not kept under the ETag of the version read before.
    assert cache.get(live.key("standings", first["ETag"], night.club.slug)) is None
    second = client.get(address)
    assert second["ETag"] != first["ETag"]
    assert cache.get(live.key("standings", second["ETag"], night.club.slug)) is not None
    client.get(address)
    assert len(calls) == 2  # the first, not kept; the second, at the new version, kept and read


@pytest.mark.django_db(transaction=True)
def test_polls_that_miss_at_the_same_moment_wait_for_one_scoring_and_get_the_same_standings(
    monkeypatch, settings
):
    """After a result every phone's poll misses at once: one of them scores the night, the others
    wait for its standings (``live.kept``'s claim). The cache is this process's: SQLite's shared
    in-memory database refuses a table to a second thread at once, which a file or a server does not."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    import threading
    import time

    from django.db import connections
    from django.test import Client

    from tournament.scores import standings

    night = _published()
    scorings: list[int] = []  # a board's results scored, once per board (scores.standings)
    real = standings._board_scores

    def slow_scoring(game, event, scored):  # slow enough that every thread arrives while it runs
        if not scorings:
            time.sleep(0.3)
        scorings.append(night.section.pk)
        return real(game, event, scored)

    monkeypatch.setattr(standings, "_board_scores", slow_scoring)
    cache.clear()
    fragment = reverse("standings_fragment", args=[night.club.slug, night.event.pk])
    barrier = threading.Barrier(6)
    bodies: list[bytes] = []

    def poll() -> None:
        try:
            barrier.wait(timeout=10)
            bodies.append(Client().get(fragment).content)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=poll) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert len(bodies) == 6 and len(set(bodies)) == 1
    assert scorings == [night.section.pk] * night.section.boards.count()  # each board scored once


# The standings body, byte for byte --------------------------------------------------------

GOLDEN_STANDINGS = Path(__file__).parent / "golden" / "standings_body.html"


def _one_table_differs(seating, board: int) -> str:
    return "2S N 8" if (board, seating.table.number) == (1, 1) else "1S N 7"


def _standings_body() -> str:
    """The standings fragment of a night with ties, thirds, a pair with no names and a name with
    markup in it, its club, event and pair numbers written as names so the text is the same on
    every database."""
    club = make_club()
    director = make_member(club)
    event = make_event(club, director)
    pairs = {p.label: p for p in Pair.objects.filter(section__event=event, is_phantom=False)}
    named = [("1NS", "<b>Ann</b>", "Bo & Co"), ("2NS", "Cy", "Di"), ("1EW", "Ed", "Flo")]
    named.append(("3EW", "Gus", "Hal"))
    event_service.name_pairs(
        event=event, names=[(pairs[label], first, second) for label, first, second in named], user=director
    )
    play_all(event, _one_table_differs)
    event = event_service.set_status(event=event, user=director, published=True)
    body = render_to_string(
        "tournament/public/_standings.html", public._standings_of(event, list(event.sections.all()), True)
    )
    for label, pair in pairs.items():
        body = body.replace(f'"{reverse("recap", args=[club.slug, event.pk, pair.pk])}"', f'"RECAP-{label}"')
    return body.replace(reverse("event", args=[club.slug, event.pk]), "/EVENT/")


def test_the_standings_body_is_drawn_byte_for_byte_as_before():
    body = _standings_body()
    assert body.count('<tr class="') == 12  # 6 pairs overall, 3 in each direction
    assert "2=" in body and " 1/3<" in body and "(names to come)" in body
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; Bo &amp; Co" in body
    assert body == GOLDEN_STANDINGS.read_text(encoding="utf-8")


# A fragment held by the worker that made it -------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_worker_reads_a_fragment_it_holds_again_without_the_shared_cache(monkeypatch):
    """A kept fragment's key names the committed versions it was made at, so the worker holds it
    and a warm read costs no round trip to the shared cache for the body."""
    from django.test import Client

    from tournament.views import live

    night = _published()
    address = reverse("standings_fragment", args=[night.club.slug, night.event.pk])
    client = Client()
    first = client.get(address)
    assert first.status_code == 200
    real = live.cache
    asked: list[str] = []

    class Counting:
        def __getattr__(self, name: str):
            return getattr(real, name)

        def get(self, name: str, *args, **kwargs):
            asked.append(name)
            return real.get(name, *args, **kwargs)

    monkeypatch.setattr(live, "cache", Counting())
    second = client.get(address)
    assert second.content == first.content
    assert not [name for name in asked if name.startswith("live:")]
    live.forget_in_process()
    third = client.get(address)
    assert third.content == first.content
    assert [name for name in asked if name.startswith("live:")]  # read back from the shared cache


def test_a_fragment_made_inside_a_transaction_is_not_held_by_the_worker():
    """Its versions come again if the transaction rolls back, with other facts."""
    from django.test import Client

    from tournament.views import live

    night = _published()
    response = Client().get(reverse("standings_fragment", args=[night.club.slug, night.event.pk]))
    assert response.status_code == 200
    assert live._recent == {}

"""A document a visitor downloads is made once per change of what it shows, then served as stored; an
address downloads at most thirty a minute, the club's own people as many as they like."""

from __future__ import annotations

import io
import threading
import time
from typing import Any

import openpyxl
import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from tests.tournament.factories import make_member, make_played_night
from tests.tournament.pdf_text import read_pdf
from tournament import documents, throttle
from tournament.models import Event, Pair
from tournament.pdf.travellers import TravellersPdf
from tournament.services import analyses
from tournament.services.events import name_pair
from tournament.views import exports

pytestmark = pytest.mark.django_db


class Counted:
    """Wraps a function and counts its calls."""

    def __init__(self, function: Any) -> None:
        self.function, self.calls = function, 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.function(*args, **kwargs)


def pdf(event: Event, doc: str) -> str:
    return reverse("pdf_document", args=[event.club.slug, event.pk, doc])


def test_the_travellers_are_drawn_once_per_change_of_what_they_show(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = Counted(TravellersPdf.render)
    monkeypatch.setattr(TravellersPdf, "render", lambda self: drawn(self))
    event = make_played_night(tables=3)  # its deals not analysed yet

    first = Client().get(pdf(event, "travellers"))
    second = Client(REMOTE_ADDR="10.0.0.9").get(pdf(event, "travellers"))  # another phone

    assert first.status_code == second.status_code == 200
    assert drawn.calls == 1
    assert second.content == first.content
    assert "Double-dummy analysis coming." in read_pdf(first.content).text

    analyses.analyse()  # the server's analysis of the deals is saved: the travellers show it
    third = Client().get(pdf(event, "travellers"))
    assert drawn.calls == 2
    assert "Double-dummy tricks" in read_pdf(third.content).text
    Client().get(pdf(event, "travellers"))
    assert drawn.calls == 2


def test_a_change_replaces_the_kept_copy_rather_than_keeping_one_copy_a_change() -> None:
    from django.conf import settings
    from django.db import connection

    event = make_played_night(tables=3)
    director = event.club.memberships.get().user
    pairs = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id")
    made = []
    for index, pair in enumerate(pairs[:3]):
        name_pair(pair=pair, first=f"First {index}", second=f"Second {index}", user=director)
        made.append(Client().get(pdf(event, "standings")).content)
    assert len(set(made)) == 3  # each change made the standings anew
    table = settings.CACHES["default"]["LOCATION"]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT COUNT(*) FROM {table} WHERE cache_key LIKE %s", [f"%document:{documents.FORMAT}:%"]
        )
        (copies,) = cursor.fetchone()
    assert copies == 1  # the latest only: a night in play does not pile up a copy for each change


def test_the_standings_workbook_is_written_once_per_change_of_a_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written = Counted(exports.export_standings)
    monkeypatch.setattr(exports, "export_standings", written)
    event = make_played_night(tables=3)
    address = reverse("export_xlsx", args=[event.club.slug, event.pk])

    first, second = Client().get(address), Client().get(address)
    assert written.calls == 1 and first.content == second.content
    assert second["Content-Disposition"] == first["Content-Disposition"]

    director = event.club.memberships.get().user
    pair = Pair.objects.filter(section__event=event, is_phantom=False).order_by("id").last()
    name_pair(pair=pair, first="Ada Lovelace", second="Charles Babbage", user=director)
    third = Client().get(address)
    assert written.calls == 2
    names = openpyxl.load_workbook(io.BytesIO(third.content)).active
    assert any("Ada Lovelace" in str(cell.value) for row in names.iter_rows() for cell in row)


def test_the_thirty_first_download_of_a_minute_from_one_address_is_refused_with_when_to_try_again(
    throttle_clock_held: float,
) -> None:
    event = make_played_night(tables=3)
    address = reverse("export_csv", args=[event.club.slug, event.pk])
    phone = Client(REMOTE_ADDR="192.168.1.40")
    tries = throttle.DOWNLOAD_ADDRESS.tries
    assert tries == 30

    answers = [phone.get(address).status_code for _ in range(tries)]
    refused = phone.get(pdf(event, "standings"))

    assert answers == [200] * tries
    assert refused.status_code == 429
    assert refused["Retry-After"] == "30"  # the clock is held 30 s into the minute
    page = refused.content.decode()
    assert "Too many downloads" in page and "try again in 30 seconds" in page
    assert Client(REMOTE_ADDR="192.168.1.41").get(address).status_code == 200  # another phone
    csv_of_a_page = reverse("event", args=[event.club.slug, event.pk]) + "?_export=csv"
    assert phone.get(csv_of_a_page).status_code == 429  # a page's table as CSV is a download too


def test_the_clubs_director_downloads_as_often_as_needed(throttle_clock_held: float) -> None:
    event = make_played_night(tables=3)
    director = Client(REMOTE_ADDR="192.168.1.40")
    director.force_login(make_member(event.club))
    address = reverse("export_csv", args=[event.club.slug, event.pk])
    assert {director.get(address).status_code for _ in range(throttle.DOWNLOAD_ADDRESS.tries + 5)} == {200}


@pytest.mark.django_db(transaction=True)
def test_phones_asking_at_once_for_a_document_not_kept_yet_wait_for_one_making(settings: Any) -> None:
    if connection.vendor == "sqlite":
        # SQLite in memory shares its tables between threads with locks that fail at once rather
        # than wait, as a file with WAL would: the phones' cache is this process's memory instead.
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    event = make_played_night(tables=3)
    made: list[str] = []

    def make() -> documents.Made:
        made.append(threading.current_thread().name)
        time.sleep(0.3)  # long enough for the other phones to ask meanwhile
        return "night.pdf", "application/pdf", b"%PDF-night"

    barrier = threading.Barrier(4)
    answers: list[Any] = []

    def ask() -> None:
        try:
            barrier.wait(timeout=10)
            answers.append(documents.stored(event, "travellers", make))
        finally:
            connections.close_all()

    phones = [threading.Thread(target=ask, name=f"phone-{n}") for n in range(4)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join(timeout=60)

    assert len(made) == 1
    assert answers == [("night.pdf", "application/pdf", b"%PDF-night")] * 4

"""A big session's file imported in the background: the page says it runs, then opens the session.

The tests run the import's task at once (tests/settings.py); one queues it in the database and
runs the worker command, as the server does. The file here is a small real one (108 lines), the
bound lowered to 50.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from tests.tournament.background import on_the_database, queued, run_worker
from tests.tournament.factories import make_club, make_member
from tournament.interchange import jobs as session_jobs
from tournament.interchange.importing import import_session
from tournament.models import Event, SessionFile, SessionImportJob

pytestmark = pytest.mark.django_db

REAL = Path(__file__).resolve().parents[1] / "conformance" / "realworld"
HOWELL = "compscore_usebio_cross_imp_howell.xml"


@pytest.fixture(autouse=True)
def big_from_fifty_lines(settings: Any) -> None:
    settings.SESSION_IMPORT_IN_BACKGROUND_LINES = 50  # the file has 108


def upload(client: Any, club: Any, content: bytes, **data: Any) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    files = {"file": SimpleUploadedFile("monday.xml", content)}
    return client.post(reverse("session_import", args=[club.slug]), {**files, **data})


def test_a_big_file_is_imported_in_the_background_and_its_page_then_opens_the_session(
    client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    club = make_club()
    client.force_login(make_member(club))
    with django_capture_on_commit_callbacks(execute=False) as started:
        response = upload(client, club, (REAL / HOWELL).read_bytes())
    job = SessionImportJob.objects.get(club=club)
    assert response.status_code == 302
    assert response.url == reverse("session_import_job", args=[club.slug, job.pk])
    assert not Event.objects.filter(club=club).exists()  # nothing is imported while the browser waits

    waiting = client.get(response.url)
    assert waiting.status_code == 202
    page = waiting.content.decode()
    assert 'http-equiv="refresh"' in page and "Importing monday.xml" in page

    for callback in started:  # the task's work, here in the test
        callback()
    event = Event.objects.get(club=club)
    done = client.get(response.url)
    assert done.status_code == 302 and done.url == reverse("session_files", args=[club.slug, event.pk])
    assert "agrees with the file on all 108 traveller lines" in client.get(done.url).content.decode()
    job.refresh_from_db()
    assert (job.status, bytes(job.content)) == (SessionImportJob.Status.DONE, b"")


def test_a_big_file_refused_as_it_is_written_shows_the_refusal_on_its_page_and_changes_nothing(
    client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    club = make_club()
    director = make_member(club)
    client.force_login(director)
    first = import_session(club=club, user=director, content=(REAL / HOWELL).read_bytes(), name="monday.xml")
    assert first.event is not None
    before = SessionFile.objects.count()
    with django_capture_on_commit_callbacks(execute=True):  # a matchpoint session added to a cross-IMP night
        response = upload(
            client, club, (REAL / "compscore_usebio_mp_howell.xml").read_bytes(), event=first.event.pk
        )
    page = client.get(response.url)
    assert page.status_code == 200
    text = page.content.decode()
    assert "a night&#x27;s sessions are scored alike. Nothing was imported." in text
    assert 'http-equiv="refresh"' not in text
    assert SessionFile.objects.count() == before


def test_a_big_file_that_cannot_be_read_is_refused_on_the_form_before_any_job(client: Any) -> None:
    club = make_club()
    client.force_login(make_member(club))
    broken = (REAL / HOWELL).read_bytes().replace(b"<BOARD_NUMBER>1<", b"<BOARD_NUMBER>x<", 1)
    response = upload(client, club, broken)
    assert response.status_code == 400
    assert "Nothing was imported." in response.content.decode()
    assert not SessionImportJob.objects.exists()


def test_a_big_upload_sent_twice_starts_one_job_and_makes_one_event(
    client: Any, django_capture_on_commit_callbacks: Any
) -> None:
    club = make_club()
    client.force_login(make_member(club))
    form = client.get(reverse("session_import", args=[club.slug])).content.decode()
    key = re.search(r'name="request_key" value="([0-9a-f-]+)"', form)
    assert key is not None
    with django_capture_on_commit_callbacks(execute=True):
        first = upload(client, club, (REAL / HOWELL).read_bytes(), request_key=key.group(1))
        second = upload(client, club, (REAL / HOWELL).read_bytes(), request_key=key.group(1))
    assert first.url == second.url
    assert SessionImportJob.objects.count() == 1
    assert Event.objects.filter(club=club).count() == 1 and SessionFile.objects.count() == 1


def test_another_clubs_director_cannot_read_a_clubs_import_job(client: Any) -> None:
    club = make_club()
    job = session_jobs.start_import(
        club=club, user=make_member(club), content=(REAL / HOWELL).read_bytes(), name="monday.xml"
    )
    client.force_login(make_member(make_club("Another club")))
    assert client.get(reverse("session_import_job", args=[club.slug, job.pk])).status_code == 404


@pytest.mark.django_db(transaction=True)  # the worker commits as it goes, as in the server
def test_in_the_server_the_import_is_queued_and_the_worker_imports_it(client: Any, settings: Any) -> None:
    on_the_database(settings)
    club = make_club()
    client.force_login(make_member(club))
    response = upload(client, club, (REAL / HOWELL).read_bytes())
    # The request kept the upload and queued its import; nothing was imported yet.
    job = SessionImportJob.objects.get(club=club)
    [task] = queued("import_file")
    assert (job.status, job.task) == (SessionImportJob.Status.RUNNING, str(task.id))
    assert not Event.objects.filter(club=club).exists()
    assert client.get(response.url).status_code == 202

    run_worker()

    job.refresh_from_db()
    assert job.status == SessionImportJob.Status.DONE
    assert client.get(response.url).url == reverse("session_files", args=[club.slug, job.event_id])
    assert queued() == []


@pytest.mark.django_db(transaction=True)  # the worker commits as it goes, as in the server
def test_an_import_whose_worker_stopped_in_the_middle_is_shown_as_stopped(
    client: Any, settings: Any, monkeypatch: Any
) -> None:
    on_the_database(settings)
    club = make_club()
    director = make_member(club)
    job = session_jobs.start_import(
        club=club, user=director, content=(REAL / HOWELL).read_bytes(), name="monday.xml"
    )
    client.force_login(director)
    page = reverse("session_import_job", args=[club.slug, job.pk])
    waiting = client.get(page)

    def stopped(job_id: int) -> None:
        raise SystemExit(1)  # the worker's second Ctrl-C, in the middle of the import

    monkeypatch.setattr(session_jobs, "run", stopped)
    run_worker()
    after = client.get(page)

    assert waiting.status_code == 202 and 'id="session-import-stalled"' not in waiting.content.decode()
    assert after.status_code == 200
    assert 'id="session-import-stalled"' in after.content.decode()
    assert 'http-equiv="refresh"' not in after.content.decode()
    assert not Event.objects.filter(club=club).exists()


def test_a_running_imports_page_runs_a_fixed_number_of_queries(
    client: Any, django_assert_num_queries: Any
) -> None:
    club = make_club()
    director = make_member(club)
    job = session_jobs.start_import(
        club=club, user=director, content=(REAL / HOWELL).read_bytes(), name="x.xml"
    )
    client.force_login(director)
    # session, user, club, the user's role, the job with what it made (its upload left unread)
    with django_assert_num_queries(5):
        response = client.get(reverse("session_import_job", args=[club.slug, job.pk]))
    assert response.status_code == 202

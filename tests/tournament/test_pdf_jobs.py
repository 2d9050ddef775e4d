"""A big night's recap sheets are made in the background: progress shown, one job shared, served when ready.

The threshold is lowered so that a 3-table night counts as big. In the tests the job's task runs at
once, when the request's transaction "commits" (the captured on-commit callbacks run); the tests
"in the server" queue it in the database and run the worker command, as ``make run`` does.
The cast: the club's director, a director of another club, an anonymous visitor.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.auction.entry import parse_entry
from tests.tournament.background import on_the_database, queued, run_worker
from tests.tournament.factories import make_club, make_member, make_played_night
from tests.tournament.pdf_text import read_pdf
from tournament import throttle
from tournament.models import Club, Event, Membership, Pair, PdfJob, Result
from tournament.pdf import jobs as pdf_jobs
from tournament.pdf.recaps import RecapsPdf
from tournament.services import events, results
from tournament.services.result_facts import Facts

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _three_tables_are_big(settings: Any) -> None:
    settings.RECAP_SHEETS_IN_BACKGROUND_TABLES = 2


def recaps_url(event: Event) -> str:
    return reverse("pdf_document", args=[event.club.slug, event.pk, "recaps"])


def director_of(event: Event) -> Any:
    return Membership.objects.get(club=event.club, role=Membership.Role.DIRECTOR).user


def client_for(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def pairs_of(event: Event) -> int:
    return Pair.objects.filter(section__event=event, is_phantom=False).count()


def test_the_first_request_shows_the_progress_and_the_next_gets_the_pdf(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_played_night(tables=3)
    client = client_for(director_of(event))

    with django_capture_on_commit_callbacks(execute=True):
        waiting = client.get(recaps_url(event))
    ready = client.get(recaps_url(event))

    assert waiting.status_code == 202 and waiting["Content-Type"].startswith("text/html")
    page = waiting.content.decode()
    assert f"Preparing the recap sheets: 0 of {pairs_of(event)} pairs." in page
    assert '<meta http-equiv="refresh" content="2">' in page
    assert ready.status_code == 200 and ready["Content-Type"] == "application/pdf"
    assert ready["Content-Disposition"].endswith('-recaps.pdf"')
    read = read_pdf(ready.content)
    assert read.page_count == pairs_of(event)
    assert "Recap — pair 1NS" in read.text
    job = PdfJob.objects.get(event=event)
    assert (job.status, job.done, job.total, job.requested_by) == ("done", 6, 6, director_of(event))


def test_the_file_served_is_the_one_drawn_while_the_browser_waits(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_played_night(tables=3)
    with django_capture_on_commit_callbacks(execute=True):
        client_for().get(recaps_url(event))

    served = client_for().get(recaps_url(event)).content

    assert served == RecapsPdf(event).render()[2]


def test_a_second_request_while_it_is_made_joins_it_and_starts_nothing(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_played_night(tables=3)

    with django_capture_on_commit_callbacks(execute=False) as started:
        first = client_for(director_of(event)).get(recaps_url(event))
        second = client_for().get(recaps_url(event))

    assert first.status_code == second.status_code == 202
    assert len(started) == 1
    job = PdfJob.objects.get(event=event)
    assert (job.status, job.run) == ("running", 1)


def test_the_page_shows_how_many_pairs_are_drawn_so_far(django_capture_on_commit_callbacks: Any) -> None:
    event = make_played_night(tables=3)
    with django_capture_on_commit_callbacks(execute=False):
        client_for().get(recaps_url(event))
        PdfJob.objects.filter(event=event).update(done=4)
        page = client_for().get(recaps_url(event)).content.decode()

    assert "Preparing the recap sheets: 4 of 6 pairs." in page


def test_the_task_tells_the_job_each_pair_it_has_laid_out(monkeypatch: Any) -> None:
    event = make_played_night(tables=3)
    seen: list[int] = []
    monkeypatch.setattr(pdf_jobs, "PROGRESS_EVERY", 0)
    job = pdf_jobs.recap_sheets(event=event, user=None, base_url="http://testserver/")
    RecapsPdf(event, progress=seen.append).render()
    pdf_jobs.make(job.pk, job.run, "http://testserver/")

    assert seen == [1, 2, 3, 4, 5, 6]
    assert PdfJob.objects.get(pk=job.pk).done == 6


def test_a_changed_result_makes_the_file_stale_and_it_is_made_again(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_played_night(tables=3)
    events.set_status(
        event=event, user=director_of(event), status=Event.Status.RUNNING, reason="A correction."
    )
    with django_capture_on_commit_callbacks(execute=True):
        client_for().get(recaps_url(event))
    before = client_for().get(recaps_url(event)).content
    result = Result.objects.filter(section__event=event, seating__table__number=2).first()
    assert result is not None
    entry = parse_entry("4S E 10", allow_pass=True)
    facts = Facts(contract=entry.contract, declarer=entry.declarer, tricks=entry.tricks)
    results.correct(result=result, facts=facts, reason="Misread the traveller.", user=director_of(event))

    with django_capture_on_commit_callbacks(execute=True) as started:
        again = client_for().get(recaps_url(event))
    after = client_for().get(recaps_url(event)).content

    assert again.status_code == 202 and len(started) == 1
    assert PdfJob.objects.get(event=event).run == 2
    assert after != before
    assert after == RecapsPdf(event).render()[2]


def test_a_change_of_the_clubs_paper_or_name_makes_the_file_again(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_played_night(tables=3)
    director = client_for(director_of(event))
    with django_capture_on_commit_callbacks(execute=True):
        director.get(recaps_url(event))
    assert director.get(recaps_url(event)).status_code == 200  # ready, on A4

    Club.objects.filter(pk=event.club_id).update(paper_size=Club.PaperSize.LETTER)  # in the admin
    with django_capture_on_commit_callbacks(execute=True) as started:
        again = director.get(recaps_url(event))
    letter = director.get(recaps_url(event))
    Club.objects.filter(pk=event.club_id).update(name="The Renamed Club")
    with django_capture_on_commit_callbacks(execute=True) as renamed:
        director.get(recaps_url(event))

    assert again.status_code == 202 and len(started) == 1
    assert "(letter)" in read_pdf(letter.content).page_size
    assert len(renamed) == 1 and PdfJob.objects.get(event=event).run == 3


def test_a_failure_is_a_sentence_with_a_retry_and_the_retry_makes_it(
    django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    event = make_played_night(tables=3)

    def broken(self: RecapsPdf) -> Any:
        raise ValueError("the drawing broke")

    with monkeypatch.context() as patched:
        patched.setattr(RecapsPdf, "story", broken)
        with django_capture_on_commit_callbacks(execute=True):
            client_for().get(recaps_url(event))
        failed = client_for().get(recaps_url(event))
    page = failed.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        retried = client_for().post(reverse("pdf_job_retry", args=[event.club.slug, event.pk]))
    ready = client_for().get(recaps_url(event))

    assert failed.status_code == 200
    assert "The recap sheets could not be made" in page
    assert "Traceback" not in page and "the drawing broke" not in page and "ValueError" not in page
    assert 'http-equiv="refresh"' not in page  # a failure does not ask again by itself
    assert 'id="pdf-job-retry"' in page
    assert retried.status_code == 302 and retried["Location"] == recaps_url(event)
    assert ready["Content-Type"] == "application/pdf"
    assert PdfJob.objects.get(event=event).run == 2


def test_a_failed_job_is_not_started_again_by_merely_asking_for_it(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_played_night(tables=3)
    with django_capture_on_commit_callbacks(execute=False):
        client_for().get(recaps_url(event))
    PdfJob.objects.filter(event=event).update(status=PdfJob.Status.FAILED, error=pdf_jobs.FAILED)

    with django_capture_on_commit_callbacks(execute=False) as started:
        client_for().get(recaps_url(event))

    assert started == []


@pytest.mark.django_db(transaction=True)  # the worker commits as it goes, as in the server
def test_a_job_whose_task_ended_without_finishing_it_is_started_again(
    monkeypatch: Any, settings: Any
) -> None:
    on_the_database(settings)
    event = make_played_night(tables=3)
    client_for().get(recaps_url(event))
    with monkeypatch.context() as patched:

        def stopped(job_id: int, run: int, base_url: str) -> None:
            raise SystemExit(1)  # the worker's second Ctrl-C, in the middle of the drawing

        patched.setattr(pdf_jobs, "make", stopped)
        run_worker()
    assert PdfJob.objects.get(event=event).status == PdfJob.Status.RUNNING

    waiting = client_for().get(recaps_url(event))
    assert waiting.status_code == 202 and len(queued("make_document")) == 1
    run_worker()

    assert PdfJob.objects.get(event=event).run == 2
    assert client_for().get(recaps_url(event))["Content-Type"] == "application/pdf"


def test_a_job_whose_task_waits_for_a_worker_is_joined_not_started_again(
    django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    on_the_database(settings)
    event = make_played_night(tables=3)
    with django_capture_on_commit_callbacks(execute=True):
        client_for().get(recaps_url(event))

    with django_capture_on_commit_callbacks(execute=True) as started:
        client_for().get(recaps_url(event))

    assert started == [] and len(queued("make_document")) == 1
    assert PdfJob.objects.get(event=event).run == 1


def test_a_task_whose_job_was_started_again_writes_nothing(monkeypatch: Any) -> None:
    event = make_played_night(tables=3)
    monkeypatch.setattr(pdf_jobs, "PROGRESS_EVERY", 0)
    job = pdf_jobs.recap_sheets(event=event, user=None, base_url="")
    PdfJob.objects.filter(pk=job.pk).update(run=job.run + 1)  # a newer making took over

    pdf_jobs.make(job.pk, job.run, "")

    job = PdfJob.objects.get(pk=job.pk)
    assert (job.status, job.done, bytes(job.content)) == ("running", 0, b"")


def test_a_director_of_another_club_cannot_reach_an_unpublished_big_night() -> None:
    event = make_played_night(tables=3, published=False)
    outsider = make_member(make_club())

    assert client_for(outsider).get(recaps_url(event)).status_code == 404
    assert (
        client_for(outsider).post(reverse("pdf_job_retry", args=[event.club.slug, event.pk])).status_code
        == 404
    )
    assert client_for().get(recaps_url(event)).status_code == 404
    assert not PdfJob.objects.exists()


def test_another_clubs_address_does_not_reach_the_job() -> None:
    event = make_played_night(tables=3)
    other = make_club()

    assert client_for().get(reverse("pdf_document", args=[other.slug, event.pk, "recaps"])).status_code == 404
    assert not PdfJob.objects.exists()


def test_the_retry_is_only_posted() -> None:
    event = make_played_night(tables=3)

    assert client_for().get(reverse("pdf_job_retry", args=[event.club.slug, event.pk])).status_code == 405


def test_a_night_at_the_threshold_is_drawn_while_the_browser_waits(settings: Any) -> None:
    settings.RECAP_SHEETS_IN_BACKGROUND_TABLES = 3
    event = make_played_night(tables=3)

    response = client_for().get(recaps_url(event))

    assert response["Content-Type"] == "application/pdf"
    assert not PdfJob.objects.exists()


def test_other_documents_of_a_big_night_are_drawn_at_once() -> None:
    event = make_played_night(tables=3)

    for doc in ("standings", "guide"):  # the recap sheets and the travellers are the heavy ones
        response = client_for().get(reverse("pdf_document", args=[event.club.slug, event.pk, doc]))
        assert response["Content-Type"] == "application/pdf"
    assert not PdfJob.objects.exists()


@pytest.mark.django_db(transaction=True)  # the worker commits as it goes, as in the server
def test_in_the_server_a_request_queues_the_sheets_and_the_worker_makes_them(settings: Any) -> None:
    on_the_database(settings)
    event = make_played_night(tables=3)

    waiting = client_for().get(recaps_url(event))
    job = PdfJob.objects.get(event=event)
    [task] = queued("make_document")
    # The request queued the drawing and drew nothing.
    assert waiting.status_code == 202
    assert (job.status, job.done, bytes(job.content), job.task) == ("running", 0, b"", str(task.id))
    assert client_for().get(recaps_url(event)).status_code == 202  # still waiting for a worker

    run_worker()
    ready = client_for().get(recaps_url(event))

    assert ready["Content-Type"] == "application/pdf"
    assert read_pdf(ready.content).page_count == pairs_of(event)
    assert queued() == []


def test_a_big_nights_travellers_are_made_in_the_background_too(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_played_night(tables=3)
    travellers = reverse("pdf_document", args=[event.club.slug, event.pk, "travellers"])

    with django_capture_on_commit_callbacks(execute=False) as started:
        waiting = client_for().get(travellers)
    assert waiting.status_code == 202
    page = waiting.content.decode()
    assert "Preparing the travellers." in page and "<h1>Travellers — " in page
    assert len(started) == 1
    started[0]()  # the worker draws them

    ready = client_for().get(travellers)
    assert ready.status_code == 200 and ready["Content-Type"] == "application/pdf"
    assert ready["Content-Disposition"].endswith('-travellers.pdf"')
    assert "Board 1" in read_pdf(ready.content).text
    assert PdfJob.objects.get(event=event, document="travellers").status == PdfJob.Status.DONE


def test_the_page_that_waits_is_not_counted_as_a_download_but_the_file_is(
    django_capture_on_commit_callbacks: Any, throttle_clock_held: float
) -> None:
    event = make_played_night(tables=3)
    phone = Client(REMOTE_ADDR="192.168.1.50")
    with django_capture_on_commit_callbacks(execute=False) as started:
        waits = {phone.get(recaps_url(event)).status_code for _ in range(throttle.DOWNLOAD_ADDRESS.tries + 5)}
    assert waits == {202} and len(started) == 1
    started[0]()
    standings = reverse("pdf_document", args=[event.club.slug, event.pk, "standings"])
    served = [phone.get(standings).status_code for _ in range(throttle.DOWNLOAD_ADDRESS.tries - 1)]
    assert served == [200] * (throttle.DOWNLOAD_ADDRESS.tries - 1)
    assert phone.get(recaps_url(event)).status_code == 200  # the thirtieth download: the file
    assert phone.get(recaps_url(event)).status_code == 429

"""The recap sheets and travellers of a big night, made in the background with their progress shown.

A 120-table night's recap sheets take seconds of a core to draw: too long for a browser (and a
gunicorn thread) to wait on, and a cost no one should pay twice. So a night of more than
``RECAP_SHEETS_IN_BACKGROUND_TABLES`` tables has them made once by a task (django-tasks, run by
``manage.py db_worker``), as the recap mail is (``tournament.mail``), and kept in a
:class:`~tournament.models.PdfJob` row that every server process sees: the first request starts
the job, every request while it runs joins it (the page says "k of n pairs" and refreshes itself),
and the request after it serves the file. The job row, not the task's result, carries the
progress and the file: the task only says that it ran, and a file of megabytes is no JSON. The
job records the sections' versions it was made from (``scores.cache``): a change of any fact
raises a version, so the file is stale and the next request makes it again. A job that fails is
shown as a sentence with a retry; one whose task ended without finishing it (its worker was
stopped in the middle) is started again by the next request.

The travellers of such a night (a page a board or two, every table's line, a hand diagram) are
made the same way: their job counts no progress, its page says they are being prepared.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tasks import task

from .. import background
from ..models import Event, Pair, PdfJob, Section

log = logging.getLogger(__name__)

RECAPS = "recaps"
TRAVELLERS = "travellers"
IN_BACKGROUND = {RECAPS: "recap sheets", TRAVELLERS: "travellers"}
"""The documents a big night has made in the background, and what their page calls them."""
# The task writes its progress at most this often (seconds), not once a pair.
PROGRESS_EVERY = 0.5
FAILED = (
    "The {document} could not be made: something went wrong while drawing them, and nothing of the "
    "night was changed. Try again; if it fails again, print them from the night's pages."
)


class Superseded(Exception):
    """The job was started again (its facts changed) while this task was making it: stop."""


def in_background(event: Event, sections: list[Section], document: str = RECAPS) -> bool:
    """Whether the event's ``document`` (recap sheets, travellers) is made in the background: a night
    of more tables than ``RECAP_SHEETS_IN_BACKGROUND_TABLES`` (``sections`` already loaded: no query)."""
    big = sum(section.tables for section in sections) > settings.RECAP_SHEETS_IN_BACKGROUND_TABLES
    return big and document in IN_BACKGROUND


def section_versions(event: Event) -> dict[str, int | str]:
    """What the recap sheets are made from: each section's version, by id (as JSON keeps it), and
    what the club sets apart from the facts — its paper size and its name on every page — so a
    change of either makes the file again too."""
    made_from: dict[str, int | str] = {
        str(pk): version for pk, version in Section.objects.filter(event=event).values_list("pk", "version")
    }
    made_from["paper"] = event.club.paper_size
    made_from["club"] = event.club.name
    return made_from


def recap_sheets(*, event: Event, user: Any, base_url: str) -> PdfJob:
    """The event's recap sheets job (see :func:`job_for`)."""
    return job_for(event=event, document=RECAPS, user=user, base_url=base_url)


def job_for(*, event: Event, document: str, user: Any, base_url: str) -> PdfJob:
    """The event's job making ``document`` for the facts as they are now, without its file.

    A job made from these very versions, ready or being made, is joined, never started twice; a
    failed one is returned as it is (its page offers :func:`retry`). Otherwise (none yet, a fact
    changed since, or its task ended without finishing it) the job is started again: its task is
    queued once this transaction commits.
    """
    versions = section_versions(event)
    with transaction.atomic():
        job = _locked(event, document)
        if job is not None and job.versions == versions and not _abandoned(job):
            return job
        return _start(event, document, job, versions, user, base_url)


def retry(*, event: Event, user: Any, base_url: str, document: str = RECAPS) -> PdfJob:
    """Start a failed job again (a job ready or being made is left as it is, and returned)."""
    versions = section_versions(event)
    with transaction.atomic():
        job = _locked(event, document)
        failed = job is not None and job.status == PdfJob.Status.FAILED
        if job is not None and not failed and job.versions == versions and not _abandoned(job):
            return job
        return _start(event, document, job, versions, user, base_url)


def finished_file(job: PdfJob) -> bytes | None:
    """The finished PDF of a job that is ready (read only then: it is megabytes); None when the job
    was started again since it was read."""
    found = PdfJob.objects.filter(pk=job.pk, run=job.run, status=PdfJob.Status.DONE).values_list("content")
    content = found.first()
    return None if content is None else bytes(content[0])


def _locked(event: Event, document: str) -> PdfJob | None:
    return PdfJob.objects.select_for_update().defer("content").filter(event=event, document=document).first()


def _abandoned(job: PdfJob) -> bool:
    """Whether the job is still "being made" though its task has ended (``background.ended``)."""
    return job.status == PdfJob.Status.RUNNING and background.ended(make_document, job.task)


def _start(
    event: Event, document: str, job: PdfJob | None, versions: dict[str, int | str], user: Any, base_url: str
) -> PdfJob:
    """(Re)start the job in the caller's transaction; its task is queued once that commits."""
    now = timezone.now()
    fields: dict[str, Any] = {
        "versions": versions,
        "status": PdfJob.Status.RUNNING,
        "done": 0,
        # The recap sheets count their pairs as they are drawn; the travellers count nothing.
        "total": Pair.objects.filter(section__event=event, is_phantom=False).count()
        if document == RECAPS
        else 0,
        "content": b"",
        "filename": "",
        "error": "",
        "requested_by": user if user is not None and user.is_authenticated else None,
        "started": now,
        "updated": now,
        "finished": None,
        "task": "",
    }
    if job is None:
        try:
            with transaction.atomic():
                job = PdfJob.objects.create(event=event, document=document, **fields)
        except IntegrityError:  # another request created it a moment ago: join that one
            found = _locked(event, document)
            assert found is not None
            return found
    else:
        fields["run"] = job.run + 1
        for name, value in fields.items():
            setattr(job, name, value)
        job.save(update_fields=list(fields))
    pk, run = job.pk, job.run
    transaction.on_commit(lambda: _enqueue(pk, run, base_url))
    return job


def _enqueue(job_id: int, run: int, base_url: str) -> None:
    """Queue the job's task, and note its id on the job (see :func:`_abandoned`)."""
    queued = make_document.enqueue(job_id, run, base_url)
    PdfJob.objects.filter(pk=job_id, run=run).update(task=str(queued.id))


@task()
def make_document(job_id: int, run: int, base_url: str) -> None:
    """The background task that makes the job's file (:func:`make`), run by a worker."""
    make(job_id, run, base_url)


def make(job_id: int, run: int, base_url: str) -> None:
    """Draw the job's document (the recap sheets telling the job how far they are), and keep the file.

    Every write is conditional on ``run``: a task whose job was started again meanwhile stops
    at its next progress and writes nothing. A failure is recorded as a sentence for the page
    (the details go to the log), never as a traceback.
    """
    from . import renderer_for
    from .recaps import RecapsPdf

    job = PdfJob.objects.defer("content").select_related("event__club").get(pk=job_id)
    mine = PdfJob.objects.filter(pk=job_id, run=run)
    told = 0.0

    def progress(done: int) -> None:
        nonlocal told
        if time.monotonic() - told < PROGRESS_EVERY:
            return
        told = time.monotonic()
        if not mine.filter(status=PdfJob.Status.RUNNING).update(
            done=min(done, job.total), updated=timezone.now()
        ):
            raise Superseded

    try:
        if job.document == RECAPS:
            renderer = RecapsPdf(job.event, base_url=base_url, progress=progress)
        else:
            renderer = renderer_for(job.event, job.document, base_url=base_url)
        filename, _, content = renderer.render()
    except Superseded:
        return
    except Exception:  # any failure is the job's: recorded as a sentence, the details in the log
        log.exception("Making the %s of event %s stopped", job.document, job.event_id)
        error = FAILED.format(document=IN_BACKGROUND.get(job.document, job.document))
        mine.update(status=PdfJob.Status.FAILED, error=error, updated=timezone.now())
        return
    now = timezone.now()
    mine.filter(status=PdfJob.Status.RUNNING).update(
        status=PdfJob.Status.DONE,
        content=content,
        filename=filename,
        done=job.total,
        updated=now,
        finished=now,
    )

"""A big session's import, run in the background with a page that shows it runs (issue 16 §8).

Reading a results file is bounded and quick (``scoring.files.session.SessionBounds``); writing a
big one as an event — its players, pairs, boards, every table's result, its standings kept — takes
seconds of a core, too long for a browser and a gunicorn thread to wait on. So a file of more
traveller lines than ``SESSION_IMPORT_IN_BACKGROUND_LINES`` is kept in a
:class:`~tournament.models.SessionImportJob` row and imported by ``interchange.importing`` in a
background task (django-tasks, run by ``manage.py db_worker``), as the recap sheets are made
(``pdf.jobs``); the import page sends the director to the job's page, which looks again
until the import is done and then opens the session's comparison, or shows the refusal. The job
row, not the task's result, is what the page reads: the upload, the summary, the event made.

Idempotent by the import form's request key, as the import itself is: the same upload sent again
finds its job. The import writes its own audit entry, in its own transaction, when it runs.
"""

from __future__ import annotations

import logging
import uuid
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django_tasks import task

from scoring.files import session as model

from .. import background
from ..models import Club, Event, SessionImportJob
from .importing import SessionRefused, import_session

log = logging.getLogger(__name__)

FAILED = (
    "The file could not be imported: something went wrong while writing it, and nothing was changed. "
    "Import it again; if it fails again, report it with the file."
)


def in_background(session: model.Session) -> bool:
    """Whether the results file read holds more traveller lines than
    ``SESSION_IMPORT_IN_BACKGROUND_LINES`` (some 30 tables' results), and so is imported in the
    background. The caller reads the file first (bounded, a tenth of a second at most), so a file
    refused is refused before any job is made."""
    return len(session.lines) > settings.SESSION_IMPORT_IN_BACKGROUND_LINES


def start_import(
    *,
    club: Club,
    user: Any,
    content: bytes,
    name: str,
    event: Event | None = None,
    dry_run: bool = False,
    request_key: uuid.UUID | None = None,
) -> SessionImportJob:
    """Keep the upload as a job and queue its import once this transaction commits; the same
    ``request_key`` again returns the job already started."""
    if request_key is not None:
        found = SessionImportJob.objects.filter(request_key=request_key).first()
        if found is not None:
            return _of_club(found, club)
    try:
        with transaction.atomic():
            job = SessionImportJob.objects.create(
                club=club,
                into=event,
                name=name,
                content=content,
                dry_run=dry_run,
                request_key=request_key,
                requested_by=user if user is not None and user.is_authenticated else None,
            )
            pk = job.pk
            transaction.on_commit(lambda: _enqueue(pk))
    except IntegrityError:  # the same upload, sent twice at once: the other one made the job
        return _of_club(SessionImportJob.objects.get(request_key=request_key), club)
    return job


def _of_club(job: SessionImportJob, club: Club) -> SessionImportJob:
    if job.club_id != club.pk:
        raise SessionRefused("This form was sent for another club: open the import page again.")
    return job


def _enqueue(job_id: int) -> None:
    """Queue the job's import, and note its task's id on the job (see :func:`abandoned`)."""
    queued = import_file.enqueue(job_id)
    SessionImportJob.objects.filter(pk=job_id).update(task=str(queued.id))


def abandoned(job: SessionImportJob) -> bool:
    """Whether the job is still "being imported" though its task has ended (``background.ended``):
    its worker was stopped in the middle of it, and the import's transaction kept nothing of it."""
    return job.status == SessionImportJob.Status.RUNNING and background.ended(import_file, job.task)


@task()
def import_file(job_id: int) -> None:
    """The background task that imports the job's file (:func:`run`), run by a worker."""
    run(job_id)


def run(job_id: int) -> None:
    """Import the job's file and record what the import said; a refusal is recorded as its sentence,
    any other failure as one sentence for the page (the details go to the log), never a traceback."""
    job = SessionImportJob.objects.select_related("club", "into", "requested_by").get(pk=job_id)
    mine = SessionImportJob.objects.filter(pk=job_id, status=SessionImportJob.Status.RUNNING)
    try:
        imported = import_session(
            club=job.club,
            user=job.requested_by,
            content=bytes(job.content),
            name=job.name,
            event=job.into,
            dry_run=job.dry_run,
            request_key=None if job.dry_run else job.request_key,
        )
    except SessionRefused as error:
        mine.update(status=SessionImportJob.Status.FAILED, summary=f"{error} Nothing was imported."[:500])
    except Exception:  # any failure is the job's: recorded as a sentence, the details in the log
        log.exception("Importing session file %s (job %s) stopped", job.name, job_id)
        mine.update(status=SessionImportJob.Status.FAILED, summary=FAILED)
    else:
        mine.update(
            status=SessionImportJob.Status.DONE,
            event=imported.event,
            summary=imported.summary[:500],
            notes=list(imported.notes),
        )
    SessionImportJob.objects.filter(pk=job_id).update(content=b"", finished=timezone.now())

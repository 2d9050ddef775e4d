"""Work done after the answer: recap emails, big documents and big imports, with their progress."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from .. import limits
from ..querysets import RecapSendQuerySet
from .clubs import Club, Player
from .events import Event, Pair


class RecapSend(models.Model):
    """One player's recap emailed after the night is published: pending, sending, sent or failed.

    ``task`` is the id of the task that claimed it (django-tasks): a send still "being sent" whose
    task ended (its worker was stopped in the middle) is tried again with the failed ones."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting"
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="recap_sends")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="recap_sends")
    email = models.EmailField(max_length=limits.EMAIL)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    error = models.CharField(max_length=limits.REASON, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    queued = models.DateTimeField(default=timezone.now)
    sent = models.DateTimeField(null=True, blank=True)
    task = models.CharField(max_length=64, blank=True, help_text="The id of the task that claimed it.")

    objects = RecapSendQuerySet.as_manager()

    class Meta:
        ordering = ["player__name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_recap_send_per_player_per_event")
        ]

    def __str__(self) -> str:
        return f"Recap of {self.event} to {self.email}: {self.get_status_display()}"


class PdfJob(models.Model):
    """A printed document made by a background task and kept until a fact behind it changes: the
    recap sheets or the travellers of a big night, too long to draw while the browser waits.

    One row per event and document, shared by every gunicorn worker and thread: a request while
    it is being made joins it (its page shows the progress), one after finds the file. ``versions``
    are the sections' versions it is made from (scores.cache): when any section's version
    has moved on, a result changed and the file is stale, so the next request makes it again.
    ``run`` counts the makings; a task writes only while its run is the current one. ``task`` is
    the id of the task making it (django-tasks): a job whose task ended without finishing it (a
    worker stopped in the middle) is made again by the next request.

    The finished PDF is kept in the row (a ``BinaryField``), not a file under a data directory:
    the database is already the one store that every worker and every machine of a club shares,
    and it replaces the file and its state in one write; a file would need a shared disk and could
    outlive or lose its row. A night's recap sheets are 1–2 MB, written once a change; a JSON
    backup leaves them out (``backups.LEFT_OUT``): the next request makes them again.
    """

    class Status(models.TextChoices):
        RUNNING = "running", "Being made"
        DONE = "done", "Ready"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pdf_jobs")
    document = models.CharField(max_length=20, help_text='The document\'s slug: "recaps".')
    versions = models.JSONField(
        default=dict, help_text="Each section's version (by id) the file is made from."
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    run = models.PositiveIntegerField(default=1)
    done = models.PositiveIntegerField(default=0, help_text="Pairs drawn so far.")
    total = models.PositiveIntegerField(default=0, help_text="Pairs to draw.")
    content = models.BinaryField(blank=True, default=b"")
    filename = models.CharField(max_length=200, blank=True)
    error = models.CharField(max_length=limits.REASON, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now, help_text="Last heard from its task.")
    task = models.CharField(
        max_length=64, blank=True, help_text="The id of the task making it (django-tasks)."
    )
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "document"], name="one_pdf_job_per_event_document"),
            models.CheckConstraint(
                condition=Q(done__lte=models.F("total")), name="pdf_job_done_within_total"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.document} of {self.event}: {self.get_status_display()} ({self.done} of {self.total})"


class SessionImportJob(models.Model):
    """A big session's import, made by a background task while its page shows that it runs.

    A results file of more traveller lines than ``SESSION_IMPORT_IN_BACKGROUND_LINES`` (30 tables'
    results) takes seconds to write as an event: too long for a browser, and a gunicorn thread, to wait on.
    The upload is kept here until the task has imported it (``interchange.jobs``), then
    dropped; the row keeps what the import said, for the page to show. ``request_key`` is the
    import form's: the same upload sent again finds this job rather than starting a second.
    ``task`` is the id of the task importing it (django-tasks): a job whose task ended without
    finishing it (a worker stopped in the middle) is shown as stopped.
    """

    class Status(models.TextChoices):
        RUNNING = "running", "Being imported"
        DONE = "done", "Imported"
        FAILED = "failed", "Refused"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="session_import_jobs")
    into = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        help_text="The event the file is added to as its next session; none for a new event.",
    )
    name = models.CharField("file name", max_length=120)
    content = models.BinaryField(blank=True, default=b"", help_text="The upload, until it is imported.")
    dry_run = models.BooleanField(default=False)
    request_key = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    event = models.ForeignKey(
        Event, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", help_text="What it made."
    )
    summary = models.CharField(max_length=500, blank=True)
    notes = models.JSONField(default=list)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    started = models.DateTimeField(default=timezone.now)
    finished = models.DateTimeField(null=True, blank=True)
    task = models.CharField(
        max_length=64, blank=True, help_text="The id of the task importing it (django-tasks)."
    )

    def __str__(self) -> str:
        return f"{self.name} for {self.club}: {self.get_status_display()}"

"""Kept beside the facts: the audit log, an imported file's own figures, a closed night's places."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from .. import limits
from ..querysets import AuditEntryQuerySet
from .clubs import Club
from .events import Event, Pair
from .movement import Table
from .results import Result


class AuditEntry(models.Model):
    """Every change to a result or ruling: who (person or table device), when, before, after, why."""

    class Action(models.TextChoices):
        CREATE = "create", "Entered"
        UPDATE = "update", "Corrected"
        DELETE = "delete", "Deleted"
        CONFIRM = "confirm", "Confirmed"
        DISPUTE = "dispute", "Disputed"
        AGREE = "agree", "Round agreed"
        RULING = "ruling", "Ruling recorded"
        UNDO = "undo", "Ruling undone"
        EVENT = "event", "Event changed"
        PLAYERS = "players", "Players changed"
        RECAPS = "recaps", "Recaps sent"

    # A change to the club's player list belongs to no event: it names its club instead.
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, null=True, blank=True, related_name="audit_entries"
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, null=True, blank=True, related_name="audit_entries"
    )
    result = models.ForeignKey(Result, on_delete=models.SET_NULL, null=True, blank=True, related_name="audit")
    action = models.CharField(max_length=10, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    table = models.ForeignKey(Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    subject = models.CharField(
        max_length=120, help_text="What changed, in words: 'Board 4, round 2, table 3'."
    )
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=limits.NOTE, blank=True)  # a ruling's note, or a reason
    at = models.DateTimeField(default=timezone.now)
    request_id = models.UUIDField(default=uuid.uuid4, editable=False)

    objects = AuditEntryQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "audit entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(event__isnull=False) | Q(club__isnull=False),
                name="audit_entry_of_an_event_or_club",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.subject}"

    @property
    def actor(self) -> str:
        if self.user_id is not None and self.user is not None:
            return self.user.get_username()
        if self.table_id is not None and self.table is not None:
            return f"Table {self.table.number} device"
        return "system"


class SessionFile(models.Model):
    """A scored session imported from the file another program wrote (PBN 2.1 or USEBIO 1.2).

    The facts (pairs, boards, deals, every table's result, the artificial scores as rulings)
    went into the event's sections of that session; the figures the producing program
    computed are kept here, as written, only to be shown beside the product's own scoring:
    ``figures`` holds each participant's total, percentage and place (for the session and,
    in a file of one session of several, cumulatively) and each traveller line's
    matchpoints or IMPs. They are never read to score.
    """

    class Format(models.TextChoices):
        PBN = "pbn", "PBN 2.1"
        USEBIO = "usebio", "USEBIO 1.2"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="session_files")
    session = models.PositiveSmallIntegerField(help_text="The event's session the file's facts went into.")
    name = models.CharField("file name", max_length=120)
    format = models.CharField(max_length=8, choices=Format.choices)
    producer = models.CharField(max_length=120, blank=True, help_text="The program that wrote the file.")
    scoring = models.CharField(
        max_length=120, blank=True, help_text="The scoring method in the file's words."
    )
    digest = models.CharField(max_length=64, help_text="SHA-256 of the file as uploaded.")
    figures = models.JSONField(default=dict)
    notes = models.JSONField(default=list, help_text="What the import did with the file, in sentences.")
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    imported_at = models.DateTimeField(default=timezone.now)
    request_key = models.UUIDField(
        null=True,
        blank=True,
        unique=True,
        editable=False,
        help_text="The import form's key: the same upload sent again finds this file, not a second event.",
    )

    class Meta:
        ordering = ["session"]
        constraints = [
            models.UniqueConstraint(fields=["event", "session"], name="one_file_per_session"),
            models.CheckConstraint(condition=Q(session__gte=1), name="session_file_session_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (session {self.session} of {self.event.name})"


class PairStanding(models.Model):
    """A pair's place in a closed night, as the standings show it: kept when the night is closed.

    A closed (locked) night changes no more, so its standings are worked out once, when it is
    closed, for the player's page, which lists every night a player played in a fixed number of
    queries. Reopening the night drops them; closing it again works them out anew.
    """

    pair = models.OneToOneField(Pair, on_delete=models.CASCADE, related_name="standing")
    rank = models.CharField(max_length=8, blank=True, help_text='"2=" when shared; blank in a team match.')
    of = models.PositiveSmallIntegerField(default=0, help_text="How many pairs were ranked.")
    score = models.CharField(max_length=120, help_text='As the standings show it: "+50 (+49 2/3)".')

    def __str__(self) -> str:
        return f"{self.pair}: {self.rank} {self.score}"

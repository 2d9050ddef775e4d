"""What each table recorded on each board, and the director's rulings on it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from .. import limits
from ..querysets import ResultQuerySet, RulingQuerySet
from .common import SEAT_CHOICES, SIDE_CHOICES
from .events import Pair, Section
from .movement import Board, Seating


class Result(models.Model):
    """What was recorded at one table on one board: the facts, never the score.

    For Duplicate Contract Bridge: the contract (level, strain, doubling) or a pass-out, the
    declarer and the tricks his side took; no honours (Law 77 scores the contract and the
    tricks). For Duplicate Auction: the final declaration (or a pass-out under the English
    rule), the declarer, the tricks his side won in play, the honours each seat held, the
    dealer's one spade, revokes. For Duplicate Whist: the tricks N-S won (E-W took the rest).
    """

    class Status(models.TextChoices):
        ENTERED = "entered", "Entered, awaiting the opponents' confirmation"
        CONFIRMED = "confirmed", "Confirmed by the opponents"
        DISPUTED = "disputed", "Disputed: the director will rule"

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="results")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="results")
    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="results")
    ns = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    strain = models.CharField(max_length=2, blank=True)
    doubling = models.CharField(max_length=2, blank=True)
    passed_out = models.BooleanField(default=False)
    not_played = models.BooleanField(
        default=False,
        help_text="The deal was not played at the table: irregular hands passed on unplayed at auction "
        "and whist (Law B (3)), a pair that withdrew, or the director's ruling (contract bridge: Law 78A).",
    )
    declarer = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    tricks = models.PositiveSmallIntegerField(
        help_text="Contract bridge and auction: tricks won in play by the declaring side. Whist: N-S's."
    )
    honours_n = models.PositiveSmallIntegerField(default=0)
    honours_e = models.PositiveSmallIntegerField(default=0)
    honours_s = models.PositiveSmallIntegerField(default=0)
    honours_w = models.PositiveSmallIntegerField(default=0)
    dealers_one_spade = models.BooleanField(default=False)
    revokes = models.JSONField(default=list, blank=True)
    trumps = models.CharField(max_length=2, blank=True, help_text="Whist: the trump suit turned.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTERED)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text="The director who confirmed it on his own authority; empty when the opponents did.",
    )
    request_key = models.UUIDField(null=True, blank=True, unique=True)
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(default=timezone.now)

    objects = ResultQuerySet.as_manager()

    class Meta:
        ordering = ["board__number", "seating__table__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["board", "seating"], name="one_result_per_board_per_table_per_round"
            ),
            models.UniqueConstraint(fields=["board", "ns"], name="ns_pair_meets_board_once"),
            models.UniqueConstraint(fields=["board", "ew"], name="ew_pair_meets_board_once"),
            models.CheckConstraint(condition=Q(tricks__range=(0, 13)), name="tricks_0_13"),
            models.CheckConstraint(
                condition=Q(level__isnull=True) | Q(level__range=(1, 7)), name="level_1_7"
            ),
            models.CheckConstraint(
                condition=Q(honours_n__lte=5)
                & Q(honours_e__lte=5)
                & Q(honours_s__lte=5)
                & Q(honours_w__lte=5),
                name="honours_at_most_5_a_seat",
            ),
            models.CheckConstraint(condition=~Q(ns=models.F("ew")), name="result_pair_never_meets_itself"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board.number} at {self.seating}"

    @property
    def honours(self) -> tuple[int, int, int, int]:
        return (self.honours_n, self.honours_e, self.honours_s, self.honours_w)

    @property
    def confirmed_by_director(self) -> bool:
        """Confirmed by a director's act: his confirmation, or his Law B ruling (a deal not played)."""
        return self.status == self.Status.CONFIRMED and (self.confirmed_by_id is not None or self.not_played)

    @property
    def status_text(self) -> str:
        """The state in words, saying who confirmed: the opponents at the table, or the director."""
        return "Confirmed by the director" if self.confirmed_by_director else self.get_status_display()

    @property
    def contract_text(self) -> str:
        if self.not_played:
            return "Not played (Law B)"
        if self.passed_out:
            return "Passed out"
        if self.level is None:
            return ""
        return f"{self.level}{self.strain}{self.doubling}"


class BoardPlay(models.Model):
    """One pair's meeting with one board: the database's own proof that no pair plays a board twice."""

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="plays")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="+")
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["board", "pair"], name="pair_never_meets_a_board_twice")
        ]

    def __str__(self) -> str:
        return f"Pair {self.pair_id} on board {self.board_id}"


class Ruling(models.Model):
    """A director's ruling on an irregularity, with the law it applies and what it changes."""

    class Kind(models.TextChoices):
        IRREGULAR_AVERAGE = "irregular_average", "Irregular hand: each pair takes the average (Law B)"
        IRREGULAR_NS_OFFENDED = "irregular_ns", "Irregular hand: N-S partner held the surplus (Law B)"
        IRREGULAR_EW_OFFENDED = "irregular_ew", "Irregular hand: E-W partner held the surplus (Law B)"
        AWARD = "award", "Penalty points to one side's honour column"
        REVOKE = "revoke", "An established revoke (Law 84, Law D)"
        BARRED_BIDDER = "barred", "A player barred from the bidding"
        WITHDRAWN = "withdrawn", "Not played: a pair withdrew; each side takes its average (Law B (3))"
        NOT_PLAYED = (
            "not_played",
            "Not played: no result at the close, scored as the event scores a board not played",
        )
        ARTIFICIAL = "artificial", "Artificial adjusted score (Law 12C2)"
        ASSIGNED = "assigned", "Assigned adjusted score (Law 12C1)"
        FOULED = "fouled", "Fouled board: scored in the group of its version (Law 87B)"
        NOTE = "note", "Note for the record"

    class Average(models.TextChoices):
        """An artificial adjusted score for one side (Law 12C2): the event sets the percentages."""

        PLUS = "A+", "Average plus"
        AVERAGE = "A", "Average"
        MINUS = "A-", "Average minus"

    result = models.ForeignKey(Result, on_delete=models.CASCADE, related_name="rulings")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    law = models.CharField(max_length=40)
    side = models.CharField(max_length=2, choices=SIDE_CHOICES, blank=True)
    points = models.PositiveIntegerField(default=0)
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES, blank=True)
    revoke_penalty = models.CharField(
        max_length=6, choices=[("points", "100 points"), ("tricks", "three tricks")], blank=True
    )
    ns_average = models.CharField(
        "N-S artificial score", max_length=2, choices=Average.choices, blank=True, help_text="Law 12C2."
    )
    ew_average = models.CharField(
        "E-W artificial score", max_length=2, choices=Average.choices, blank=True, help_text="Law 12C2."
    )
    assigned = models.CharField(
        "assigned result",
        max_length=limits.ASSIGNED,
        blank=True,
        help_text="Law 12C1: the result the director assigns, as a traveller writes it: 4HX N = or PASS.",
    )
    reason = models.CharField(max_length=limits.NOTE)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(default=timezone.now)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ns_average__in=["", "A+", "A", "A-"]) & Q(ew_average__in=["", "A+", "A", "A-"]),
                name="ruling_average_a_known_award",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} — {self.law}"

    @property
    def active(self) -> bool:
        return self.undone_at is None

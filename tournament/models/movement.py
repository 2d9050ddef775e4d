"""A section's movement: its boards (with their deals), its tables and who sits where each round."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.urls import reverse

from ..querysets import SeatingQuerySet, TableQuerySet
from .common import SEAT_CHOICES, new_table_pin, new_table_secret
from .events import Pair, Section

VULNERABILITY_CHOICES = [
    ("", "By the board number"),
    ("None", "None"),
    ("NS", "N-S"),
    ("EW", "E-W"),
    ("All", "All"),
]


class Board(models.Model):
    """A board: its number, dealer and, when known, the deal itself (PBN).

    Contract bridge: the vulnerability comes from the board number (spec §1.3) unless a hand
    record or an imported file says otherwise; then ``vulnerability`` holds what it said.
    """

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    hands = models.CharField("deal (PBN)", max_length=80, blank=True)
    double_dummy = models.JSONField(
        null=True,
        blank=True,
        help_text="Cache of the deal's double-dummy tricks by seat (♣ ♦ ♥ ♠ NT); rebuilt with the deal.",
    )
    trumps = models.CharField(
        max_length=1,
        blank=True,
        help_text="Whist: the trump suit turned up on this board (S H D C), recorded once for every table.",
    )
    turned = models.CharField(
        "trump card turned up",
        max_length=2,
        blank=True,
        help_text="Whist: the dealer's last card, turned up for trumps (Whist law 42), as H8 or SQ.",
    )
    vulnerability = models.CharField(
        max_length=4,
        choices=VULNERABILITY_CHOICES,
        blank=True,
        help_text="Contract bridge: empty when the board number gives it (Law 2); else as the hand "
        "record or imported file said.",
    )
    par = models.JSONField(
        null=True,
        blank=True,
        help_text="Cache of the deal's par score and contracts for its dealer and vulnerability; "
        "rebuilt with the deal.",
    )
    version = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Counts the changes to what the board's scores are made of; its scored results are "
        "cached under it (scores.versions raises it on every write).",
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="board_number_unique_in_section"),
            models.CheckConstraint(condition=Q(number__gte=1), name="board_number_positive"),
            models.CheckConstraint(
                condition=Q(trumps__in=["", "S", "H", "D", "C"]), name="board_trumps_a_suit"
            ),
            models.CheckConstraint(
                condition=Q(vulnerability__in=["", "None", "NS", "EW", "All"]),
                name="board_vulnerability_known",
            ),
        ]

    def __str__(self) -> str:
        return f"Board {self.number}"


class Table(models.Model):
    """A table of a section, with the secret and PIN that open its page on a phone."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="table_set")
    number = models.PositiveSmallIntegerField()
    secret = models.CharField(max_length=32, unique=True, default=new_table_secret)
    pin = models.CharField(max_length=6, default=new_table_pin)

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="table_number_unique_in_section")
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("table_home", args=[self.secret])


class Seating(models.Model):
    """Who sits where in one round at one table, and which boards they play there."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="seatings")
    round = models.PositiveSmallIntegerField()
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seatings")
    ns = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    board_numbers = models.JSONField(default=list)
    agreed_at = models.DateTimeField(null=True, blank=True)

    objects = SeatingQuerySet.as_manager()

    class Meta:
        ordering = ["round", "table__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "round", "table"], name="one_seating_per_table_per_round"
            ),
            models.UniqueConstraint(fields=["section", "round", "ns"], name="ns_pair_at_one_table_per_round"),
            models.UniqueConstraint(fields=["section", "round", "ew"], name="ew_pair_at_one_table_per_round"),
            models.CheckConstraint(condition=~Q(ns=models.F("ew")), name="pair_never_meets_itself"),
        ]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.table.number}"

"""A club, the people who run its nights (with their roles), and its list of players."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from .. import limits
from ..querysets import MembershipQuerySet, PlayerQuerySet
from .common import one_line_name


class Club(models.Model):
    class PaperSize(models.TextChoices):
        A4 = "A4", "A4"
        LETTER = "LETTER", "Letter"

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    paper_size = models.CharField(max_length=6, choices=PaperSize.choices, default=PaperSize.A4)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["name"]
        constraints = [one_line_name("club_name_one_line")]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A person's role in a club. Directors run nights; scorers enter results."""

    class Role(models.TextChoices):
        ADMIN = "admin", "Club admin"
        DIRECTOR = "director", "Director"
        SCORER = "scorer", "Scorer"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices)

    objects = MembershipQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_role_per_person_per_club")]

    def __str__(self) -> str:
        return f"{self.user} · {self.get_role_display()} · {self.club}"

    @property
    def can_direct(self) -> bool:
        return self.role in (self.Role.ADMIN, self.Role.DIRECTOR)


class Player(models.Model):
    """A member of the club's player list: pairs are named from it, recaps are emailed to it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=limits.NAME)
    number = models.CharField("membership number", max_length=limits.MEMBER_NUMBER, blank=True)
    email = models.EmailField("email address", max_length=limits.EMAIL, blank=True, default="")

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_name_unique_in_club"),
            one_line_name("player_name_one_line"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player", args=[self.club.slug, self.pk])

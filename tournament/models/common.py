"""What several kinds of fact share: the seats and sides, a table's keys, a name kept on one line."""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q


def new_table_secret() -> str:
    return secrets.token_urlsafe(16)


def new_table_pin() -> str:
    return f"{secrets.randbelow(10**6):06d}"


# What a name never holds (limits.one_line makes each a space): a line break or a tab.
NOT_IN_A_NAME = ("\n", "\r", "\t", "\u2028", "\u2029")


def one_line_name(name: str) -> models.CheckConstraint:
    """A name kept on one line, whatever path wrote it: a recap, a cell, a PBN tag print it so."""
    condition = Q()
    for character in NOT_IN_A_NAME:
        condition &= ~Q(name__contains=character)
    return models.CheckConstraint(
        condition=condition,
        name=name,
        violation_error_message="A name is one line: write it without line breaks or tabs.",
    )


SEAT_CHOICES = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]
SIDE_CHOICES = [("NS", "N-S"), ("EW", "E-W")]

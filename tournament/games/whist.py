"""Hoffmann's Duplicate Whist: tricks, not points, are what a side scores at the table."""

from __future__ import annotations

from .base import Game


class Whist(Game):
    key = "whist"
    unit = "tricks"

    # Outputs: the trump suit is turned up (nobody declares), and there are no royals.
    declares = False
    royals = False


WHIST = Whist()

"""Hoffmann's Duplicate Whist: tricks, not points, are what a side scores at the table."""

from __future__ import annotations

from .base import Game


class Whist(Game):
    key = "whist"
    unit = "tricks"


WHIST = Whist()

"""Foster's Duplicate Auction (the Laws of Duplicate Auction, A-H): the defaults of :class:`Game`."""

from __future__ import annotations

from .base import Game


class Auction(Game):
    key = "auction"


AUCTION = Auction()

"""The games a night is played at, each in one place: Foster's Duplicate Auction, Hoffmann's
Duplicate Whist and Duplicate Contract Bridge.

Everything a night asks of its game — its entry forms and wizard fields, scoring a result,
running the contest, the rows of standings, travellers, recaps and matches, its table columns,
workbook sheets and PDF stories, and its words — is asked of the object :func:`of` returns, never
by testing which game it is. :func:`of` is the one place outside the model that reads
``event.game``.

A game is a plain object (:class:`~tournament.games.base.Game`): the defaults there are the
auction's, and each game's module overrides what its laws make different.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .auction import AUCTION
from .base import Game
from .contract.game import CONTRACT
from .whist import WHIST

if TYPE_CHECKING:
    from ..models import Event

__all__ = ["AUCTION", "CONTRACT", "WHIST", "Game", "keys", "of"]

GAMES: dict[str, Game] = {game.key: game for game in (AUCTION, WHIST, CONTRACT)}


def of(event: Event | str) -> Game:
    """The game ``event`` is played at (or the game of that key)."""
    return GAMES[event if isinstance(event, str) else event.game]


def keys(**answers: object) -> list[str]:
    """The keys of the games whose attributes have these values, for a query over events:
    ``keys(exchanges_sessions=True)``."""
    return [
        key
        for key, game in GAMES.items()
        if all(getattr(game, name) == value for name, value in answers.items())
    ]

"""Seats and sides: the table every game of the engine is played at.

Four players sit North, East, South and West; North and South are partners against East and
West. The deal and the bidding go round clockwise from the dealer (Auction Law 27; Whist
law 30; Laws of Duplicate Bridge 2017, Law 2 for the board's dealer).
"""

from __future__ import annotations

import enum

from .errors import DealError


class Seat(enum.Enum):
    """A compass seat at the table, in the order the deal and the bidding go round."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @classmethod
    def parse(cls, text: object) -> Seat:
        """Read "N", "e", "South" and the like; anything else is a :class:`DealError`."""
        if isinstance(text, Seat):
            return text
        if isinstance(text, str):
            key = text.strip().upper()
            key = _SEAT_WORDS.get(key, key)
            if key in cls.__members__:
                return cls[key]
        raise DealError(f"{text!r} is not a seat: a seat is N, E, S or W.")

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to."""
        return Side.NS if self in (Seat.N, Seat.S) else Side.EW

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _SEATS[(_SEATS.index(self) + 2) % 4]

    @property
    def left(self) -> Seat:
        """The next seat clockwise: the player on this one's left bids and plays next."""
        return _SEATS[(_SEATS.index(self) + 1) % 4]

    @property
    def name_word(self) -> str:
        """North, East, South or West."""
        return _SEAT_NAMES[self.value]

    def rotated(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEATS[(_SEATS.index(self) + steps) % 4]


_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_SEAT_WORDS = {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
SEATS = _SEATS


class Side(enum.Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @classmethod
    def parse(cls, text: object) -> Side:
        """Read "NS", "EW", "N-S", "E-W"; anything else is a :class:`DealError`."""
        if isinstance(text, Side):
            return text
        if isinstance(text, str):
            key = text.strip().upper().replace("-", "").replace("/", "")
            if key in cls.__members__:
                return cls[key]
        raise DealError(f"{text!r} is not a side: a side is NS or EW.")

    @property
    def other(self) -> Side:
        """The adversaries of this side."""
        return Side.EW if self is Side.NS else Side.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this partnership."""
        return (Seat.N, Seat.S) if self is Side.NS else (Seat.E, Seat.W)

    @property
    def label(self) -> str:
        """N-S or E-W, as a director writes it."""
        return "N-S" if self is Side.NS else "E-W"

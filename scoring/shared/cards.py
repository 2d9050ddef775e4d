"""Hands as cards, and the honours derived from them.

A hand record travels as a PBN deal string (PBN 2.1, ``[Deal "N:AKQ.JT9.876.5432 ..."]``):
the first seat, a colon, then four hands clockwise, each hand ``spades.hearts.diamonds.clubs``
with ranks AKQJT98765432. Law B of Duplicate Auction deals with hands that hold the wrong
number of cards; a record here is refused unless it holds fifty-two different cards,
thirteen in each hand.

Honours (table of values; W1912 law 5): A K Q J 10 of trumps in a suit declaration, the four
aces at no trump. Spades and royal spades name the same trump suit, so both count the
spade honours.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import DealError, quoted
from .seats import SEATS, Seat

SUITS = ("S", "H", "D", "C")
"""Suit letters in PBN order: spades, hearts, diamonds, clubs."""

RANKS = "AKQJT98765432"
"""Card ranks, highest first; T is the ten."""


_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAMES = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a suit letter (S H D C) and a rank letter (A K Q J T 9 ... 2)."""

    suit: str
    rank: str

    def __post_init__(self) -> None:
        if not isinstance(self.suit, str) or self.suit not in SUITS:
            raise DealError(f"{quoted(self.suit)} is not a suit: a suit is S, H, D or C.")
        if not isinstance(self.rank, str) or len(self.rank) != 1 or self.rank not in RANKS:
            raise DealError(f"{quoted(self.rank)} is not a card rank: ranks are {RANKS}.")

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card written suit first: "SA", "HT", "h10", "D2"."""
        if isinstance(text, Card):
            return text
        if isinstance(text, str):
            key = text.strip().upper().replace("10", "T")
            if len(key) == 2 and key[0] in SUITS and key[1] in RANKS:
                return cls(key[0], key[1])
        raise DealError(f"{quoted(text)} is not a card: write the suit then the rank, as SA or HT.")

    def __str__(self) -> str:
        return f"{self.suit}{self.rank}"

    @property
    def name(self) -> str:
        """ "the ace of spades" — the card in words."""
        return f"the {_RANK_NAMES[self.rank]} of {_SUIT_NAMES[self.suit]}"

    @property
    def order(self) -> tuple[int, int]:
        """Sort key: suits in PBN order, then ranks from the ace down."""
        return (SUITS.index(self.suit), RANKS.index(self.rank))


@dataclass(frozen=True, slots=True)
class Hand:
    """The cards one player holds. A hand alone may hold any number; :class:`Hands` checks 13."""

    cards: frozenset[Card]

    def __post_init__(self) -> None:
        if not isinstance(self.cards, frozenset) or not all(isinstance(card, Card) for card in self.cards):
            raise DealError("A hand is a set of cards.")

    @classmethod
    def parse(cls, text: object, owner: str = "This hand") -> Hand:
        """Read one PBN hand, ``spades.hearts.diamonds.clubs``: "AKQ.JT9.876.5432", voids empty.

        ``owner`` ("North") names the hand in error messages.
        """
        if not isinstance(text, str):
            raise DealError(f"{owner}'s hand {quoted(text)} is not text: write spades.hearts.diamonds.clubs.")
        holdings = text.strip().split(".")
        if len(holdings) != 4:
            raise DealError(
                f"{owner}'s hand {quoted(text)} has {len(holdings)} suit(s); a PBN hand lists four, "
                "spades.hearts.diamonds.clubs, as AKQ.JT9.876.5432."
            )
        cards: list[Card] = []
        for suit, holding in zip(SUITS, holdings, strict=True):
            for rank in holding.upper().replace("10", "T"):
                if rank not in RANKS:
                    raise DealError(
                        f"{quoted(rank)} in {owner}'s {_SUIT_NAMES[suit]} is not a card rank: "
                        f"ranks are {RANKS}."
                    )
                card = Card(suit, rank)
                if card in cards:
                    raise DealError(f"{owner} holds {card.name} twice; a pack holds each card once (Law B).")
                cards.append(card)
        return cls(frozenset(cards))

    def __len__(self) -> int:
        return len(self.cards)

    def holding(self, suit: str) -> str:
        """The ranks held in one suit, highest first, as PBN writes them: "AKT92", "" for a void."""
        ranks = {card.rank for card in self.cards if card.suit == suit}
        return "".join(rank for rank in RANKS if rank in ranks)

    def to_pbn(self) -> str:
        """The hand as PBN writes it: "AKQ.JT9.876.5432"."""
        return ".".join(self.holding(suit) for suit in SUITS)


@dataclass(frozen=True, slots=True)
class Hands:
    """The four hands of a deal, held by North, East, South and West (Law B: thirteen each)."""

    hands: tuple[Hand, Hand, Hand, Hand]

    def __post_init__(self) -> None:
        if (
            not isinstance(self.hands, tuple)
            or len(self.hands) != 4
            or not all(isinstance(hand, Hand) for hand in self.hands)
        ):
            raise DealError("A deal has four hands, North, East, South and West (Law B).")
        for seat, hand in zip(SEATS, self.hands, strict=True):
            if len(hand) != 13:
                raise DealError(f"{seat.name_word} holds {_count(len(hand))}; a hand has thirteen (Law B).")
        holder: dict[Card, Seat] = {}
        for seat, hand in zip(SEATS, self.hands, strict=True):
            for card in sorted(hand.cards, key=lambda card: card.order):
                if card in holder:
                    raise DealError(
                        f"{card.name.capitalize()} is in both {holder[card].name_word}'s and "
                        f"{seat.name_word}'s hands; a pack holds each card once (Law B)."
                    )
                holder[card] = seat

    @classmethod
    def parse(cls, text: object) -> Hands:
        """Read a PBN deal string, "N:AKQ.JT9.876.5432 ..." — hands clockwise from the named seat.

        The record must hold fifty-two different cards, thirteen in each hand (Law B).
        """
        if isinstance(text, Hands):
            return text
        if not isinstance(text, str) or ":" not in text:
            raise DealError(
                f"{quoted(text)} is not a PBN deal: write the first seat, a colon and four hands, "
                "as N:AKQ.JT9.876.5432 ... (PBN 2.1)."
            )
        first_text, _, rest = text.strip().partition(":")
        first = Seat.parse(first_text)
        parts = rest.split()
        if len(parts) != 4:
            raise DealError(
                f"The PBN deal {quoted(text)} gives {len(parts)} hand(s); "
                "a hand record gives all four (Law B)."
            )
        by_seat: dict[Seat, Hand] = {}
        for steps, part in enumerate(parts):
            seat = first.rotated(steps)
            by_seat[seat] = Hand.parse(part, owner=seat.name_word)
        return cls((by_seat[Seat.N], by_seat[Seat.E], by_seat[Seat.S], by_seat[Seat.W]))

    @classmethod
    def from_cards(cls, cards: Iterable[Iterable[Card]]) -> Hands:
        """Four collections of cards, for North, East, South and West."""
        hands = tuple(Hand(frozenset(hand)) for hand in cards)
        if len(hands) != 4:
            raise DealError("A deal has four hands, North, East, South and West (Law B).")
        return cls((hands[0], hands[1], hands[2], hands[3]))

    def hand(self, seat: Seat) -> Hand:
        """The hand the given seat holds."""
        return self.hands[SEATS.index(seat)]

    def to_pbn(self, first: Seat = Seat.N) -> str:
        """The deal as a PBN ``Deal`` value, starting with ``first`` and going clockwise."""
        return f"{first.value}:" + " ".join(self.hand(first.rotated(steps)).to_pbn() for steps in range(4))

    def suit_holding(self, seat: Seat, suit: str) -> str:
        """For printing a hand diagram: "A K 10 9 2", or "—" for a void."""
        if suit not in SUITS:
            raise DealError(f"{quoted(suit)} is not a suit: a suit is S, H, D or C.")
        holding = self.hand(seat).holding(suit)
        if not holding:
            return "—"
        return " ".join("10" if rank == "T" else rank for rank in holding)


def _count(number: int) -> str:
    return "one card" if number == 1 else f"{number} cards"

"""Honours held, read from the cards of a deal (Auction's table of values; W1912 law 5).

A K Q J 10 of the trump suit are the honours of a suit declaration; at no trump the four
aces are. Spades and royal spades name the same trump suit, so both count the spade
honours.
"""

from __future__ import annotations

from ..shared.cards import Hands
from .core import Strain

TRUMP_HONOURS = "AKQJT"
"""The honours of a trump suit, in rank order."""


def honours_held(hands: Hands, strain: Strain) -> tuple[int, int, int, int]:
    """How many honours North, East, South and West hold (table of values; W1912 law 5).

    A K Q J 10 of the trump suit (spades for both spades and royal spades), or the four
    aces at no trump.
    """
    trump = strain.trump_suit
    counts = []
    for hand in hands.hands:
        if trump is None:
            counts.append(sum(1 for card in hand.cards if card.rank == "A"))
        else:
            counts.append(sum(1 for card in hand.cards if card.suit == trump and card.rank in TRUMP_HONOURS))
    return (counts[0], counts[1], counts[2], counts[3])

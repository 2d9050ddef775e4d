"""Hands as cards (PBN deal strings, Law B) and the honours counted from them."""

from __future__ import annotations

import pytest

from scoring.auction.core import Strain
from scoring.auction.honours import honours_held
from scoring.shared.cards import Card, Hand, Hands
from scoring.shared.errors import DealError
from scoring.shared.seats import Seat

# The checked 52-card deal of the modern spec's PBN example (§6.1).
PBN = "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"


def test_a_pbn_deal_reads_and_writes_back() -> None:
    hands = Hands.parse(PBN)
    assert hands.to_pbn() == PBN
    assert hands.hand(Seat.S).to_pbn() == "KQJ92.9873.Q3.Q6"
    assert all(len(hand) == 13 for hand in hands.hands)


def test_hands_are_listed_clockwise_from_the_named_seat() -> None:
    from_east = "E:85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94 A764.AK4.A8.J832"
    assert Hands.parse(from_east) == Hands.parse(PBN)
    assert Hands.parse(PBN).to_pbn(first=Seat.E) == from_east


def test_ten_may_be_written_10_and_ranks_in_lower_case() -> None:
    lower = "n:a764.ak4.a8.j832 85.q62.k10954.1075 kqj92.9873.q3.q6 t3.jt5.j762.ak94"
    assert Hands.parse(lower) == Hands.parse(PBN)


def test_suit_holding_for_printing() -> None:
    hands = Hands.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    assert hands.suit_holding(Seat.N, "S") == "A K Q J 10 9 8 7 6 5 4 3 2"
    assert hands.suit_holding(Seat.N, "H") == "—"
    assert Hands.parse(PBN).suit_holding(Seat.E, "D") == "K 10 9 5 4"


@pytest.mark.parametrize(
    ("strain", "expected"),
    [
        (Strain.SPADES, (1, 0, 3, 1)),
        (Strain.ROYALS, (1, 0, 3, 1)),
        (Strain.HEARTS, (2, 1, 0, 2)),
        (Strain.DIAMONDS, (1, 2, 1, 1)),
        (Strain.CLUBS, (1, 1, 1, 2)),
        (Strain.NO_TRUMP, (3, 0, 0, 1)),
    ],
    ids=lambda value: getattr(value, "code", None),
)
def test_honours_held_by_each_seat(strain: Strain, expected: tuple[int, int, int, int]) -> None:
    assert honours_held(Hands.parse(PBN), strain) == expected


REFUSED = {
    "fourteen cards": (
        "N:AKQJT98765432.2.. .AKQJT9876543.AKQJT98765432. ..2.AKQJT98765432 ...",
        "North holds 14 cards; a hand has thirteen (Law B)",
    ),
    "twelve cards": (
        "N:A764.AK4.A8.J83 85.Q62.KT954.T752 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94",
        "North holds 12 cards; a hand has thirteen (Law B)",
    ),
    "a card twice": (
        "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK92",
        "The two of clubs is in both North's and West's hands",
    ),
    "a card twice in one hand": ("N:AA64.AK4.A8.J832 85 KQJ92 T3", "North holds the ace of spades twice"),
    "three hands": ("N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6", "gives 3 hand"),
    "no colon": ("A764.AK4.A8.J832", "not a PBN deal"),
    "three suits": ("N:A764.AK4.A8J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94", "has 3 suit"),
    "bad rank": (
        "N:A764.AK4.A8.J83X 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94",
        "'X' in North's clubs",
    ),
    "unknown seat": ("Q:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94", "not a seat"),
    "not text": (52, "not a PBN deal"),
}


@pytest.mark.parametrize(("text", "words"), REFUSED.values(), ids=REFUSED.keys())
def test_impossible_hand_records_are_refused(text: object, words: str) -> None:
    with pytest.raises(DealError) as refused:
        Hands.parse(text)
    assert words in str(refused.value)


def test_cards() -> None:
    assert Card.parse("h10") == Card("H", "T")
    assert Card("S", "A").name == "the ace of spades"
    assert str(Card.parse("DQ")) == "DQ"
    with pytest.raises(DealError):
        Card.parse("Z9")
    with pytest.raises(DealError):
        Card("S", "1")


def test_a_deal_built_from_cards_is_checked_like_a_parsed_one() -> None:
    hands = Hands.parse(PBN)
    rebuilt = Hands.from_cards(hand.cards for hand in hands.hands)
    assert rebuilt == hands
    short = [set(hand.cards) for hand in hands.hands]
    short[1].pop()
    with pytest.raises(DealError, match="East holds 12 cards"):
        Hands.from_cards(short)
    with pytest.raises(DealError):
        Hands((Hand(frozenset()),) * 3)  # type: ignore[arg-type]

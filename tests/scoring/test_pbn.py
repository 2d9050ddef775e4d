"""PBN 2.1 hand records: reading (encodings, comments, any first seat), writing back, dealing from a seed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.files.pbn import (
    HandRecord,
    Vulnerability,
    deal_from_seed,
    dealer_for,
    read_games,
    read_hand_records,
    write_hand_records,
)
from scoring.shared.cards import Card, Hands
from scoring.shared.errors import PbnError
from scoring.shared.seats import Seat

DEAL_1 = "N:A764.AK4.A8.J832 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"
DEAL_2 = "E:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

FILE = f"""% PBN 2.1
% EXPORT
[Event "Club Pairs"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL_1}"]

{{ a comment
spanning lines }}
[Board "2"] ; the second board
[Dealer "E"]
[Vulnerable "NS"]
[Deal "{DEAL_2}"]
"""


def test_a_hand_record_file_reads_board_dealer_vulnerability_and_deal() -> None:
    first, second = read_hand_records(FILE)
    assert (first.board, first.dealer, first.vulnerable) == (1, Seat.N, Vulnerability.NONE)
    assert first.hands == Hands.parse(DEAL_1)
    assert (second.board, second.dealer, second.vulnerable) == (2, Seat.E, Vulnerability.NS)
    assert second.hands == Hands.parse(DEAL_2)
    assert second.line == 11


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "latin-1"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_encodings_and_line_ends_read_the_same(encoding: str, newline: str) -> None:
    text = FILE.replace('"Club Pairs"', '"Café Ælfric"').replace("\n", newline)
    records = read_hand_records(text.encode(encoding))
    assert records == read_hand_records(FILE)
    assert read_games(text.encode(encoding))[0].value("Event") == "Café Ælfric"


def test_any_first_seat_names_the_same_deal() -> None:
    hands = Hands.parse(DEAL_1)
    for seat in Seat:
        text = f'[Board "1"]\n[Deal "{hands.to_pbn(first=seat)}"]\n'
        assert read_hand_records(text)[0].hands == hands


def test_a_hash_value_repeats_the_previous_game_and_missing_dealer_follows_the_board() -> None:
    text = f'[Event "Night"]\n[Board "5"]\n[Deal "{DEAL_1}"]\n\n[Event "#"]\n[Board "6"]\n[Deal "{DEAL_2}"]\n'
    games = read_games(text)
    assert games[1].value("Event") == "Night"
    records = read_hand_records(text)
    assert [(r.dealer, r.vulnerable) for r in records] == [
        (Seat.N, Vulnerability.NS),
        (Seat.E, Vulnerability.EW),
    ]


def test_table_sections_stay_with_their_tag_for_scored_files() -> None:
    text = f'[Board "1"]\n[Deal "{DEAL_1}"]\n[ScoreTable "Table\\\\1R;Contract\\\\4L"]\n1 4S\n2 "3NT"\n'
    tag = read_games(text)[0].tag("ScoreTable")
    assert tag is not None and tag.section == ("1 4S", '2 "3NT"')


def test_a_header_game_without_a_board_is_skipped() -> None:
    text = f'[Event "Night"]\n[Site "Club"]\n\n[Board "1"]\n[Deal "{DEAL_1}"]\n'
    assert [r.board for r in read_hand_records(text)] == [1]


BAD = [
    (
        f'[Board "3"]\n[Deal "{DEAL_1.replace("A764", "A76A")}"]\n',
        "Board 3 (line 1): North holds the ace of spades twice",
    ),
    (
        '[Board "4"]\n[Deal "N:A764.AK4.A8.J83 85.Q62.KT954.T75 KQJ92.9873.Q3.Q62 T3.JT5.J762.AK94"]\n',
        "Board 4 (line 1): North holds 12 cards",
    ),
    (
        '[Board "4"]\n[Deal "N:A764.AK4.A8.J83 85.Q62.KT954.T75 KQJ92.9873.Q3.Q6 T3.JT5.J762.AK94"]\n',
        "Board 4 (line 1): North holds 12 cards",
    ),
    (f'[Board "2"]\n[Dealer "Q"]\n[Deal "{DEAL_1}"]\n', "Board 2 (line 1): the Dealer 'Q' is not a seat"),
    (
        f'[Board "2"]\n[Vulnerable "Some"]\n[Deal "{DEAL_1}"]\n',
        "Board 2 (line 1): 'Some' is not a vulnerability",
    ),
    (f'[Board "two"]\n[Deal "{DEAL_1}"]\n', "The game at line 1: Board 'two' is not a board number"),
    (
        f'[Board "1"]\n[Deal "{DEAL_1}"]\n\n[Board "1"]\n[Deal "{DEAL_2}"]\n',
        "Board 1 is given twice, at lines 1 and 4",
    ),
    (f'[Deal "{DEAL_1}"]\n', "The game at line 1 has a deal but no Board tag"),
    ('[Board "7"]\n[Dealer "N"]\n', "Board 7 (line 1) has no Deal tag"),
    ("\x89PNG\r\n\x1a\n\x00\x00", "not a PBN file"),
    ("Dear director,\nhere are the hands.\n", "Line 1 is not PBN"),
    ('[Board "1"\n', "Line 1 is not a PBN tag"),
    ('[Board "1]\n', "never closes"),
    ("{ unclosed\n", "never closed"),
    ("% PBN 2.1\n", "holds no deal"),
]


@pytest.mark.parametrize(("text", "message"), BAD, ids=[m for _, m in BAD])
def test_bad_pbn_is_refused_with_the_board_and_line(text: str, message: str) -> None:
    with pytest.raises(PbnError, match=None) as caught:
        read_hand_records(text)
    assert message in str(caught.value)


def test_written_records_read_back_to_the_same_deals() -> None:
    records = read_hand_records(FILE)
    text = write_hand_records(records, event='The "Monday" night', site="Club", date="2026.11.24")
    assert text.startswith("% PBN 2.1")
    assert read_hand_records(text) == records
    assert read_games(text)[0].value("Event") == 'The "Monday" night'
    assert f'[Deal "{DEAL_2}"]' in text  # written from the dealer, East


def test_the_seeded_dealer_is_reproducible_and_deals_valid_hands() -> None:
    first = deal_from_seed(42, range(1, 17))
    assert first == deal_from_seed(42, range(1, 17))
    assert first != deal_from_seed(43, range(1, 17))
    assert deal_from_seed(42, [3])[0] == first[2]  # a board's deal does not depend on the others
    assert [r.dealer for r in first[:4]] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert len({r.hands for r in first}) == 16
    for record in first:
        assert record.turned in record.hands.hand(record.dealer).cards


@given(st.integers(min_value=-(10**12), max_value=10**12), st.integers(min_value=1, max_value=99))
def test_every_seeded_deal_is_a_valid_deal_that_round_trips(seed: int, board: int) -> None:
    (record,) = deal_from_seed(seed, [board])
    cards = [card for hand in record.hands.hands for card in hand.cards]
    assert len(cards) == 52 and len(set(cards)) == 52
    assert read_hand_records(write_hand_records([record])) == (
        HandRecord(board, record.dealer, record.vulnerable, record.hands),
    )


def test_a_turned_card_must_be_the_dealers() -> None:
    hands = Hands.parse(DEAL_1)
    with pytest.raises(PbnError, match="not in North's hand"):
        HandRecord(1, Seat.N, Vulnerability.NONE, hands, turned=Card("S", "K"))


@pytest.mark.parametrize(
    ("board", "dealer", "vul"),
    [(1, "N", "None"), (2, "E", "NS"), (8, "W", "None"), (13, "N", "All"), (17, "N", "None")],
)
def test_dealer_and_vulnerability_by_board_number(board: int, dealer: str, vul: str) -> None:
    assert dealer_for(board) == Seat.parse(dealer)
    assert Vulnerability.for_board(board) == Vulnerability(vul)


@given(st.binary(max_size=400) | st.text(alphabet='[]{};%"\\ \nBoardDealN:AKQJT.-#', max_size=200))
def test_any_input_reads_or_is_refused_with_a_pbn_error(data: bytes | str) -> None:
    try:
        read_hand_records(data)
    except PbnError as error:
        assert str(error)

"""The compact traveller text of a contract-bridge result: ``4HX N =``, ``3NT S -2``, ``PASS``."""

from __future__ import annotations

import pytest

from scoring.contract.deal import ContractBid
from scoring.contract.entry import ContractEntry, parse_result
from scoring.shared.errors import ContractError, DealError
from scoring.shared.seats import Seat


@pytest.mark.parametrize(
    ("text", "contract", "declarer", "tricks", "canonical"),
    [
        ("4HX N =", "4HX", Seat.N, 10, "4HX N ="),
        ("4HX N +1", "4HX", Seat.N, 11, "4HX N +1"),
        ("3NT S -2", "3NT", Seat.S, 7, "3NT S -2"),
        ("4S E 10", "4S", Seat.E, 10, "4S E ="),
        ("4s e 9", "4S", Seat.E, 9, "4S E -1"),
        ("3N W =", "3NT", Seat.W, 9, "3NT W ="),
        ("4♥X N =", "4HX", Seat.N, 10, "4HX N ="),
        ("6♠XX S +1", "6SXX", Seat.S, 13, "6SXX S +1"),
        ("2D North −1", "2D", Seat.N, 7, "2D N -1"),
        ("1NT by E 7", "1NT", Seat.E, 7, "1NT E ="),
        ("  7NT  S  13 ", "7NT", Seat.S, 13, "7NT S ="),
        ("4SN=", "4S", Seat.N, 10, "4S N ="),
        ("7NTXX W 0", "7NTXX", Seat.W, 0, "7NTXX W -13"),
    ],
)
def test_reads_the_forms_a_director_types(
    text: str, contract: str, declarer: Seat, tricks: int, canonical: str
) -> None:
    entry = parse_result(text)
    assert entry == ContractEntry(ContractBid.parse(contract), declarer, tricks)
    assert entry.text == canonical
    assert parse_result(entry.text) == entry


@pytest.mark.parametrize("text", ["PASS", "pass", "P", "passed out", "Passed Out"])
def test_reads_a_passed_out_board(text: str) -> None:
    entry = parse_result(text)
    assert entry.passed_out
    assert (entry.contract, entry.declarer, entry.tricks) == (None, None, None)
    assert entry.text == "PASS"


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("8H N =", ContractError, "Eight is more than the seven odd tricks a bid may name (Law 18A)."),
        ("4S N 14", DealError, "14 tricks is more than the thirteen a deal has."),
        ("4S Q =", DealError, "'Q' is not a seat: a seat is N, E, S or W."),
        ("4S N +4", DealError, "4S +4 would be more than thirteen tricks: 4S can make at most 3 overtricks."),
        ("4S N -11", DealError, "4S -11 would be fewer than no tricks: 4S can go at most 10 down."),
        ("4Z N =", ContractError, "'4Z N =' does not start with a contract"),
        ("4S", DealError, "'4S' needs the declarer and the result after the contract"),
        ("4S N ²", DealError, "'4S N ²' needs the declarer and the result"),
        ("", DealError, "The result is empty"),
    ],
)
def test_refuses_what_the_laws_do_not_allow_with_a_sentence(text: str, error: type, message: str) -> None:
    with pytest.raises(error) as raised:
        parse_result(text)
    assert str(raised.value).startswith(message)

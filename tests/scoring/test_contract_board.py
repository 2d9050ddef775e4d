"""Dealer and vulnerability from the board number (Law 2; spec §1.3, TV-29)."""

from __future__ import annotations

import pytest

from scoring.contract.board import Vulnerability, dealer, vulnerability
from scoring.shared.errors import DealError, ScoringError
from scoring.shared.seats import Seat, Side

# Spec §1.3's table, boards 1 to 16.
TABLE = {
    1: ("N", "None"),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "All"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "All"),
    8: ("W", "None"),
    9: ("N", "EW"),
    10: ("E", "All"),
    11: ("S", "None"),
    12: ("W", "NS"),
    13: ("N", "All"),
    14: ("E", "None"),
    15: ("S", "NS"),
    16: ("W", "EW"),
}


@pytest.mark.parametrize(("board", "expected"), TABLE.items())
def test_tv29_boards_1_to_16_follow_the_standard_table(board: int, expected: tuple[str, str]) -> None:
    assert (dealer(board).value, vulnerability(board).pbn) == expected


@pytest.mark.parametrize(("board", "seat", "vul"), [(17, "N", "None"), (32, "W", "EW"), (33, "N", "None")])
def test_tv29_boards_repeat_every_sixteen(board: int, seat: str, vul: str) -> None:
    assert (dealer(board).value, vulnerability(board).pbn) == (seat, vul)


def test_every_board_of_a_long_event_repeats_its_twin_sixteen_earlier() -> None:
    for board in range(17, 200):
        assert dealer(board) is dealer(board - 16)
        assert vulnerability(board) is vulnerability(board - 16)


def test_each_cycle_has_each_vulnerability_four_times_and_each_dealer_four_times() -> None:
    vuls = [vulnerability(board) for board in range(1, 17)]
    dealers = [dealer(board) for board in range(1, 17)]
    assert all(vuls.count(vul) == 4 for vul in Vulnerability)
    assert all(dealers.count(seat) == 4 for seat in Seat)


@pytest.mark.parametrize(
    ("vul", "ns", "ew"),
    [
        (Vulnerability.NONE, False, False),
        (Vulnerability.NS, True, False),
        (Vulnerability.EW, False, True),
        (Vulnerability.BOTH, True, True),
    ],
)
def test_of_says_which_side_is_vulnerable(vul: Vulnerability, ns: bool, ew: bool) -> None:
    assert (vul.of(Side.NS), vul.of(Side.EW)) == (ns, ew)
    assert (vul.of_seat(Seat.S), vul.of_seat(Seat.W)) == (ns, ew)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("None", Vulnerability.NONE),
        ("none", Vulnerability.NONE),
        ("Love", Vulnerability.NONE),
        ("-", Vulnerability.NONE),
        ("NS", Vulnerability.NS),
        ("N-S", Vulnerability.NS),
        ("ns", Vulnerability.NS),
        ("EW", Vulnerability.EW),
        ("E/W", Vulnerability.EW),
        ("All", Vulnerability.BOTH),
        ("Both", Vulnerability.BOTH),
        ("both", Vulnerability.BOTH),
        (Vulnerability.EW, Vulnerability.EW),
    ],
)
def test_parse_reads_every_spelling_files_and_directors_use(text: object, expected: Vulnerability) -> None:
    assert Vulnerability.parse(text) is expected


def test_pbn_and_label_spellings() -> None:
    assert [vul.pbn for vul in Vulnerability] == ["None", "NS", "EW", "All"]
    assert [vul.label for vul in Vulnerability] == ["None", "N-S", "E-W", "Both"]


@pytest.mark.parametrize("text", ["", "North", "NE", 3, None])
def test_an_unknown_vulnerability_is_refused_with_a_sentence(text: object) -> None:
    with pytest.raises(DealError, match="is not a vulnerability: use None, NS, EW or All"):
        Vulnerability.parse(text)


@pytest.mark.parametrize("board", [0, -1, True, "1", 1.0])
def test_a_board_number_is_a_whole_number_from_one(board: object) -> None:
    with pytest.raises(ScoringError, match=r"\(Law 2\)"):
        dealer(board)  # type: ignore[arg-type]
    with pytest.raises(ScoringError, match=r"\(Law 2\)"):
        vulnerability(board)  # type: ignore[arg-type]

"""Contract bridge deal scores by Law 77 (spec §1, TV-01 to TV-28)."""

from __future__ import annotations

import pytest

from scoring.contract.deal import (
    ContractBid,
    ContractScore,
    Doubling,
    Strain,
    parse_contract,
    score_board,
    score_contract,
)
from scoring.shared.errors import ContractError, DealError, ScoringError
from scoring.shared.seats import Seat

# Spec §8.1: contract, vulnerable, tricks, the declarer's score.
VECTORS = [
    ("01", "1NT", False, 7, 90),
    ("02", "2H", False, 8, 110),
    ("03", "2S", False, 10, 170),
    ("04", "4S", False, 10, 420),
    ("05", "4S", True, 10, 620),
    ("06", "3NT", True, 11, 660),
    ("07", "6H", False, 12, 980),
    ("08", "7D", False, 13, 1440),
    ("09", "7NT", True, 13, 2220),
    ("10", "1HX", False, 7, 160),
    ("11", "2SX", False, 8, 470),
    ("12", "2HX", False, 10, 670),
    ("13", "4SXX", False, 10, 880),
    ("14", "1NTXX", True, 7, 760),
    ("15", "1CXX", False, 7, 230),
    ("16", "5CX", True, 11, 750),
    ("17", "3NTX", True, 10, 950),
    ("18", "4S", False, 9, -50),
    ("19", "4S", True, 8, -200),
    ("20", "3NTX", False, 6, -500),
    ("21", "3NTX", True, 6, -800),
    ("22", "6DX", False, 8, -800),
    ("23", "2CX", False, 4, -800),
    ("24", "1NTXX", False, 4, -1000),
    ("25", "7NTXX", True, 0, -7600),
    ("26", "7SX", True, 13, 2470),
    ("27", "6SXX", True, 12, 2070),
]


@pytest.mark.parametrize(("tv", "contract", "vul", "tricks", "score"), VECTORS, ids=[v[0] for v in VECTORS])
def test_tv01_to_tv27_declarers_score(tv: str, contract: str, vul: bool, tricks: int, score: int) -> None:
    result = score_contract(ContractBid.parse(contract), Seat.S, tricks, vul)
    assert result.declarer_score == score
    assert result.score_ns == score


@pytest.mark.parametrize(("tv", "contract", "vul", "tricks", "score"), VECTORS, ids=[v[0] for v in VECTORS])
def test_an_east_west_declarer_scores_the_mirror_image(
    tv: str, contract: str, vul: bool, tricks: int, score: int
) -> None:
    result = score_contract(ContractBid.parse(contract), Seat.W, tricks, vul)
    assert result.score_ns == -score
    assert result.score_ew == score
    assert result.declarer_score == score


def test_tv28_a_passed_out_board_scores_nothing() -> None:
    result = score_contract(None, None, None, False)
    assert result.score_ns == 0
    assert result.passed_out
    assert result.lines == ("Passed out: no score to either side (Law 77).",)


def test_a_passed_out_board_has_no_declarer_or_tricks() -> None:
    with pytest.raises(DealError, match="passed-out board has no declarer"):
        score_contract(None, Seat.N, 0, False)


# An independent reading of Law 77, written from the spec's closed forms, for the full grid.
def reference(level: int, strain: str, doubling: str, vul: bool, tricks: int) -> int:
    times = {"": 1, "X": 2, "XX": 4}[doubling]
    need = level + 6
    if tricks < need:
        down = need - tricks
        if not doubling:
            return -down * (100 if vul else 50)
        doubled = 200 + 300 * (down - 1) if vul else 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -doubled * times // 2
    per = 20 if strain in "CD" else 30
    base = (level * per + (10 if strain == "NT" else 0)) * times
    score = base + ((500 if vul else 300) if base >= 100 else 50)
    score += {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    over = tricks - need
    score += over * (per if not doubling else (200 if vul else 100) * times // 2)
    return score + {"": 0, "X": 50, "XX": 100}[doubling]


def test_every_level_strain_doubling_vulnerability_and_trick_count_matches_law_77() -> None:
    checked = 0
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            for doubling in ("", "X", "XX"):
                for vul in (False, True):
                    for tricks in range(14):
                        bid = ContractBid.parse(f"{level}{strain}{doubling}")
                        result = score_contract(bid, Seat.N, tricks, vul)
                        assert result.score_ns == reference(level, strain, doubling, vul, tricks), (
                            bid,
                            tricks,
                            vul,
                        )
                        checked += 1
    assert checked == 7 * 5 * 3 * 2 * 14


def test_a_slam_premium_is_paid_only_when_the_slam_was_bid() -> None:
    made_twelve_in_game = score_contract(ContractBid.parse("4S"), Seat.N, 12, False)
    assert made_twelve_in_game.score_ns == 480
    assert not any("slam" in line for line in made_twelve_in_game.lines)


def test_doubled_into_game_is_explained() -> None:
    result = score_contract(ContractBid.parse("2SX"), Seat.N, 8, False)
    assert result.lines == (
        "Trick score: 2 odd tricks bid in spades at 30 each = 60, doubled (×2): 120 (Law 77).",
        "Game premium, not vulnerable, doubled into game (120 reaches 100): 300 (Law 77).",
        "For making a doubled contract: 50 (Law 77).",
        "2♠X by North, 8 tricks, not vulnerable: North-South score 470 (Law 77).",
    )


def test_a_redoubled_one_club_is_still_a_part_score() -> None:
    result = score_contract(ContractBid.parse("1CXX"), Seat.E, 7, False)
    assert "Part-score premium: 50 (Law 77; the trick score 80 is under 100)." in result.lines
    assert result.score_ns == -230


def test_the_undertrick_line_shows_each_step_of_the_table() -> None:
    result = score_contract(ContractBid.parse("2CX"), Seat.N, 4, False)
    assert result.lines[0] == (
        "4 undertricks, doubled, not vulnerable (100, 200 × 2, 300): 800 to the defenders (Law 77)."
    )
    assert result.lines[-1] == "2♣X by North, 4 tricks, not vulnerable: East-West score 800 (Law 77)."


def test_a_made_contract_explains_overtricks_and_slams() -> None:
    result = score_contract(ContractBid.parse("6NT"), Seat.S, 13, True)
    assert result.lines == (
        "Trick score: 6 odd tricks bid in no trump at 40 for the first and 30 for each other: 190 (Law 77).",
        "Game premium, vulnerable: 500 (Law 77).",
        "Small slam bid and made, vulnerable: 750 (Law 77).",
        "1 overtrick, at 30: 30 (Law 77).",
        "6NT by South, 13 tricks, vulnerable: North-South score 1470 (Law 77).",
    )
    assert result.made and result.result == 1


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling"),
    [
        ("4HX", 4, Strain.HEARTS, Doubling.DOUBLED),
        ("3NT", 3, Strain.NO_TRUMP, Doubling.NONE),
        ("3N", 3, Strain.NO_TRUMP, Doubling.NONE),
        ("7♠XX", 7, Strain.SPADES, Doubling.REDOUBLED),
        ("1nt", 1, Strain.NO_TRUMP, Doubling.NONE),
        ("2d*", 2, Strain.DIAMONDS, Doubling.DOUBLED),
        (" 5 ♣ x ", 5, Strain.CLUBS, Doubling.DOUBLED),
    ],
)
def test_contract_parse_reads_letters_symbols_and_doubles(
    text: str, level: int, strain: Strain, doubling: Doubling
) -> None:
    assert ContractBid.parse(text) == ContractBid(level, strain, doubling)


def test_equality_covers_the_doubling() -> None:
    assert ContractBid.parse("4H") != ContractBid.parse("4HX")
    assert ContractBid.parse("4HXX").text == "4HXX"
    assert ContractBid.parse("4HXX").symbol_text == "4♥XX"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8H", "Eight is more than the seven odd tricks a bid may name (Law 18A)."),
        ("0NT", "A bid names at least one odd trick: zero is not a level (Law 18A)."),
        ("14S", "14 is more than the seven odd tricks a bid may name (Law 18A)."),
        ("4R", "'4R' is not a contract"),
        ("4HXXX", "'4HXXX' is not a contract"),
        ("PASS", "The board was passed out"),
        (4, "4 is not a contract"),
    ],
)
def test_contract_parse_refuses_with_a_sentence(text: object, message: str) -> None:
    with pytest.raises(ContractError) as raised:
        ContractBid.parse(text)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize("text", ["PASS", "pass", "P", "passed out", "Passed Out", "AP", None])
def test_parse_contract_reads_a_pass_out_as_none(text: str | None) -> None:
    assert parse_contract(text) is None


@pytest.mark.parametrize(
    ("declarer", "tricks", "error", "message"),
    [
        (Seat.N, 14, DealError, "14 tricks is more than the thirteen a deal has."),
        (Seat.N, -1, DealError, "-1 tricks is impossible"),
        (Seat.N, True, DealError, "true is not a number of tricks"),
        (Seat.N, "10", DealError, "'10' is not a number of tricks"),
        ("Q", 10, DealError, "'Q' is not a seat"),
        (None, 10, DealError, "Name the declarer"),
        (Seat.N, None, DealError, "Give the tricks"),
    ],
)
def test_impossible_facts_are_refused(declarer: object, tricks: object, error: type, message: str) -> None:
    with pytest.raises(error) as raised:
        score_contract(ContractBid.parse("4S"), declarer, tricks, False)  # type: ignore[arg-type]
    assert str(raised.value).startswith(message)
    assert isinstance(raised.value, ScoringError)


def test_score_board_takes_the_vulnerability_from_the_board_number() -> None:
    # Board 2: N-S vulnerable. Board 3: E-W vulnerable.
    assert score_board(2, "4S", "N", 10).score_ns == 620
    assert score_board(2, "4S", "E", 10).score_ns == -420
    assert score_board(3, "4S", "E", 10).score_ns == -620
    assert score_board(3, "4S", "N", 9).score_ns == -50


def test_score_board_accepts_a_vulnerability_that_overrides_the_board() -> None:
    assert score_board(1, "4S", "N", 10, "All").score_ns == 620
    assert score_board(4, "4S", "N", 10, "None").score_ns == 420


def test_score_board_scores_a_pass_out() -> None:
    result = score_board(7, "PASS", None, None)
    assert isinstance(result, ContractScore)
    assert result.score_ns == 0

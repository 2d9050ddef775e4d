"""Four-hand rubber auction (spec §6) and Foster's two score pads (S004), vectors T40-T41."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.auction.core import Contract
from scoring.auction.deal import Deal, Options
from scoring.auction.rubber import PadStyle, RowKind, Rubber
from scoring.shared.errors import RubberError
from scoring.shared.seats import Seat, Side

NS, EW = Side.NS, Side.EW


def make_deal(contract: str, declarer: str, tricks: int, **kwargs: Any) -> Deal:
    return Deal(Contract.parse(contract), Seat.parse(declarer), tricks, **kwargs)


T40_DEALS = (
    make_deal("3NT", "S", 9, honours=(2, 0, 1, 1)),  # N-S hold three aces
    make_deal("2H", "E", 9),
    make_deal("4H", "N", 10),
)


def play(*deals: Deal) -> Rubber:
    rubber = Rubber()
    for deal in deals:
        rubber.add(deal)
    return rubber


RUBBER_VECTORS = [
    pytest.param(T40_DEALS, [NS, NS], {NS: 342, EW: 24}, (NS, 318), id="T40"),
    pytest.param(
        (make_deal("2HX", "W", 8), make_deal("3NT", "N", 9), make_deal("1C", "E", 11)),
        [EW, NS, EW],
        {EW: 32 + 50 + 30 + 250, NS: 30},
        (EW, 332),
        id="three-games",
    ),
    pytest.param(
        (make_deal("7NTXX", "N", 0), make_deal("3NT", "S", 9), make_deal("3NT", "S", 9)),
        [NS, NS],
        {NS: 30 + 30 + 250, EW: 13 * 200 + 40},
        (EW, 2640 - 310),
        id="value-favours-the-losers",
    ),
]


@pytest.mark.parametrize(("deals", "games", "totals", "value"), RUBBER_VECTORS)
def test_rubber_vectors(
    deals: tuple[Deal, ...], games: list[Side], totals: dict[Side, int], value: tuple[Side, int]
) -> None:
    rubber = play(*deals)
    assert rubber.game_winners == games
    assert rubber.finished
    assert {side: rubber.total(side) for side in (NS, EW)} == totals
    result = rubber.value()
    assert (result.side, result.points) == value


GAME_VECTORS = [
    pytest.param(make_deal("2HX", "N", 8), NS, 0, id="T41"),
    pytest.param(make_deal("2H", "N", 8), None, 16, id="2H-undoubled-is-16"),
    pytest.param(
        make_deal("1H", "N", 7, honours=(5, 0, 0, 0)), None, 8, id="honours-never-count-toward-game"
    ),
    pytest.param(make_deal("5DX", "N", 10), None, 0, id="failed-contract-scores-nothing-below"),
    pytest.param(make_deal("1R", "E", 10), EW, 0, id="four-royals-is-36"),
]


@pytest.mark.parametrize(("deal", "game_to", "below"), GAME_VECTORS)
def test_game_from_love(deal: Deal, game_to: Side | None, below: int) -> None:
    rubber = play(deal)
    assert rubber.game_winners == ([game_to] if game_to else [])
    assert rubber.below_the_line(deal.declarer.side if deal.declarer else NS) == below


def test_seven_odd_spades_is_not_game() -> None:
    rubber = play(make_deal("1S", "E", 13))
    assert rubber.game_winners == []
    assert rubber.below_the_line(EW) == 14


def test_part_scores_add_up_to_game() -> None:
    rubber = play(make_deal("2H", "N", 8), make_deal("2C", "S", 9))  # 16 + 18
    assert rubber.game_winners == [NS]
    assert rubber.entries[1].game_won_by is NS
    assert rubber.below_the_line(NS) == 0


def test_excess_and_adverse_part_scores_do_not_carry() -> None:
    rubber = play(make_deal("2H", "E", 8), make_deal("5NT", "N", 12), make_deal("2H", "E", 8))
    assert rubber.game_winners == [NS]
    assert rubber.below_the_line(NS) == 0
    assert rubber.below_the_line(EW) == 16
    assert "do not carry" in rubber.rubber_lines[0].text


def test_rubber_refuses_a_deal_after_its_end() -> None:
    rubber = play(*T40_DEALS)
    with pytest.raises(RubberError, match=r"best of three"):
        rubber.add(make_deal("1NT", "W", 7))
    assert len(rubber.entries) == 3


def test_rubber_is_never_duplicate() -> None:
    with pytest.raises(RubberError, match=r"Law A"):
        Rubber(Options(duplicate=True))


def test_unfinished_rubber_has_no_value() -> None:
    rubber = play(T40_DEALS[0])
    with pytest.raises(RubberError):
        rubber.value()


def test_no_premium_in_rubber_play() -> None:
    rubber = play(make_deal("4H", "N", 10))
    assert rubber.honour_column(NS) == 0
    assert all(line.law != "Law A" for line in rubber.lines)


def test_rubber_lines_explain_games_and_bonus() -> None:
    rubber = play(*T40_DEALS)
    laws = [line.law for line in rubber.rubber_lines]
    assert laws == ["Law 3", "Law 3", "Table of values"]
    assert sum(line.points for line in rubber.lines if line.side is NS) == 342


# --- score pads ------------------------------------------------------------------------

PAD_VECTORS = [
    pytest.param(
        "one_column",
        [
            (RowKind.HEADING, ("Deal", "Side", "N-S", "E-W")),
            (RowKind.TRICKS, ("1", "N-S", "30", "")),
            (RowKind.HONOURS, ("", "", "30", "")),
            (RowKind.GAME_LINE, ("Game 1", "N-S", "", "")),
            (RowKind.TRICKS, ("2", "E-W", "", "24")),
            (RowKind.TRICKS, ("3", "N-S", "32", "")),
            (RowKind.GAME_LINE, ("Game 2", "N-S", "", "")),
            (RowKind.RUBBER, ("Rubber", "N-S", "250", "")),
            (RowKind.TOTAL, ("Total", "", "342", "24")),
            (RowKind.VALUE, ("Value", "N-S", "318", "")),
        ],
        id="T40-one-column",
    ),
    pytest.param(
        "two_columns",
        [
            (RowKind.HEADING, ("Deal", "Side", "N-S tricks", "N-S honours", "E-W tricks", "E-W honours")),
            (RowKind.DEAL, ("1", "N-S", "30", "30", "", "")),
            (RowKind.GAME_LINE, ("Game 1", "N-S", "", "", "", "")),
            (RowKind.DEAL, ("2", "E-W", "", "", "24", "")),
            (RowKind.DEAL, ("3", "N-S", "32", "", "", "")),
            (RowKind.GAME_LINE, ("Game 2", "N-S", "", "", "", "")),
            (RowKind.RUBBER, ("Rubber", "N-S", "", "250", "", "")),
            (RowKind.ADDITION, ("Columns", "", "62", "280", "24", "0")),
            (RowKind.TOTAL, ("Total", "", "342", "", "24", "")),
            (RowKind.VALUE, ("Value", "N-S", "318", "", "", "")),
        ],
        id="T40-two-columns",
    ),
]


@pytest.mark.parametrize(("style", "expected"), PAD_VECTORS)
def test_score_pad(style: str, expected: list[tuple[RowKind, tuple[str, ...]]]) -> None:
    rows = play(*T40_DEALS).pad(style)
    assert [(row.kind, row.cells) for row in rows] == expected
    width = len(rows[0].cells)
    assert all(len(row.cells) == width for row in rows)


def test_pad_of_an_unfinished_rubber_has_no_rubber_or_value_row() -> None:
    rows = play(make_deal("3H", "E", 7, honours=(0, 3, 0, 0))).pad(PadStyle.ONE_COLUMN)
    kinds = [row.kind for row in rows]
    assert RowKind.RUBBER not in kinds
    assert RowKind.VALUE not in kinds
    # Foster's example: three hearts, odd trick only, simple honours: honours but no tricks.
    assert [row.cells for row in rows if row.kind is RowKind.HONOURS] == [("", "", "100", "16")]
    assert rows[-1].cells == ("Total", "", "100", "16")


def test_pad_value_row_favours_the_losers_when_their_total_is_higher() -> None:
    rubber = play(make_deal("7NTXX", "N", 0), make_deal("3NT", "S", 9), make_deal("3NT", "S", 9))
    value_row = rubber.pad("b")[-1]
    assert value_row.kind is RowKind.VALUE
    assert value_row.side is EW
    assert value_row.cells == ("Value", "E-W", "", "", "2330", "")
    assert "though they lost the rubber" in value_row.text


def test_pad_style_parse() -> None:
    assert PadStyle.parse("a") is PadStyle.ONE_COLUMN
    assert PadStyle.parse("two columns") is PadStyle.TWO_COLUMNS
    with pytest.raises(RubberError, match=r"Keeping score"):
        PadStyle.parse("three")


def test_a_passed_out_deal_scores_nothing_and_the_rubber_goes_on() -> None:
    rubber = play(Deal(None, None, 0), make_deal("3NT", "S", 9))
    assert rubber.game_winners == [NS]
    assert [entry.game for entry in rubber.entries] == [1, 1]
    first = rubber.pad("a")[1]
    assert first.cells == ("1", "", "", "")
    assert "passed out" in first.text

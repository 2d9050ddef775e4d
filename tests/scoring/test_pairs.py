"""Pair contests (Law H) and irregular tables (Law B (3)): vectors T53-T56 and T71."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from scoring.contests.pairs import Irregular, PairContest, TableResult, pair_contest
from scoring.shared.errors import ContestError, DealError
from scoring.shared.seats import Side


def mitchell_nets(ns_totals: list[int], ew_totals: list[int]) -> list[TableResult]:
    """A Mitchell giving each pair the net total a vector states: one deal per round.

    N-S pair t stays at table t; E-W pair j sits at table (j + r) mod n in round r; deal r is
    played at every table in round r. Start with every N-S total on the first deal, then move
    points along the first row so each E-W pair's opponents' nets add up to minus its total.
    """
    n = len(ns_totals)
    nets = [[total] + [0] * (n - 1) for total in ns_totals]
    for r in range(n):
        j = (-r) % n
        nets[0][r] += -ew_totals[j] - ns_totals[j]
    results = []
    for r in range(n):
        for j in range(n):
            table = (j + r) % n
            results.append(TableResult.auction(str(r + 1), f"N{table + 1}", f"E{j + 1}", nets[table][r]))
    return results


def compass_whist(ns_totals: list[int]) -> list[TableResult]:
    """Foster's five-table compass: 5 rounds of 6 deals, E-W pairs move one table a round.

    Round 1 gives N-S pair t its total less 160 tricks; every later round 40 tricks (78 are
    played at a table in a round of six deals), so E-W pair j, which meets N-S pair j in
    round 1, totals 390 less N-S pair j's total.
    """
    results = []
    for r in range(5):
        for j in range(5):
            table = (j + r) % 5
            tricks = ns_totals[table] - 160 if r == 0 else 40
            for d in range(6):
                on_deal = tricks // 6 + (1 if d < tricks % 6 else 0)
                deal = str(6 * r + d + 1)
                results.append(TableResult.whist(deal, f"N{table + 1}", f"E{j + 1}", on_deal))
    return results


def totals(results: list[TableResult]) -> dict[str, int]:
    """Each pair's own net or trick total, added up independently of the code under test."""
    sums: dict[str, int] = {}
    for result in results:
        for side in Side:
            score = result.score(side)
            assert score is not None
            sums[result.pair(side)] = sums.get(result.pair(side), 0) + score
    return sums


def scores_of(contest: PairContest, side: Side) -> dict[str, Fraction]:
    return {standing.pair: standing.score for standing in contest.direction_standings(side)}


def test_t53_each_direction_is_compared_with_its_own_average() -> None:
    ns_nets, ew_nets = [310, -45, 120, -5], [-200, 90, -150, -120]
    results = mitchell_nets(ns_nets, ew_nets)
    assert totals(results) == {
        **{f"N{i + 1}": net for i, net in enumerate(ns_nets)},
        **{f"E{i + 1}": net for i, net in enumerate(ew_nets)},
    }

    contest = pair_contest(results)

    assert scores_of(contest, Side.NS) == {"N1": 215, "N2": -140, "N3": 25, "N4": -100}
    assert scores_of(contest, Side.EW) == {"E1": -105, "E2": 185, "E3": -55, "E4": -25}
    assert [standing.pair for standing in contest.standings[:2]] == ["N1", "E2"]


def test_t54_the_exact_fraction_is_kept_and_the_figure_rounded() -> None:
    results = [
        TableResult.auction("1", "N1", "E1", 100),
        TableResult.auction("1", "N2", "E2", 51),
        TableResult.auction("1", "N3", "E3", 0),
    ]

    contest = pair_contest(results)

    assert contest.traveller("1").ns_average == Fraction(151, 3)
    ns = contest.direction_standings(Side.NS)
    assert [(s.pair, s.score, s.rounded, s.rank) for s in ns] == [
        ("N1", Fraction(149, 3), 50, 1),
        ("N2", Fraction(2, 3), 1, 2),
        ("N3", Fraction(-151, 3), -50, 3),
    ]
    assert contest.traveller("1").lines[0] == "N-S average on deal 1: (100 + 51 + 0) / 3 = 50 1/3"


def deal_seven(irregular: Irregular) -> list[TableResult]:
    nets = {1: 120, 2: 40, 4: -30, 5: 70}
    results = [TableResult.auction("7", f"N{t}", f"E{t}", net) for t, net in nets.items()]
    return [*results, TableResult.irregular_hands("7", "N3", "E3", irregular)]


@pytest.mark.parametrize(
    ("irregular", "ns_score", "ew_score", "ns_plus"),
    [
        pytest.param(Irregular.AVERAGE, 50, -50, 0, id="T55"),
        pytest.param(Irregular.NS_OFFENDED, -30, 30, -80, id="T56"),
        pytest.param(Irregular.EW_OFFENDED, 120, -120, 70, id="T56-mirror"),
        pytest.param(Irregular.WITHDRAWN, 50, -50, 0, id="withdrawn"),
    ],
)
def test_irregular_table_takes_average_or_extremes(
    irregular: Irregular, ns_score: int, ew_score: int, ns_plus: int
) -> None:
    contest = pair_contest(deal_seven(irregular))

    traveller = contest.traveller("7")
    table_three = next(row for row in traveller.rows if row.ns == "N3")
    assert (table_three.ns_score, table_three.ew_score) == (ns_score, ew_score)
    assert (traveller.ns_average, traveller.ew_average, traveller.valid_tables) == (50, -50, 4)
    assert contest.standing("N3").score == ns_plus
    assert contest.standing("E3").score == -ns_plus
    assert "Law B (3)" in table_three.how


def test_a_deal_not_played_after_a_withdrawal_says_so_and_credits_each_direction_its_average() -> None:
    contest = pair_contest(deal_seven(Irregular.WITHDRAWN))

    table_three = next(row for row in contest.traveller("7").rows if row.ns == "N3")
    assert table_three.how.startswith("Not played: a pair withdrew.")
    assert "N-S 50, E-W -50" in table_three.how
    assert (table_three.ns_difference, table_three.ew_difference) == (0, 0)


def test_irregular_table_explains_how_its_figure_was_reached() -> None:
    contest = pair_contest(deal_seven(Irregular.NS_OFFENDED))

    (recap,) = contest.pair_scores("N3")
    assert recap.irregular is Irregular.NS_OFFENDED
    assert recap.how == (
        "Irregular hands (Law B (3)): the partner of the short N-S player held the surplus, so N-S take "
        "the lowest N-S score on the deal, -30, and E-W the highest E-W score, 30."
    )
    assert recap.text == "Deal 7, N-S against E3: -30, average 50, -80"


def test_irregular_tables_do_not_enter_the_average() -> None:
    contest = pair_contest(deal_seven(Irregular.AVERAGE))

    valid_plus = [row.ns_difference for row in contest.traveller("7").rows if row.irregular is None]
    assert sum(valid_plus) == 0
    assert contest.traveller("7").lines[0] == "N-S average on deal 7: (120 + 40 - 30 + 70) / 4 = 50"


def test_t71_foster_compass_whist_by_total_tricks() -> None:
    ns_totals = [201, 204, 211, 207, 212]
    results = compass_whist(ns_totals)
    own = totals(results)
    assert [own[f"N{i}"] for i in range(1, 6)] == ns_totals
    assert [own[f"E{i}"] for i in range(1, 6)] == [189, 186, 179, 183, 178]
    assert len({result.deal for result in results}) == 30

    contest = pair_contest(results)

    assert scores_of(contest, Side.NS) == {"N1": -6, "N2": -3, "N3": 4, "N4": 0, "N5": 5}
    assert scores_of(contest, Side.EW) == {"E1": 6, "E2": 3, "E3": -4, "E4": 0, "E5": -5}
    best = contest.standings[0]
    assert (best.pair, best.score, best.rank, best.deals) == ("E1", 6, 1, 30)
    assert {standing.deals for standing in contest.standings} == {30}


def test_howell_pairs_sit_both_ways_and_miss_deals() -> None:
    results = [
        TableResult.auction("1", "P1", "P2", 100),
        TableResult.auction("1", "P3", "P4", 50),
        TableResult.auction("2", "P4", "P1", -40),
        TableResult.auction("2", "P2", "P3", 20),
        TableResult.auction("3", "P3", "P1", 200),
    ]

    contest = pair_contest(results)

    assert [(s.pair, s.score, s.rank, s.deals) for s in contest.standings] == [
        ("P1", 55, 1, 3),
        ("P2", 5, 2, 2),
        ("P4", -5, 3, 2),
        ("P3", -55, 4, 3),
    ]
    assert scores_of(contest, Side.NS) == {"P1": 25, "P2": 30, "P3": -25, "P4": -30}
    assert scores_of(contest, Side.EW) == {"P1": 30, "P2": -25, "P3": -30, "P4": 25}
    recap = contest.pair_scores("P1")
    assert [(r.deal, r.direction, r.opponents, r.difference) for r in recap] == [
        ("1", Side.NS, "P2", 25),
        ("2", Side.EW, "P4", 30),
        ("3", Side.EW, "P3", 0),
    ]


def test_ties_share_a_rank_and_the_next_is_skipped() -> None:
    nets = [30, 10, 10, -50]
    results = [TableResult.auction("1", f"N{t}", f"E{t}", net) for t, net in enumerate(nets, start=1)]

    contest = pair_contest(results)

    ns = contest.direction_standings(Side.NS)
    assert [(s.pair, s.score, s.rank) for s in ns] == [
        ("N1", 30, 1),
        ("N2", 10, 2),
        ("N3", 10, 2),
        ("N4", -50, 4),
    ]
    assert [(s.pair, s.rank) for s in contest.standings] == [
        ("E4", 1),
        ("N1", 2),
        ("N2", 3),
        ("N3", 3),
        ("E2", 5),
        ("E3", 5),
        ("E1", 7),
        ("N4", 8),
    ]


def test_ties_are_broken_only_by_the_exact_fraction() -> None:
    # N-S average 50 1/3 on deal 1: N1 +49 2/3. On deal 2, N4 makes +50 exactly against 0.
    # Both round to 50; the fraction puts N4 first.
    results = [
        TableResult.auction("1", "N1", "E1", 100),
        TableResult.auction("1", "N2", "E2", 51),
        TableResult.auction("1", "N3", "E3", 0),
        TableResult.auction("2", "N4", "E4", 100),
        TableResult.auction("2", "N5", "E5", 0),
    ]

    ns = pair_contest(results).direction_standings(Side.NS)

    assert [(s.pair, s.rounded, s.rank) for s in ns[:2]] == [("N4", 50, 1), ("N1", 50, 2)]


def test_whist_table_scores_total_tricks_for_each_side() -> None:
    result = TableResult.whist("1", "N1", "E1", 8)

    assert (result.ns_score, result.ew_score) == (8, 5)


def test_whist_table_refuses_fourteen_tricks() -> None:
    with pytest.raises(DealError, match="thirteen tricks"):
        TableResult.whist("1", "N1", "E1", 14)


@pytest.mark.parametrize(
    ("results", "message"),
    [
        pytest.param(
            [TableResult.auction("1", "N1", "E1", 10), TableResult.auction("1", "N1", "E2", 20)],
            r"Pair N1 is entered at two tables on deal 1 .*\(Law H\)",
            id="pair-at-two-tables-same-direction",
        ),
        pytest.param(
            [TableResult.auction("1", "N1", "E1", 10), TableResult.auction("1", "E2", "N1", 20)],
            r"Pair N1 is entered at two tables on deal 1 .*\(Law H\)",
            id="pair-at-two-tables-both-directions",
        ),
        pytest.param(
            [TableResult.irregular_hands("4", "N1", "E1", "average")],
            r"Deal 4 has no validly played table, so its irregular table cannot be averaged.*Law B \(3\)",
            id="irregular-without-valid-table",
        ),
        pytest.param(
            [
                TableResult.irregular_hands("4", "N1", "E1", "ew_offended"),
                TableResult.irregular_hands("4", "N2", "E2", "average"),
            ],
            r"cannot be averaged.*Law B \(3\)",
            id="only-irregular-tables",
        ),
    ],
)
def test_contest_refuses(results: list[TableResult], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        pair_contest(results)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        pytest.param(
            lambda: TableResult.auction("1", "N1", "N1", 10), r"two different pairs \(Law H\)", id="self"
        ),
        pytest.param(
            lambda: TableResult.irregular_hands("1", "N1", "E1", "both_offended"),
            r"not a ruling on irregular hands.*\(Law B \(3\)\)",
            id="unknown-irregular",
        ),
        pytest.param(
            lambda: TableResult("1", "N1", "E1", 50, -50, Irregular.AVERAGE),
            r"has no score of its own.*\(Law B \(3\)\)",
            id="irregular-with-score",
        ),
        pytest.param(
            lambda: TableResult("1", "N1", "E1", None, None),
            r"needs a ruling on irregular hands \(Law B \(3\)\)",
            id="no-score-no-ruling",
        ),
        pytest.param(lambda: TableResult.auction("1", "N1", "E1", True), "not a net score", id="bool-net"),
        pytest.param(lambda: TableResult.auction("", "N1", "E1", 10), "not a deal", id="empty-deal"),
        pytest.param(lambda: TableResult.auction("1", " ", "E1", 10), "not a pair", id="blank-pair"),
    ],
)
def test_table_result_refuses(build: Callable[[], object], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        build()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("average", Irregular.AVERAGE, id="average"),
        pytest.param("NS_OFFENDED", Irregular.NS_OFFENDED, id="upper"),
        pytest.param("ew-offended", Irregular.EW_OFFENDED, id="hyphen"),
        pytest.param("withdrawn", Irregular.WITHDRAWN, id="withdrawn"),
    ],
)
def test_irregular_parse(text: str, expected: Irregular) -> None:
    assert Irregular.parse(text) is expected


def test_lookups_refuse_unknown_pairs_and_deals() -> None:
    contest = pair_contest([TableResult.auction("1", "N1", "E1", 10)])

    with pytest.raises(ContestError, match="Pair X played no deal"):
        contest.standing("X")
    with pytest.raises(ContestError, match="Deal 9 was not played"):
        contest.traveller("9")


def test_travellers_come_in_natural_deal_order() -> None:
    results = [TableResult.auction(deal, "N1", "E1", 0) for deal in ("10", "2", "1")]

    assert [traveller.deal for traveller in pair_contest(results).travellers] == ["1", "2", "10"]

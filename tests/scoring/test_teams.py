"""Team matches (Law G; readings R-5 to R-7): vectors T49, T52 and the duplicate-whist team."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.contests.teams import Team, TeamResult, team_match, whist_team_match
from scoring.shared.errors import ContestError, DealError
from scoring.shared.seats import Side

FOUR_A = Team("A", ("A1", "A2"))
FOUR_B = Team("B", ("B1", "B2"))
SIX_A = Team("A", ("A1", "A2", "A3"))
SIX_B = Team("B", ("B1", "B2", "B3"))


def t52_results() -> list[TeamResult]:
    return [
        TeamResult("1", "A1", "B2", 300, 150),
        TeamResult("1", "A2", "B3", 201, 250),
        TeamResult("1", "B1", "A3", 200, 150),
    ]


def test_t49_team_of_four_totals_the_gross_scores() -> None:
    # Table 1: A's N-S pair 4H, 10 tricks, simple honours = 173; table 2: B's N-S 3H, 9 tricks, 40.
    results = [TeamResult("1", "A1", "B1", 173, 0), TeamResult("1", "B2", "A2", 40, 0)]

    match = team_match(FOUR_A, FOUR_B, results)

    assert (match.first.total, match.second.total) == (173, 40)
    assert (match.winner, match.margin, match.by_fraction) == ("A", 133, False)
    assert match.first.average is None
    assert match.lines[-1] == "A 173 against B 40: A win by 133 points (Law G)."


def test_t49_director_summary_per_deal() -> None:
    results = [TeamResult("1", "A1", "B1", 173, 0), TeamResult("1", "B2", "A2", 40, 0)]

    (deal,) = team_match(FOUR_A, FOUR_B, results).deals

    assert (deal.deal, deal.first_points, deal.second_points, deal.swing) == ("1", 173, 40, 133)
    assert [(t.ns, t.ns_team, t.ns_points, t.ew, t.ew_team, t.ew_points) for t in deal.tables] == [
        ("A1", "A", 173, "B1", "B", 0),
        ("B2", "B", 40, "A2", "A", 0),
    ]
    assert deal.text == "Deal 1: 173 to 40, swing +133"


def test_t52_odd_teams_add_the_opposite_average_and_win_by_a_fraction() -> None:
    match = team_match(SIX_A, SIX_B, t52_results())

    a, b = match.first, match.second
    assert (a.odd_direction, a.average, a.average_rounded) == (Side.NS, Fraction(550, 3), 183)
    assert (b.odd_direction, b.average, b.average_rounded) == (Side.EW, Fraction(701, 3), 234)
    assert (a.gross, a.total, a.exact) == (651, 834, Fraction(2503, 3))
    assert (b.gross, b.total, b.exact) == (600, 834, Fraction(2501, 3))
    assert (match.winner, match.margin, match.by_fraction) == ("A", Fraction(2, 3), True)
    assert match.lines[-1].endswith("A win by the fraction of a point (2/3) (Law G).")


def test_t52_explains_the_added_average() -> None:
    lines = team_match(SIX_A, SIX_B, t52_results()).lines

    assert lines[1] == (
        "A's odd pair sits N-S, so it adds the average of all pairs seated E-W: "
        "(150 + 250 + 150) / 3 = 183 1/3, taken as 183 (Law G). Total 834, exactly 834 1/3."
    )


def test_exact_tie_is_a_draw() -> None:
    results = [TeamResult("1", "A1", "B1", 100, 0), TeamResult("1", "B2", "A2", 100, 0)]

    match = team_match(FOUR_A, FOUR_B, results)

    assert (match.winner, match.margin, match.by_fraction) == (None, 0, False)
    assert "drawn" in match.lines[-1]


def test_rounded_totals_decide_before_the_fraction() -> None:
    # One more point for A1: A 652 + 183 1/3 (taken as 183); B 600 + (301 + 201 + 200) / 3 = 834.
    # The rounded totals differ, so the match is won outright, by the exact 1 1/3.
    results = t52_results()
    results[0] = TeamResult("1", "A1", "B2", 301, 150)

    match = team_match(SIX_A, SIX_B, results)

    assert (match.first.total, match.second.total) == (835, 834)
    assert (match.winner, match.by_fraction, match.margin) == ("A", False, Fraction(4, 3))


def test_several_deals_sum_per_pair_and_keep_deal_order() -> None:
    results = [
        TeamResult("2", "A1", "B1", 50, 0),
        TeamResult("2", "B2", "A2", 0, 70),
        TeamResult("1", "A1", "B1", 0, 30),
        TeamResult("1", "B2", "A2", 20, 0),
    ]

    match = team_match(FOUR_A, FOUR_B, results)

    assert [(p.pair, p.direction, p.points) for p in match.first.pairs] == [
        ("A1", Side.NS, 50),
        ("A2", Side.EW, 70),
    ]
    assert [(d.deal, d.swing) for d in match.deals] == [("2", 120), ("1", -50)]
    assert (match.first.total, match.second.total, match.margin) == (120, 50, 70)


def test_pairs_may_change_opponents_between_deals() -> None:
    results = [
        TeamResult("1", "A1", "B2", 300, 150),
        TeamResult("1", "A2", "B3", 201, 250),
        TeamResult("1", "B1", "A3", 200, 150),
        TeamResult("2", "A1", "B3", 10, 0),
        TeamResult("2", "A2", "B2", 0, 10),
        TeamResult("2", "B1", "A3", 0, 0),
    ]

    match = team_match(SIX_A, SIX_B, results)

    assert match.first.average == Fraction(560, 3)
    assert match.second.average == Fraction(711, 3)


def test_duplicate_whist_team_of_four_compares_total_tricks() -> None:
    # Table 1: A's N-S take 8 tricks; table 2: B's N-S take 6, so A's E-W take 7.
    results = [TeamResult.whist("1", "A1", "B1", 8), TeamResult.whist("1", "B2", "A2", 6)]

    match = whist_team_match(FOUR_A, FOUR_B, results)

    assert (match.first.total, match.second.total) == (15, 11)
    assert (match.winner, match.margin, match.unit) == ("A", 4, "tricks")
    assert match.margin == 2 * (8 - 6)


def test_whist_team_match_refuses_a_deal_not_of_thirteen_tricks() -> None:
    results = [TeamResult("1", "A1", "B1", 8, 6), TeamResult.whist("1", "B2", "A2", 6)]

    with pytest.raises(ContestError, match="thirteen tricks"):
        whist_team_match(FOUR_A, FOUR_B, results)


def test_whist_team_result_refuses_fourteen_tricks() -> None:
    with pytest.raises(DealError):
        TeamResult.whist("1", "A1", "B1", 14)


def test_total_lookup_by_team_name() -> None:
    match = team_match(SIX_A, SIX_B, t52_results())

    assert match.total("B") is match.second
    with pytest.raises(ContestError, match="No team called C"):
        match.total("C")


@pytest.mark.parametrize(
    ("first", "second", "results", "message"),
    [
        pytest.param(
            FOUR_A,
            Team("B", ("B1", "B2", "B3")),
            [],
            r"must be of equal size \(Law G\)",
            id="unequal-size",
        ),
        pytest.param(
            FOUR_A,
            FOUR_B,
            [
                TeamResult("1", "A1", "B1", 10, 0),
                TeamResult("2", "A1", "B1", 10, 0),
                TeamResult("1", "B2", "A2", 10, 0),
            ],
            r"Deal 2 was not played at every table: pair A2 .*\(Law G\)",
            id="deal-not-at-every-table",
        ),
        pytest.param(
            FOUR_A,
            FOUR_B,
            [
                TeamResult("1", "A1", "B1", 10, 0),
                TeamResult("1", "B2", "A2", 10, 0),
                TeamResult("1", "A1", "B1", 10, 0),
            ],
            r"Pair A1 played deal 1 twice.*\(Law G\)",
            id="pair-plays-a-deal-twice",
        ),
        pytest.param(
            FOUR_A,
            FOUR_B,
            [
                TeamResult("1", "A1", "B1", 10, 0),
                TeamResult("1", "B2", "A2", 10, 0),
                TeamResult("2", "B1", "A1", 10, 0),
                TeamResult("2", "A2", "B2", 10, 0),
            ],
            r"Pair B1 sat E-W and then N-S on deal 2: a pair keeps its direction .*\(Law G\)",
            id="pair-switches-direction",
        ),
        pytest.param(
            FOUR_A,
            FOUR_B,
            [TeamResult("1", "A1", "A2", 10, 0), TeamResult("1", "B1", "B2", 10, 0)],
            r"each table seats one pair of each team \(Law G\)",
            id="two-pairs-of-one-team",
        ),
        pytest.param(
            FOUR_A,
            FOUR_B,
            [TeamResult("1", "A1", "B1", 10, 0), TeamResult("1", "B2", "X9", 10, 0)],
            r"Pair X9 .* is on neither team .*\(Law G\)",
            id="unknown-pair",
        ),
        pytest.param(
            FOUR_A,
            Team("B", ("B1", "A2")),
            [],
            r"Pair A2 is listed in both teams .*\(Law G\)",
            id="pair-on-both-teams",
        ),
        pytest.param(FOUR_A, Team("A", ("B1", "B2")), [], r"Both teams are called A", id="same-name"),
        pytest.param(FOUR_A, FOUR_B, [], r"at least one deal .*\(Law G\)", id="no-deals"),
        pytest.param(
            Team("A", ("A1", "A2", "A3", "A4")),
            Team("B", ("B1", "B2", "B3", "B4")),
            [TeamResult("1", f"A{i}", f"B{i}", 10, 0) for i in range(1, 5)],
            r"Team A seats 4 pairs N-S and 0 E-W: one half of each team.*\(Law G\)",
            id="unbalanced-seating",
        ),
    ],
)
def test_match_refuses(first: Team, second: Team, results: list[TeamResult], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        team_match(first, second, results)


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        pytest.param(("A1",), r"Team A has 1 pair: .*not less than two pairs \(Law G\)", id="one-pair"),
        pytest.param((), r"Team A has 0 pairs", id="no-pairs"),
        pytest.param(("A1", "A1"), r"lists pair A1 twice", id="repeated-pair"),
        pytest.param("A1A2", r"list of pairs \(Law G\)", id="string-not-list"),
    ],
)
def test_team_refuses(pairs: tuple[str, ...], message: str) -> None:
    with pytest.raises(ContestError, match=message):
        Team("A", pairs)


@pytest.mark.parametrize(
    ("ns_points", "ew_points", "message"),
    [
        pytest.param(
            -50, 0, r"Pair A1 cannot score -50 on deal 1: a gross score is never below zero.*Law G", id="neg"
        ),
        pytest.param(0, 1.5, r"not a gross score for pair B1.*\(Law G\)", id="float"),
        pytest.param(True, 0, r"not a gross score", id="bool"),
    ],
)
def test_team_result_refuses(ns_points: int, ew_points: int, message: str) -> None:
    with pytest.raises(ContestError, match=message):
        TeamResult("1", "A1", "B1", ns_points, ew_points)


def test_team_result_refuses_a_pair_against_itself() -> None:
    with pytest.raises(ContestError, match=r"one pair of each team \(Law G\)"):
        TeamResult("1", "A1", "A1", 0, 0)


def test_team_accepts_a_list_of_pairs() -> None:
    assert Team("A", ["A1", "A2"]).pairs == ("A1", "A2")  # type: ignore[arg-type]

"""Properties of pair contests (Law H, Law B (3)) and team matches (Law G), with hypothesis."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.contests.pairs import (
    Irregular,
    TableResult,
    contest_of,
    pair_contest,
    score_deals,
)
from scoring.contests.teams import Team, TeamResult, team_match
from scoring.shared.errors import ContestError
from scoring.shared.seats import Side

# Examples per property: the depth's profile (tests/depth.py).
SETTINGS = settings(suppress_health_check=[HealthCheck.too_slow])
NETS = st.integers(min_value=-1500, max_value=1500)


@st.composite
def howell_contests(draw: st.DrawFn, irregular: bool = False) -> list[TableResult]:
    """Deals each played by a random subset of pairs, seated either way round at random."""
    pairs = [f"P{i}" for i in range(1, draw(st.integers(min_value=2, max_value=9)) + 1)]
    results = []
    for deal in range(1, draw(st.integers(min_value=1, max_value=6)) + 1):
        seated = draw(st.permutations(pairs))
        tables = draw(st.integers(min_value=1, max_value=len(pairs) // 2))
        for table in range(tables):
            ns, ew = seated[2 * table], seated[2 * table + 1]
            if irregular and table > 0 and draw(st.booleans()):
                ruling = draw(st.sampled_from(list(Irregular)))
                results.append(TableResult.irregular_hands(str(deal), ns, ew, ruling))
            else:
                results.append(TableResult.auction(str(deal), ns, ew, draw(NETS)))
    return results


def expected_scores(results: list[TableResult]) -> dict[str, Fraction]:
    """Law H by the letter, for valid tables only: own score less the same-deal, same-direction mean."""
    group: dict[tuple[str, Side], list[int]] = {}
    for result in results:
        for side in Side:
            score = result.score(side)
            assert score is not None
            group.setdefault((result.deal, side), []).append(score)
    expected: dict[str, Fraction] = {}
    for result in results:
        for side in Side:
            figures = group[(result.deal, side)]
            own = result.score(side)
            assert own is not None
            pair = result.pair(side)
            expected[pair] = expected.get(pair, Fraction(0)) + own - Fraction(sum(figures), len(figures))
    return expected


@SETTINGS
@given(howell_contests())
def test_direction_groups_sum_to_zero_on_every_deal(results: list[TableResult]) -> None:
    contest = pair_contest(results)

    for traveller in contest.travellers:
        assert sum(row.ns_difference for row in traveller.rows) == 0
        assert sum(row.ew_difference for row in traveller.rows) == 0
    assert sum(standing.score for standing in contest.standings) == 0


@SETTINGS
@given(howell_contests())
def test_howell_shaped_contest_scores_each_pair_against_its_direction(results: list[TableResult]) -> None:
    contest = pair_contest(results)

    assert {standing.pair: standing.score for standing in contest.standings} == expected_scores(results)
    played: dict[str, int] = {}
    for result in results:
        for pair in (result.ns, result.ew):
            played[pair] = played.get(pair, 0) + 1
    assert {standing.pair: standing.deals for standing in contest.standings} == played
    for standing in contest.standings:
        assert standing.score == sum(score.difference for score in contest.pair_scores(standing.pair))


@st.composite
def five_pair_howells(draw: st.DrawFn) -> list[TableResult]:
    """Five pairs, two tables, five deals: pair d sits out deal d; the others change direction."""
    results = []
    for deal in range(5):
        couples = [((deal + 1) % 5, (deal + 4) % 5), ((deal + 2) % 5, (deal + 3) % 5)]
        for one, two in couples:
            ns, ew = (one, two) if deal % 2 == 0 else (two, one)
            results.append(TableResult.auction(str(deal + 1), f"P{ns + 1}", f"P{ew + 1}", draw(NETS)))
    return results


@SETTINGS
@given(five_pair_howells())
def test_five_pair_howell_sits_pairs_both_ways_and_sits_out_one_deal(results: list[TableResult]) -> None:
    directions = {(pair, side) for result in results for side in Side for pair in [result.pair(side)]}
    assert all((f"P{i}", side) in directions for i in range(1, 6) for side in Side)

    contest = pair_contest(results)

    assert {standing.pair: standing.score for standing in contest.standings} == expected_scores(results)
    assert {standing.deals for standing in contest.standings} == {4}
    assert sum(standing.score for standing in contest.standings) == 0


@SETTINGS
@given(howell_contests())
def test_ranks_follow_the_exact_scores(results: list[TableResult]) -> None:
    contest = pair_contest(results)

    for group in (contest.standings, contest.ns_standings, contest.ew_standings):
        scores = [standing.score for standing in group]
        assert scores == sorted(scores, reverse=True)
        for standing in group:
            assert standing.rank == 1 + sum(1 for score in scores if score > standing.score)
            assert abs(standing.rounded - standing.score) <= Fraction(1, 2)


@SETTINGS
@given(howell_contests(irregular=True))
def test_irregular_tables_take_the_average_or_the_extremes(results: list[TableResult]) -> None:
    contest = pair_contest(results)

    for traveller in contest.travellers:
        valid = [row for row in traveller.rows if row.irregular is None]
        for row in traveller.rows:
            if row.irregular is Irregular.AVERAGE:
                assert (row.ns_difference, row.ew_difference) == (0, 0)
            elif row.irregular is Irregular.NS_OFFENDED:
                assert row.ns_score == min(valid_row.ns_score for valid_row in valid)
                assert row.ew_score == max(valid_row.ew_score for valid_row in valid)
            elif row.irregular is Irregular.EW_OFFENDED:
                assert row.ew_score == min(valid_row.ew_score for valid_row in valid)
                assert row.ns_score == max(valid_row.ns_score for valid_row in valid)
        assert sum(row.ns_difference for row in valid) == 0


@SETTINGS
@given(howell_contests(), st.data())
def test_a_pair_entered_twice_on_a_deal_is_refused(results: list[TableResult], data: st.DataObject) -> None:
    repeated = data.draw(st.sampled_from(results))
    stranger = TableResult.auction(repeated.deal, repeated.ns, "Stranger", 0)

    with pytest.raises(ContestError, match=r"\(Law H\)"):
        pair_contest([*results, stranger])


@st.composite
def team_matches(draw: st.DrawFn) -> tuple[Team, Team, list[TeamResult]]:
    """A legal Law G match: balanced seating, each deal once at each table, random opponents."""
    size = draw(st.integers(min_value=2, max_value=7))
    first = Team("A", tuple(f"A{i}" for i in range(1, size + 1)))
    second = Team("B", tuple(f"B{i}" for i in range(1, size + 1)))
    first_ns = draw(st.sampled_from(sorted({size // 2, (size + 1) // 2})))
    a_ns, a_ew = first.pairs[:first_ns], first.pairs[first_ns:]
    b_ew, b_ns = second.pairs[:first_ns], second.pairs[first_ns:]
    points = st.integers(min_value=0, max_value=700)
    results = []
    for deal in range(1, draw(st.integers(min_value=1, max_value=5)) + 1):
        tables = [*zip(a_ns, draw(st.permutations(b_ew)), strict=True)]
        tables += zip(b_ns, draw(st.permutations(a_ew)), strict=True)
        for ns, ew in tables:
            results.append(TeamResult(str(deal), ns, ew, draw(points), draw(points)))
    return first, second, draw(st.permutations(results))


@SETTINGS
@given(team_matches())
def test_swapping_the_teams_swaps_the_result(match_input: tuple[Team, Team, list[TeamResult]]) -> None:
    first, second, results = match_input

    match = team_match(first, second, results)
    swapped = team_match(second, first, results)

    assert (swapped.first, swapped.second) == (match.second, match.first)
    assert (swapped.winner, swapped.margin, swapped.by_fraction) == (
        match.winner,
        match.margin,
        match.by_fraction,
    )
    assert [deal.swing for deal in swapped.deals] == [-deal.swing for deal in match.deals]


@SETTINGS
@given(team_matches())
def test_the_winner_has_the_higher_exact_total(match_input: tuple[Team, Team, list[TeamResult]]) -> None:
    match = team_match(*match_input)

    one, two = match.first, match.second
    if match.winner is None:
        assert one.exact == two.exact and match.margin == 0
    else:
        winner, loser = (one, two) if match.winner == one.team else (two, one)
        assert winner.total >= loser.total
        assert winner.exact > loser.exact
        assert match.margin == winner.exact - loser.exact
        assert match.by_fraction == (winner.total == loser.total)
    for total in (one, two):
        assert total.gross == sum(pair.points for pair in total.pairs)
        if len(total.pairs) % 2 == 0:
            assert total.average is None and total.exact == total.total == total.gross
        else:
            assert total.average is not None and total.exact == total.gross + total.average
    if len(one.pairs) % 2 == 0:
        assert one.exact - two.exact == sum(deal.swing for deal in match.deals)


@SETTINGS
@given(team_matches(), st.data())
def test_a_broken_match_is_refused_citing_law_g(
    match_input: tuple[Team, Team, list[TeamResult]], data: st.DataObject
) -> None:
    first, second, results = match_input
    victim = data.draw(st.integers(min_value=0, max_value=len(results) - 1))
    missing = results[:victim] + results[victim + 1 :]
    twice = [*results, results[victim]]
    candidates = [missing, twice]
    if len({result.deal for result in results}) > 1:
        # On a one-deal match, turning a table round is just another legal seating.
        turned = TeamResult(results[victim].deal, results[victim].ew, results[victim].ns, 0, 0)
        candidates.append([*results[:victim], turned, *results[victim + 1 :]])
    broken = data.draw(st.sampled_from(candidates))

    with pytest.raises(ContestError, match=r"\(Law G\)"):
        team_match(first, second, broken)


@SETTINGS
@given(howell_contests(irregular=True), howell_contests(irregular=True))
def test_a_contest_added_up_from_deals_rescored_one_by_one_is_the_whole_contest(
    before: list[TableResult], after: list[TableResult]
) -> None:
    """Law H scores each deal on its own: the deals of ``after`` scored again over the deals of
    ``before`` kept as they were, then added up, give exactly the contest scored from nothing."""
    deals = {result.deal for result in after}
    changed = [result for result in after if result.deal in deals]
    kept = [result for result in before if result.deal not in deals]
    whole = pair_contest(kept + changed)
    figures = {deal: scored for deal, scored in score_deals(before).items() if deal not in deals}
    figures.update(score_deals(changed))
    assert contest_of(figures) == whole

"""Properties of matchpoints on random boards (seeded loops): board totals, tops, symmetry (§2)."""

from __future__ import annotations

import random
from fractions import Fraction as F

from scoring.contests.adjusted import Artificial, Award, Weighted
from scoring.contests.matchpoint_session import score_session
from scoring.contests.matchpoints import MatchpointOptions, Scale, TableResult, matchpoints, score_board

SCORES = [-1100, -800, -500, -200, -100, -50, 0, 50, 90, 110, 140, 170, 420, 450, 620, 650, 1430]


def random_board(rng: random.Random, tables: int) -> list[TableResult]:
    return [TableResult("1", f"N{t}", f"E{t}", rng.choice(SCORES)) for t in range(tables)]


def test_a_full_boards_ns_matchpoints_sum_to_the_constant_total() -> None:
    rng = random.Random(78)
    for _ in range(400):
        n = rng.randint(1, 25)
        for scale in Scale:
            lines = score_board(random_board(rng, n), MatchpointOptions(scale=scale))
            assert sum(line.mp_ns for line in lines) == n * scale.top(n) / 2
            assert all(line.mp_ns + line.mp_ew == scale.top(n) for line in lines)


def test_neuberg_keeps_ns_plus_ew_at_the_top_and_the_total_at_average_times_n() -> None:
    rng = random.Random(22)
    for _ in range(400):
        expected = rng.randint(2, 20)
        n = rng.randint(1, expected)
        for scale in Scale:
            lines = score_board(random_board(rng, n), MatchpointOptions(scale=scale), expected=expected)
            top = scale.top(expected)
            assert all(line.mp_ns + line.mp_ew == top for line in lines)
            assert sum(line.mp_ns for line in lines) == n * top / 2
            assert all(0 <= line.mp_ns <= top for line in lines)


def test_artificial_tables_leave_the_real_results_at_average_times_n() -> None:
    rng = random.Random(1212)
    for _ in range(300):
        real = rng.randint(1, 15)
        adjusted = rng.randint(1, 3)
        results = random_board(rng, real) + [
            TableResult("1", f"AN{t}", f"AE{t}", Artificial(rng.choice(list(Award)), rng.choice(list(Award))))
            for t in range(adjusted)
        ]
        rng.shuffle(results)
        lines = score_board(results, MatchpointOptions(scale=Scale.EUROPEAN))
        top = Scale.EUROPEAN.top(real + adjusted)
        real_lines = [line for line in lines if not isinstance(line.outcome, Artificial)]
        assert sum(line.mp_ns for line in real_lines) == real * top / 2
        assert all(line.mp_ns + line.mp_ew == top for line in real_lines)


def test_weighted_tables_keep_the_board_total_constant() -> None:
    rng = random.Random(1201)
    for _ in range(300):
        n = rng.randint(2, 12)
        results = random_board(rng, n)
        for index in rng.sample(range(n), rng.randint(1, n)):
            first = F(rng.randint(1, 5), 6)
            shares = [(first, rng.choice(SCORES)), (1 - first, rng.choice(SCORES))]
            results[index] = TableResult("1", results[index].ns, results[index].ew, Weighted.of(shares))
        lines = score_board(results, MatchpointOptions(scale=Scale.EUROPEAN))
        assert sum(line.mp_ns for line in lines) == n * (n - 1)
        assert all(line.mp_ns + line.mp_ew == 2 * (n - 1) for line in lines)


def test_reversing_the_scores_reverses_the_matchpoints() -> None:
    rng = random.Random(5)
    for _ in range(300):
        scores = [rng.choice(SCORES) for _ in range(rng.randint(1, 20))]
        for scale in Scale:
            forward = matchpoints(scores, scale)
            backward = matchpoints([-score for score in scores], scale)
            assert [a + b for a, b in zip(forward, backward, strict=True)] == [scale.top(len(scores))] * len(
                scores
            )


def test_a_complete_session_averages_fifty_percent() -> None:
    rng = random.Random(50)
    for _ in range(40):
        tables = rng.randint(2, 8)
        results = [
            TableResult(str(board), f"N{(t + board) % tables}", f"E{t}", rng.choice(SCORES))
            for board in range(1, tables + 1)
            for t in range(tables)
        ]
        session = score_session(results, MatchpointOptions(scale=rng.choice(list(Scale))))
        assert sum(score.percent for score in session.pairs) == 50 * len(session.pairs)
        ranks = sorted(score.place.first for score in session.pairs)
        assert ranks[0] == 1

"""The plain pass of ``python -m scoring matchpoints`` writes what the general engine writes, byte for byte.

A plain session (scores only, at most ``scale`` and ``neuberg``) is scored without the general
engine's objects (:func:`scoring.cli.matchpoints.plain_session_text`); every other input goes
to the general path, which gives every refused input its sentence. Random sessions (seeded
loops) hold the two to the same output; inputs the plain pass must not take are listed.
"""

from __future__ import annotations

import gc
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.cli.matchpoint_json import session_from_json, session_to_json
from scoring.cli.matchpoints import plain_session_text, run_matchpoints
from scoring.contests.matchpoint_session import scored_session
from scoring.contests.plain_matchpoints import ranked_exactly
from scoring.shared.errors import ScoringError
from tests.depth import THOROUGH

ROOT = Path(__file__).resolve().parents[2]
SCORES = [-1100, -800, -500, -200, -100, -50, 0, 50, 90, 110, 140, 170, 420, 450, 620, 650, 1430, 7600, -7600]
NAMES = [
    "1",
    "2",
    "10",
    "Ann & Bob",
    "Zoë",
    '"Q"',
    "back\\slash",
    "tab\there",
    "\x01",
    "東",
    "😀",
    " A",
    "a\u2028b",  # a line separator inside a pair id: not blank
]
# Random sessions scored both ways: at the thorough depth 600, at the quick one the first 120 of them.
SESSIONS = 600 if THOROUGH else 120
BOARDS = ["1", "2", "3", "10", "1a", "01", "٣", "-4", "Board \u00bd", "x" * 40]  # 3 and "3" are one board


def general(data: object) -> tuple[int, str]:
    """What the general engine answers: the status and the line, as the command wrote it before."""
    try:
        options, expected, results = session_from_json(data)
        session = scored_session(results, options, expected)
    except ScoringError as error:
        return 1, json.dumps({"error": str(error)}, ensure_ascii=False) + "\n"
    return 0, json.dumps(session_to_json(session), ensure_ascii=False) + "\n"


def command(data: object) -> tuple[int, str]:
    stdout = io.StringIO()
    status = run_matchpoints(io.StringIO(json.dumps(data)), stdout)
    return status, stdout.getvalue()


def random_session(rng: random.Random) -> dict[str, Any]:
    pool = [*NAMES, *(f"P{number}" for number in range(rng.randint(2, 30)))]
    results = []
    for board in rng.sample(BOARDS, rng.randint(1, 6)):
        seated = rng.sample(pool, 2 * rng.randint(1, len(pool) // 2))
        for table in range(len(seated) // 2):
            score = rng.choice(SCORES[: rng.randint(2, len(SCORES))])  # few scores: ties
            given = (
                int(board)
                if board.lstrip("-").isdigit() and str(int(board)) == board and rng.random() < 0.5
                else board
            )
            results.append(
                {"board": given, "ns": seated[2 * table], "ew": seated[2 * table + 1], "score_ns": score}
            )
    if rng.random() < 0.5:
        rng.shuffle(results)  # a board's results apart, as a Mitchell's travellers come in
    data: dict[str, Any] = {"results": results}
    for setting, values in (("scale", ["acbl", "european"]), ("neuberg", [True, False]), ("event", ["Club"])):
        if rng.random() < 0.6:
            data[setting] = rng.choice(values)
    return data


def test_the_plain_pass_writes_what_the_general_engine_writes() -> None:
    rng = random.Random(11)
    for _ in range(SESSIONS):
        data = random_session(rng)
        text = plain_session_text(data)
        assert text is not None, data
        assert (0, text) == general(data), data
        assert command(data) == (0, text)


def test_the_plain_pass_agrees_on_a_big_field_with_neuberg() -> None:
    rng = random.Random(2600)
    results = [
        {
            "board": board,
            "ns": str(table),
            "ew": str(100 + (table + board) % 40),
            "score_ns": rng.choice(SCORES),
        }
        for board in range(1, 27)
        for table in range(40)
        if rng.random() < 0.9  # some tables missed some boards: factored up by Neuberg
    ]
    for scale in ("acbl", "european"):
        data = {"scale": scale, "results": results}
        assert plain_session_text(data) == general(data)[1]


def entry(**fields: object) -> dict[str, object]:
    return {"board": 1, "ns": "A", "ew": "B", "score_ns": 420, **fields}


OTHER = {"board": 1, "ns": "C", "ew": "D", "score_ns": 450}


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"results": []},
        {"results": "none"},
        {"results": [1, 2]},
        {"results": [[1, "A", "B", 420]]},
        {"results": ["abcd"]},
        {"results": [{"ns": "A", "ew": "B", "score_ns": 420, "adjusted": "A"}]},
        {"results": [entry(field="one")]},
        {"results": [entry(board=True)]},
        {"results": [entry(board=1.0)]},
        {"results": [entry(board=" 1")]},
        {"results": [entry(board="")]},
        {"results": [entry(board="x" * 41)]},
        {"results": [entry(board=[1])]},
        {"results": [entry(score_ns="420")]},
        {"results": [entry(score_ns=425)]},
        {"results": [entry(score_ns=True)]},
        {"results": [entry(score_ns=420.0)]},
        {"results": [entry(score_ns=7610)]},
        {"results": [entry(ns=5)]},
        {"results": [entry(ns="")]},
        {"results": [entry(ew="  ")]},
        {"results": [entry(ew="A")]},
        {"results": [entry(), entry(ns="C")]},
        {"results": [entry(), {**OTHER, "ew": "A"}]},
        {"scale": "EBU", "results": [entry(), OTHER]},
        {"scale": 3, "results": [entry(), OTHER]},
        {"scale": ["acbl"], "results": [entry(), OTHER]},
        {"neuberg": "yes", "results": [entry(), OTHER]},
        {"neuberg": 1, "results": [entry(), OTHER]},
        {"expected": {"1": 3}, "results": [entry(), OTHER]},
        {"expected": [3], "results": [entry(), OTHER]},
        {"winners": "two", "results": [entry(), OTHER]},
        {"fields": "apart", "results": [entry(), OTHER]},
        {"fouled": "acbl", "results": [entry(), OTHER]},
        {"percents": {"plus": 200}, "results": [entry(), OTHER]},
    ],
)
def test_what_is_not_plain_goes_to_the_general_engine_and_gets_its_answer(data: object) -> None:
    assert plain_session_text(data) is None
    assert command(data) == general(data)


def test_exact_ranks_where_floats_are_equal() -> None:
    nearly_one = (10**17 + 1, 10**17)  # 1.0 as a float, more than 1 exactly
    assert ranked_exactly([(1, 1), nearly_one, (1, 1), (2, 1), (50, 1)]) == [
        (4, 1),
        (3, 2),
        (1, 3),
        (0, 4),
        (2, 4),
    ]


def test_the_command_scores_a_plain_session_without_the_general_engine() -> None:
    heavy = ("argparse", "dataclasses", "fractions", "typing", "scoring.contests.matchpoints")
    program = (
        "import io, sys\n"
        "from scoring.cli import main\n"
        "out = io.StringIO()\n"
        f"main(['matchpoints'], io.StringIO({json.dumps(json.dumps({'results': [entry(), OTHER]}))}), out)\n"
        "print(out.getvalue().startswith('{\"pairs\"'),"
        f" [name for name in {heavy!r} if name in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=60, check=True
    )
    assert done.stdout == "True []\n"


@pytest.mark.parametrize("collecting", [True, False])
def test_the_command_leaves_the_garbage_collector_as_it_found_it(collecting: bool) -> None:
    (gc.enable if collecting else gc.disable)()
    try:
        assert command({"results": [entry(), OTHER]})[0] == 0
        assert command({"results": [entry(score_ns=425)]})[0] == 1
        assert gc.isenabled() is collecting
    finally:
        gc.enable()

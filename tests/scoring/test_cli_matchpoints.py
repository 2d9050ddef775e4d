"""``python -m scoring matchpoints``: one JSON object in, one out (specs/scoring-cli.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.cli.matchpoints import run_matchpoints

ROOT = Path(__file__).resolve().parents[2]

TV35 = {
    "scale": "european",
    "results": [
        {"board": 1, "ns": "1", "ew": "4", "score_ns": 450},
        {"board": 1, "ns": "2", "ew": "5", "score_ns": 420},
        {"board": "1", "ns": "3", "ew": "6", "score_ns": 420},
    ],
}


def call(data: object) -> tuple[int, Any]:
    stdout = io.StringIO()
    status = run_matchpoints(io.StringIO(data if isinstance(data, str) else json.dumps(data)), stdout)
    output = stdout.getvalue()
    assert output.endswith("\n") and output.count("\n") == 1
    return status, json.loads(output)


def test_the_program_scores_tv35() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "matchpoints"],
        input=json.dumps(TV35).encode(),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    output = json.loads(done.stdout)
    assert output["boards"] == {
        "1": [
            {"ns": "1", "ew": "4", "mp_ns": "4", "mp_ew": "0"},
            {"ns": "2", "ew": "5", "mp_ns": "1", "mp_ew": "3"},
            {"ns": "3", "ew": "6", "mp_ns": "1", "mp_ew": "3"},
        ]
    }
    assert output["pairs"] == [
        {"pair": "1", "mp": "4", "top": "4", "percent": "100", "rank": 1},
        {"pair": "5", "mp": "3", "top": "4", "percent": "75", "rank": 2},
        {"pair": "6", "mp": "3", "top": "4", "percent": "75", "rank": 2},
        {"pair": "2", "mp": "1", "top": "4", "percent": "25", "rank": 4},
        {"pair": "3", "mp": "1", "top": "4", "percent": "25", "rank": 4},
        {"pair": "4", "mp": "0", "top": "4", "percent": "0", "rank": 6},
    ]


def test_the_program_exits_2_on_input_that_is_not_json() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "matchpoints"],
        input=b"{results: []}",
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (2, b"")
    assert json.loads(done.stdout)["error"].startswith("The input is not JSON: Expecting property name")


def test_acbl_is_the_default_scale_and_fractions_are_reduced_strings() -> None:
    data = {
        "results": [
            {"board": 1, "ns": f"N{t}", "ew": f"E{t}", "score_ns": s} for t, s in enumerate([620, 620, 170])
        ]
    }
    status, output = call(data)
    assert status == 0
    assert [line["mp_ns"] for line in output["boards"]["1"]] == ["3/2", "3/2", "0"]
    assert output["pairs"][0] == {"pair": "E2", "mp": "2", "top": "2", "percent": "100", "rank": 1}


def test_tv33_adjusted_table_with_neuberg() -> None:
    scores: list[Any] = [620, 650, ["A+", "A-"], 170, -100, 620, 650]
    results = [
        {
            "board": 1,
            "ns": f"N{t}",
            "ew": f"E{t}",
            **({"adjusted": s} if isinstance(s, list) else {"score_ns": s}),
        }
        for t, s in enumerate(scores)
    ]
    status, output = call({"scale": "european", "results": results})
    assert status == 0
    lines = output["boards"]["1"]
    assert [line["mp_ns"] for line in lines] == ["6", "32/3", "36/5", "5/2", "1/6", "6", "32/3"]
    assert lines[2]["mp_ew"] == "24/5"


def test_neuberg_expected_and_its_absence() -> None:
    results = [
        {"board": 1, "ns": "A", "ew": "B", "score_ns": 450},
        {"board": 1, "ns": "C", "ew": "D", "score_ns": 420},
    ]
    _, factored = call({"scale": "european", "expected": {"1": 3}, "results": results})
    assert [line["mp_ns"] for line in factored["boards"]["1"]] == ["7/2", "1/2"]
    _, plain = call({"scale": "european", "neuberg": False, "expected": {"1": 3}, "results": results})
    assert [line["mp_ns"] for line in plain["boards"]["1"]] == ["2", "0"]


def test_optional_extras_assigned_weighted_and_percents() -> None:
    data = {
        "scale": "european",
        "percents": {"plus": 65, "average": 50, "minus": "35"},
        "results": [
            {"board": 1, "ns": "A", "ew": "B", "score_ns": 420},
            {"board": 1, "ns": "C", "ew": "D", "assigned": {"ns": 420, "ew": -50}},
            {
                "board": 1,
                "ns": "E",
                "ew": "F",
                "weighted": [{"weight": "1/2", "score_ns": 420}, {"weight": "1/2", "score_ns": -50}],
            },
            {"board": 1, "ns": "G", "ew": "H", "adjusted": "A+/A-"},
        ],
    }
    status, output = call(data)
    assert status == 0
    lines = output["boards"]["1"]
    assert lines[3] == {"ns": "G", "ew": "H", "mp_ns": "39/10", "mp_ew": "21/10"}  # 65 % and 35 % of 6


def test_two_winners_add_the_direction() -> None:
    data = dict(TV35, winners="two")
    status, output = call(data)
    assert status == 0
    assert [(pair["pair"], pair["direction"], pair["rank"]) for pair in output["pairs"]] == [
        ("1", "NS", 1),
        ("2", "NS", 2),
        ("3", "NS", 2),
        ("5", "EW", 1),
        ("6", "EW", 1),
        ("4", "EW", 3),
    ]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"results": "none"}, 'The input must be one JSON object with a "results" list'),
        ([], 'The input must be one JSON object with a "results" list'),
        ({"results": []}, '"results" is empty'),
        ({"scale": "imps", "results": []}, "'imps' is not a matchpoint scale"),
        ({"neuberg": "yes", "results": []}, "'yes' is not valid for \"neuberg\""),
        ({"expected": [3], "results": []}, '"expected" gives each board'),
        ({"results": [{"board": 1, "ns": "A", "ew": "B"}]}, 'Result 1: give "score_ns"'),
        ({"results": [{"ns": "A", "ew": "B", "score_ns": 1}]}, 'Result 1: "board" is missing'),
        (
            {"results": [{"board": [1], "ns": "A", "ew": "B", "score_ns": 420}]},
            "Result 1: [...] is not a board: give its number or name.",
        ),
        ({"results": [{"board": 1, "ns": 1, "ew": "B", "score_ns": 420}]}, "Result 1: 1 is not a pair"),
        (
            {"results": [{"board": 1, "ns": "A", "ew": "B", "score_ns": "420"}]},
            "Result 1: '420' is not a score",
        ),
        (
            {"results": [{"board": 1, "ns": "A", "ew": "B", "score_ns": 425}]},
            "Result 1: 425 is not a score a deal",
        ),
        (
            {"results": [{"board": 1, "ns": "A", "ew": "B", "score_ns": 420, "adjusted": "A"}]},
            "Result 1: give one of",
        ),
        (
            {"results": [{"board": 1, "ns": "A", "ew": "B", "adjusted": ["A+", "B"]}]},
            "Result 1: 'B' is not an artificial",
        ),
        ({"results": [{"board": 1, "ns": "A", "ew": "B", "adjusted": 60}]}, "Result 1: 60 is not an"),
        (
            {
                "results": [
                    {"board": 1, "ns": "A", "ew": "B", "score_ns": 1},
                    {"board": 1, "ns": "A", "ew": "C", "score_ns": 1},
                ]
            },
            "Result 1: 1 is not a score a deal",
        ),
        (
            {
                "results": [
                    {"board": 1, "ns": "A", "ew": "B", "score_ns": 10},
                    {"board": 1, "ns": "A", "ew": "C", "score_ns": 10},
                ]
            },
            "Pair A has two results on board 1",
        ),
        (
            {"expected": {"1": 1}, "results": TV35["results"]},
            "Board 1 has 3 results, more than the 1 expected",
        ),
        (
            {"winners": "two", "percents": {"plus": 200}, "results": []},
            "'200' % is not a percentage of the top",
        ),
    ],
)
def test_refused_input_gets_one_sentence_and_exit_1(data: object, message: str) -> None:
    status, output = call(data)
    assert status == 1
    assert set(output) == {"error"}
    assert output["error"].startswith(message), output["error"]


@pytest.mark.parametrize("text", ["", "   ", '{"results": [NaN]}', "[" * 100_000, "\ufeff"])
def test_input_that_is_not_json_exits_2(text: str) -> None:
    status, output = call(text)
    assert status == 2
    assert set(output) == {"error"}

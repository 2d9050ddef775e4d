"""``python -m scoring imps``, as specs/scoring-cli.md describes it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.cli.imps import run_imps

ROOT = Path(__file__).resolve().parents[2]

TV42 = [-140, -140, 50, 100, -420, 50, 50]
TV44 = [-140, -460, 50, -490]


def results(board: int | str, scores: list[int]) -> list[dict[str, Any]]:
    return [
        {"board": board, "ns": f"N{i}", "ew": f"E{i}", "score_ns": s} for i, s in enumerate(scores, start=1)
    ]


def call(data: object) -> tuple[int, Any]:
    stdout = io.StringIO()
    status = run_imps(io.StringIO(data if isinstance(data, str) else json.dumps(data)), stdout)
    output = stdout.getvalue()
    assert output.endswith("\n") and output.count("\n") == 1
    return status, json.loads(output)


def test_butler_tv42_writes_the_datum_rows_and_standings() -> None:
    status, output = call({"method": "butler", "results": results(1, TV42)})

    assert status == 0
    assert output["boards"] == {
        "1": {
            "datum": -30,
            "rows": [
                {"ns": "N1", "imps_ns": "-3"},
                {"ns": "N2", "imps_ns": "-3"},
                {"ns": "N3", "imps_ns": "2"},
                {"ns": "N4", "imps_ns": "4"},
                {"ns": "N5", "imps_ns": "-9"},
                {"ns": "N6", "imps_ns": "2"},
                {"ns": "N7", "imps_ns": "2"},
            ],
        }
    }
    assert output["pairs"][0] == {"pair": "E5", "imps": "9", "boards": 1, "rank": 1}
    assert output["pairs"][1] == {"pair": "N4", "imps": "4", "boards": 1, "rank": 2}
    assert [line["rank"] for line in output["pairs"]] == [1, 2, 3, 3, 5, 5, 5, 8, 8, 8, 11, 11, 13, 14]


def test_cross_tv44_averaged_writes_fractions() -> None:
    status, output = call({"method": "cross", "total": "average", "results": results(1, TV44)})

    assert status == 0
    assert output["boards"]["1"]["datum"] is None
    assert [row["imps_ns"] for row in output["boards"]["1"]["rows"]] == ["11/3", "-6", "9", "-20/3"]
    assert output["pairs"][:2] == [
        {"pair": "N3", "imps": "9", "boards": 1, "rank": 1},
        {"pair": "E4", "imps": "20/3", "boards": 1, "rank": 2},
    ]


def test_cross_imps_are_summed_by_default() -> None:
    _, output = call({"method": "cross", "results": results(1, TV44)})
    assert [row["imps_ns"] for row in output["boards"]["1"]["rows"]] == ["11", "-18", "27", "-20"]


@pytest.mark.parametrize(
    ("datum", "expected"),
    [
        ({"round": "nearest10"}, 430),
        ({"round": "even5"}, 420),
        ({"round": "none"}, 425),
        ({}, 430),
        ({"drop": 0, "round": "none"}, "3025/7"),
    ],
)
def test_butler_datum_settings(datum: dict[str, Any], expected: int | str) -> None:
    # Drop one at each end of seven: the mean of the middle five is 425.
    scores = [-100, 400, 400, 450, 450, 425, 1000]
    _, output = call({"method": "butler", "datum": datum, "results": results(1, scores)})
    assert output["boards"]["1"]["datum"] == expected


def test_negative_trailing_five_rounds_alike_for_both_sides() -> None:
    scores = [-400, -450, -425, -425, -425]  # drop one each end: mean -425
    nearest = call({"method": "butler", "results": results(1, scores)})[1]
    even = call({"method": "butler", "datum": {"round": "even5"}, "results": results(1, scores)})[1]
    assert nearest["boards"]["1"]["datum"] == -430
    assert even["boards"]["1"]["datum"] == -420


def test_the_default_drop_keeps_every_score_of_four() -> None:
    _, output = call({"method": "butler", "results": results(1, TV44)})
    assert output["boards"]["1"]["datum"] == -260


def test_adjusted_tables_take_three_imps_out_of_the_datum() -> None:
    entries = [*results(1, TV42), {"board": 1, "ns": "N8", "ew": "E8", "adjusted": ["A+", "A-"]}]
    _, butler = call({"method": "butler", "results": entries})
    _, summed = call({"method": "cross", "total": "sum", "results": entries})
    _, averaged = call({"method": "cross", "total": "average", "results": entries})

    assert butler["boards"]["1"]["datum"] == -30
    assert butler["boards"]["1"]["rows"][-1] == {"ns": "N8", "imps_ns": "3"}
    assert summed["boards"]["1"]["rows"][-1] == {"ns": "N8", "imps_ns": "18"}  # 3 × (7 − 1)
    assert averaged["boards"]["1"]["rows"][-1] == {"ns": "N8", "imps_ns": "3"}
    e8 = next(line for line in summed["pairs"] if line["pair"] == "E8")
    assert e8["imps"] == "-18"


def test_a_board_is_known_by_its_text_and_boards_count_adjusted_rows() -> None:
    entries = [
        {"board": 1, "ns": "1", "ew": "2", "score_ns": 420},
        {"board": "1", "ns": "3", "ew": "4", "score_ns": -50},
        {"board": 2, "ns": "1", "ew": "4", "adjusted": ["A", "A"]},
        {"board": "2", "ns": "3", "ew": "2", "score_ns": 100},
    ]
    _, output = call({"method": "cross", "results": entries})

    assert list(output["boards"]) == ["1", "2"]
    assert len(output["boards"]["1"]["rows"]) == 2
    assert {line["pair"]: line["boards"] for line in output["pairs"]} == {"1": 2, "2": 2, "3": 2, "4": 2}


def test_sit_outs_can_be_scaled_to_the_boards_of_the_movement() -> None:
    entries = results(1, [100, 0, -100]) + results(2, [100, 0]) + results(3, [100, 0])
    _, output = call({"method": "cross", "boards_in_movement": 3, "results": entries})
    n3 = next(line for line in output["pairs"] if line["pair"] == "N3")
    assert n3 == {"pair": "N3", "imps": "-24", "boards": 1, "rank": 6}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "one JSON object"),
        ({"results": []}, '"method" is missing'),
        ({"method": "matchpoints", "results": []}, "not an IMP scoring method"),
        ({"method": "butler"}, '"results" is missing'),
        ({"method": "butler", "results": []}, "no results"),
        ({"method": "butler", "datum": {"drop": -1}, "results": results(1, TV44)}, '"drop"'),
        ({"method": "butler", "datum": {"drop": "1"}, "results": results(1, TV44)}, '"drop"'),
        (
            {"method": "butler", "datum": {"round": "up"}, "results": results(1, TV44)},
            "nearest10, even5 or none",
        ),
        ({"method": "butler", "datum": 1, "results": results(1, TV44)}, '"datum"'),
        ({"method": "cross", "total": "median", "results": results(1, TV44)}, '"sum" or "average"'),
        ({"method": "cross", "results": [1]}, "Result 1: each result is an object"),
        ({"method": "cross", "results": [{"ns": "1", "ew": "2", "score_ns": 1}]}, '"board" is missing'),
        (
            {"method": "cross", "results": [{"board": True, "ns": "1", "ew": "2", "score_ns": 1}]},
            "not a board",
        ),
        ({"method": "cross", "results": [{"board": 1, "ns": 1, "ew": "2", "score_ns": 1}]}, "not a pair"),
        ({"method": "cross", "results": [{"board": 1, "ns": "1", "ew": "2"}]}, '"score_ns" is missing'),
        (
            {"method": "cross", "results": [{"board": 1, "ns": "1", "ew": "2", "score_ns": "420"}]},
            "whole number",
        ),
        (
            {"method": "cross", "results": [{"board": 1, "ns": "1", "ew": "2", "score_ns": 42.5}]},
            "whole number",
        ),
        (
            {"method": "cross", "results": [{"board": 1, "ns": "1", "ew": "1", "score_ns": 0}]},
            "both N-S and E-W",
        ),
        (
            {
                "method": "cross",
                "results": [{"board": 1, "ns": "1", "ew": "2", "score_ns": 0, "adjusted": ["A", "A"]}],
            },
            "not both",
        ),
        (
            {"method": "cross", "results": [{"board": 1, "ns": "1", "ew": "2", "adjusted": ["A+"]}]},
            '"adjusted"',
        ),
        (
            {"method": "cross", "results": [{"board": 1, "ns": "1", "ew": "2", "adjusted": ["A+", "B"]}]},
            "A+ (Average-plus)",
        ),
        (
            {
                "method": "cross",
                "results": [*results(1, [1]), {"board": "1", "ns": "N1", "ew": "E9", "score_ns": 0}],
            },
            "Pair N1 has two results on board 1",
        ),
        ({"method": "cross", "boards_in_movement": "3", "results": results(1, TV44)}, "boards_in_movement"),
    ],
)
def test_a_refused_session_gets_a_sentence_and_status_1(data: object, message: str) -> None:
    status, output = call(data)
    assert status == 1
    assert list(output) == ["error"]
    assert message in output["error"]
    assert output["error"].endswith(".")


def test_input_that_is_not_json_gets_status_2() -> None:
    status, output = call('{"method": "butler", ')
    assert status == 2
    assert output["error"].startswith("The input is not JSON")


def run_module(text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "imps"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=60,
    )


def test_the_real_command_scores_a_butler_session() -> None:
    finished = run_module(json.dumps({"method": "butler", "results": results(1, TV42)}))
    assert finished.returncode == 0, finished.stderr
    assert json.loads(finished.stdout)["boards"]["1"]["datum"] == -30
    assert finished.stderr == ""


def test_the_real_command_refuses_without_a_traceback() -> None:
    refused = run_module(json.dumps({"method": "cross", "results": [{"board": 1}]}))
    broken = run_module("not json")
    assert (refused.returncode, broken.returncode) == (1, 2)
    assert "error" in json.loads(refused.stdout) and "error" in json.loads(broken.stdout)
    assert refused.stderr == broken.stderr == ""

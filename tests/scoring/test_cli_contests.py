"""``python -m scoring pairs`` and ``teams``, as specs/scoring-cli.md describes them."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

import pytest

from scoring.cli.contests import run_pairs, run_teams

ROOT = Path(__file__).resolve().parents[2]

T54 = {
    "results": [
        {"deal": 1, "ns": "N1", "ew": "E1", "net_ns": 100},
        {"deal": 1, "ns": "N2", "ew": "E2", "net_ns": 51},
        {"deal": 1, "ns": "N3", "ew": "E3", "net_ns": 0},
    ]
}

T52 = {
    "teams": {"A": ["A1", "A2", "A3"], "B": ["B1", "B2", "B3"]},
    "results": [
        {"deal": 1, "ns": "A1", "ew": "B2", "ns_points": 300, "ew_points": 150},
        {"deal": 1, "ns": "A2", "ew": "B3", "ns_points": 201, "ew_points": 250},
        {"deal": 1, "ns": "B1", "ew": "A3", "ns_points": 200, "ew_points": 150},
    ],
}


def call(run: Callable[[TextIO, TextIO], int], text: str) -> tuple[int, Any]:
    stdout = io.StringIO()
    status = run(io.StringIO(text), stdout)
    output = stdout.getvalue()
    assert output.endswith("\n") and output.count("\n") == 1
    return status, json.loads(output)


def test_pairs_t54_writes_fractions_rounded_figures_and_ranks() -> None:
    status, output = call(run_pairs, json.dumps(T54))

    assert status == 0
    assert output == {
        "pairs": [
            {"pair": "E3", "score": "151/3", "rounded": 50, "rank": 1},
            {"pair": "N1", "score": "149/3", "rounded": 50, "rank": 2},
            {"pair": "N2", "score": "2/3", "rounded": 1, "rank": 3},
            {"pair": "E2", "score": "-2/3", "rounded": -1, "rank": 4},
            {"pair": "E1", "score": "-149/3", "rounded": -50, "rank": 5},
            {"pair": "N3", "score": "-151/3", "rounded": -50, "rank": 6},
        ]
    }


@pytest.mark.parametrize(
    ("irregular", "n3", "e3"),
    [
        pytest.param("average", "0", "0", id="T55"),
        pytest.param("ns_offended", "-80", "80", id="T56"),
    ],
)
def test_pairs_irregular_tables(irregular: str, n3: str, e3: str) -> None:
    nets = {"N1": 120, "N2": 40, "N4": -30, "N5": 70}
    results: list[dict[str, Any]] = [
        {"deal": 7, "ns": pair, "ew": "E" + pair[1], "net_ns": net} for pair, net in nets.items()
    ]
    results.append({"deal": 7, "ns": "N3", "ew": "E3", "irregular": irregular})

    status, output = call(run_pairs, json.dumps({"results": results}))

    assert status == 0
    scores = {row["pair"]: row["score"] for row in output["pairs"]}
    assert (scores["N3"], scores["E3"]) == (n3, e3)


def test_pairs_deal_numbers_and_texts_name_the_same_deal() -> None:
    results = [
        {"deal": 1, "ns": "N1", "ew": "E1", "net_ns": 100},
        {"deal": "1", "ns": "N1", "ew": "E2", "net_ns": 50},
    ]

    status, output = call(run_pairs, json.dumps({"results": results}))

    assert status == 1
    assert "Pair N1 is entered at two tables on deal 1" in output["error"]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        pytest.param([], "one JSON object", id="not-an-object"),
        pytest.param({"results": {}}, "one JSON object", id="results-not-a-list"),
        pytest.param({"results": [7]}, "Result 1: each result is an object", id="result-not-an-object"),
        pytest.param(
            {"results": [{"deal": 1, "ns": "N1", "ew": "E1"}]}, 'Result 1: "net_ns" is missing', id="no-net"
        ),
        pytest.param(
            {"results": [{"deal": 1, "ns": "N1", "ew": "E1", "net_ns": "120"}]},
            "Result 1: '120' is not a net score",
            id="string-net",
        ),
        pytest.param(
            {"results": [{"deal": 1.5, "ns": "N1", "ew": "E1", "net_ns": 1}]},
            "is not a deal",
            id="float-deal",
        ),
        pytest.param(
            {"results": [{"deal": 1, "ns": 4, "ew": "E1", "net_ns": 1}]}, "is not a pair", id="int-pair"
        ),
        pytest.param({"results": [{"deal": 1, "ew": "E1", "net_ns": 1}]}, '"ns" is missing', id="no-ns"),
        pytest.param(
            {"results": [{"deal": 1, "ns": "N1", "ew": "N1", "net_ns": 1}]},
            r"two different pairs (Law H)",
            id="pair-meets-itself",
        ),
        pytest.param(
            {"results": [{"deal": 1, "ns": "N1", "ew": "E1", "irregular": "void"}]},
            "not a ruling on irregular hands",
            id="unknown-irregular",
        ),
        pytest.param(
            {"results": [{"deal": 1, "ns": "N1", "ew": "E1", "irregular": "average", "net_ns": 5}]},
            "not both",
            id="net-and-irregular",
        ),
        pytest.param(
            {"results": [{"deal": 1, "ns": "N1", "ew": "E1", "irregular": "average"}]},
            "cannot be averaged",
            id="irregular-alone",
        ),
    ],
)
def test_pairs_refuses(document: object, message: str) -> None:
    status, output = call(run_pairs, json.dumps(document))

    assert status == 1
    assert list(output) == ["error"]
    assert message in output["error"]


def test_teams_t52_wins_by_the_fraction_of_a_point() -> None:
    status, output = call(run_teams, json.dumps(T52))

    assert status == 0
    assert output == {
        "A": {"total": 834, "exact": "2503/3"},
        "B": {"total": 834, "exact": "2501/3"},
        "winner": "A",
        "margin": "2/3",
        "by_fraction": True,
    }


def test_teams_t49_and_a_draw() -> None:
    t49 = {
        "teams": {"A": ["A1", "A2"], "B": ["B1", "B2"]},
        "results": [
            {"deal": 1, "ns": "A1", "ew": "B1", "ns_points": 173, "ew_points": 0},
            {"deal": 1, "ns": "B2", "ew": "A2", "ns_points": 40, "ew_points": 0},
        ],
    }
    status, output = call(run_teams, json.dumps(t49))
    assert status == 0
    assert (output["A"], output["winner"], output["margin"]) == ({"total": 173, "exact": "173"}, "A", "133")

    t49["results"][1]["ns_points"] = 173
    status, output = call(run_teams, json.dumps(t49))
    assert status == 0
    assert (output["winner"], output["margin"], output["by_fraction"]) == (None, "0", False)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(lambda d: d["teams"].update(A=["A1"]), "not less than two pairs (Law G)", id="one-pair"),
        pytest.param(lambda d: d["teams"].pop("B"), "the two teams A and B", id="one-team"),
        pytest.param(lambda d: d["teams"].update(C=["C1", "C2"]), "the two teams A and B", id="three-teams"),
        pytest.param(lambda d: d["results"].pop(), "not played at every table", id="missing-table"),
        pytest.param(lambda d: d["results"][0].update(ns_points=-1), "never below zero", id="negative"),
        pytest.param(lambda d: d["results"][0].update(ns_points=True), "not a gross score", id="bool"),
        pytest.param(
            lambda d: d["results"][0].pop("ew_points"), '"ew_points" is missing', id="missing-points"
        ),
        pytest.param(
            lambda d: d["results"][0].update(ew="A2"), "one pair of each team (Law G)", id="same-team"
        ),
        pytest.param(lambda d: d.pop("teams"), '"teams"', id="no-teams"),
    ],
)
def test_teams_refuses(change: Callable[[dict[str, Any]], object], message: str) -> None:
    document = json.loads(json.dumps(T52))
    change(document)

    status, output = call(run_teams, json.dumps(document))

    assert status == 1
    assert list(output) == ["error"]
    assert message in output["error"]


@pytest.mark.parametrize("run", [run_pairs, run_teams], ids=["pairs", "teams"])
@pytest.mark.parametrize("text", ["", "{results: []}", '{"results": [}'], ids=["empty", "bare-key", "broken"])
def test_not_json_exits_2(run: Callable[[TextIO, TextIO], int], text: str) -> None:
    status, output = call(run, text)

    assert status == 2
    assert output["error"].startswith("The input is not JSON")


def scoring_command(command: str, stdin: bytes) -> tuple[int, str]:
    completed = subprocess.run(
        [sys.executable, "-m", "scoring", command],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=30,
        check=False,
    )
    return completed.returncode, completed.stdout.decode("utf-8")


def test_command_line_pairs() -> None:
    status, stdout = scoring_command("pairs", json.dumps(T54).encode())

    assert status == 0
    assert json.loads(stdout)["pairs"][0] == {"pair": "E3", "score": "151/3", "rounded": 50, "rank": 1}


def test_command_line_teams() -> None:
    status, stdout = scoring_command("teams", json.dumps(T52).encode())

    assert status == 0
    assert json.loads(stdout) == {
        "A": {"total": 834, "exact": "2503/3"},
        "B": {"total": 834, "exact": "2501/3"},
        "winner": "A",
        "margin": "2/3",
        "by_fraction": True,
    }


@pytest.mark.parametrize(
    ("command", "stdin", "status", "says"),
    [
        pytest.param(
            "pairs",
            b'{"results": [{"deal": 1, "ns": "N1", "ew": "E1", "irregular": "average"}]}',
            1,
            "cannot be averaged",
            id="pairs-refused",
        ),
        pytest.param(
            "teams",
            b'{"teams": {"A": ["A1"], "B": ["B1"]}, "results": []}',
            1,
            "not less than two pairs (Law G)",
            id="teams-refused",
        ),
        pytest.param("pairs", b"not json", 2, "The input is not JSON", id="pairs-not-json"),
        pytest.param("teams", b'{"teams": ', 2, "The input is not JSON", id="teams-not-json"),
        pytest.param("pairs", b'{"results": [{"ns": "\xff"}]}', 2, "not UTF-8", id="pairs-not-utf8"),
    ],
)
def test_command_line_refuses(command: str, stdin: bytes, status: int, says: str) -> None:
    code, stdout = scoring_command(command, stdin)

    assert code == status
    output = json.loads(stdout)
    assert list(output) == ["error"]
    assert says in output["error"]

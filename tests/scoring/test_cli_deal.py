"""``python -m scoring deal`` as a program: JSON Lines in, one line out per line in (specs/scoring-cli.md).

A blank line holds no deal, so it is not JSON: it gets an error object in its place and
the exit status is 2, like any other line that is not JSON.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.cli import commands as cli

ROOT = Path(__file__).resolve().parents[2]


def run(stdin: str | bytes) -> tuple[int, list[dict[str, Any]], str]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "deal"],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    out = done.stdout.decode("utf-8")
    return done.returncode, [json.loads(line) for line in out.splitlines()], done.stderr.decode()


def line(**fields: Any) -> str:
    return json.dumps(fields)


def test_good_lines_are_scored_in_order() -> None:
    status, answers, stderr = run(
        line(contract="4H", declarer="S", tricks=10, honours={"S": 2, "N": 1})
        + "\n"
        + line(contract="1NT", declarer="E", tricks=8, duplicate=False)
        + "\n"
        + line(contract="3HX", declarer="S", tricks=7, revokes=[{"by": "E", "penalty": "tricks"}])
        + "\n"
    )
    assert (status, stderr) == (0, "")
    first, second, third = answers
    assert {key: first[key] for key in ("NS", "EW", "net_ns")} == {
        "NS": {"trick": 32, "honour": 141},
        "EW": {"trick": 0, "honour": 0},
        "net_ns": 173,
    }
    assert "N-S honour: Premium for 30 or more in the trick column: 125 (Law A)" in first["lines"]
    assert (second["EW"], second["NS"], second["net_ns"]) == (
        {"trick": 20, "honour": 0},
        {"trick": 0, "honour": 0},
        -20,
    )
    assert (third["NS"], third["net_ns"]) == ({"trick": 64, "honour": 125}, 189)  # T48


def test_output_holds_only_the_fields_of_the_contract() -> None:
    _, [answer], _ = run(line(contract="2D", declarer="W", tricks=8) + "\n")
    assert set(answer) == {"NS", "EW", "net_ns", "lines"}
    assert all(isinstance(text, str) for text in answer["lines"])


def test_options_slams_and_awards() -> None:
    status, answers, _ = run(
        line(contract="6C", declarer="S", tricks=13, slams="english", duplicate=False)
        + "\n"
        + line(contract="1NT", declarer="N", tricks=8, awards=[{"to": "EW", "points": 50}])
        + "\n"
        + line(contract="1S", declarer="N", tricks=1, dealers_one_spade=True, duplicate=False)
        + "\n"
    )
    assert status == 0
    assert answers[0]["NS"] == {"trick": 42, "honour": 100}  # T25
    assert answers[1]["net_ns"] == -30  # T50
    assert answers[2]["EW"] == {
        "trick": 0,
        "honour": 100 + 20,
    }  # Law 48 limit, then the adversaries' little slam


def test_revoke_by_the_dummy_carries_no_penalty() -> None:
    _, [answer], _ = run(line(contract="4H", declarer="S", tricks=10, revokes=[{"by": "N"}]) + "\n")
    assert answer["net_ns"] == 32 + 125
    assert any("the dummy cannot revoke" in text for text in answer["lines"])


REFUSED = {
    "level of 8": ({"contract": "8H", "declarer": "S", "tricks": 10}, "Law 50"),
    "14 tricks": ({"contract": "3H", "declarer": "S", "tricks": 14}, "thirteen tricks"),
    "six honours": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "honours": {"N": 4, "S": 2}},
        "impossible",
    ),
    "unknown seat": ({"contract": "3H", "declarer": "X", "tricks": 9}, "not a seat"),
    "unknown honour seat": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "honours": {"Z": 1}},
        "not a seat",
    ),
    "missing field": ({"contract": "3H", "declarer": "S"}, 'no "tricks"'),
    "missing contract": ({"declarer": "S", "tricks": 9}, 'no "contract"'),
    "string for a number": ({"contract": "3H", "declarer": "S", "tricks": "9"}, "not a number of tricks"),
    "bool for a number": ({"contract": "3H", "declarer": "S", "tricks": True}, "not a number of tricks"),
    "float for a number": ({"contract": "3H", "declarer": "S", "tricks": 9.0}, "not a number of tricks"),
    "number for a contract": ({"contract": 3, "declarer": "S", "tricks": 9}, "not a contract"),
    "honours not an object": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "honours": [1, 2]},
        '"honours"',
    ),
    "string honours": ({"contract": "3H", "declarer": "S", "tricks": 9, "honours": {"N": "2"}}, "honours"),
    "revoke penalty": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "revokes": [{"by": "E", "penalty": "both"}]},
        "Law 84",
    ),
    "award as text": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "awards": [{"to": "EW", "points": "50"}]},
        "penalty points",
    ),
    "duplicate as text": (
        {"contract": "3H", "declarer": "S", "tricks": 9, "duplicate": "yes"},
        "true or false",
    ),
    "unknown slams": ({"contract": "3H", "declarer": "S", "tricks": 9, "slams": "scottish"}, "slam scale"),
    "one spade on 2S": (
        {"contract": "2S", "declarer": "N", "tricks": 8, "dealers_one_spade": True},
        "Law 48",
    ),
    "not an object": ([1, 2, 3], "not a deal"),
}


@pytest.fixture(scope="module")
def refused() -> tuple[int, list[dict[str, Any]], str]:
    """Every refused line of the table in one run: one program start, one answer per line."""
    return run("".join(json.dumps(fields) + "\n" for fields, _ in REFUSED.values()))


def test_refusals_exit_1_without_a_traceback(refused: tuple[int, list[dict[str, Any]], str]) -> None:
    status, answers, stderr = refused
    assert (status, len(answers), stderr) == (1, len(REFUSED), "")


@pytest.mark.parametrize("case", REFUSED, ids=REFUSED.keys())
def test_a_value_the_laws_do_not_allow_is_refused(
    case: str, refused: tuple[int, list[dict[str, Any]], str]
) -> None:
    answer = refused[1][list(REFUSED).index(case)]
    assert set(answer) == {"error"}
    assert REFUSED[case][1] in answer["error"]


def test_a_refused_line_does_not_stop_the_batch() -> None:
    good = line(contract="2H", declarer="S", tricks=8)
    status, answers, _ = run("\n".join([good, line(contract="9H", declarer="S", tricks=8), good]) + "\n")
    assert status == 1
    assert [set(answer) for answer in answers] == [
        {"NS", "EW", "net_ns", "lines"},
        {"error"},
        {"NS", "EW", "net_ns", "lines"},
    ]


def test_a_line_that_is_not_json_gets_an_error_in_its_place_and_exit_2() -> None:
    good = line(contract="2H", declarer="S", tricks=8)
    bad = line(contract="9H", declarer="S", tricks=8)
    status, answers, stderr = run("\n".join([good, "{contract: 4H}", bad, good]) + "\n")
    assert status == 2  # not JSON outranks a refusal
    assert len(answers) == 4
    assert answers[0]["NS"] == answers[3]["NS"] == {"trick": 16, "honour": 0}
    assert answers[1]["error"].startswith("Line 2 is not JSON")
    assert "Law 50" in answers[2]["error"]
    assert "Traceback" not in stderr


def test_a_blank_line_is_not_json() -> None:
    good = line(contract="2H", declarer="S", tricks=8)
    status, answers, _ = run(good + "\n\n" + good + "\n")
    assert status == 2
    assert len(answers) == 3
    assert answers[1] == {"error": "Line 2 is empty: each line must hold one deal as a JSON object."}


@pytest.mark.parametrize("text", [b"NaN", b'{"contract": "2H", "tricks": Infinity}', b'{"contract": "\xff"}'])
def test_what_json_does_not_allow_is_not_json(text: bytes) -> None:
    status, [answer], _ = run(text + b"\n")
    assert status == 2
    assert set(answer) == {"error"}


def test_no_input_is_no_output() -> None:
    assert run("")[:2] == (0, [])


def test_a_last_line_without_newline_is_read() -> None:
    status, [answer], _ = run(line(contract="2H", declarer="S", tricks=8))
    assert (status, answer["net_ns"]) == (0, 16)


def test_a_missing_or_unknown_command_is_a_usage_error() -> None:
    for args in ((), ("rubber",)):
        done = subprocess.run(
            [sys.executable, "-m", "scoring", *args], capture_output=True, cwd=ROOT, check=False
        )
        assert done.returncode == 2
        assert b"usage:" in done.stderr


def test_main_dispatches_through_the_command_table() -> None:
    assert {"deal", "pairs", "teams"} <= set(cli.COMMANDS)
    out = io.StringIO()
    status = cli.main(
        ["deal"], stdin=io.StringIO(line(contract="4H", declarer="S", tricks=10) + "\n"), stdout=out
    )
    assert status == 0
    assert json.loads(out.getvalue())["net_ns"] == 157

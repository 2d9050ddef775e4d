"""``python -m scoring contract``: JSON Lines in, one line out per line (specs/scoring-cli.md)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoring.cli.contract import run_contract

ROOT = Path(__file__).resolve().parents[2]


def run(stdin: str | bytes) -> tuple[int, list[dict[str, Any]], str]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "contract"],
        input=data,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    out = done.stdout.decode("utf-8")
    return done.returncode, [json.loads(line) for line in out.splitlines()], done.stderr.decode()


def call(*lines: object) -> tuple[int, list[dict[str, Any]]]:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    stdout = io.StringIO()
    status = run_contract(io.StringIO(text), stdout)
    return status, [json.loads(line) for line in stdout.getvalue().splitlines()]


def test_the_program_scores_lines_in_order_and_refuses_bad_ones_in_place() -> None:
    status, answers, stderr = run(
        json.dumps({"board": 2, "contract": "4S", "declarer": "N", "tricks": 10})
        + "\n"
        + json.dumps({"board": 1, "contract": "PASS"})
        + "\n"
        + json.dumps({"board": 1, "contract": "8H", "declarer": "N", "tricks": 10})
        + "\n"
    )
    assert (status, stderr) == (1, "")
    assert answers[0]["score_ns"] == 620
    assert answers[0]["lines"][-1] == "4♠ by North, 10 tricks, vulnerable: North-South score 620 (Law 77)."
    assert answers[1] == {"score_ns": 0, "lines": ["Passed out: no score to either side (Law 77)."]}
    assert answers[2] == {"error": "Eight is more than the seven odd tricks a bid may name (Law 18A)."}


def test_the_program_exits_2_when_a_line_is_not_json() -> None:
    status, answers, stderr = run(b'{"board": 1, "contract": "PASS"}\nnot json\n\xff\n\n')
    assert (status, stderr) == (2, "")
    assert answers[0]["score_ns"] == 0
    assert answers[1] == {"error": "Line 2 is not JSON: Expecting value at column 1."}
    assert answers[2] == {"error": "Line 3 is not UTF-8 text, so it cannot be JSON."}
    assert answers[3] == {"error": "Line 4 is empty: each line must hold one deal as a JSON object."}


@pytest.mark.parametrize(
    ("deal", "score"),
    [
        ({"board": 1, "contract": "4HX", "declarer": "N", "tricks": 10}, 590),
        ({"board": 3, "contract": "4HX", "declarer": "E", "tricks": 10}, -790),
        ({"board": 3, "contract": "3NT", "declarer": "S", "tricks": 7}, -100),
        ({"board": 1, "contract": "3NT", "declarer": "S", "tricks": 9, "vulnerable": "both"}, 600),
        ({"board": 4, "contract": "3NT", "declarer": "S", "tricks": 9, "vulnerable": "none"}, 400),
        ({"board": 5, "contract": "7NTXX", "declarer": "W", "tricks": 0}, 7000),
        ({"board": 17, "contract": "1♣", "declarer": "N", "tricks": 13}, 190),
        ({"board": 1, "contract": "pass", "declarer": None, "tricks": None}, 0),
    ],
)
def test_scores_from_north_souths_side_with_the_boards_vulnerability(
    deal: dict[str, Any], score: int
) -> None:
    status, (answer,) = call(deal)
    assert status == 0
    assert answer["score_ns"] == score


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"contract": "4S", "declarer": "N", "tricks": 10}, 'The deal has no "board": give the board number'),
        ({"board": 1, "declarer": "N", "tricks": 10}, 'The deal has no "contract"'),
        ({"board": 1, "contract": "4S", "tricks": 10}, 'The deal has no "declarer"'),
        ({"board": 1, "contract": "4S", "declarer": "N"}, 'The deal has no "tricks"'),
        ({"board": 0, "contract": "4S", "declarer": "N", "tricks": 10}, "Board 0 does not exist"),
        ({"board": "1", "contract": "4S", "declarer": "N", "tricks": 10}, "'1' is not a board number"),
        (
            {"board": 1, "contract": "4S", "declarer": "N", "tricks": 14},
            "14 tricks is more than the thirteen",
        ),
        ({"board": 1, "contract": "4S", "declarer": "N", "tricks": "10"}, "'10' is not a number of tricks"),
        ({"board": 1, "contract": "4S", "declarer": "N", "tricks": 10.0}, "10.0 is not a number of tricks"),
        ({"board": 1, "contract": "4S", "declarer": "X", "tricks": 10}, "'X' is not a seat"),
        ({"board": 1, "contract": "4S", "declarer": 1, "tricks": 10}, "1 is not a seat"),
        ({"board": 1, "contract": 4, "declarer": "N", "tricks": 10}, "4 is not a contract"),
        ({"board": 1, "contract": "4Z", "declarer": "N", "tricks": 10}, "'4Z' is not a contract"),
        ({"board": 1, "contract": "PASS", "declarer": "N"}, 'A passed-out board has no "declarer"'),
        (
            {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10, "vulnerable": "red"},
            "'red' is not a vul",
        ),
        (
            {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10, "vulnerable": True},
            "true is not a vuln",
        ),
        ([1, 2], "[...] is not a deal"),
    ],
)
def test_refused_lines_get_a_sentence_and_exit_1(deal: object, message: str) -> None:
    status, (answer,) = call(deal)
    assert status == 1
    assert set(answer) == {"error"}
    assert answer["error"].startswith(message)


def test_a_byte_order_mark_on_the_first_line_is_ignored() -> None:
    status, (answer,) = call('\ufeff{"board": 1, "contract": "1NT", "declarer": "N", "tricks": 7}')
    assert (status, answer["score_ns"]) == (0, 90)


@pytest.mark.parametrize(
    "text", ['{"board": NaN}', '{"board": 1e999}', "[" * 100_000, '{"board": ' + "9" * 5000 + "}"]
)
def test_strange_json_never_crashes(text: str) -> None:
    status, (answer,) = call(text)
    assert status in (1, 2)
    assert set(answer) == {"error"}

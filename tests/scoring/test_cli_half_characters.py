"""A ``\\ud800`` escape is valid JSON but half a character: every command refuses it with a sentence.

Echoed back (a board or pair named so), it once could not be written, and the program stopped
with a traceback after printing half its answer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LONE = '"\\ud800"'
RESULTS = (
    '{"results": [{"board": %s, "ns": "1", "ew": "2", "score_ns": 10},'
    ' {"board": "1", "ns": "3", "ew": "4", "score_ns": 20}]}'
)
DEAL = '{"declarer": %s}'


def run(command: str, text: str) -> tuple[int, list[str]]:
    done = subprocess.run(
        [sys.executable, "-m", "scoring", command],
        input=text.encode(),
        cwd=ROOT,
        capture_output=True,
        timeout=60,
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    return done.returncode, done.stdout.decode().splitlines()


@pytest.mark.parametrize(
    ("command", "text", "where"),
    [
        ("matchpoints", RESULTS % LONE, "The input"),
        ("imps", RESULTS % LONE, "The input"),
        ("pairs", RESULTS % LONE, "The input"),
        ("teams", RESULTS % LONE, "The input"),
        ("contract", DEAL % LONE, "Line 1"),
        ("deal", DEAL % LONE, "Line 1"),
    ],
)
def test_a_lone_surrogate_escape_is_refused_with_a_sentence(command: str, text: str, where: str) -> None:
    status, lines = run(command, text)
    assert status == 2
    said = f"{where} holds a \\u escape that is half of a character (a lone surrogate): not text."
    assert json.loads(lines[-1]) == {"error": said}


def test_a_whole_character_written_as_two_escapes_is_read() -> None:
    status, lines = run("matchpoints", RESULTS % '"\\ud83c\\udca1"')  # one character, 🂡, as a pair of escapes
    assert status == 0, lines
    assert "\U0001f0a1" in lines[0]

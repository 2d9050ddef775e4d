"""JSON in and out for the contract-bridge subcommands, as specs/scoring-cli.md's general rules say.

Input is UTF-8 JSON on stdin, output UTF-8 JSON on stdout. A refused item gets
``{"error": "<a sentence a director understands>"}``; exit status 0 when every item was
scored, 1 when any was refused, 2 when the input (or, for JSON Lines, any line) is not JSON.
Exact figures are written as reduced-fraction strings by the caller
(:func:`scoring.shared.numbers.fraction_text`).
"""

from __future__ import annotations

import io
import json
import re
import sys

from ..shared.errors import ScoringError

TYPE_CHECKING = False  # typing is imported only by the type checker: it costs a program's start
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TextIO

SCORED, REFUSED, NOT_JSON = 0, 1, 2

#: What a byte that is not UTF-8 becomes when stdin is read with errors="surrogateescape".
NOT_UTF8 = re.compile("[\udc80-\udcff]")
#: A ``\\u`` escape of a surrogate: JSON allows one, but alone it is half a character, no text.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")

__all__ = [
    "NOT_JSON",
    "REFUSED",
    "SCORED",
    "half_character",
    "read_object",
    "refuse",
    "run_lines",
    "utf8_stdin",
    "utf8_stdout",
    "write",
]


def write(stdout: TextIO, value: object) -> None:
    """Write one JSON value on its own line."""
    stdout.write(json.dumps(value, ensure_ascii=False) + "\n")
    stdout.flush()


def refuse(stdout: TextIO, error: ScoringError) -> int:
    """Write the error's sentence as the answer; the exit status of a refused input."""
    write(stdout, {"error": str(error)})
    return REFUSED


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")


def half_character(text: str, value: object, where: str) -> str | None:
    """The sentence when decoding ``text`` left half a character (a lone surrogate) in ``value``.

    ``"\\ud800"`` is valid JSON but no Unicode text: an answer echoing it could not be written.
    Only an input that holds such an escape at all is looked at again.
    """
    if SURROGATE_ESCAPE.search(text) is None:
        return None
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return f"{where} holds a \\u escape that is half of a character (a lone surrogate): not text."
    return None


def _decode(text: str, where: str) -> tuple[Any, str | None]:
    """The decoded value, or None and the sentence saying why ``text`` is not JSON."""
    if not text.isascii() and NOT_UTF8.search(text):
        return None, f"{where} is not UTF-8 text, so it cannot be JSON."
    try:
        value = json.loads(text, parse_constant=_no_constant)
        problem = half_character(text, value, where)
        return (None, problem) if problem else (value, None)
    except RecursionError:
        return None, f"{where} is nested too deeply to be read."
    except json.JSONDecodeError as error:
        place = f"column {error.colno}" if error.lineno == 1 else f"line {error.lineno}, column {error.colno}"
        return None, f"{where} is not JSON: {error.msg} at {place}."
    except ValueError as error:  # numbers too long to read, NaN and Infinity
        return None, f"{where} is not JSON: {str(error).rstrip('.')}."


def read_object(stdin: TextIO, stdout: TextIO) -> tuple[Any, int]:
    """Read the whole input as one JSON value; on failure the error is written and status 2 returned."""
    text = stdin.read().removeprefix("\ufeff")
    if not text.strip():
        write(stdout, {"error": "The input is empty: give one JSON object."})
        return None, NOT_JSON
    value, problem = _decode(text, "The input")
    if problem is not None:
        write(stdout, {"error": problem})
        return None, NOT_JSON
    return value, SCORED


def run_lines(stdin: TextIO, stdout: TextIO, answer: Callable[[Any], dict[str, Any]], item: str) -> int:
    """Answer each JSON line with one line, in order (JSON Lines); ``item`` names what a line holds."""
    status = SCORED
    for number, raw in enumerate(stdin, start=1):
        text = raw.rstrip("\r\n")
        if number == 1:
            text = text.removeprefix("\ufeff")
        result, outcome = _line(text, number, answer, item)
        write(stdout, result)
        status = max(status, outcome)
    return status


def _line(
    text: str, number: int, answer: Callable[[Any], dict[str, Any]], item: str
) -> tuple[dict[str, Any], int]:
    if not text.strip():
        return {
            "error": f"Line {number} is empty: each line must hold one {item} as a JSON object."
        }, NOT_JSON
    value, problem = _decode(text, f"Line {number}")
    if problem is not None:
        return {"error": problem}, NOT_JSON
    try:
        return answer(value), SCORED
    except ScoringError as error:
        return {"error": str(error)}, REFUSED
    except Exception as error:  # the contract: an error object, never a traceback
        name = type(error).__name__
        return {"error": f"The engine could not score line {number} ({name}); please report it."}, REFUSED


def utf8_stdin() -> TextIO:
    """The process's stdin, read as UTF-8; undecodable bytes survive as surrogates, refused in their place."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
    return sys.stdin


def utf8_stdout() -> TextIO:
    """The process's stdout, written as UTF-8."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(encoding="utf-8")
    return sys.stdout

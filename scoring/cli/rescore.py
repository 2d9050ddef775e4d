"""``python -m scoring rescore FILE``: a real session scored again from its raw scores.

The contract is specs/scoring-cli.md ("rescore"). FILE is a PBN 2.1 file with score tables
or a USEBIO 1.2 file, in any of the encodings programs write (``-`` reads it from stdin).
The answer is one JSON object, ``{"scoring": ..., "participants": [{"id", "total",
"percent", "rank"}, ...]}``, totals and percentages as JSON numbers rounded as the
producing program shows them (written from exact decimals, never through a float), with
the exact figures beside them as reduced fractions. A teams file that does not say how
many boards a match had takes them from ``--boards``, or else from the one count its own
reported VPs fit (the answer's ``notes`` say so).

A file that is not PBN or USEBIO, is broken, or lacks what its method needs gets
``{"error": "<a sentence a director understands>"}`` and exit status 1; never a traceback.
"""

from __future__ import annotations

import argparse
import json
from decimal import Decimal
from typing import BinaryIO, TextIO

from ..files.rescore import read_session, rescore, rescore_json
from ..shared.errors import ScoringError
from .jsonio import REFUSED, SCORED

__all__ = ["json_text", "run_rescore"]


class RescoreCommand:
    """Score a PBN or USEBIO results file again from its raw scores, as its producer did."""

    def __call__(self, stdin: TextIO, stdout: TextIO) -> int:
        """Without a FILE there is nothing to read: the answer says so."""
        return self.with_arguments(argparse.Namespace(file=None, boards=None), stdin, stdout)

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """FILE, and the optional --boards of a teams file that does not give them."""
        parser.add_argument(
            "file", metavar="FILE", nargs="?", help="a PBN 2.1 or USEBIO 1.2 results file; - for stdin"
        )
        parser.add_argument(
            "--boards",
            metavar="N",
            help="boards in each team match, when a teams file does not say (WBF VP scale)",
        )

    def with_arguments(self, arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
        """Read FILE, score it again, write the JSON answer; exit 0, or 1 with an error object."""
        try:
            boards = _boards(arguments.boards)
            data = _read(arguments.file, stdin)
            answer = rescore_json(rescore(read_session(data), boards_per_match=boards))
            status = SCORED
        except ScoringError as error:
            answer, status = {"error": str(error)}, REFUSED
        except OSError as error:
            reason = error.strerror or type(error).__name__
            answer, status = {"error": f"The file {arguments.file} cannot be read: {reason}."}, REFUSED
        except Exception as error:  # the contract: an error object, never a traceback
            name = type(error).__name__
            answer = {"error": f"The engine could not rescore this file ({name}); please report it."}
            status = REFUSED
        stdout.write(json_text(answer) + "\n")
        stdout.flush()
        return status


def _boards(text: object) -> int | None:
    if text is None:
        return None
    cleaned = str(text).strip()
    if not (cleaned.isascii() and cleaned.isdigit()) or not 1 <= int(cleaned) <= 99:
        raise ScoringError(
            f"--boards {cleaned} is not a number of boards in a match: give a whole number, as 8."
        )
    return int(cleaned)


def _read(path: object, stdin: TextIO) -> bytes:
    if not path:
        raise ScoringError("Name the results file to rescore: python -m scoring rescore FILE.")
    if path == "-":
        buffer: BinaryIO | None = getattr(stdin, "buffer", None)
        return buffer.read() if buffer is not None else stdin.read().encode("utf-8")
    with open(str(path), "rb") as handle:
        return handle.read()


def json_text(value: object) -> str:
    """JSON text of an answer whose numbers may be Decimals: written exactly, never as floats."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {json_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(json_text(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)


run_rescore = RescoreCommand()

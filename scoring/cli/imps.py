"""``python -m scoring imps``: a pairs session scored by Butler IMPs or cross-IMPs (specs/scoring-cli.md).

Reads one JSON object on stdin::

    {"method": "butler" | "cross",
     "datum": {"drop": int, "round": "nearest10" | "even5" | "none"},   (butler)
     "total": "sum" | "average",                                          (cross)
     "results": [{"board": ..., "ns": pair, "ew": pair, "score_ns": int}
               | {"board": ..., "ns": pair, "ew": pair, "adjusted": ["A+", "A-"]}]}

and writes one JSON object: ``{"pairs": [{"pair", "imps", "boards", "rank"}], "boards":
{board: {"datum", "rows": [{"ns", "imps_ns"}]}}}``, exact figures as reduced fraction
strings. The rules are spec §3.1–3.3 (Law 78B, the Butler datum, cross-IMPs) with the
contract's readings: a board is known by its text; ``drop`` defaults to 1 when a board has
more than 4 real scores, else 0; adjusted tables stay out of the datum and of ``drop``'s
count; A+/A/A− are +3/0/−3 IMPs, times n − 1 (n the real scores) for summed cross-IMPs;
ranks are competition ranks on the exact total.

The engine offers one thing more: ``"boards_in_movement": int`` scales each pair's total
by that number ÷ the boards it played (sit-outs, spec §5.8).

A refused session gets ``{"error": "<sentence>"}`` and exit status 1; input that is not
JSON, exit status 2.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TextIO

from ..contests.adjusted import Award
from ..contests.imp_pairs import Butler, Cross, ImpSession, ImpTable, Method, imp_session
from ..contests.imps import CrossTotal, DatumRounding
from ..shared.errors import ContestError, ScoringError, quoted
from ..shared.numbers import fraction_text
from .contests import _read, _refuse, _write

METHODS = ("butler", "cross")


def run_imps(stdin: TextIO, stdout: TextIO) -> int:
    """Score a pairs session by IMPs read as JSON (Law 78B; spec §3.2, §3.3)."""
    data, status = _read(stdin, stdout)
    if status:
        return status
    try:
        session = session_from_json(data)
    except ScoringError as error:
        return _refuse(stdout, error)
    _write(stdout, session_to_json(session))
    return 0


def session_from_json(data: object) -> ImpSession:
    """Read and score the ``imps`` input object (specs/scoring-cli.md); a ScoringError says what is wrong."""
    if not isinstance(data, dict):
        raise ContestError(
            'The input must be one JSON object with "method" and a "results" list, one entry per board '
            "played at a table."
        )
    method = _method(data)
    entries = data.get("results")
    if not isinstance(entries, list):
        raise ContestError('"results" is missing: give a list with one entry per board played at a table.')
    tables = []
    for number, entry in enumerate(entries, start=1):
        try:
            tables.append(_table(entry))
        except ScoringError as error:
            raise ContestError(f"Result {number}: {error}") from error
    movement = data.get("boards_in_movement")
    if movement is not None and (isinstance(movement, bool) or not isinstance(movement, int)):
        raise ContestError(
            f'{quoted(movement)} is not valid for "boards_in_movement": give the boards of the movement, '
            "a whole number."
        )
    return imp_session(tables, method, boards_in_movement=movement)


def session_to_json(session: ImpSession) -> dict[str, Any]:
    """The output object of ``imps``: the standings, and each board's datum and N-S IMPs."""
    boards: dict[str, Any] = {}
    for board in session.boards:
        key = board.board if not board.field else f"{board.field}:{board.board}"
        boards[key] = {
            "datum": _datum(board.datum),
            "rows": [{"ns": row.table.ns, "imps_ns": fraction_text(row.imps_ns)} for row in board.rows],
        }
    return {
        "pairs": [
            {"pair": line.pair, "imps": fraction_text(line.imps), "boards": line.boards, "rank": line.rank}
            for line in session.standings
        ],
        "boards": boards,
    }


def _datum(datum: int | Fraction | None) -> int | str | None:
    """A datum is a whole number of points; an unrounded one ("none") may be a fraction."""
    if datum is None or isinstance(datum, int):
        return datum
    return int(datum) if datum.denominator == 1 else fraction_text(datum)


def _method(data: dict[str, Any]) -> Method:
    if "method" not in data:
        raise ContestError(
            '"method" is missing: give "butler" (IMPs against a datum) or "cross" (cross-IMPs).'
        )
    name = data["method"]
    if name not in METHODS:
        raise ContestError(
            f'{quoted(name)} is not an IMP scoring method: "method" is "butler" or "cross" (spec §3.2, §3.3).'
        )
    if name == "butler":
        datum = data.get("datum", {})
        if not isinstance(datum, dict):
            raise ContestError(
                f'{quoted(datum)} is not valid for "datum": give an object such as '
                '{"drop": 1, "round": "nearest10"}.'
            )
        drop = datum.get("drop")
        if drop is not None and (isinstance(drop, bool) or not isinstance(drop, int) or drop < 0):
            raise ContestError(
                f'{quoted(drop)} is not valid for "drop": give the scores dropped at each end of a board, '
                "a whole number, 0 or more (spec §3.2)."
            )
        rounding = datum.get("round", DatumRounding.NEAREST10.value)
        if not isinstance(rounding, str):
            raise ContestError(
                f'{quoted(rounding)} is not valid for "round": use "nearest10", "even5" or "none".'
            )
        return Butler(drop, DatumRounding.parse(rounding))
    total = data.get("total", CrossTotal.SUM.value)
    if not isinstance(total, str) or total not in {member.value for member in CrossTotal}:
        raise ContestError(f'{quoted(total)} is not valid for "total": use "sum" or "average" (spec §3.3).')
    return Cross(CrossTotal(total))


def _table(entry: object) -> ImpTable:
    if not isinstance(entry, dict):
        raise ContestError('each result is an object with "board", "ns", "ew" and "score_ns" or "adjusted".')
    board, ns, ew = _board(entry), _pair(entry, "ns"), _pair(entry, "ew")
    has_score, has_adjusted = "score_ns" in entry, "adjusted" in entry
    if has_score and has_adjusted:
        raise ContestError(
            'give "score_ns" or "adjusted", not both: a table given an artificial score has no score of '
            "its own (Law 12C2)."
        )
    if has_adjusted:
        return ImpTable(board, ns, ew, adjusted=_awards(entry["adjusted"]))
    if not has_score:
        raise ContestError('"score_ns" is missing: the N-S score on the board, or the "adjusted" scores.')
    score = entry["score_ns"]
    if isinstance(score, bool) or not isinstance(score, int):
        raise ContestError(f'{quoted(score)} is not a score: "score_ns" is a whole number of points.')
    return ImpTable(board, ns, ew, score)


def _awards(value: object) -> tuple[Award, Award]:
    if not isinstance(value, list) or len(value) != 2:
        raise ContestError(
            f'{quoted(value)} is not valid for "adjusted": give the N-S and E-W awards, as ["A+", "A-"] '
            "(Law 12C2)."
        )
    return Award.parse(value[0]), Award.parse(value[1])


def _board(entry: dict[str, Any]) -> str:
    if "board" not in entry:
        raise ContestError('"board" is missing: each result names the board played.')
    board = entry["board"]
    if isinstance(board, int) and not isinstance(board, bool):
        return str(board)
    if isinstance(board, str) and board.strip():
        return board
    raise ContestError(f'{quoted(board)} is not a board: "board" is a whole number or a non-empty text.')


def _pair(entry: dict[str, Any], field: str) -> str:
    if field not in entry:
        raise ContestError(f'"{field}" is missing: each result names the pair sitting {field.upper()}.')
    pair = entry[field]
    if not isinstance(pair, str) or not pair.strip():
        raise ContestError(f'{quoted(pair)} is not a pair: "{field}" is a pair id, a non-empty text.')
    return pair

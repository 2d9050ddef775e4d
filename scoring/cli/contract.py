"""``python -m scoring contract``: one deal of contract bridge a line, scored by Law 77.

The contract is specs/scoring-cli.md ("contract"). Each input line is a JSON object:
``{"board": int >= 1, "contract": "4HX", "declarer": seat, "tricks": int 0-13}``, or
``"contract": "PASS"`` for a passed-out board (no declarer, no tricks); an optional
``"vulnerable"`` ("none", "NS", "EW", "both") overrides the vulnerability the board's
number gives (Law 2). Each output line is ``{"score_ns": int, "lines": [...]}`` or
``{"error": ...}``.
"""

from __future__ import annotations

from typing import Any, TextIO

from ..contract.board import Vulnerability, check_board
from ..contract.deal import ContractScore, parse_contract, score_board
from ..shared.errors import DealError, quoted
from .jsonio import run_lines

_REQUIRED = {
    "board": "the board number, 1 or more (Law 2)",
    "contract": 'the final contract, as "4HX", or "PASS" (Law 22)',
}
_PLAYED = {
    "declarer": "the seat that played the contract, N, E, S or W",
    "tricks": "the tricks the declaring side won, 0 to 13",
}


def run_contract(stdin: TextIO, stdout: TextIO) -> int:
    """Score one deal of contract bridge per input line (Law 77; Law 2 for the vulnerability)."""
    return run_lines(stdin, stdout, lambda data: score_to_json(contract_from_json(data)), "deal")


def contract_from_json(data: object) -> ContractScore:
    """Score the deal a decoded JSON object describes; types are checked strictly (specs/scoring-cli.md)."""
    if not isinstance(data, dict):
        raise DealError(f"{quoted(data)} is not a deal: each line is a JSON object with board and contract.")
    for field, meaning in _REQUIRED.items():
        if field not in data:
            raise DealError(f'The deal has no "{field}": give {meaning}.')
    board = check_board(data["board"])
    text = data["contract"]
    if not isinstance(text, str):
        raise DealError(f'{quoted(text)} is not a contract: write it as text, as "4HX" or "PASS".')
    vulnerable = data.get("vulnerable")
    if vulnerable is not None and not isinstance(vulnerable, str):
        raise DealError(f'{quoted(vulnerable)} is not a vulnerability: use "none", "NS", "EW" or "both".')
    vulnerability = None if vulnerable is None else Vulnerability.parse(vulnerable)
    bid = parse_contract(text)
    if bid is None:
        for field in _PLAYED:
            if data.get(field) is not None:
                raise DealError(f'A passed-out board has no "{field}": the hands were not played (Law 22A).')
        return score_board(board, None, None, None, vulnerability)
    for field, meaning in _PLAYED.items():
        if data.get(field) is None:
            raise DealError(f'The deal has no "{field}": give {meaning}.')
    declarer = data["declarer"]
    if not isinstance(declarer, str):
        raise DealError(f'{quoted(declarer)} is not a seat: the declarer is "N", "E", "S" or "W".')
    return score_board(board, bid, declarer, data["tricks"], vulnerability)


def score_to_json(score: ContractScore) -> dict[str, Any]:
    """The output object: North-South's score and the lines that explain it."""
    return {"score_ns": score.score_ns, "lines": list(score.lines)}

"""The command line of the scoring engine: ``python -m scoring deal | pairs | teams | imps``.

The contract is specs/scoring-cli.md. Input on stdin, output on stdout, UTF-8 JSON. A value
the laws do not allow is never guessed at and never crashes the program: that item's
output is ``{"error": "<a sentence a director understands>"}`` and the other items go on.

``deal`` reads JSON Lines, one deal a line, and writes exactly one line for each line read,
in the same order. A line that is not JSON (an empty line included: it holds no deal) gets
an error object in its place. Exit status: 0 when every line was scored, 1 when any was
refused, 2 when any line was not JSON.

This is the only module of ``scoring`` that does input and output.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TextIO

from ..shared.errors import DealError, ScoringError, quoted
from .jsonio import NOT_UTF8, half_character, utf8_stdin, utf8_stdout

if TYPE_CHECKING:
    from ..auction.deal import Deal, DealScore, Options

SCORED, REFUSED, NOT_JSON = 0, 1, 2

_REQUIRED = {
    "contract": 'the final declaration, as "3NTX" (Law 42)',
    "declarer": "the seat that played the combined hands, N, E, S or W (Law 46)",
    "tricks": "the tricks the declaring side won in play, 0 to 13 (Law 47)",
}


def run_deal(stdin: TextIO, stdout: TextIO) -> int:
    """Score one deal of Auction Bridge per input line (Foster's laws; Law A in duplicate)."""
    status = SCORED
    for number, raw in enumerate(stdin, start=1):
        text = raw.rstrip("\r\n")
        if number == 1:
            text = text.removeprefix("\ufeff")
        answer, outcome = _deal_line(text, number)
        stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
        status = max(status, outcome)
    stdout.flush()
    return status


def _run_pairs(stdin: TextIO, stdout: TextIO) -> int:
    from . import contests  # loaded only when asked for

    return contests.run_pairs(stdin, stdout)


def _run_teams(stdin: TextIO, stdout: TextIO) -> int:
    from . import contests  # loaded only when asked for

    return contests.run_teams(stdin, stdout)


class _Lazy:
    """A subcommand whose module ``scoring.cli.<module>`` is imported only when it is asked for.

    A process scores one command: importing every command's modules (the files' readers and
    writers among them) would cost more than scoring a club's session.
    """

    def __init__(self, module: str, attribute: str, summary: str) -> None:
        self.module, self.attribute, self.summary = module, attribute, summary
        self.__doc__ = summary

    def load(self) -> Callable[[TextIO, TextIO], int]:
        """The command itself, its module imported."""
        command: Callable[[TextIO, TextIO], int] = getattr(
            importlib.import_module(f"{__package__}.{self.module}"), self.attribute
        )
        return command

    def __call__(self, stdin: TextIO, stdout: TextIO) -> int:
        return self.load()(stdin, stdout)


COMMANDS: dict[str, Callable[[TextIO, TextIO], int]] = {
    "deal": run_deal,
    "pairs": _run_pairs,
    "teams": _run_teams,
    "contract": _Lazy(
        "contract",
        "run_contract",
        "Score one deal of contract bridge per input line (Law 77; Law 2 for the vulnerability).",
    ),
    "matchpoints": _Lazy(
        "matchpoints",
        "run_matchpoints",
        "Score a matchpoint pairs session read as one JSON object (Law 78A; spec §2).",
    ),
    "rescore": _Lazy(
        "rescore",
        "run_rescore",
        "Score a PBN or USEBIO results file again from its raw scores, as its producer did.",
    ),
    "imps": _Lazy(
        "imps", "run_imps", "Score a pairs session by IMPs read as JSON (Law 78B; spec §3.2, §3.3)."
    ),
}

_HELP = {
    "deal": (
        "score deals of Auction Bridge, one JSON object a line",
        "Reads JSON Lines on stdin: contract, declarer, tricks (required); honours, "
        "dealers_one_spade, revokes, awards, slams, duplicate (optional). Writes one line per "
        "input line: the trick and honour columns of NS and EW, net_ns, and the lines that "
        "explain them, or {'error': ...}. Exit 0 all scored, 1 any refused, 2 any line not JSON.",
    ),
    "pairs": ("score a pair contest (Law H)", "Reads one JSON object {'results': [...]} on stdin."),
    "teams": (
        "score a team match (Law G)",
        "Reads one JSON object {'teams': ..., 'results': [...]} on stdin.",
    ),
    "imps": (
        "score a contract bridge pairs session by Butler IMPs or cross-IMPs (Law 78B)",
        "Reads one JSON object {'method': 'butler' or 'cross', 'datum': {...}, 'total': ..., "
        "'results': [...]} on stdin; writes each pair's IMPs and rank and each board's datum and rows.",
    ),
}


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run ``python -m scoring <command>``; returns the exit status (specs/scoring-cli.md)."""
    parser = argparse.ArgumentParser(
        prog="python -m scoring",
        description="The laws engine of Auction Bridge and Whist, speaking JSON on stdin and stdout.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    words = sys.argv[1:] if argv is None else argv
    asked = next((word for word in words if not word.startswith("-")), None)
    chosen = {}
    for name, run in COMMANDS.items():
        if isinstance(run, _Lazy) and name == asked:  # only the command asked for is imported
            run = run.load()
        chosen[name] = run
        summary, description = _HELP.get(name) or _described(run)
        command = commands.add_parser(name, help=summary, description=description)
        add_arguments = getattr(run, "add_arguments", None)
        if add_arguments is not None:  # a command that takes arguments (rescore FILE)
            add_arguments(command)
    arguments = parser.parse_args(argv)
    run = chosen[arguments.command]
    with_arguments = getattr(run, "with_arguments", None)
    if with_arguments is not None:
        return int(with_arguments(arguments, stdin or utf8_stdin(), stdout or utf8_stdout()))
    return run(stdin or utf8_stdin(), stdout or utf8_stdout())


def _described(run: Callable[[TextIO, TextIO], int]) -> tuple[str, str]:
    """A command's help from its function's docstring, for commands that bring no help of their own."""
    text = (run.__doc__ or "").strip()
    return text.split("\n")[0], text


def deal_from_json(data: object) -> tuple[Deal, Options]:
    """Read one deal and its options from a decoded JSON object (specs/scoring-cli.md, ``deal``).

    Types are checked strictly: a string where a number belongs, or true for a number, is
    refused; unknown fields are ignored; a missing required field is refused.
    """
    if not isinstance(data, dict):
        raise DealError(
            f"{quoted(data)} is not a deal: each line is a JSON object with contract, declarer and tricks."
        )
    for field, meaning in _REQUIRED.items():
        if field not in data:
            raise DealError(f'The deal has no "{field}": give {meaning}.')
    contract, declarer = data["contract"], data["declarer"]
    if not isinstance(contract, str):
        raise DealError(f'{quoted(contract)} is not a contract: write it as text, as "3NTX" (Law 42).')
    if not isinstance(declarer, str):
        raise DealError(f'{quoted(declarer)} is not a seat: the declarer is "N", "E", "S" or "W" (Law 46).')
    honours = _field(data, "honours", dict, {}, 'an object of seat to number, as {"N": 2, "S": 1}')
    revokes = _field(data, "revokes", list, [], 'a list of {"by": seat, "penalty": "points" or "tricks"}')
    awards = _field(data, "awards", list, [], 'a list of {"to": "NS" or "EW", "points": number}')
    for item in revokes:
        _check_object(item, "revoke", {"by": str, "penalty": str})
    for item in awards:
        _check_object(item, "award", {"to": str, "law": str, "reason": str})
    from ..auction.deal import Deal, Options, SlamScale  # loaded only when a deal is read

    deal = Deal.build(
        contract=contract,
        declarer=declarer,
        tricks=data["tricks"],
        honours=honours,
        dealers_one_spade=data.get("dealers_one_spade", False),
        revokes=revokes,
        awards=awards,
    )
    slams = data.get("slams", SlamScale.AMERICAN.value)
    if not isinstance(slams, str):
        raise DealError(f'{quoted(slams)} is not a slam scale: use "american" or "english".')
    options = Options(slams=SlamScale.parse(slams), duplicate=data.get("duplicate", True))
    return deal, options


def score_to_json(score: DealScore) -> dict[str, Any]:
    """The output object of ``deal``: both sides' columns, net_ns and the explaining lines."""
    return {
        "NS": {"trick": score.ns.trick, "honour": score.ns.honour},
        "EW": {"trick": score.ew.trick, "honour": score.ew.honour},
        "net_ns": score.net_ns,
        "lines": [str(line) for line in score.lines],
    }


def _deal_line(text: str, number: int) -> tuple[dict[str, Any], int]:
    if not text.isascii() and NOT_UTF8.search(text):
        return {"error": f"Line {number} is not UTF-8 text, so it cannot be JSON."}, NOT_JSON
    if not text.strip():
        return {"error": f"Line {number} is empty: each line must hold one deal as a JSON object."}, NOT_JSON
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        return {"error": f"Line {number} is nested too deeply to be read as a deal."}, NOT_JSON
    except ValueError as error:  # json.JSONDecodeError, and numbers too long to read
        return {"error": f"Line {number} is not JSON: {_reason(error)}."}, NOT_JSON
    if (half := half_character(text, data, f"Line {number}")) is not None:
        return {"error": half}, NOT_JSON
    from ..auction.deal import score_deal  # loaded only when a deal is scored

    try:
        deal, options = deal_from_json(data)
        return score_to_json(score_deal(deal, options)), SCORED
    except ScoringError as error:
        return {"error": str(error)}, REFUSED
    except Exception as error:  # the contract: an error object, never a traceback
        name = type(error).__name__
        return {"error": f"The engine could not score line {number} ({name}); please report it."}, REFUSED


def _field(data: Mapping[str, object], name: str, kind: type, default: Any, shape: str) -> Any:
    value = data.get(name, default)
    if not isinstance(value, kind):
        raise DealError(f'{quoted(value)} is not valid for "{name}": give {shape}.')
    return value


def _check_object(item: object, what: str, text_fields: Mapping[str, type]) -> None:
    if not isinstance(item, dict):
        raise DealError(f"{quoted(item)} is not a {what}: each {what} is a JSON object.")
    for name, kind in text_fields.items():
        if name in item and not isinstance(item[name], kind):
            raise DealError(f'{quoted(item[name])} is not valid for "{name}" in a {what}: give text.')


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number JSON allows")


def _reason(error: ValueError) -> str:
    if isinstance(error, json.JSONDecodeError):
        return f"{error.msg} at column {error.colno}"
    return str(error).rstrip(".")

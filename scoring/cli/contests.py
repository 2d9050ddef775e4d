"""The `pairs` and `teams` subcommands of ``python -m scoring`` (specs/scoring-cli.md).

Each reads one JSON object on stdin and writes one JSON object on stdout. A value the laws
do not allow is refused with ``{"error": "<sentence>"}`` and exit status 1; input that is
not JSON gets an error object and exit status 2. Exact figures are written as reduced
fraction strings ("640/3", "-95", "0").
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from ..contests.pairs import Irregular, TableResult, pair_contest
from ..contests.teams import Team, TeamResult, team_match
from ..shared.errors import ContestError, ScoringError
from ..shared.numbers import fraction_text
from .jsonio import half_character

TEAM_NAMES = ("A", "B")


def run_pairs(stdin: TextIO, stdout: TextIO) -> int:
    """Score a pair contest read as JSON (Law H; Law B (3) for irregular tables)."""
    data, status = _read(stdin, stdout)
    if status:
        return status
    try:
        contest = pair_contest(_pair_results(data))
    except ScoringError as error:
        return _refuse(stdout, error)
    _write(
        stdout,
        {
            "pairs": [
                {
                    "pair": standing.pair,
                    "score": fraction_text(standing.score),
                    "rounded": standing.rounded,
                    "rank": standing.rank,
                }
                for standing in contest.standings
            ]
        },
    )
    return 0


def run_teams(stdin: TextIO, stdout: TextIO) -> int:
    """Score a team match read as JSON (Law G; readings R-5 to R-7)."""
    data, status = _read(stdin, stdout)
    if status:
        return status
    try:
        first, second, results = _team_input(data)
        match = team_match(first, second, results)
    except ScoringError as error:
        return _refuse(stdout, error)
    output: dict[str, Any] = {
        total.team: {"total": total.total, "exact": fraction_text(total.exact)}
        for total in (match.first, match.second)
    }
    output["winner"] = match.winner
    output["margin"] = fraction_text(match.margin)
    output["by_fraction"] = match.by_fraction
    _write(stdout, output)
    return 0


def _read(stdin: TextIO, stdout: TextIO) -> tuple[Any, int]:
    try:
        text = stdin.read().removeprefix("\ufeff")
        # Bytes that are not UTF-8 may arrive as lone surrogates (errors="surrogateescape").
        text.encode("utf-8")
        value = json.loads(text)
        if (half := half_character(text, value, "The input")) is not None:
            _write(stdout, {"error": half})
            return None, 2
        return value, 0
    except UnicodeError:
        _write(stdout, {"error": "The input is not JSON: it is not UTF-8 text."})
    except ValueError as error:
        _write(stdout, {"error": f"The input is not JSON: {error}."})
    return None, 2


def _refuse(stdout: TextIO, error: ScoringError) -> int:
    _write(stdout, {"error": str(error)})
    return 1


def _write(stdout: TextIO, value: object) -> None:
    stdout.write(json.dumps(value, ensure_ascii=False) + "\n")
    stdout.flush()


def _results_list(data: object, shape: str) -> tuple[dict[str, Any], list[Any]]:
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise ContestError(f"The input must be one JSON object {shape}.")
    results: list[Any] = data["results"]
    return data, results


def _pair_results(data: object) -> list[TableResult]:
    _, entries = _results_list(data, 'with a "results" list, one entry per deal played at a table')
    results = []
    for number, entry in enumerate(entries, start=1):
        try:
            results.append(_pair_result(entry))
        except ScoringError as error:
            raise ContestError(f"Result {number}: {error}") from error
    return results


def _pair_result(entry: object) -> TableResult:
    if not isinstance(entry, dict):
        raise ContestError('each result is an object with "deal", "ns", "ew" and "net_ns" or "irregular".')
    deal, ns, ew = _deal(entry), _pair(entry, "ns"), _pair(entry, "ew")
    has_net, has_ruling = "net_ns" in entry, "irregular" in entry
    if has_net and has_ruling:
        raise ContestError(
            'give "net_ns" or "irregular", not both: a table whose hands were irregular has no score '
            "of its own (Law B (3))."
        )
    if has_ruling:
        return TableResult.irregular_hands(deal, ns, ew, Irregular.parse(entry["irregular"]))
    if not has_net:
        raise ContestError('"net_ns" is missing: the N-S net score on the deal, or an "irregular" ruling.')
    return TableResult.auction(deal, ns, ew, _whole(entry, "net_ns", "a net score"))


def _team_input(data: object) -> tuple[Team, Team, list[TeamResult]]:
    shape = 'with "teams" ({"A": [pairs], "B": [pairs]}) and a "results" list'
    document, entries = _results_list(data, shape)
    teams = document.get("teams")
    if not isinstance(teams, dict) or sorted(teams) != list(TEAM_NAMES):
        raise ContestError('"teams" must name the two teams A and B, each with its list of pairs (Law G).')
    first, second = (_team(name, teams[name]) for name in TEAM_NAMES)
    results = []
    for number, entry in enumerate(entries, start=1):
        try:
            results.append(_team_result(entry))
        except ScoringError as error:
            raise ContestError(f"Result {number}: {error}") from error
    return first, second, results


def _team(name: str, pairs: object) -> Team:
    if not isinstance(pairs, list):
        raise ContestError(f"Team {name} must be a list of pair ids (Law G).")
    return Team(name, tuple(pairs))


def _team_result(entry: object) -> TeamResult:
    if not isinstance(entry, dict):
        raise ContestError('each result is an object with "deal", "ns", "ew", "ns_points" and "ew_points".')
    return TeamResult(
        _deal(entry),
        _pair(entry, "ns"),
        _pair(entry, "ew"),
        _whole(entry, "ns_points", "a gross score"),
        _whole(entry, "ew_points", "a gross score"),
    )


def _deal(entry: dict[str, Any]) -> str:
    if "deal" not in entry:
        raise ContestError('"deal" is missing: each result names the deal played.')
    deal = entry["deal"]
    if isinstance(deal, int) and not isinstance(deal, bool):
        return str(deal)
    if isinstance(deal, str) and deal.strip():
        return deal
    raise ContestError(f'{deal!r} is not a deal: "deal" is a whole number or a non-empty text.')


def _pair(entry: dict[str, Any], field: str) -> str:
    if field not in entry:
        raise ContestError(f'"{field}" is missing: each result names the pair sitting {field.upper()}.')
    pair = entry[field]
    if not isinstance(pair, str) or not pair.strip():
        raise ContestError(f'{pair!r} is not a pair: "{field}" is a pair id, a non-empty text.')
    return pair


def _whole(entry: dict[str, Any], field: str, what: str) -> int:
    if field not in entry:
        raise ContestError(f'"{field}" is missing: {what} for the deal, a whole number of points.')
    value = entry[field]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContestError(f'{value!r} is not {what}: "{field}" is a whole number of points.')
    return value

"""``python -m scoring matchpoints`` in full: every input the command reads, every output it writes.

:mod:`.matchpoints` scores a plain session (scores only) itself and hands any other input
here: adjusted, assigned and weighted scores, fouled boards, sections, two winners, and
every input it refuses, each with its sentence. The contract is specs/scoring-cli.md
("matchpoints" and its readings). Input, one JSON object:

``{"scale": "acbl" | "european", "neuberg": true, "expected": {board: int},
"results": [{"board": ..., "ns": pair, "ew": pair, "score_ns": int}
| {"board": ..., "ns": pair, "ew": pair, "adjusted": ["A+", "A-"]}, ...]}``

Beyond the contract the engine also reads, on a result: ``"adjusted": "A6040"`` (the two
sides' percentages written outright), ``"assigned": {"ns": int, "ew": int}`` (Law 12C1(b),
scores that do not balance), ``"weighted": [{"weight": "1/3", "score_ns": 420}, ...]``
(Law 12C1(c)), ``"field"`` (a section) and ``"version"`` (a fouled board's version); and at
the top: ``"percents": {"plus": 60, "average": 50, "minus": 40}`` (Law 12C2),
``"fields": "one" | "apart"``, ``"winners": "one" | "two"`` and ``"fouled": "ebu" | "acbl"``.

Output: ``{"pairs": [{"pair", "mp", "top", "percent", "rank"}], "boards": {board: [{"ns",
"ew", "mp_ns", "mp_ew"}]}}``, exact figures as reduced-fraction strings; a two-winner
event's pairs also carry their ``"direction"``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..contests.adjusted import AdjustedPercents, Artificial, Outcome, Split, Weighted
from ..contests.matchpoint_session import ScoredSession
from ..contests.matchpoints import FouledRule, MatchpointOptions, Scale, TableResult, Winners, board_key
from ..shared.errors import ContestError, ScoringError, quoted
from ..shared.numbers import fraction_text

_KINDS = ("score_ns", "adjusted", "assigned", "weighted")


def session_from_json(data: object) -> tuple[MatchpointOptions, dict[str | int, int], list[TableResult]]:
    """The settings, expected counts and table results a decoded JSON object gives."""
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise ContestError(
            'The input must be one JSON object with a "results" list, one entry per table a board.'
        )
    options = MatchpointOptions(
        scale=Scale.parse(_text(data, "scale", "acbl")),
        neuberg=_flag(data, "neuberg", True),
        percents=_percents(data.get("percents", {})),
        fouled=FouledRule.parse(_text(data, "fouled", "ebu")),
        fields_apart=_choice(data, "fields", ("one", "apart")) == "apart",
        winners=Winners.parse(_text(data, "winners", "one")),
    )
    expected = data.get("expected", {})
    if not isinstance(expected, dict):
        raise ContestError('"expected" gives each board\'s number of results: an object of board to number.')
    results = []
    for number, entry in enumerate(data["results"], start=1):
        try:
            results.append(_result(entry))
        except ScoringError as error:
            raise ContestError(f"Result {number}: {error}") from error
    if not results:
        raise ContestError('"results" is empty: a session with no results has nothing to score.')
    return options, expected, results


def session_to_json(session: ScoredSession) -> dict[str, Any]:
    """The output object: pairs in standings order, and each board's lines."""
    pairs = []
    for score in session.pairs:
        line: dict[str, Any] = {
            "pair": score.pair,
            "mp": fraction_text(score.mp),
            "top": fraction_text(score.top),
            "percent": fraction_text(score.percent),
            "rank": score.place.first,
        }
        if score.direction is not None:
            line["direction"] = score.direction.value
        pairs.append(line)
    boards: dict[str, list[dict[str, str]]] = {}
    spelled: dict[int, dict[int, str]] = {}  # by denominator, each figure spelled once
    for board, fields in session.boards.items():
        rows = boards[board] = []
        for field in fields:
            denominator = field.denominator
            texts = spelled.setdefault(denominator, {})
            for result, ns, ew in zip(field.results, field.ns, field.ew, strict=True):
                ns_text = texts.get(ns)
                if ns_text is None:
                    ns_text = texts[ns] = fraction_text(Fraction(ns, denominator))
                ew_text = texts.get(ew)
                if ew_text is None:
                    ew_text = texts[ew] = fraction_text(Fraction(ew, denominator))
                rows.append({"ns": result.ns, "ew": result.ew, "mp_ns": ns_text, "mp_ew": ew_text})
    return {"pairs": pairs, "boards": boards}


_PLAIN = frozenset({"board", "ns", "ew", "score_ns"})

#: A board number's text, made once a board rather than once a result.
_board_text = lru_cache(maxsize=4096, typed=True)(board_key)


def _result(entry: object) -> TableResult:
    if type(entry) is dict and len(entry) == 4 and entry.keys() == _PLAIN:  # the usual line: read at once
        board, ns, ew, score = entry["board"], entry["ns"], entry["ew"], entry["score_ns"]
        if type(score) is int and type(ns) is str and type(ew) is str and ns.strip() and ew.strip():
            return TableResult(_board_text(board) if type(board) is int else board, ns, ew, score)
    if not isinstance(entry, dict):
        raise ContestError('each result is an object with "board", "ns", "ew" and "score_ns" or "adjusted".')
    if "board" not in entry:
        raise ContestError('"board" is missing: each result names the board played.')
    kinds = [kind for kind in _KINDS if kind in entry]
    if not kinds:
        raise ContestError('give "score_ns", the N-S score, or "adjusted", as ["A+", "A-"] (Law 12C2).')
    if len(kinds) > 1:
        raise ContestError(f'give one of "{kinds[0]}" and "{kinds[1]}", not both: a table has one result.')
    return TableResult(
        board=board_key(entry["board"]),
        ns=_pair(entry, "ns"),
        ew=_pair(entry, "ew"),
        outcome=_outcome(kinds[0], entry[kinds[0]]),
        field=_optional_text(entry, "field"),
        version=_optional_text(entry, "version"),
    )


def _outcome(kind: str, value: object) -> Outcome:
    if kind == "score_ns":
        return _score(value, "score_ns")
    if kind == "adjusted":
        if isinstance(value, list) and len(value) == 2:
            return Artificial.of(value[0], value[1])
        if isinstance(value, str):
            return Artificial.parse(value)
        raise ContestError(
            f'{quoted(value)} is not an adjusted score: give ["A+", "A-"] or "A6040" (Law 12C2).'
        )
    if kind == "assigned":
        if not isinstance(value, dict) or set(value) != {"ns", "ew"}:
            raise ContestError(
                f'{quoted(value)} is not an assigned score: give {{"ns": int, "ew": int}} (Law 12C1).'
            )
        return Split(_score(value["ns"], "assigned ns"), _score(value["ew"], "assigned ew"))
    if not isinstance(value, list) or not value:
        raise ContestError(
            f"{quoted(value)} is not a weighted score: give a list of shares, "
            '[{"weight": "1/3", "score_ns": 420}, ...] (Law 12C1(c)).'
        )
    shares: list[tuple[Fraction | int | str, int]] = []
    for share in value:
        if not isinstance(share, dict) or set(share) != {"weight", "score_ns"}:
            raise ContestError(f'{quoted(share)} is not a share: give {{"weight": "1/3", "score_ns": 420}}.')
        weight = share["weight"]
        if isinstance(weight, bool) or not isinstance(weight, str | int):
            raise ContestError(f'{quoted(weight)} is not a weight: give a fraction as text, such as "1/3".')
        shares.append((weight, _score(share["score_ns"], "score_ns")))
    return Weighted.of(shares)


def _score(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContestError(
            f'{quoted(value)} is not a score: "{field}" is a whole number of points, signed from N-S.'
        )
    return value


def _pair(entry: dict[str, Any], side: str) -> str:
    if side not in entry:
        raise ContestError(f'"{side}" is missing: each result names the pair sitting {side.upper()}.')
    pair = entry[side]
    if not isinstance(pair, str) or not pair.strip():
        raise ContestError(f'{quoted(pair)} is not a pair: "{side}" is a pair id, a non-empty text.')
    return pair


def _optional_text(entry: dict[str, Any], field: str) -> str:
    value = entry.get(field, "")
    if not isinstance(value, str | int) or isinstance(value, bool):
        raise ContestError(f'{quoted(value)} is not valid for "{field}": give text.')
    return str(value)


def _text(data: dict[str, Any], field: str, default: str) -> str:
    value = data.get(field, default)
    if not isinstance(value, str):
        raise ContestError(f'{quoted(value)} is not valid for "{field}": give text.')
    return value


def _choice(data: dict[str, Any], field: str, choices: tuple[str, ...]) -> str:
    value = _text(data, field, choices[0]).strip().lower()
    if value not in choices:
        raise ContestError(
            f'{quoted(value)} is not valid for "{field}": use ' + " or ".join(f'"{c}"' for c in choices) + "."
        )
    return value


def _flag(data: dict[str, Any], field: str, default: bool) -> bool:
    value = data.get(field, default)
    if not isinstance(value, bool):
        raise ContestError(f'{quoted(value)} is not valid for "{field}": give true or false.')
    return value


def _percents(value: object) -> AdjustedPercents:
    if not isinstance(value, dict) or not set(value) <= {"plus", "average", "minus"}:
        raise ContestError(
            '"percents" gives what A+, A and A- are worth: '
            '{"plus": 60, "average": 50, "minus": 40} (Law 12C2).'
        )
    figures: dict[str, Fraction] = {}
    for name, figure in value.items():
        if isinstance(figure, bool) or not isinstance(figure, int | str):
            raise ContestError(
                f'{quoted(figure)} is not a percentage for "{name}": give a whole number or "121/2".'
            )
        try:
            figures[name] = Fraction(figure)
        except (ValueError, ZeroDivisionError) as error:
            raise ContestError(f'{quoted(figure)} is not a percentage for "{name}".') from error
    return AdjustedPercents(**figures)

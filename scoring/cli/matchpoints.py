"""``python -m scoring matchpoints``: a pairs session scored by matchpoints (Law 78A; spec §2).

The contract is specs/scoring-cli.md ("matchpoints" and its readings); :mod:`.matchpoint_json`
reads and writes every input and output it allows. Input, one JSON object:

``{"scale": "acbl" | "european", "neuberg": true, "expected": {board: int},
"results": [{"board": ..., "ns": pair, "ew": pair, "score_ns": int}
| {"board": ..., "ns": pair, "ew": pair, "adjusted": ["A+", "A-"]}, ...]}``

Output: ``{"pairs": [{"pair", "mp", "top", "percent", "rank"}], "boards": {board: [{"ns",
"ew", "mp_ns", "mp_ew"}]}}``, exact figures as reduced-fraction strings.

A club's session is plain: every result a score, no settings beyond the scale and Neuberg.
Such a session is read a column at a time from the decoded JSON, scored in whole numbers by
:mod:`scoring.contests.plain_matchpoints` and written as one join of preformatted text,
without the general engine's objects (a process that scores one session would spend more
on importing and building them than on scoring). Its output is byte for byte what the
general path writes. Anything else, and anything this pass is not sure of, goes to the
general path, which reads it again from the start: an input it refuses gets the very same
sentence.
"""

from __future__ import annotations

import gc
from collections import Counter
from itertools import chain, compress
from json.encoder import encode_basestring
from math import lcm
from operator import itemgetter, ne

from ..contests.plain_matchpoints import board_order, plain_board, ranked_exactly, reduced
from ..shared.errors import ScoringError
from .jsonio import SCORED, read_object, refuse, write

TYPE_CHECKING = False  # typing is imported only by the type checker: it costs a program's start
if TYPE_CHECKING:
    from typing import Any, TextIO

__all__ = ["plain_session_text", "run_matchpoints"]

#: The settings the plain pass reads; any other setting the command knows sends the input to the general path.
_PLAIN_SETTINGS = frozenset({"scale", "neuberg", "results"})
_SETTINGS = _PLAIN_SETTINGS | {"expected", "percents", "fouled", "fields", "winners"}
_FIELDS = tuple(map(itemgetter, ("board", "ns", "ew", "score_ns")))
_HALVES = {"acbl": 2, "european": 1}  # half-units in one matchpoint, by scale


def run_matchpoints(stdin: TextIO, stdout: TextIO) -> int:
    """Score a matchpoint pairs session read as one JSON object (Law 78A; spec §2)."""
    collecting = gc.isenabled()
    # The decoded session holds no cycles: the collector would only walk its objects again and
    # again as they are made (up to a tenth of the time of a session of many small boards).
    gc.disable()
    try:
        return _scored(stdin, stdout)
    finally:
        if collecting:
            gc.enable()


def _scored(stdin: TextIO, stdout: TextIO) -> int:
    data, status = read_object(stdin, stdout)
    if status != SCORED:
        return status
    text = plain_session_text(data)
    if text is not None:
        stdout.write(text)
        stdout.flush()
        return SCORED
    from ..contests.matchpoint_session import scored_session  # the general engine, when it is needed
    from .matchpoint_json import session_from_json, session_to_json

    try:
        options, expected, results = session_from_json(data)
        session = scored_session(results, options, expected)
    except ScoringError as error:
        return refuse(stdout, error)
    write(stdout, session_to_json(session))
    return SCORED


def plain_session_text(data: object) -> str | None:
    """The output line of a plain session (Law 78A; spec §2), or None when the input is not one.

    Plain: the settings are at most ``scale`` ("acbl" or "european") and ``neuberg``, and
    every result is ``{"board", "ns", "ew", "score_ns"}`` with a board number or name, two
    different pair ids and a score a deal can produce, no pair twice on a board. The line is
    what :func:`.matchpoint_json.session_to_json` gives, written as the command writes it.
    """
    if type(data) is not dict or not _PLAIN_SETTINGS.issuperset(data.keys() & _SETTINGS):
        return None
    results, scale, neuberg = data.get("results"), data.get("scale", "acbl"), data.get("neuberg", True)
    if type(results) is not list or not results or type(scale) is not str or type(neuberg) is not bool:
        return None
    halves = _HALVES.get(scale)
    read = _read(results)
    if halves is None or read is None:
        return None
    boards, pairs = read
    most = max(len(ns) for ns, _, _ in boards.values())
    scored = []
    for ns, ew, scores in boards.values():
        if len(set(ns + ew)) != 2 * len(ns):  # a pair twice on the board, or facing itself
            return None
        scored.append((ns, ew, *plain_board(scores, most if neuberg else len(ns), halves)))
    return _text(list(boards), pairs, scored)


_Columns = tuple[list[str], list[str], list[int]]
_Scored = tuple[list[str], list[str], int, list[int], list[int], int]


def _read(results: list[Any]) -> tuple[dict[str, _Columns], dict[str, None]] | None:
    """Each board's pairs and scores (ns, ew, score_ns) and every pair in order of appearance.

    None when a result is not plain. The checks run over whole columns, each value's type
    and each distinct value once, rather than result by result.
    """
    try:
        if set(map(len, results)) != {4}:  # with the four fields below: exactly those four
            return None
        board_column, ns_column, ew_column, score_column = (list(map(field, results)) for field in _FIELDS)
    except (TypeError, KeyError):  # not an object, or not these fields
        return None
    if (
        set(map(type, score_column)) != {int}
        or set(map(type, ns_column)) != {str}
        or set(map(type, ew_column)) != {str}
        or not {int, str}.issuperset(map(type, board_column))  # true and 1.0 would pass as board 1
    ):
        return None
    if not all(-7600 <= score <= 7600 and not score % 10 for score in set(score_column)):
        return None
    pairs = dict.fromkeys(chain.from_iterable(zip(ns_column, ew_column, strict=True)))
    if not all(pair.strip() for pair in pairs):
        return None
    named = {}  # each board as given, by its text: 1 and "1" are one board
    for given in dict.fromkeys(board_column):
        text = str(given)
        if not 0 < len(text) <= 40 or text[0].isspace() or text[-1].isspace():
            return None
        named[given] = text
    texts = list(map(named.__getitem__, board_column))
    # Where the board changes from one result to the next: a board's results usually come together.
    starts = [0, *compress(range(1, len(texts)), map(ne, texts[1:], texts[:-1]))]
    runs: dict[str, list[tuple[int, int]]] = {}
    for start, end in zip(starts, [*starts[1:], len(texts)], strict=True):
        runs.setdefault(texts[start], []).append((start, end))
    boards = {}
    for text, spans in runs.items():
        if len(spans) == 1:
            ((start, end),) = spans
            boards[text] = (ns_column[start:end], ew_column[start:end], score_column[start:end])
        else:  # a board's results apart: gathered in their order
            boards[text] = (
                [pair for start, end in spans for pair in ns_column[start:end]],
                [pair for start, end in spans for pair in ew_column[start:end]],
                [score for start, end in spans for score in score_column[start:end]],
            )
    return boards, pairs


def _text(boards: list[str], pairs: dict[str, None], scored: list[_Scored]) -> str:
    """The output line: each pair's totals and place, each board's lines, as ``json.dumps`` spells them."""
    common = lcm(*{denominator for _, _, denominator, _, _, _ in scored})
    seated: list[str] = []  # every pair at every table, and what it won there (over ``common``)
    won: list[int] = []
    played: dict[int, list[str]] = {}  # the pairs that played a board, by the board's top
    heads = {pair: f', {{"ns": {encode_basestring(pair)}, "ew": ' for pair in pairs}
    middles = {pair: f"{encode_basestring(pair)}, " for pair in pairs}
    spelled: dict[tuple[int, int], dict[int, str]] = {}  # each line's matchpoints, spelled once
    lines = {}
    for board, (ns_ids, ew_ids, denominator, ns_units, ew_units, top) in zip(boards, scored, strict=True):
        factor = common // denominator
        seated += ns_ids
        seated += ew_ids
        won += ns_units if factor == 1 else [units * factor for units in ns_units]
        won += ew_units if factor == 1 else [units * factor for units in ew_units]
        played.setdefault(top * factor, []).extend(ns_ids + ew_ids)
        tails = spelled.setdefault((denominator, top), {})  # E-W's matchpoints are the top less N-S's
        for units in set(ns_units).difference(tails):
            ew = _fraction(top - units, denominator)
            tails[units] = f'"mp_ns": "{_fraction(units, denominator)}", "mp_ew": "{ew}"}}'
        rows = "".join(
            chain.from_iterable(
                zip(
                    map(heads.__getitem__, ns_ids),
                    map(middles.__getitem__, ew_ids),
                    map(tails.__getitem__, ns_units),
                    strict=True,
                )
            )
        )
        lines[board] = f"{encode_basestring(board)}: [{rows[2:]}]"
    mp = dict.fromkeys(pairs, 0)
    for pair, units in zip(seated, won, strict=True):
        mp[pair] += units
    tops = dict.fromkeys(pairs, 0)
    for board_top, players in played.items():
        for pair, boards_played in Counter(players).items():
            tops[pair] += board_top * boards_played
    percents = [reduced(100 * mp[pair], tops[pair]) if tops[pair] else (50, 1) for pair in pairs]
    names = list(pairs)
    standings = []
    for index, place in ranked_exactly(percents):
        pair = names[index]
        standings.append(
            f'{{"pair": {encode_basestring(pair)}, "mp": "{_fraction(mp[pair], common)}", '
            f'"top": "{_fraction(tops[pair], common)}", "percent": "{_fraction(*percents[index])}", '
            f'"rank": {place}}}'
        )
    ordered = ", ".join(lines[board] for board in sorted(lines, key=board_order))
    return f'{{"pairs": [{", ".join(standings)}], "boards": {{{ordered}}}}}\n'


def _fraction(numerator: int, denominator: int) -> str:
    """As :func:`scoring.shared.numbers.fraction_text` spells ``Fraction(numerator, denominator)``."""
    numerator, denominator = reduced(numerator, denominator)
    return str(numerator) if denominator == 1 else f"{numerator}/{denominator}"

"""Movements for club duplicate nights: who sits where, which boards, and a checker.

A movement is a list of seatings (round, table, N-S pair, E-W pair, boards); board set
``k`` with ``b`` boards a round is boards ``(k − 1)b + 1 … kb`` (spec §5.1). Generators
build the Mitchell (§5.2, §5.3), the complete Howell (§5.6), two-table duplicate (Law B)
and the team match (Law G); :func:`enter_movement` takes a director's own seatings, and
:func:`check` proves any of them against the rules of §5.7 and Laws G and H.

Pair names, chosen so a director can read them off a guide card:

* Mitchell: N-S pairs are named by their table, "1NS" … "nNS"; E-W pairs by their
  starting table, "1EW" … "nEW".
* Howell: pairs "1" … "2n"; pair 2n stays N-S at table 1.
* Two-table duplicate and team matches: team A's pairs "A1" … "Ak", team B's "B1" … "Bk";
  table t seats pair t of each team.

A phantom fills an odd number of pairs (§5.8): the Mitchell phantom is the N-S pair of
the last table, "nNS", the Howell phantom the stationary pair "2n". A seating against the
phantom is marked ``sit_out``; its boards are not played at that seat. The phantom's seat
is no table: the tables that play are numbered first, and the phantom's seat after them,
beyond the movement's ``tables``.

The values (:class:`Movement`, :class:`Seating`, the guide-card rows) live in
:mod:`scoring.contests.movement_data` and the checker in :mod:`scoring.contests.movement_check`; this module
re-exports both, so ``movements.check`` and ``movements.Seating`` keep working.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..shared.errors import MovementError
from .howell_tables import HOWELL_LAYOUTS
from .movement_check import BoardPlays, MovementReport, check, span_text
from .movement_data import (
    SIT_OUT_STAND,
    Movement,
    MovementKind,
    PairCardRow,
    Seating,
    TableCardRow,
    _count,
    _names,
    _plural,
    boards_text,
    pair_order,
)

__all__ = [
    "SIT_OUT_STAND",
    "BoardPlays",
    "Movement",
    "MovementKind",
    "MovementReport",
    "PairCardRow",
    "Seating",
    "TableCardRow",
    "boards_text",
    "check",
    "enter_movement",
    "howell",
    "mitchell",
    "team_match",
    "two_table",
]


def mitchell(
    tables: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    phantom: bool = False,
    even: str | MovementKind = MovementKind.RELAY_MITCHELL,
) -> Movement:
    """A Mitchell: N-S pairs stay, E-W pairs move up one table, boards move down one (spec §5.2).

    An odd number of tables plays the plain Mitchell. An even number plays either the
    relay Mitchell (``even="relay"``: the last table shares boards with table 1 and a bye
    stand sits between the middle tables, §5.3) or the skip Mitchell (``even="skip"``: the
    E-W pairs skip a table after half the rounds, §5.3). ``rounds`` defaults to the number
    of tables (one fewer for the skip Mitchell) and may be fewer. With ``phantom`` the
    N-S pair of the last table is the phantom, so each E-W pair sits out once (§5.8). The
    phantom's seat is then no table: the n − 1 tables that play keep their numbers 1 to n − 1,
    and the seatings against the phantom, marked sit-outs, are numbered n, after them. In a plain
    Mitchell the boards still pass that way: between table 1 and table n − 1 they rest a round on
    a sit-out stand, where nobody plays; a relay Mitchell's phantom seat is the relay table, whose
    boards table 1 plays alone.
    """
    n = _count(tables, "tables")
    b = _count(boards_per_round, "boards a round")
    if n < 3:
        raise MovementError(
            f"A Mitchell needs at least three tables, not {n}: two tables play two-table duplicate "
            "(Law B) or a two-table Howell."
        )
    kind = MovementKind.MITCHELL if n % 2 else MovementKind.parse(even)
    if kind not in (MovementKind.MITCHELL, MovementKind.RELAY_MITCHELL, MovementKind.SKIP_MITCHELL):
        raise MovementError(f"An even-table Mitchell is a relay or a skip Mitchell, not a {kind.label}.")
    most = n - 1 if kind is MovementKind.SKIP_MITCHELL else n
    count = most if rounds is None else _count(rounds, "rounds")
    if count > most:
        raise MovementError(
            f"A {kind.label} of {n} tables has at most {most} rounds; a round more would bring pairs "
            "back to boards or opponents they have already had."
        )
    if phantom and kind is MovementKind.SKIP_MITCHELL:
        raise MovementError(
            "A skip Mitchell with a half table plays some boards fewer times than others (spec §5.8); "
            "use the relay Mitchell, which plays every board equally often."
        )
    half = n // 2
    rows = []
    for round_ in range(1, count + 1):
        for table in range(1, n + 1):
            skip = 1 if kind is MovementKind.SKIP_MITCHELL and round_ > half else 0
            ew = (table - round_ - skip) % n + 1
            if kind is MovementKind.RELAY_MITCHELL:
                station = 0 if table == n else table - 1 if table <= half else table
                board_set = (station + round_ - 1) % n + 1
            else:
                board_set = (table + round_ - 2) % n + 1
            rows.append((round_, table, f"{table}NS", f"{ew}EW", board_set))
    notes = ["N-S pairs stay at their tables; E-W pairs move up one table each round; boards move down one."]
    if phantom:
        notes += [
            f"{_plural(n - 1, 'table')} play; the phantom holds the N-S seat after table {n - 1}, so each "
            "E-W pair sits out once, in the round it reaches that seat."
        ]
    if phantom and kind is MovementKind.MITCHELL:
        notes += [
            "Boards go from table 1 to a sit-out stand, where they rest a round unplayed, "
            f"then to table {n - 1}."
        ]
    if kind is MovementKind.RELAY_MITCHELL:
        shares = (
            "Table 1 plays alone the boards the phantom's seat would share; a"
            if phantom
            else f"Table {n} shares boards with table 1; a"
        )
        notes += [
            f"{shares} bye stand between tables {half} and {half + 1} "
            f"starts with boards of set {half + 1}. Boards go from table {half + 1} to the bye stand, "
            f"from the bye stand to table {half}, and from table 1 to table {n - 1}."
        ]
    if kind is MovementKind.SKIP_MITCHELL:
        notes += [f"After round {half} the E-W pairs skip a table: they move up two tables once."]
    if count < most:
        notes += [f"A short movement: {count} of the {most} rounds are played."]
    if count < n and (phantom or kind is MovementKind.RELAY_MITCHELL):
        notes += ["Some boards are played fewer times than others: their scores need Neuberg factoring."]
    playing = n - 1 if phantom else n
    return _build(kind, playing, count, b, n * b, rows, f"{n}NS" if phantom else None, notes)


def howell(tables: int, boards_per_round: int, *, phantom: bool = False) -> Movement:
    """A complete Howell of 2 to 8 tables: every pair meets every other pair once (spec §5.6).

    2n pairs play 2n − 1 rounds on 2n − 1 board sets; pair 2n stays N-S at table 1 and
    meets pair r in round r; the others move as the table guide cards say. With
    ``phantom`` the stationary pair is the phantom, so each pair sits out once and every
    board is played the same number of times (§5.8). The phantom's seat is then no table:
    the n − 1 tables that play are numbered 1 to n − 1, and the seatings against the phantom,
    marked sit-outs, are numbered n, after them; their boards wait that round.
    """
    n = _count(tables, "tables")
    b = _count(boards_per_round, "boards a round")
    layout = HOWELL_LAYOUTS.get(n)
    if layout is None:
        raise MovementError(
            f"There is no verified complete Howell for {n} tables here: a complete Howell has 2 to 8 tables; "
            "more tables play a Mitchell."
        )
    m = layout.rounds
    rows = [(r, t, str(ns), str(ew), board_set) for r, t, ns, ew, board_set in layout.rows()]
    if phantom:
        # The stationary pair sits at table 1 all night: as the phantom it leaves that table empty,
        # so the tables that play move up one and the phantom's seat comes after them.
        rows = [(r, n if t == 1 else t - 1, ns, ew, board_set) for r, t, ns, ew, board_set in rows]
    played = [row for row in rows if not phantom or row[2] != str(2 * n)]
    waiting = sorted({m - len({row[4] for row in played if row[0] == r}) for r in range(1, m + 1)})
    idle = span_text(waiting[0], waiting[-1], "board set")
    first = (
        f"Pair {2 * n} stays N-S at table 1; every other pair moves as the table cards say."
        if not phantom
        else f"{_plural(n - 1, 'table')} play; every pair moves as the table cards say and sits out once, "
        "in the round it meets the phantom."
    )
    notes = [
        first,
        f"Each round {idle} {'waits' if idle.startswith('1 ') else 'wait'} on relay stands.",
        f"With every pair present, two pairs hold the same cards on {span_text(*layout.balance, 'set')} "
        "(balance).",
    ]
    if n == 2 and not phantom:
        notes += ["Both tables play the same boards each round, passing them between the tables."]
    if n == 3:
        every = "both tables" if phantom else "all three tables"
        notes += [f"In the last round {every} share one set: start each on a different board."]
    playing = n - 1 if phantom else n
    return _build(MovementKind.HOWELL, playing, m, b, m * b, rows, str(2 * n) if phantom else None, notes)


def two_table(board_count: int, boards_per_round: int = 1) -> Movement:
    """Two-table duplicate: each deal's original play at table 1, its overplay at table 2 (Law B).

    Pair A1 sits N-S and B1 E-W at table 1; at table 2 B2 sits N-S and A2 E-W, so each
    team holds at the other table the hands its opponents held. The trays go to table 2
    as soon as table 1 has played them; table 2 starts one round late. For both tables
    dealing and exchanging trays, use ``team_match(2, board_count)``.
    """
    count = _count(board_count, "boards")
    b = _count(boards_per_round, "boards a round")
    sets = _sets(count, b)
    rows = [(r, 1, "A1", "B1", r) for r in range(1, sets + 1)]
    rows += [(r + 1, 2, "B2", "A2", r) for r in range(1, sets + 1)]
    notes = [
        "Table 1 plays each deal first (original play); the trays then go to table 2 for the overplay.",
        "Team A holds N-S at table 1 and E-W at table 2; team B the reverse.",
    ]
    teams = (("A1", "A2"), ("B1", "B2"))
    return _build(MovementKind.TWO_TABLE, 2, sets + 1, b, count, rows, None, notes, teams)


def team_match(pairs_per_team: int, board_count: int, boards_per_round: int | None = None) -> Movement:
    """A team match of two teams of k pairs at k tables: each deal played once at each table (Law G).

    Table t seats pair t of each team; at odd tables team A sits N-S, at even tables E-W,
    so one half of each team, or as near as possible, sits N-S (Law G). Pairs keep their
    seats; the boards move down one table each round (sets beyond k wait on relay stands).
    ``boards_per_round`` defaults to the largest number giving every table boards each round.
    """
    k = _count(pairs_per_team, "pairs in a team")
    count = _count(board_count, "boards")
    if k < 2:
        raise MovementError("A team has at least two pairs (Law G).")
    if count < k:
        raise MovementError(
            f"A match at {k} tables needs at least {k} deals, so that every table has a deal each round."
        )
    if boards_per_round is None:
        b = max(d for d in range(1, count + 1) if count % d == 0 and count // d >= k)
    else:
        b = _count(boards_per_round, "boards a round")
    sets = _sets(count, b)
    if sets < k:
        raise MovementError(
            f"{count} boards in sets of {b} make {sets} sets, fewer than the {k} tables: each deal must "
            "be played once at each table (Law G)."
        )
    rows = []
    for round_ in range(1, sets + 1):
        for table in range(1, k + 1):
            a, bb = f"A{table}", f"B{table}"
            ns, ew = (a, bb) if table % 2 else (bb, a)
            rows.append((round_, table, ns, ew, (table + round_ - 2) % sets + 1))
    notes = [
        "Pairs keep their seats all match; boards move down one table each round.",
        f"Team A sits N-S at {_tables(range(1, k + 1, 2))}; team B at {_tables(range(2, k + 1, 2))}.",
    ]
    if sets > k:
        notes += [f"{_plural(sets - k, 'board set')} wait on relay stands each round."]
    teams = (tuple(f"A{t}" for t in range(1, k + 1)), tuple(f"B{t}" for t in range(1, k + 1)))
    return _build(MovementKind.TEAM, k, sets, b, count, rows, None, notes, teams)


def enter_movement(
    seatings: Iterable[Seating],
    *,
    board_count: int | None = None,
    phantom: str | None = None,
    kind: str | MovementKind = MovementKind.ENTERED,
    teams: tuple[Iterable[str], Iterable[str]] | None = None,
    notes: Iterable[str] = (),
) -> Movement:
    """A movement a director types in, ready for :func:`check` (spec §5.7: imported movements).

    Tables, rounds and pairs are read from the seatings; ``board_count`` defaults to the
    highest board entered. Seatings against ``phantom`` are marked as sit-outs. Give
    ``kind`` (e.g. "howell") to hold the movement to that kind's rules.
    """
    rows = tuple(seatings)
    if not rows:
        raise MovementError("A movement needs at least one seating.")
    marked = tuple(replace(s, sit_out=True) if phantom in (s.ns, s.ew) else s for s in rows)
    boards = [board for s in rows for board in s.boards]
    count = _count(board_count, "boards") if board_count is not None else max(boards, default=1)
    pairs = {pair for s in rows for pair in (s.ns, s.ew)} - {phantom}
    played = [s.table for s in marked if not s.sit_out]
    return Movement(
        kind=MovementKind.parse(kind),
        tables=max(played or [s.table for s in rows]),
        rounds=max(s.round for s in rows),
        boards_per_round=max((len(s.boards) for s in rows), default=1) or 1,
        board_count=count,
        pairs=tuple(sorted(pairs, key=pair_order)),
        seatings=marked,
        phantom=phantom,
        notes=tuple(notes),
        teams=None if teams is None else (tuple(teams[0]), tuple(teams[1])),
    )


def _build(
    kind: MovementKind,
    tables: int,
    rounds: int,
    b: int,
    board_count: int,
    rows: list[tuple[int, int, str, str, int]],
    phantom: str | None,
    notes: list[str],
    teams: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
) -> Movement:
    seatings = tuple(
        Seating(r, t, ns, ew, _set_boards(board_set, b), sit_out=phantom in (ns, ew))
        for r, t, ns, ew, board_set in rows
    )
    pairs = sorted({pair for s in seatings for pair in (s.ns, s.ew)} - {phantom}, key=_line_order)
    return Movement(
        kind, tables, rounds, b, board_count, tuple(pairs), seatings, phantom, tuple(notes), teams
    )


def _line_order(pair: str) -> tuple[bool, tuple[tuple[int, str], ...]]:
    # Mitchell cards list the N-S line before the E-W line.
    return (pair.endswith("EW"), pair_order(pair.removesuffix("NS").removesuffix("EW")))


def _set_boards(board_set: int, b: int) -> tuple[int, ...]:
    """Board set k with b boards a round is boards (k − 1)b + 1 … kb (spec §5.1)."""
    return tuple(range((board_set - 1) * b + 1, board_set * b + 1))


def _sets(board_count: int, b: int) -> int:
    if board_count % b:
        raise MovementError(f"{board_count} boards do not divide into rounds of {b} boards.")
    return board_count // b


def _tables(numbers: Iterable[int]) -> str:
    listed = [str(number) for number in numbers]
    return f"table {listed[0]}" if len(listed) == 1 else f"tables {_names(listed)}"

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
phantom is marked ``sit_out``; its boards are not played at that table.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .core import Side
from .errors import MovementError
from .howell_tables import HOWELL_LAYOUTS

__all__ = [
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


class MovementKind(enum.Enum):
    """The kind of movement; value is (code, the name a director uses)."""

    MITCHELL = ("mitchell", "Mitchell")
    RELAY_MITCHELL = ("relay-mitchell", "Mitchell with a relay and bye stand")
    SKIP_MITCHELL = ("skip-mitchell", "skip Mitchell")
    HOWELL = ("howell", "complete Howell")
    TWO_TABLE = ("two-table", "two-table duplicate")
    TEAM = ("team", "team match")
    ENTERED = ("entered", "entered movement")

    @classmethod
    def parse(cls, text: object) -> MovementKind:
        """Read "mitchell", "relay", "skip", "howell", "two-table", "team" or "entered"."""
        if isinstance(text, MovementKind):
            return text
        if isinstance(text, str):
            key = re.sub(r"[\s_]+", "-", text.strip().lower())
            key = {"relay": "relay-mitchell", "skip": "skip-mitchell", "teams": "team"}.get(key, key)
            for kind in cls:
                if kind.code == key:
                    return kind
        raise MovementError(
            f"{text!r} is not a kind of movement: use mitchell, relay, skip, howell, two-table, team "
            "or entered."
        )

    @property
    def code(self) -> str:
        """The short code :meth:`parse` reads, as "relay-mitchell"."""
        return self.value[0]

    @property
    def label(self) -> str:
        """The name a director uses, as "skip Mitchell"."""
        return self.value[1]


@dataclass(frozen=True, slots=True)
class Seating:
    """One table in one round: the N-S pair, the E-W pair and the boards they play.

    ``sit_out`` marks a seating against the phantom: the real pair sits out and the boards
    are not played at that table (spec §5.8).
    """

    round: int
    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    sit_out: bool = False

    def __post_init__(self) -> None:
        _whole(self.round, "a round")
        _whole(self.table, "a table")
        for pair in (self.ns, self.ew):
            if not isinstance(pair, str) or not pair.strip():
                raise MovementError(f"{pair!r} is not a pair: name each pair, as 3NS or 12.")
        if not isinstance(self.boards, tuple | list):
            raise MovementError(f"{self.boards!r} is not a list of boards.")
        for board in self.boards:
            _whole(board, "a board number")
        object.__setattr__(self, "boards", tuple(self.boards))

    def direction(self, pair: str) -> Side:
        """The direction the pair sits in at this seating."""
        if pair == self.ns:
            return Side.NS
        if pair == self.ew:
            return Side.EW
        raise MovementError(f"Pair {pair} does not sit at table {self.table} in round {self.round}.")

    def opponents(self, pair: str) -> str:
        """The pair sitting against ``pair`` at this seating."""
        return self.ew if self.direction(pair) is Side.NS else self.ns


@dataclass(frozen=True, slots=True)
class TableCardRow:
    """A line of a table guide card: who sits N-S and E-W, the boards, and where they go next."""

    round: int
    ns: str
    ew: str
    boards: tuple[int, ...]
    sit_out: bool = False
    ns_next: str = ""
    ew_next: str = ""

    def line(self) -> str:
        """ "Round 2: 2NS (N-S) against 1EW (E-W), boards 5-6" — the row as a director reads it."""
        text = f"Round {self.round}: {self.ns} (N-S) against {self.ew} (E-W), {boards_text(self.boards)}"
        if self.sit_out:
            text += " (sit-out against the phantom: not played here)"
        moves = [
            f"{pair} {move}" for pair, move in ((self.ns, self.ns_next), (self.ew, self.ew_next)) if move
        ]
        return text + ("; then " + ", ".join(moves) if moves else "")


@dataclass(frozen=True, slots=True)
class PairCardRow:
    """A line of a pair's guide card: where it sits, against whom, on which boards."""

    round: int
    table: int
    direction: Side
    opponents: str
    boards: tuple[int, ...]
    sit_out: bool = False

    def line(self) -> str:
        """ "Round 4: table 3 N-S against 2, boards 11-12" — or the sit-out round."""
        if self.sit_out:
            return (
                f"Round {self.round}: sits out ({boards_text(self.boards)} not played at table {self.table})"
            )
        return (
            f"Round {self.round}: table {self.table} {self.direction.label} against {self.opponents}, "
            f"{boards_text(self.boards)}"
        )


@dataclass(frozen=True, slots=True)
class Movement:
    """A movement: the seatings of every round, the pairs, and what a director needs to know.

    ``pairs`` lists the real pairs (never the phantom); ``teams`` names the two teams'
    pairs in a team match (Law G) so that :func:`check` can hold it to that law.
    """

    kind: MovementKind
    tables: int
    rounds: int
    boards_per_round: int
    board_count: int
    pairs: tuple[str, ...]
    seatings: tuple[Seating, ...]
    phantom: str | None = None
    notes: tuple[str, ...] = ()
    teams: tuple[tuple[str, ...], tuple[str, ...]] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", MovementKind.parse(self.kind))
        _count(self.tables, "tables")
        _count(self.rounds, "rounds")
        _count(self.boards_per_round, "boards a round")
        _count(self.board_count, "boards")
        object.__setattr__(self, "pairs", tuple(self.pairs))
        object.__setattr__(self, "seatings", tuple(self.seatings))
        object.__setattr__(self, "notes", tuple(self.notes))
        if self.teams is not None:
            a, b = self.teams
            object.__setattr__(self, "teams", (tuple(a), tuple(b)))

    def table_card(self, table: int) -> tuple[TableCardRow, ...]:
        """The guide card of one table: each round's N-S pair, E-W pair, boards and next moves.

        Howell cards also say where each pair goes next (spec §5.1).
        """
        if table not in {seating.table for seating in self.seatings}:
            raise MovementError(f"Table {table} is not one of the tables of this movement.")
        where = {(s.round, pair): s for s in self.seatings for pair in (s.ns, s.ew)}
        rows = []
        for seating in sorted((s for s in self.seatings if s.table == table), key=lambda s: s.round):
            moves = [self._next(pair, seating, where) for pair in (seating.ns, seating.ew)]
            rows.append(
                TableCardRow(seating.round, seating.ns, seating.ew, seating.boards, seating.sit_out, *moves)
            )
        return tuple(rows)

    def pair_card(self, pair: str) -> tuple[PairCardRow, ...]:
        """The guide card of one pair: round, table, direction, opponents and boards (spec §5.1)."""
        if pair not in self.pairs:
            raise MovementError(f"Pair {pair} is not one of the pairs of this movement.")
        rows = [
            PairCardRow(s.round, s.table, s.direction(pair), s.opponents(pair), s.boards, s.sit_out)
            for s in self.seatings
            if pair in (s.ns, s.ew)
        ]
        return tuple(sorted(rows, key=lambda row: (row.round, row.table)))

    def sitting_out(self, round_: int) -> tuple[str, ...]:
        """The pairs that meet the phantom, and so sit out, in a round (spec §5.8)."""
        self._check_round(round_)
        return tuple(s.opponents(self.phantom) for s in self._round(round_) if s.sit_out and self.phantom)

    def idle_boards(self, round_: int) -> tuple[int, ...]:
        """The boards no table plays in a round: those on relay or bye stands (spec §5.1)."""
        self._check_round(round_)
        busy = {board for s in self._round(round_) if not s.sit_out for board in s.boards}
        return tuple(board for board in range(1, self.board_count + 1) if board not in busy)

    def shared_boards(self, round_: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
        """Boards that two or more tables share in a round, as (boards, tables) (spec §5.3, §5.7 check 5)."""
        self._check_round(round_)
        tables: dict[tuple[int, ...], list[int]] = {}
        for seating in self._round(round_):
            if not seating.sit_out:
                tables.setdefault(seating.boards, []).append(seating.table)
        return tuple((boards, tuple(sorted(at))) for boards, at in tables.items() if len(at) > 1)

    def original_play(self, board: int) -> Seating | None:
        """Where a board is first played: its original play; every later play is an overplay.

        Law B (2): hands found wrong when taken up for overplay go back to this table.
        """
        plays = [s for s in self.seatings if board in s.boards and not s.sit_out]
        return min(plays, key=lambda s: (s.round, s.table)) if plays else None

    def lines(self) -> tuple[str, ...]:
        """The movement in words: its kind and size, then its notes."""
        size = (
            f"{self.kind.label}: {_plural(self.tables, 'table')}, {len(self.pairs)} pairs, "
            f"{_plural(self.rounds, 'round')} of {_plural(self.boards_per_round, 'board')}, "
            f"{_plural(self.board_count, 'board')}."
        )
        phantom = [f"Pair {self.phantom} is the phantom: whoever meets it sits out."] if self.phantom else []
        return (size, *phantom, *self.notes)

    def _round(self, round_: int) -> list[Seating]:
        return sorted((s for s in self.seatings if s.round == round_), key=lambda s: s.table)

    def _check_round(self, round_: int) -> None:
        if isinstance(round_, bool) or not isinstance(round_, int) or not 1 <= round_ <= self.rounds:
            raise MovementError(f"{round_!r} is not a round of this movement: it has {self.rounds} rounds.")

    def _next(self, pair: str, seating: Seating, where: dict[tuple[int, str], Seating]) -> str:
        if pair == self.phantom or seating.round >= self.rounds:
            return ""
        following = where.get((seating.round + 1, pair))
        if following is None:
            later = any((round_, pair) in where for round_ in range(seating.round + 2, self.rounds + 1))
            return "waits a round" if later else ""
        if following.sit_out:
            return "sits out"
        direction = following.direction(pair)
        if following.table == seating.table and direction is seating.direction(pair):
            return "stays"
        return f"to table {following.table} {direction.label}"


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
    N-S pair of the last table is the phantom, so each E-W pair sits out once (§5.8).
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
    if kind is MovementKind.RELAY_MITCHELL:
        notes += [
            f"Table {n} shares boards with table 1; a bye stand between tables {half} and {half + 1} "
            f"starts with boards of set {half + 1}. Boards go from table {half + 1} to the bye stand, "
            f"from the bye stand to table {half}, and from table 1 to table {n - 1}."
        ]
    if kind is MovementKind.SKIP_MITCHELL:
        notes += [f"After round {half} the E-W pairs skip a table: they move up two tables once."]
    if count < most:
        notes += [f"A short movement: {count} of the {most} rounds are played."]
    if count < n and (phantom or kind is MovementKind.RELAY_MITCHELL):
        notes += ["Some boards are played fewer times than others: their scores need Neuberg factoring."]
    return _build(kind, n, count, b, n * b, rows, f"{n}NS" if phantom else None, notes)


def howell(tables: int, boards_per_round: int, *, phantom: bool = False) -> Movement:
    """A complete Howell of 2 to 8 tables: every pair meets every other pair once (spec §5.6).

    2n pairs play 2n − 1 rounds on 2n − 1 board sets; pair 2n stays N-S at table 1 and
    meets pair r in round r; the others move as the table guide cards say. With
    ``phantom`` the stationary pair is the phantom, so each pair sits out once and every
    board is played the same number of times (§5.8).
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
    waiting = sorted({m - len({row[4] for row in rows if row[0] == r}) for r in range(1, m + 1)})
    idle = (
        _plural(waiting[0], "board set") if len(waiting) == 1 else f"{waiting[0]} to {waiting[-1]} board sets"
    )
    notes = [
        f"Pair {2 * n} stays N-S at table 1; every other pair moves as the table cards say.",
        f"Each round {idle} wait on relay stands.",
        f"With every pair present, two pairs hold the same cards on {layout.balance[0]} to "
        f"{layout.balance[1]} sets (balance).",
    ]
    if n == 2:
        notes += ["Both tables play the same boards each round, passing them between the tables."]
    if n == 3:
        notes += ["In the last round all three tables share one set: start each on a different board."]
    return _build(MovementKind.HOWELL, n, m, b, m * b, rows, str(2 * n) if phantom else None, notes)


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
    return Movement(
        kind=MovementKind.parse(kind),
        tables=max(s.table for s in rows),
        rounds=max(s.round for s in rows),
        boards_per_round=max((len(s.boards) for s in rows), default=1) or 1,
        board_count=count,
        pairs=tuple(sorted(pairs, key=pair_order)),
        seatings=marked,
        phantom=phantom,
        notes=tuple(notes),
        teams=None if teams is None else (tuple(teams[0]), tuple(teams[1])),
    )


@dataclass(frozen=True, slots=True)
class BoardPlays:
    """Who held one board: the pairs that played it N-S and those that played it E-W.

    A pair's score on a board is compared only with the pairs that held the same cards,
    that is, that played it in the same direction (Law H).
    """

    board: int
    ns: tuple[str, ...]
    ew: tuple[str, ...]

    @property
    def times(self) -> int:
        """How many tables played the board."""
        return len(self.ns)


@dataclass(frozen=True, slots=True)
class MovementReport:
    """What :func:`check` found: the problems, and the matrices that prove the rest.

    ``meetings[i][j]`` counts the rounds pairs ``pairs[i]`` and ``pairs[j]`` play each
    other; ``comparisons[i][j]`` counts the boards on which they hold the same cards
    (spec §5.7 check 6); ``pair_boards[i]`` lists the boards pair ``i`` plays with its
    direction; ``sit_outs[i]`` counts its rounds against the phantom.
    """

    ok: bool
    problems: tuple[str, ...]
    pairs: tuple[str, ...]
    meetings: tuple[tuple[int, ...], ...]
    comparisons: tuple[tuple[int, ...], ...]
    boards: tuple[BoardPlays, ...]
    pair_boards: tuple[tuple[tuple[int, Side], ...], ...]
    sit_outs: tuple[int, ...]

    def meets(self, pair: str, other: str) -> int:
        """How many times two pairs play each other."""
        return self.meetings[self._index(pair)][self._index(other)]

    def compared(self, pair: str, other: str) -> int:
        """On how many boards two pairs hold the same cards, so that Law H compares them."""
        return self.comparisons[self._index(pair)][self._index(other)]

    def holders(self, board: int) -> BoardPlays:
        """The pairs that held a board N-S and E-W."""
        for plays in self.boards:
            if plays.board == board:
                return plays
        raise MovementError(f"Board {board} is not one of the boards of this movement.")

    def plays(self, board: int) -> int:
        """How many tables play a board."""
        return self.holders(board).times

    def boards_of(self, pair: str) -> tuple[tuple[int, Side], ...]:
        """The boards a pair plays, each with the direction it holds, in board order."""
        return self.pair_boards[self._index(pair)]

    def sat_out(self, pair: str) -> int:
        """How many rounds a pair sits out against the phantom."""
        return self.sit_outs[self._index(pair)]

    @property
    def balance(self) -> tuple[int, int]:
        """The least and greatest number of boards on which two pairs are compared (§5.7 check 6)."""
        values = [row[j] for i, row in enumerate(self.comparisons) for j in range(i + 1, len(row))]
        return (min(values), max(values)) if values else (0, 0)

    def lines(self) -> tuple[str, ...]:
        """The report in words: the verdict, the problems, how often the boards are played."""
        head = "The movement passes every check." if self.ok else f"{_plural(len(self.problems), 'problem')}:"
        counts = Counter(plays.times for plays in self.boards)
        played = [f"{_plural(number, 'board')} {_times(times)}" for times, number in sorted(counts.items())]
        lines = [head, *self.problems, "Boards played: " + "; ".join(played) + "."]
        sitting = [
            f"{pair} {_times(count)}" for pair, count in zip(self.pairs, self.sit_outs, strict=True) if count
        ]
        if sitting:
            lines.append("Sit-outs: " + ", ".join(sitting) + ".")
        low, high = self.balance
        lines.append(f"Two pairs hold the same cards on {low} to {high} boards.")
        return tuple(lines)

    def _index(self, pair: str) -> int:
        if pair not in self.pairs:
            raise MovementError(f"Pair {pair} is not one of the pairs of this movement.")
        return self.pairs.index(pair)


def check(movement: Movement, expected_plays: int | None = None) -> MovementReport:
    """Prove a generated or entered movement against the rules of duplicate play (spec §5.7).

    A pair sits at one table a round; a table seats one pair each way a round; no pair
    plays a board twice; every board is played, and the same number of times (or
    ``expected_plays`` times) so that every score is compared with as many others (Law H).
    A Howell must bring every two pairs together once and give each pair every board; a
    Mitchell every N-S pair against every E-W pair at most once (once when complete). A
    team match seats one pair of each team at each table, half of each team N-S, each pair
    keeping its direction, and plays each deal once at each table (Law G).
    """
    if expected_plays is not None:
        _count(expected_plays, "plays of a board")
    problems: list[str] = []
    seatings = sorted(movement.seatings, key=lambda s: (s.round, s.table))
    phantom = movement.phantom
    strangers = sorted(
        {p for s in seatings for p in (s.ns, s.ew)} - set(movement.pairs) - {phantom}, key=pair_order
    )
    pairs = (*movement.pairs, *strangers)
    index = {pair: i for i, pair in enumerate(pairs)}
    for pair in strangers:
        first = next(s for s in seatings if pair in (s.ns, s.ew))
        problems.append(
            f"Pair {pair} (round {first.round}, table {first.table}) is not one of this movement's pairs."
        )
    problems += _seating_problems(movement, seatings)

    meetings = [[0] * len(pairs) for _ in pairs]
    comparisons = [[0] * len(pairs) for _ in pairs]
    held: dict[str, list[tuple[int, Side]]] = {pair: [] for pair in pairs}
    sit_outs = dict.fromkeys(pairs, 0)
    holders: dict[int, tuple[list[str], list[str]]] = {
        b: ([], []) for b in range(1, movement.board_count + 1)
    }
    first_play: dict[tuple[str, int], Seating] = {}
    repeats: dict[tuple[str, Seating, Seating], list[int]] = {}
    for s in seatings:
        if s.sit_out:
            for pair in (s.ns, s.ew):
                if pair in sit_outs:
                    sit_outs[pair] += 1
            continue
        if s.ns in index and s.ew in index and s.ns != s.ew:
            meetings[index[s.ns]][index[s.ew]] += 1
            meetings[index[s.ew]][index[s.ns]] += 1
        for board in s.boards:
            ns_list, ew_list = holders.setdefault(board, ([], []))
            ns_list.append(s.ns)
            ew_list.append(s.ew)
            for pair, side in ((s.ns, Side.NS), (s.ew, Side.EW)):
                if pair == phantom:
                    continue
                held[pair].append((board, side))
                earlier = first_play.setdefault((pair, board), s)
                if earlier is not s:
                    repeats.setdefault((pair, earlier, s), []).append(board)
    for (pair, earlier, later), boards in repeats.items():
        problems.append(
            f"Pair {pair} plays {boards_text(boards)} twice: in round {earlier.round} at table "
            f"{earlier.table} and in round {later.round} at table {later.table}; a pair may play a deal only "
            "once, or its score cannot be compared fairly with those who played the same hands (Law H)."
        )
    for ns_list, ew_list in holders.values():
        for line in (ns_list, ew_list):
            for i, pair in enumerate(line):
                for other in line[i + 1 :]:
                    if pair in index and other in index and pair != other:
                        comparisons[index[pair]][index[other]] += 1
                        comparisons[index[other]][index[pair]] += 1

    board_plays = tuple(BoardPlays(b, tuple(ns), tuple(ew)) for b, (ns, ew) in sorted(holders.items()))
    problems += _count_problems(board_plays, expected_plays)
    problems += _kind_problems(movement, seatings, meetings, index, held)
    if movement.teams is not None:
        problems += _team_problems(movement, seatings)
    return MovementReport(
        ok=not problems,
        problems=tuple(problems),
        pairs=pairs,
        meetings=tuple(tuple(row) for row in meetings),
        comparisons=tuple(tuple(row) for row in comparisons),
        boards=board_plays,
        pair_boards=tuple(tuple(sorted(held[pair], key=lambda play: play[0])) for pair in pairs),
        sit_outs=tuple(sit_outs[pair] for pair in pairs),
    )


def _seating_problems(movement: Movement, seatings: list[Seating]) -> list[str]:
    """Each seating is possible, each table seats one pair each way, each pair sits once a round."""
    problems = []
    phantom = movement.phantom
    for s in seatings:
        where = f"round {s.round}, table {s.table}"
        if s.table > movement.tables:
            problems.append(
                f"Table {s.table} (round {s.round}) is not one of this movement's {movement.tables} tables."
            )
        if s.round > movement.rounds:
            problems.append(
                f"Round {s.round} (table {s.table}) is not one of this movement's {movement.rounds} rounds."
            )
        if s.ns == s.ew:
            problems.append(f"In {where} pair {s.ns} is entered against itself.")
        meets_phantom = phantom is not None and phantom in (s.ns, s.ew)
        if s.sit_out and not meets_phantom:
            problems.append(f"In {where} the seating is marked as a sit-out, but no phantom sits there.")
        if meets_phantom and not s.sit_out:
            problems.append(
                f"In {where} the phantom {phantom} sits, but the seating is not marked as a sit-out."
            )
        if not s.boards and not s.sit_out:
            problems.append(f"In {where} there are no boards to play.")
        outside = [board for board in s.boards if board > movement.board_count]
        if outside:
            problems.append(
                f"{boards_text(outside).capitalize()} ({where}) {_is(outside)} not among this movement's "
                f"{movement.board_count} boards."
            )
    at_table: dict[tuple[int, int], list[Seating]] = {}
    at_round: dict[tuple[int, str], list[int]] = {}
    for s in seatings:
        at_table.setdefault((s.round, s.table), []).append(s)
        for pair in (s.ns, s.ew):
            at_round.setdefault((s.round, pair), []).append(s.table)
    for (round_, table), group in at_table.items():
        if len(group) > 1:
            ns = _names(s.ns for s in group)
            ew = _names(s.ew for s in group)
            problems.append(
                f"In round {round_} table {table} is entered {_times(len(group))}, seating {ns} N-S and {ew} "
                "E-W; a table seats one N-S pair and one E-W pair in a round."
            )
    for (round_, pair), tables in at_round.items():
        if len(set(tables)) > 1:
            problems.append(
                f"In round {round_} pair {pair} is entered at tables "
                f"{_names(map(str, sorted(set(tables))))}; a pair can sit at only one table in a round."
            )
    return problems


def _count_problems(board_plays: tuple[BoardPlays, ...], expected: int | None) -> list[str]:
    """Every board is played, and as often as every other (or as often as expected)."""
    problems = []
    unplayed = [plays.board for plays in board_plays if plays.times == 0]
    if unplayed:
        problems.append(
            f"{boards_text(unplayed).capitalize()} {_is(unplayed)} played at no table; every board of the "
            "movement must be played."
        )
    by_count: dict[int, list[int]] = {}
    for plays in board_plays:
        if plays.times:
            by_count.setdefault(plays.times, []).append(plays.board)
    if expected is None and len(by_count) > 1:
        spread = "; ".join(
            f"{boards_text(boards)}: {_times(times)}" for times, boards in sorted(by_count.items())
        )
        problems.append(
            f"The boards are played unequally: {spread}; every board must be played the same number of "
            "times, or the scores need Neuberg factoring."
        )
    elif expected is not None:
        for times, boards in sorted(by_count.items()):
            if times != expected:
                problems.append(
                    f"{boards_text(boards).capitalize()} {_is(boards)} played {_times(times)}; "
                    f"each board should be played {_times(expected)}."
                )
    return problems


def _kind_problems(
    movement: Movement,
    seatings: list[Seating],
    meetings: list[list[int]],
    index: dict[str, int],
    held: dict[str, list[tuple[int, Side]]],
) -> list[str]:
    """The Howell and Mitchell promises: who meets whom, and who plays every board (§5.7 checks 3, 4)."""
    problems = []
    kind = movement.kind
    real = movement.pairs
    mitchells = (MovementKind.MITCHELL, MovementKind.RELAY_MITCHELL, MovementKind.SKIP_MITCHELL)
    complete = kind is MovementKind.HOWELL or (kind in mitchells[:2] and movement.rounds == movement.tables)
    name = kind.label if kind is MovementKind.HOWELL else f"complete {kind.label}"
    if kind is MovementKind.HOWELL:
        for i, pair in enumerate(real):
            for other in real[i + 1 :]:
                times = meetings[index[pair]][index[other]]
                if times != 1:
                    met = "never meet" if times == 0 else f"meet {_times(times)}"
                    problems.append(
                        f"Pairs {pair} and {other} {met}; in a complete Howell every pair meets every other "
                        "pair once."
                    )
    if kind in mitchells:
        sides: dict[str, set[Side]] = {pair: set() for pair in real}
        for s in seatings:
            for pair in (s.ns, s.ew):
                if pair in sides:
                    sides[pair].add(s.direction(pair))
        for pair, seen in sides.items():
            if len(seen) > 1:
                problems.append(
                    f"Pair {pair} sits both N-S and E-W; in a Mitchell the N-S pairs stay N-S and the E-W "
                    "pairs stay E-W."
                )
        north = [pair for pair in real if sides[pair] == {Side.NS}]
        east = [pair for pair in real if sides[pair] == {Side.EW}]
        for pair in north:
            for other in east:
                times = meetings[index[pair]][index[other]]
                if times > 1:
                    problems.append(
                        f"Pairs {pair} and {other} meet {_times(times)}; in a Mitchell each N-S pair meets "
                        "each E-W pair at most once."
                    )
                elif times == 0 and complete:
                    problems.append(
                        f"Pairs {pair} and {other} never meet; in a {name} each N-S pair "
                        "meets each E-W pair once."
                    )
    if complete:
        for pair in real:
            sat_out = {b for s in seatings if s.sit_out and pair in (s.ns, s.ew) for b in s.boards}
            played = {board for board, _ in held[pair]}
            missing = set(range(1, movement.board_count + 1)) - played - sat_out
            if missing:
                problems.append(
                    f"Pair {pair} never plays {boards_text(missing)}; in a {name} every pair plays every "
                    "board."
                )
    return problems


def _team_problems(movement: Movement, seatings: list[Seating]) -> list[str]:
    """Law G: equal teams of two pairs or more, one pair of each team at each table, half of each
    team N-S, a pair keeping its direction, and each deal played once at each table."""
    assert movement.teams is not None
    problems = []
    team_a, team_b = movement.teams
    if len(team_a) != len(team_b):
        problems.append(
            f"Team A has {_plural(len(team_a), 'pair')} and team B {len(team_b)}; the teams must be of "
            "equal size (Law G)."
        )
    for name, team in (("A", team_a), ("B", team_b)):
        if len(team) < 2:
            problems.append(
                f"Team {name} has {_plural(len(team), 'pair')}; a team has at least two pairs (Law G)."
            )
    team_of = dict.fromkeys(team_b, "B") | dict.fromkeys(team_a, "A")
    for pair in sorted(set(team_a) & set(team_b), key=pair_order):
        problems.append(f"Pair {pair} is entered in both teams.")
    directions: dict[str, dict[Side, int]] = {}
    for s in seatings:
        if s.sit_out:
            continue
        if {team_of.get(s.ns), team_of.get(s.ew)} != {"A", "B"}:
            problems.append(
                f"In round {s.round} table {s.table} seats {s.ns} against {s.ew}, who are not one pair of "
                "each team; each table seats one pair of each team (Law G)."
            )
        for pair in (s.ns, s.ew):
            directions.setdefault(pair, {}).setdefault(s.direction(pair), s.round)
    for pair, seen in directions.items():
        if len(seen) > 1:
            problems.append(
                f"Pair {pair} sits N-S in round {seen[Side.NS]} and E-W in round {seen[Side.EW]}; in a team "
                "match a pair keeps its direction (Law G)."
            )
    for name, team in (("A", team_a), ("B", team_b)):
        north = sum(1 for pair in team if Side.NS in directions.get(pair, {}))
        east = sum(1 for pair in team if Side.EW in directions.get(pair, {}))
        if abs(north - east) > 1:
            problems.append(
                f"Team {name} has {north} N-S and {east} E-W; one half of each team, or as near as "
                "possible, sits N-S (Law G)."
            )
    for table in sorted({s.table for s in seatings}):
        counts = Counter(b for s in seatings if s.table == table and not s.sit_out for b in s.boards)
        by_times: dict[int, list[int]] = {}
        for board in range(1, movement.board_count + 1):
            by_times.setdefault(counts[board], []).append(board)
        for times, boards in sorted(by_times.items()):
            if times != 1:
                done = "never played" if times == 0 else f"played {_times(times)}"
                problems.append(
                    f"At table {table} {boards_text(boards)} {_is(boards)} {done}; in a team match each deal "
                    "is played once at each table (Law G)."
                )
    return problems


def boards_text(boards: Iterable[int]) -> str:
    """ "board 5", "boards 1-2", "boards 1-2, 7" — boards as a guide card writes them."""
    ordered = sorted(set(boards))
    if not ordered:
        return "no boards"
    runs: list[list[int]] = []
    for board in ordered:
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    text = ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
    return f"board {text}" if len(ordered) == 1 else f"boards {text}"


def pair_order(pair: str) -> tuple[tuple[int, str], ...]:
    """Sort key putting pair names in a director's order: 2NS before 10NS, A2 before A10."""
    return tuple(
        (int(part), "") if part.isdigit() else (-1, part) for part in re.split(r"(\d+)", pair) if part
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


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MovementError(f"{value!r} is not {what}: number them from 1.")
    return value


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MovementError(f"{value!r} is not a number of {what}: it must be a whole number of at least 1.")
    return value


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _tables(numbers: Iterable[int]) -> str:
    listed = [str(number) for number in numbers]
    return f"table {listed[0]}" if len(listed) == 1 else f"tables {_names(listed)}"


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _is(boards: Iterable[int]) -> str:
    return "is" if len(set(boards)) == 1 else "are"


def _names(names: Iterable[str]) -> str:
    ordered = list(dict.fromkeys(names))
    return ", ".join(ordered[:-1]) + " and " + ordered[-1] if len(ordered) > 1 else "".join(ordered)

"""The values of a movement: its kind, its seatings, and the guide cards a director reads.

A :class:`Movement` is the seatings of every round with the pairs, tables and boards
(spec §5.1). :mod:`scoring.contests.movements` builds Mitchells, Howells, two-table duplicate and
team matches and takes a director's own seatings; :mod:`scoring.contests.movement_check` proves them.
"""

from __future__ import annotations

import enum
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..shared.errors import MovementError
from ..shared.lookup import lookup
from ..shared.seats import Side

# Where a Mitchell's boards rest a round at the phantom's seat, between the last table and table 1 (§5.8).
SIT_OUT_STAND = "sit-out stand"


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
        return lookup(
            cls,
            text,
            key=lambda kind: kind.code,
            normalise=_hyphenated,
            aliases={"relay": "relay-mitchell", "skip": "skip-mitchell", "teams": "team"},
            error=_not_a_movement_kind,
        )

    @property
    def code(self) -> str:
        """The short code :meth:`parse` reads, as "relay-mitchell"."""
        return self.value[0]

    @property
    def label(self) -> str:
        """The name a director uses, as "skip Mitchell"."""
        return self.value[1]


def _hyphenated(text: str) -> str:
    """Trim, lower-case, and join words with one "-": "Relay  Mitchell" reads as "relay-mitchell"."""
    return re.sub(r"[\s_]+", "-", text.strip().lower())


def _not_a_movement_kind(text: object) -> MovementError:
    return MovementError(
        f"{text!r} is not a kind of movement: use mitchell, relay, skip, howell, two-table, team or entered."
    )


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
        """ "Round 4: table 3 N-S against 2, boards 11-12" — or the sit-out round, at no table."""
        if self.sit_out:
            boards = boards_text(self.boards)
            return f"Round {self.round}: sits out ({boards} not played at the phantom's seat)"
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
    # Indexes built once, so that a guide card costs its own rounds, not the whole movement.
    _where: dict[tuple[int, str], Seating] = field(init=False, repr=False, compare=False)
    _by_table: dict[int, tuple[Seating, ...]] = field(init=False, repr=False, compare=False)
    _by_pair: dict[str, tuple[Seating, ...]] = field(init=False, repr=False, compare=False)

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
        by_table: dict[int, list[Seating]] = {}
        by_pair: dict[str, list[Seating]] = {}
        for seating in self.seatings:
            by_table.setdefault(seating.table, []).append(seating)
            for pair in (seating.ns, seating.ew):
                by_pair.setdefault(pair, []).append(seating)
        where = {(s.round, pair): s for s in self.seatings for pair in (s.ns, s.ew)}
        object.__setattr__(self, "_where", where)
        object.__setattr__(self, "_by_table", {t: tuple(rows) for t, rows in by_table.items()})
        object.__setattr__(self, "_by_pair", {p: tuple(rows) for p, rows in by_pair.items()})

    def table_card(self, table: int) -> tuple[TableCardRow, ...]:
        """The guide card of one table: each round's N-S pair, E-W pair, boards and next moves.

        Howell cards also say where each pair goes next (spec §5.1).
        """
        if table not in self._by_table:
            raise MovementError(f"Table {table} is not one of the tables of this movement.")
        rows = []
        for seating in sorted(self._by_table[table], key=lambda s: s.round):
            moves = [self._next(pair, seating, self._where) for pair in (seating.ns, seating.ew)]
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
            for s in self._by_pair.get(pair, ())
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

    def table_notes(self) -> dict[int, tuple[str, ...]]:
        """What a table's guide card must add to its rows: the relay and bye stand, or the skip (§5.3).

        A relay Mitchell's cards name the tables that share boards and in which rounds, and
        the bye stand's boards round by round on the cards of the tables that put boards on
        it and take them off; a skip Mitchell's cards say after which round the E-W pairs
        skip a table; a Mitchell whose phantom holds the N-S seat after the last table names the
        sit-out stand where the boards of that seat rest, on the cards of the tables that put them
        there and take them off (§5.8). Read from the seatings, so the saved movement says the same
        as the plan.
        """
        notes: dict[int, list[str]] = {}
        if self.kind is MovementKind.RELAY_MITCHELL:
            self._relay_notes(notes)
            self._bye_stand_notes(notes)
        if self.has_sit_out_stand():
            self._bye_stand_notes(notes, SIT_OUT_STAND)
        if self.kind is MovementKind.SKIP_MITCHELL:
            after = self._skips()
            if after:
                line = (
                    f"After {_rounds_text(after, self.rounds)} the E-W pairs skip a table: they move up "
                    "two tables instead of one."
                )
                for table in self._by_table:
                    notes.setdefault(table, []).append(line)
        return {table: tuple(lines) for table, lines in sorted(notes.items())}

    def _relay_notes(self, notes: dict[int, list[str]]) -> None:
        at: dict[tuple[int, tuple[int, ...]], list[int]] = {}
        for s in self.seatings:
            if not s.sit_out:
                at.setdefault((s.round, s.boards), []).append(s.table)
        shared: dict[tuple[int, ...], list[int]] = {}
        for (round_, _), seated in at.items():
            if len(seated) > 1:
                shared.setdefault(tuple(sorted(seated)), []).append(round_)
        for tables, rounds in shared.items():
            when = _rounds_text(sorted(set(rounds)), self.rounds)
            for table in tables:
                others = _names(str(other) for other in tables if other != table)
                notes.setdefault(table, []).append(
                    f"Relay: shares its boards with table {others} in {when}; "
                    "the boards sit between the two tables."
                )

    def has_sit_out_stand(self) -> bool:
        """Whether the boards of the phantom's seat rest on a stand, the seat being no table (§5.8).

        So in a Mitchell whose phantom is the N-S pair after the last table: the boards no table
        plays each round go there from one table and on to one other. A phantom that moves (an
        E-W phantom) leaves each table in turn without play instead, its boards resting on it.
        """
        if self.kind is not MovementKind.MITCHELL or not self.phantom:
            return False
        stand, puts, takes = self._stand()
        return bool(stand) and len(puts) == 1 and len(takes) == 1

    def _stand(self) -> tuple[list[tuple[int, tuple[int, ...]]], dict[int, list[int]], dict[int, list[int]]]:
        """The (round, boards) no table plays, and the rounds after which each table puts boards
        there and before which each table takes them off."""
        played: dict[tuple[int, tuple[int, ...]], int] = {
            (s.round, s.boards): s.table for s in self.seatings if not s.sit_out
        }
        sets = {s.boards for s in self.seatings}
        stand: list[tuple[int, tuple[int, ...]]] = []
        puts: dict[int, list[int]] = {}
        takes: dict[int, list[int]] = {}
        for round_ in range(1, self.rounds + 1):
            for boards in sorted(sets):
                if (round_, boards) in played:
                    continue
                stand.append((round_, boards))
                before, after = played.get((round_ - 1, boards)), played.get((round_ + 1, boards))
                if before is not None:
                    puts.setdefault(before, []).append(round_ - 1)
                if after is not None:
                    takes.setdefault(after, []).append(round_ + 1)
        return stand, puts, takes

    def _bye_stand_notes(self, notes: dict[int, list[str]], stand_name: str = "bye stand") -> None:
        stand, puts, takes = self._stand()
        if not stand:
            return
        where = (
            f" between tables {_names(str(t) for t in sorted({*puts, *takes}))}"
            if len(puts) == 1 and len(takes) == 1
            else ""
        )
        holds = "; ".join(f"{boards_text(boards)} in round {round_}" for round_, boards in stand)
        line = f"{stand_name.capitalize()}{where}: {holds}."
        if stand_name == SIT_OUT_STAND:
            line += " Nobody plays there: the E-W pair that reaches it sits out that round."
        for table in sorted({*puts, *takes}):
            lines = notes.setdefault(table, [])
            lines.append(line)
            if table in puts:
                rounds = _rounds_text(puts[table], self.rounds)
                lines.append(f"After {rounds} its boards go to the {stand_name}.")
            if table in takes:
                rounds = _rounds_text(takes[table], self.rounds)
                lines.append(f"In {rounds} its boards come from the {stand_name}.")

    def _skips(self) -> list[int]:
        """The rounds after which an E-W pair moves up two tables (or more) instead of one."""
        skips = set()
        for pair, rows in self._by_pair.items():
            ordered = sorted(rows, key=lambda s: s.round)
            for here, there in itertools.pairwise(ordered):
                moved = (there.table - here.table) % self.tables
                if pair == here.ew == there.ew and there.round == here.round + 1 and moved > 1:
                    skips.add(here.round)
        return sorted(skips)

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
        if following is None and self.phantom:
            return "sits out"  # a saved movement keeps no seating against the phantom (§5.8)
        if following is None:
            later = any((round_, pair) in where for round_ in range(seating.round + 2, self.rounds + 1))
            return "waits a round" if later else ""
        if following.sit_out:
            return "sits out"
        direction = following.direction(pair)
        if following.table == seating.table and direction is seating.direction(pair):
            return "stays"
        return f"to table {following.table} {direction.label}"


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


def _rounds_text(rounds: Iterable[int], total: int) -> str:
    """ "round 2", "rounds 1-3", "rounds 1, 3 and 5" or "every round" of ``total``."""
    ordered = sorted(set(rounds))
    if len(ordered) == total > 1:
        return "every round"
    if len(ordered) == 1:
        return f"round {ordered[0]}"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"rounds {ordered[0]}-{ordered[-1]}"
    return "rounds " + _names(str(round_) for round_ in ordered)


def _names(names: Iterable[str]) -> str:
    ordered = list(dict.fromkeys(names))
    return ", ".join(ordered[:-1]) + " and " + ordered[-1] if len(ordered) > 1 else "".join(ordered)

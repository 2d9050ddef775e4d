"""The verified complete Howell schedules for 2 to 8 tables (spec §5.6, vector TV-47).

Every schedule has the same shape, the cyclic "circle" construction of §5.6: with ``n``
tables there are ``2n`` pairs and ``m = 2n − 1`` rounds. Pair ``2n`` sits N-S at table 1
all session and meets pair ``r`` in round ``r``. The other pairs move: in each later
round pair ``p`` takes the seat, table and direction, that pair ``p − 1`` had the round
before (pair 1 takes pair ``m``'s seat). The round-1 couples are chosen so that their
differences cover every non-zero residue mod ``m`` once, which is what makes every pair
meet every other pair exactly once.

Boards: board set ``k`` is boards ``(k − 1)b + 1 … kb``. Each table has a *station* in
Z_m and in round ``r`` plays set ``((station + r − 1) mod m) + 1``, so the boards move
down one station each round; stations held by no table are relay stands. Each pair plays
each set once exactly when ``station(table holding q in round 1) − q`` runs through all
of Z_m; the tests re-prove this, and every other property, with the movement checker.

Sources: 4 tables is TV-47 exactly. 5 to 8 tables are the starters and stations of the
§5.6 search table, relabelled by one (pair ``q + 1`` where the table has residue ``q``)
so that pair ``2n`` meets pair 1 first as in TV-47, with each couple's N-S/E-W order
chosen to give the balance the spec reports (3–5, 5, 5–7 and 7 comparisons). For 2 and
3 tables no layout exists without sharing boards (§5.6): with 2 tables both tables play
the same set each round; with 3 tables the sets are the second one-factorisation of the
six pairs found by exhaustive search, four rounds on three different sets and the last
round on one set shared by all three tables.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HowellLayout:
    """One complete Howell: the round-1 seats and the boards each table plays.

    ``seats`` holds the round-1 (N-S, E-W) pairs of tables 2..n (table 1 is pair ``2n``
    against pair 1). ``stations`` gives each table's board station (§5.6 step 4), or
    ``sets`` gives the set of each table in each round where no station layout exists.
    ``balance`` is the least and greatest number of boards sets on which two pairs hold
    the same cards in the same direction (§5.7 check 6).
    """

    tables: int
    seats: tuple[tuple[int, int], ...]
    stations: tuple[int, ...] | None
    sets: tuple[tuple[int, ...], ...] | None
    balance: tuple[int, int]

    @property
    def rounds(self) -> int:
        """A complete Howell of n tables has 2n − 1 rounds."""
        return 2 * self.tables - 1

    def rows(self) -> tuple[tuple[int, int, int, int, int], ...]:
        """Every seating as (round, table, N-S pair, E-W pair, board set), round by round."""
        m = self.rounds
        stationary = 2 * self.tables
        start = ((stationary, 1), *self.seats)

        def moved(pair: int, steps: int) -> int:
            return (pair - 1 + steps) % m + 1

        rows = []
        for round_ in range(1, m + 1):
            for table, (ns, ew) in enumerate(start, start=1):
                ns_now = ns if ns == stationary else moved(ns, round_ - 1)
                rows.append((round_, table, ns_now, moved(ew, round_ - 1), self.set_at(round_, table)))
        return tuple(rows)

    def set_at(self, round_: int, table: int) -> int:
        """The board set a table plays in a round (§5.6 step 4: boards move down one station)."""
        if self.sets is not None:
            return self.sets[round_ - 1][table - 1]
        assert self.stations is not None
        return (self.stations[table - 1] + round_ - 1) % self.rounds + 1


HOWELL_LAYOUTS: dict[int, HowellLayout] = {
    2: HowellLayout(2, seats=((2, 3),), stations=(0, 0), sets=None, balance=(1, 1)),
    3: HowellLayout(
        3,
        seats=((2, 5), (3, 4)),
        stations=None,
        sets=((1, 4, 2), (2, 4, 3), (3, 1, 2), (4, 1, 3), (5, 5, 5)),
        balance=(1, 3),
    ),
    4: HowellLayout(4, seats=((3, 7), (5, 6), (2, 4)), stations=(0, 1, 2, 4), sets=None, balance=(3, 3)),
    5: HowellLayout(
        5, seats=((2, 3), (4, 8), (7, 5), (6, 9)), stations=(0, 5, 4, 2, 7), sets=None, balance=(3, 5)
    ),
    6: HowellLayout(
        6,
        seats=((2, 11), (10, 3), (4, 9), (5, 8), (6, 7)),
        stations=(0, 3, 5, 9, 1, 4),
        sets=None,
        balance=(5, 5),
    ),
    7: HowellLayout(
        7,
        seats=((2, 3), (4, 7), (5, 10), (6, 13), (12, 8), (9, 11)),
        stations=(0, 3, 11, 2, 9, 10, 4),
        sets=None,
        balance=(5, 7),
    ),
    8: HowellLayout(
        8,
        seats=((15, 2), (3, 14), (13, 4), (5, 12), (11, 6), (7, 10), (9, 8)),
        stations=(0, 2, 7, 11, 6, 1, 13, 5),
        sets=None,
        balance=(7, 7),
    ),
}

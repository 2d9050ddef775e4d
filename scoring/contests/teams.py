"""Team matches: Law G of Duplicate Auction, and Foster's team-of-four Duplicate Whist.

Law G: "A match consists of any agreed number of deals, each of which is played once at
each table. The contesting teams must be of equal size, but each may consist of any agreed
number of pairs (not less than two). One half of each team, or as near thereto as
possible, sits north and south; the other half east and west. In case the teams are
composed of an odd number of pairs, each team, in making up its total score, adds, as
though won by it, the average score of all pairs seated in the positions opposite to its
odd pair. In making up averages, fractions are disregarded and the nearest whole numbers
taken, unless it be necessary to take the fraction into account to avoid a tie, in which
case the match is won 'by the fraction of a point.' The team making the higher score wins."

Readings: team totals are sums of gross scores (R-6); the odd pair is the one that leaves
its team with one more pair in one direction, and the team adds the average of the other
direction (R-5); averages round half away from zero, an exact tie is a drawn match (R-7).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..auction.core import check_tricks
from ..shared.errors import ContestError
from ..shared.numbers import mixed_text, round_half_away
from ..shared.seats import Side
from .pairs import TRICKS_IN_A_DEAL, check_name, sum_text


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its name and its pairs, at least two (Law G)."""

    name: str
    pairs: tuple[str, ...]

    def __post_init__(self) -> None:
        check_name(self.name, "team")
        if isinstance(self.pairs, str) or not isinstance(self.pairs, Sequence):
            raise ContestError(f"Team {self.name} must be given as a list of pairs (Law G).")
        object.__setattr__(self, "pairs", tuple(self.pairs))
        for pair in self.pairs:
            check_name(pair, "pair")
        if len(self.pairs) < 2:
            raise ContestError(
                f"Team {self.name} has {len(self.pairs)} pair{'' if len(self.pairs) == 1 else 's'}: "
                "a team consists of not less than two pairs (Law G)."
            )
        repeated = sorted({pair for pair in self.pairs if self.pairs.count(pair) > 1})
        if repeated:
            raise ContestError(
                f"Team {self.name} lists pair {repeated[0]} twice: each pair is one pair (Law G)."
            )


@dataclass(frozen=True, slots=True)
class TeamResult:
    """One deal at one table: the pair sitting N-S, the pair sitting E-W, each pair's gross."""

    deal: str
    ns: str
    ew: str
    ns_points: int
    ew_points: int

    def __post_init__(self) -> None:
        check_name(self.deal, "deal")
        check_name(self.ns, "pair")
        check_name(self.ew, "pair")
        if self.ns == self.ew:
            raise ContestError(
                f"Pair {self.ns} cannot sit both N-S and E-W on deal {self.deal}: "
                "each table seats one pair of each team (Law G)."
            )
        for pair, points in ((self.ns, self.ns_points), (self.ew, self.ew_points)):
            if isinstance(points, bool) or not isinstance(points, int):
                raise ContestError(
                    f"{points!r} is not a gross score for pair {pair} on deal {self.deal}: "
                    "team totals add whole-number gross scores (Law G)."
                )
            if points < 0:
                raise ContestError(
                    f"Pair {pair} cannot score {points} on deal {self.deal}: a gross score is never "
                    "below zero; team totals add gross scores (Law G; reading R-6)."
                )

    @classmethod
    def whist(cls, deal: str, ns: str, ew: str, ns_tricks: int) -> TeamResult:
        """A Duplicate Whist table: each side's points are the total tricks it took (Foster)."""
        tricks = check_tricks(ns_tricks)
        return cls(deal, ns, ew, tricks, TRICKS_IN_A_DEAL - tricks)


@dataclass(frozen=True, slots=True)
class PairTotal:
    """A pair's match total and the direction it kept."""

    pair: str
    direction: Side
    points: int


@dataclass(frozen=True, slots=True)
class TeamTotal:
    """A team's total: its pairs' gross, the average added for an odd pair, rounded and exact."""

    team: str
    gross: int
    odd_direction: Side | None
    average: Fraction | None
    average_rounded: int | None
    total: int
    exact: Fraction
    pairs: tuple[PairTotal, ...]


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table on one deal, for the director's summary."""

    ns: str
    ns_team: str
    ns_points: int
    ew: str
    ew_team: str
    ew_points: int


@dataclass(frozen=True, slots=True)
class DealSummary:
    """One deal of the match: every table's result, each team's gross and the swing."""

    deal: str
    tables: tuple[TableLine, ...]
    first_points: int
    second_points: int
    swing: int

    @property
    def text(self) -> str:
        """ "Deal 1: 173 to 40, swing +133"."""
        sign = "+" if self.swing > 0 else ""
        return f"Deal {self.deal}: {self.first_points} to {self.second_points}, swing {sign}{self.swing}"


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """The result of a team match (Law G)."""

    first: TeamTotal
    second: TeamTotal
    winner: str | None
    margin: Fraction
    by_fraction: bool
    deals: tuple[DealSummary, ...]
    unit: str
    lines: tuple[str, ...]

    def total(self, team: str) -> TeamTotal:
        """The total of the team called ``team``."""
        for total in (self.first, self.second):
            if total.team == team:
                return total
        raise ContestError(f"No team called {team} played this match.")


def win_text(team: str, margin: Fraction, *, by_fraction: bool = False, unit: str = "points") -> str:
    """How a match is won, worded one way everywhere: "Lilies win by 524 points (Law G)."

    A team's name takes the plural verb, as a club says it ("The Royals win"); where equal
    rounded totals leave the fractions to decide, the match is won "by the fraction of a
    point" (Law G).
    """
    if by_fraction:
        return f"{team} win by the fraction of a point ({mixed_text(margin)}) (Law G)."
    return f"{team} win by {mixed_text(margin)} {unit} (Law G)."


def team_match(
    first: Team, second: Team, results: Iterable[TeamResult], *, unit: str = "points"
) -> TeamMatch:
    """Score a team match from each pair's gross score on each deal (Law G; readings R-5 to R-7).

    Each team's total is the sum of its pairs' gross scores; a team with an odd number of
    pairs adds the average of the match totals of all pairs (both teams) seated in the
    direction opposite to its odd pair, rounded to the nearest whole number for the total and
    kept exact for the tie-break. The higher total wins; equal rounded totals are decided by
    the exact figures ("by the fraction of a point"); equal exact totals are a draw.
    Raises :class:`ContestError`, citing Law G, when the teams or the results break the law.
    """
    team_of, pair_direction, deals = _check_match(first, second, tuple(results))
    pair_points = dict.fromkeys(team_of, 0)
    summaries: list[DealSummary] = []
    for deal, rows in deals.items():
        gross = {first.name: 0, second.name: 0}
        lines: list[TableLine] = []
        for row in rows:
            pair_points[row.ns] += row.ns_points
            pair_points[row.ew] += row.ew_points
            gross[team_of[row.ns]] += row.ns_points
            gross[team_of[row.ew]] += row.ew_points
            lines.append(
                TableLine(row.ns, team_of[row.ns], row.ns_points, row.ew, team_of[row.ew], row.ew_points)
            )
        summaries.append(
            DealSummary(
                deal=deal,
                tables=tuple(lines),
                first_points=gross[first.name],
                second_points=gross[second.name],
                swing=gross[first.name] - gross[second.name],
            )
        )

    explanation: list[str] = []
    totals: list[TeamTotal] = []
    for team in (first, second):
        total, lines_for_team = _team_total(team, pair_direction, pair_points, unit)
        totals.append(total)
        explanation.extend(lines_for_team)
    one, two = totals

    if one.total != two.total:
        winner, loser = (one, two) if one.total > two.total else (two, one)
        by_fraction = False
        explanation.append(
            f"{winner.team} {winner.total} against {loser.team} {loser.total}: "
            + win_text(winner.team, winner.exact - loser.exact, unit=unit)
        )
    elif one.exact != two.exact:
        winner, loser = (one, two) if one.exact > two.exact else (two, one)
        by_fraction = True
        explanation.append(
            f"The totals tie at {one.total}, so the fractions decide: "
            f"{winner.team} {mixed_text(winner.exact)} "
            f"against {loser.team} {mixed_text(loser.exact)}; "
            + win_text(winner.team, winner.exact - loser.exact, by_fraction=True, unit=unit)
        )
    else:
        explanation.append(
            f"The totals tie at {one.total}, exactly {mixed_text(one.exact)} each: the match is drawn "
            "(Law G; reading R-7)."
        )
        return TeamMatch(one, two, None, Fraction(0), False, tuple(summaries), unit, tuple(explanation))
    return TeamMatch(
        one,
        two,
        winner.team,
        winner.exact - loser.exact,
        by_fraction,
        tuple(summaries),
        unit,
        tuple(explanation),
    )


def whist_team_match(first: Team, second: Team, results: Iterable[TeamResult]) -> TeamMatch:
    """Score a Duplicate Whist team match by total tricks (Foster, "Duplicate Whist"; spec 9.8).

    Each side records the total tricks it took on each deal, and the teams compare their
    totals over the same deals. Build each table with :meth:`TeamResult.whist`. Teams of an
    odd number of pairs are balanced as Law G balances them in Duplicate Auction.
    """
    rows = tuple(results)
    for row in rows:
        if row.ns_points + row.ew_points != TRICKS_IN_A_DEAL:
            raise ContestError(
                f"Deal {row.deal}, {row.ns} against {row.ew}: {row.ns_points} and {row.ew_points} tricks "
                "do not make the thirteen tricks of a deal."
            )
    return team_match(first, second, rows, unit="tricks")


def _check_match(
    first: Team, second: Team, results: tuple[TeamResult, ...]
) -> tuple[dict[str, str], dict[str, Side], dict[str, list[TeamResult]]]:
    """Hold the teams and results to Law G; return each pair's team and direction, and the deals."""
    if first.name == second.name:
        raise ContestError(f"Both teams are called {first.name}: a match is between two teams (Law G).")
    shared = sorted(set(first.pairs) & set(second.pairs))
    if shared:
        raise ContestError(
            f"Pair {shared[0]} is listed in both teams {first.name} and {second.name}: "
            "a pair plays for one team (Law G)."
        )
    if len(first.pairs) != len(second.pairs):
        raise ContestError(
            f"Team {first.name} has {len(first.pairs)} pairs and team {second.name} {len(second.pairs)}: "
            "the contesting teams must be of equal size (Law G)."
        )
    if not results:
        raise ContestError("A match consists of at least one deal played at each table (Law G).")

    team_of = {pair: team.name for team in (first, second) for pair in team.pairs}
    pair_direction: dict[str, Side] = {}
    deals: dict[str, list[TeamResult]] = {}
    played: set[tuple[str, str]] = set()
    for row in results:
        if not isinstance(row, TeamResult):
            raise ContestError(f"{row!r} is not a table result.")
        for side, pair in ((Side.NS, row.ns), (Side.EW, row.ew)):
            if pair not in team_of:
                raise ContestError(
                    f"Pair {pair} played deal {row.deal} but is on neither team {first.name} nor "
                    f"team {second.name} (Law G)."
                )
            if (row.deal, pair) in played:
                raise ContestError(
                    f"Pair {pair} played deal {row.deal} twice: "
                    "each deal is played once at each table (Law G)."
                )
            played.add((row.deal, pair))
            kept = pair_direction.setdefault(pair, side)
            if kept is not side:
                raise ContestError(
                    f"Pair {pair} sat {kept.label} and then {side.label} on deal {row.deal}: "
                    "a pair keeps its direction for the whole match (Law G)."
                )
        if team_of[row.ns] == team_of[row.ew]:
            raise ContestError(
                f"Pairs {row.ns} and {row.ew} of team {team_of[row.ns]} met at one table on deal {row.deal}: "
                "each table seats one pair of each team (Law G)."
            )
        deals.setdefault(row.deal, []).append(row)

    for deal in deals:
        missing = [pair for pair in (*first.pairs, *second.pairs) if (deal, pair) not in played]
        if missing:
            raise ContestError(
                f"Deal {deal} was not played at every table: pair {missing[0]} has no result on it; "
                "each deal is played once at each table (Law G)."
            )

    for team in (first, second):
        ns = sum(1 for pair in team.pairs if pair_direction[pair] is Side.NS)
        ew = len(team.pairs) - ns
        if abs(ns - ew) > 1:
            raise ContestError(
                f"Team {team.name} seats {ns} pair{'' if ns == 1 else 's'} N-S and {ew} E-W: one half of "
                "each team, or as near thereto as possible, sits north and south, the other half east "
                "and west (Law G)."
            )
    return team_of, pair_direction, deals


def _team_total(
    team: Team, pair_direction: dict[str, Side], pair_points: dict[str, int], unit: str
) -> tuple[TeamTotal, list[str]]:
    """A team's gross, plus the average of the opposite direction for an odd pair (Law G, R-5)."""
    pairs = tuple(PairTotal(pair, pair_direction[pair], pair_points[pair]) for pair in team.pairs)
    gross = sum(total.points for total in pairs)
    lines = [
        f"{team.name}: "
        + ", ".join(f"{total.pair} ({total.direction.label}) {total.points}" for total in pairs)
        + f"; {gross} {unit} in all."
    ]
    if len(team.pairs) % 2 == 0:
        return TeamTotal(team.name, gross, None, None, None, gross, Fraction(gross), pairs), lines

    ns = sum(1 for total in pairs if total.direction is Side.NS)
    odd_direction = Side.NS if 2 * ns > len(pairs) else Side.EW
    opposite = odd_direction.other
    figures = [pair_points[pair] for pair, side in pair_direction.items() if side is opposite]
    average = Fraction(sum(figures), len(figures))
    rounded = round_half_away(average)
    lines.append(
        f"{team.name}'s odd pair sits {odd_direction.label}, so it adds the average of all pairs seated "
        f"{opposite.label}: ({sum_text(figures)}) / {len(figures)} = {mixed_text(average)}, "
        f"taken as {rounded} "
        f"(Law G). Total {gross + rounded}"
        + ("." if average == rounded else f", exactly {mixed_text(gross + average)}.")
    )
    return (
        TeamTotal(team.name, gross, odd_direction, average, rounded, gross + rounded, gross + average, pairs),
        lines,
    )

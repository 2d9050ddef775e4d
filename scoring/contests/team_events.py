"""A teams event of several matches: the round robin, Swiss pairings, and the VP standings
(spec §3.4, §3.5, §7).

* :func:`round_robin` — every team meets every other once, by the circle method: one team
  stays put while the others turn round it a place a round. With an odd number of teams a
  bye joins the circle, and the team drawn against it sits out that round.
* :func:`swiss_pairings` — the next round of a Swiss from the standings: the highest team
  plays the next highest it has not yet met, and so down the list, going back to change an
  earlier choice when the teams left cannot all be paired without a repeat match. With an
  odd number of teams, the bye goes to the lowest team that has not had one.
* :func:`team_standings` — each team's Victory Points over its matches (a bye scoring
  the event's bye VPs), its IMP difference, and its place: competition ranks on the exact
  VP total ("1224", spec §7). Breaking ties further is for the conditions of contest
  (Law 78D).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..shared.errors import ContestError
from .ranking import Place, competition_ranks
from .team_matches import MatchResult

#: A bye's Victory Points unless the event says otherwise (DESIGN CHOICE: the 12 of 20 that
#: WBF and EBU conditions commonly give; it is an event setting).
BYE_VP = Fraction(12)

#: The backtracking of a Swiss pairing gives up after this many trial pairings, so a field
#: where nearly everyone has met everyone is refused in time rather than searched forever.
SEARCH_LIMIT = 200_000


@dataclass(frozen=True, slots=True)
class Pairing:
    """One match of a round: the home team and the away team, or a team's bye (``away`` None)."""

    home: str
    away: str | None

    @property
    def is_bye(self) -> bool:
        """Whether the home team sits out this round."""
        return self.away is None


Round = tuple[Pairing, ...]


def round_robin(teams: Sequence[str]) -> tuple[Round, ...]:
    """The rounds of a complete round robin by the circle method (spec §3.4).

    n teams play n − 1 rounds (n rounds with a bye when n is odd). Team 1 stays in place and
    the others move one place round the circle each round; the home side alternates so
    that no team is at home far more often than away. Every two teams meet exactly once.
    """
    names = _check_teams(teams)
    if len(names) < 2:
        raise ContestError("A round robin needs at least two teams.")
    circle: list[str | None] = list(names)
    if len(circle) % 2:
        circle.append(None)
    size = len(circle)
    rounds: list[Round] = []
    for number in range(size - 1):
        matches: list[Pairing] = []
        for place in range(size // 2):
            first, second = circle[place], circle[size - 1 - place]
            if (place == 0 and number % 2) or (place > 0 and place % 2):
                first, second = second, first
            matches.append(_pairing(first, second))
        rounds.append(tuple(sorted(matches, key=lambda match: match.is_bye)))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return tuple(rounds)


def swiss_pairings(
    standings: Sequence[str],
    played: Iterable[tuple[str, str] | MatchResult] = (),
    byes: Iterable[str] = (),
) -> Round:
    """The next round of a Swiss from the standings, best team first (spec §3.4).

    The highest team plays the highest team below it that it has not met; when the teams
    left could not then all be paired without a repeat, the choice is undone and the next
    opponent tried (backtracking). With an odd number of teams the bye goes first to the
    lowest team that has not had one (all have had one: the lowest). ``played`` lists the
    matches so far, as team pairs or :class:`MatchResult`. The higher team is at home.
    """
    order = _check_teams(standings)
    if len(order) < 2:
        raise ContestError("A Swiss round needs at least two teams.")
    met = {_meeting(match, order) for match in played}
    had_bye = set(byes)
    unknown = sorted(had_bye - set(order))
    if unknown:
        raise ContestError(f"Team {unknown[0]} had a bye but is not in the standings.")
    candidates: list[str | None] = [None]
    if len(order) % 2:
        without = [team for team in reversed(order) if team not in had_bye]
        candidates = [*without, *(team for team in reversed(order) if team in had_bye)]
    budget = [SEARCH_LIMIT]
    for bye in candidates:
        field = [team for team in order if team != bye]
        found = _pair(field, met, budget)
        if found is not None:
            matches = [Pairing(home, away) for home, away in found]
            if bye is not None:
                matches.append(Pairing(bye, None))
            return tuple(matches)
        if budget[0] <= 0:
            break
    raise ContestError(
        f"The {len(order)} teams cannot all be paired without two teams meeting again: "
        "the conditions of contest must say whether a repeat match is allowed."
    )


def _pair(field: list[str], met: set[frozenset[str]], budget: list[int]) -> list[tuple[str, str]] | None:
    if not field:
        return []
    top, rest = field[0], field[1:]
    for index, opponent in enumerate(rest):
        if frozenset((top, opponent)) in met:
            continue
        budget[0] -= 1
        if budget[0] <= 0:
            return None
        found = _pair(rest[:index] + rest[index + 1 :], met, budget)
        if found is not None:
            return [(top, opponent), *found]
    return None


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """One team's line in the event: VPs, IMPs won and lost, matches and byes, and its place."""

    team: str
    vp: Fraction
    imps_for: int
    imps_against: int
    matches: int
    byes: int
    place: Place

    @property
    def imp_difference(self) -> int:
        """IMPs won less IMPs lost over the event's matches."""
        return self.imps_for - self.imps_against

    @property
    def rank(self) -> int:
        """The team's competition rank: 1, 2, 2, 4 (spec §7)."""
        return self.place.first


def team_standings(
    teams: Sequence[str],
    matches: Iterable[MatchResult],
    byes: Iterable[str] = (),
    *,
    bye_vp: Fraction | int = BYE_VP,
) -> tuple[TeamStanding, ...]:
    """The event's standings: each team's VPs over its matches and byes, ranked (spec §3.5, §7).

    ``byes`` names a team once for each round it sat out; each bye scores ``bye_vp``.
    Teams tied on the exact VP total share a place; the list shows them in the order given.
    """
    names = _check_teams(teams)
    if isinstance(bye_vp, bool) or not isinstance(bye_vp, int | Fraction) or not 0 <= bye_vp <= 20:
        raise ContestError(f"{bye_vp!r} is not a bye's Victory Points: give a number from 0 to 20.")
    vp = dict.fromkeys(names, Fraction(0))
    won = dict.fromkeys(names, 0)
    lost = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    sat_out = dict.fromkeys(names, 0)
    for match in matches:
        if not isinstance(match, MatchResult):
            raise ContestError(f"{match!r} is not a team match's result.")
        for team in match.teams:
            if team not in vp:
                raise ContestError(f"Team {team} played a match but is not in the event.")
            vp[team] += match.vp_of(team)
            won[team] += match.imps_of(team)
            lost[team] += match.imps_of(match.opponent_of(team))
            played[team] += 1
    for team in byes:
        if team not in vp:
            raise ContestError(f"Team {team} had a bye but is not in the event.")
        vp[team] += Fraction(bye_vp)
        sat_out[team] += 1
    places = competition_ranks(vp)
    order = {team: index for index, team in enumerate(names)}
    lines = [
        TeamStanding(team, vp[team], won[team], lost[team], played[team], sat_out[team], places[team])
        for team in names
    ]
    lines.sort(key=lambda line: (line.place.first, order[line.team]))
    return tuple(lines)


def _check_teams(teams: Sequence[str]) -> list[str]:
    if isinstance(teams, str) or not isinstance(teams, Sequence):
        raise ContestError(f"{teams!r} is not a list of teams.")
    names: list[str] = []
    for team in teams:
        if not isinstance(team, str) or not team.strip():
            raise ContestError(f"{team!r} is not a team: name it with text.")
        if team in names:
            raise ContestError(f"Team {team} is listed twice.")
        names.append(team)
    return names


def _pairing(first: str | None, second: str | None) -> Pairing:
    if first is None:
        assert second is not None
        return Pairing(second, None)
    return Pairing(first, second)


def _meeting(match: tuple[str, str] | MatchResult, order: Sequence[str]) -> frozenset[str]:
    pair = match.teams if isinstance(match, MatchResult) else match
    if not isinstance(pair, tuple) or len(pair) != 2:
        raise ContestError(f"{match!r} is not a match played: give the two teams.")
    for team in pair:
        if team not in order:
            raise ContestError(f"Team {team} played a match but is not in the standings.")
    return frozenset(pair)

"""A contract bridge team match from the stored facts: the engine's board-by-board scoring and its totals.

Two teams of four: team A (home) sits N-S at one table and E-W at the other. Each board played
at both tables goes to ``scoring.contests.team_matches`` as N-S's score at each table, or as each
team's artificial award (Law 12C2); the engine gives the net, the IMPs (Law 78B), board-a-match
points or total points (Law 78C), and the match's Victory Points on the WBF continuous scale
(spec §3.4, §3.5). This module only arranges those figures for the screens and exports.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from scoring.contests import team_matches
from scoring.contests.adjusted import Award
from scoring.shared.numbers import hundredths_text, mixed_text

from ...models import Event
from .facts import outcome_of

if TYPE_CHECKING:
    from ...scores.types import ScoredResult, SectionScores


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a team match: N-S's score at each table, the home team's net, and what it earned."""

    number: int
    home_ns: int | None
    away_ns: int | None
    net: int | None
    adjusted: tuple[str, str] | None
    home: Fraction
    away: Fraction
    how: str


@dataclass(frozen=True, slots=True)
class MatchFigures:
    """A team match (Law 78B, 78C): both teams, every board, the totals and, when asked, the VPs."""

    home: str
    away: str
    unit: str
    boards: tuple[MatchBoard, ...]
    home_total: Fraction
    away_total: Fraction
    imps_home: int
    imps_away: int
    total_points_home: int
    vp_home: Fraction | None
    vp_away: Fraction | None
    lines: tuple[str, ...]
    boards_scored: int = 0  # boards played at both tables
    boards_in_match: int = 0

    @property
    def winner(self) -> str | None:
        """The team ahead on the boards scored: the winner once the result is declared."""
        if self.home_total == self.away_total:
            return None
        return self.home if self.home_total > self.away_total else self.away

    @property
    def complete(self) -> bool:
        """Every board of the match is in, played at both tables."""
        return self.boards_scored >= self.boards_in_match

    def declared(self, closed: bool) -> bool:
        """The result stands once every board is in, or the director has closed the match (``closed``)."""
        return self.complete or closed

    def verdict(self, closed: bool) -> str:
        """ "Lilies win the match.", or while boards are missing "In play, after 3 of 12 boards: Lilies
        lead by 7 IMPs." — a match is decided by all its boards, or where the director closes it."""
        so_far = f"after {self.boards_scored} of {self.boards_in_match} boards"
        if not self.declared(closed):
            if self.winner is None:
                return f"In play, {so_far}: the teams are level."
            margin = mixed_text(abs(self.home_total - self.away_total))
            return f"In play, {so_far}: {self.winner} lead by {margin} {self.unit}."
        result = f"{self.winner} win the match" if self.winner else "The match is tied"
        if self.complete:
            return result + "."
        return f"{result}, closed by the director {so_far}."


def team_match(sheet: SectionScores, counted: list[ScoredResult]) -> MatchFigures | None:
    """A match between two teams of four, board by board (Law 78B, 78C; spec §3.4, §3.5).

    Team A (home) sits N-S at one table and E-W at the other. Only boards played at both
    tables are scored; a board still in play waits.
    """
    event = sheet.event
    teams = {p.team.label: p.team.name for p in sheet.pairs.values() if p.team is not None}
    if sorted(teams) != ["A", "B"]:
        return None
    home_at: dict[int, ScoredResult] = {}
    away_at: dict[int, ScoredResult] = {}
    for scored in counted:
        r = scored.result
        if r.ns.team is None:
            continue
        (home_at if r.ns.team.label == "A" else away_at)[r.board.number] = scored
    boards = []
    numbers = sorted(set(home_at) & set(away_at))
    for number in numbers:
        boards.append(_team_board(number, home_at[number], away_at[number]))
    if not boards:
        return None
    scale = (
        team_matches.BamScale.AMERICAN if event.scale == Event.Scale.ACBL else team_matches.BamScale.BRITISH
    )
    result = team_matches.team_match(
        teams["A"], teams["B"], boards, scale=scale, boards_in_match=len(sheet.boards)
    )
    return _match_figures(event, result, numbers, home_at, away_at, len(sheet.boards))


def _team_board(number: int, home: ScoredResult, away: ScoredResult) -> team_matches.TeamBoard:
    """The engine's board: N-S's score at each table, or each team's artificial award (Law 12C2).

    Team A sits N-S at its home table and E-W at the other: its award is read from its own seat.
    """
    home_ns, home_adjusted = outcome_of(home)
    away_ns, away_adjusted = outcome_of(away)
    if home_adjusted is not None:
        awards = (home_adjusted[0], home_adjusted[1])
    elif away_adjusted is not None:
        awards = (away_adjusted[1], away_adjusted[0])
    else:
        return team_matches.TeamBoard(str(number), home_ns, away_ns)
    return team_matches.TeamBoard(str(number), adjusted=(Award.parse(awards[0]), Award.parse(awards[1])))


def _match_figures(
    event: Event,
    result: team_matches.MatchResult,
    numbers: list[int],
    home_at: dict[int, ScoredResult],
    away_at: dict[int, ScoredResult],
    boards_in_match: int,
) -> MatchFigures:
    method = event.method
    boards = []
    for number, outcome in zip(numbers, result.boards, strict=True):
        home_ns, away_ns = outcome_of(home_at[number])[0], outcome_of(away_at[number])[0]
        adjusted = outcome.board.adjusted
        markers = (adjusted[0].value, adjusted[1].value) if adjusted else None
        if method == Event.Method.BOARD_A_MATCH:
            home, away = outcome.bam_home, outcome.bam_away
        elif method == Event.Method.TOTAL_POINTS:
            home = Fraction(outcome.net or 0)
            away = -home
        else:
            home, away = Fraction(outcome.imps_home), Fraction(outcome.imps_away)
        boards.append(
            MatchBoard(
                number,
                home_ns,
                away_ns,
                outcome.net,
                markers,
                home,
                away,
                _board_how(method, outcome, markers),
            )
        )
    if method == Event.Method.BOARD_A_MATCH:
        home_total, away_total = result.bam_home, result.bam_away
    elif method == Event.Method.TOTAL_POINTS:
        home_total = Fraction(result.total_points_home)
        away_total = -home_total
    else:
        home_total, away_total = Fraction(result.net_home), Fraction(result.net_away)
    vps = event.victory_points == Event.VictoryPoints.WBF and method == Event.Method.TEAM_IMPS
    lines = [f"{result.home} {result.imps_home} IMPs, {result.away} {result.imps_away} IMPs (Law 78B)."]
    if vps:
        lines.append(
            f"Margin {abs(result.net_home)} IMPs over {result.boards_played} boards: {result.home} "
            f"{hundredths_text(result.vp_home)} VPs, {result.away} {hundredths_text(result.vp_away)} VPs "
            "(WBF continuous 20-VP scale, Law 78D)."
        )
    unit = {"board_a_match": "BAM", "total_points": "points"}.get(method, "IMPs")
    return MatchFigures(
        result.home,
        result.away,
        unit,
        tuple(boards),
        home_total,
        away_total,
        result.imps_home,
        result.imps_away,
        result.total_points_home,
        result.vp_home if vps else None,
        result.vp_away if vps else None,
        tuple(lines),
        len(numbers),
        boards_in_match,
    )


def _board_how(method: str, outcome: team_matches.BoardOutcome, markers: tuple[str, str] | None) -> str:
    if markers is not None:
        imps = f"{outcome.imps_home:+d} and {outcome.imps_away:+d} IMPs"
        return f"Adjusted {markers[0]}/{markers[1]} (Law 12C2): {imps}."
    net = outcome.net or 0
    if method == Event.Method.BOARD_A_MATCH:
        verdict = "won" if net > 0 else "lost" if net < 0 else "tied"
        return f"Net {net:+d}: the board is {verdict} by the home team, whatever the margin (Law 78D)."
    if method == Event.Method.TOTAL_POINTS:
        return f"Net {net:+d} to the home team (Law 78C)."
    return f"Net {net:+d} to the home team: {outcome.imps_home:+d} IMPs (Law 78B)."

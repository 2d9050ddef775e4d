"""A match between two teams of four: each board's net score, IMPs, total points or board-a-match,
and the match's Victory Points (Law 78B, Law 78C, spec §3.4, §3.5).

The home team sits N-S at the first table and E-W at the second; the away team the other
way round. Each board is scored at both tables, N-S's view, and the home team's net is
the first table's N-S score less the second's (spec §3.4: "add the two tables' scores
from one team's side"). Then

* IMPs (Law 78B): the net turned into IMPs on the WBF scale, won by the team it favours;
* total points (Law 78C): the nets added over the match;
* board-a-match: each board won, tied or lost on the net, whatever the margin: 1, ½, 0
  (American) or 2, 1, 0 (British, "point-a-board").

An artificial adjusted score (Law 12C2) on a board is given to each team as A+, A or A−:
+3, 0 and −3 IMPs (Law 86A). A match's IMP margin becomes Victory Points on the WBF
continuous 20-VP scale (:mod:`.victory_points`); a match known only by its IMPs, as result
files often give it, is built with :func:`match_from_imps`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..shared.errors import ContestError
from ..shared.lookup import lookup, snake
from .adjusted import Award
from .imps import AWARD_IMPS, imps
from .victory_points import wbf_vp


class BamScale(enum.Enum):
    """Board-a-match points for a board won, tied and lost (spec §3.4).

    AMERICAN: 1, ½, 0. BRITISH: 2, 1, 0 (the "point-a-board" of British events).
    """

    AMERICAN = "american"
    BRITISH = "british"

    @classmethod
    def parse(cls, text: object) -> BamScale:
        """Read "american" (also "1/0.5/0") or "british" (also "2/1/0"); else a ContestError."""
        return lookup(
            cls,
            text,
            key=lambda member: member.value,
            normalise=snake,
            aliases={"1/0.5/0": "american", "acbl": "american", "2/1/0": "british", "ebu": "british"},
            error=_not_a_bam_scale,
        )

    @property
    def win(self) -> Fraction:
        """The points for a board won; a tie earns half of it, a loss nothing."""
        return Fraction(1) if self is BamScale.AMERICAN else Fraction(2)


def _not_a_bam_scale(text: object) -> ContestError:
    return ContestError(f"{text!r} is not a board-a-match scale: use american (1/½/0) or british (2/1/0).")


def net_score(home_ns: int, away_ns: int) -> int:
    """The home team's net on a board (spec §3.4): its N-S score at the first table, less the second's.

    At the second table the home team sits E-W, so its score there is the negation of
    that table's N-S score. 4S made +420 at one table and 4S −1 +50 at the other: +470.
    """
    for score in (home_ns, away_ns):
        if isinstance(score, bool) or not isinstance(score, int):
            raise ContestError(
                f"{score!r} is not a table's score: a board's score is a whole number of points."
            )
    return home_ns - away_ns


def board_a_match(net: int, scale: BamScale = BamScale.AMERICAN) -> tuple[Fraction, Fraction]:
    """Both teams' board-a-match points for the home team's net on a board (spec §3.4).

    A board is won, tied or lost on the net total, whatever the size of the margin:
    +10 wins as much as +2000.
    """
    if isinstance(net, bool) or not isinstance(net, int | Fraction):
        raise ContestError(f"{net!r} is not a net score: board-a-match compares two numbers of points.")
    if net > 0:
        return scale.win, Fraction(0)
    if net < 0:
        return Fraction(0), scale.win
    return scale.win / 2, scale.win / 2


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a team match: N-S's score at each table, or the two teams' adjusted awards.

    ``home_ns`` is N-S's score at the table where the home team sits N-S, ``away_ns`` at the
    table where the away team sits N-S. A board that could not be scored normally carries
    ``adjusted`` (home's award, away's award) instead (Law 12C2, Law 86A).
    """

    board: str
    home_ns: int | None = None
    away_ns: int | None = None
    adjusted: tuple[Award, Award] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.board, str) or not self.board.strip():
            raise ContestError(f"{self.board!r} is not a board: name it with text.")
        scored = self.home_ns is not None or self.away_ns is not None
        if scored == (self.adjusted is not None):
            raise ContestError(
                f"Board {self.board}: give the score at both tables, or the two teams' adjusted scores, "
                "not both."
            )
        if scored:
            net_score(self.home_ns, self.away_ns)  # type: ignore[arg-type]  # refuses a missing score
        elif (
            not isinstance(self.adjusted, tuple)
            or len(self.adjusted) != 2
            or not all(isinstance(award, Award) for award in self.adjusted)
        ):
            raise ContestError(
                f"Board {self.board}: an adjusted board gives each team A+, A or A- (Law 12C2, Law 86A)."
            )

    @property
    def net(self) -> int | None:
        """The home team's net on the board; None for an adjusted board."""
        if self.home_ns is None or self.away_ns is None:
            return None
        return self.home_ns - self.away_ns


@dataclass(frozen=True, slots=True)
class BoardOutcome:
    """One board's result for both teams: the net, each team's IMPs and board-a-match points.

    ``imps_home`` and ``imps_away`` are signed, each from its own team's side: a scored
    board's are antisymmetric (+10 and −10); an adjusted board's are the two awards, which
    need not balance (A+ to both is +3 to each).
    """

    board: TeamBoard
    net: int | None
    imps_home: int
    imps_away: int
    bam_home: Fraction
    bam_away: Fraction


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match between two teams: each team's IMPs and Victory Points, and the boards' outcomes.

    ``imps_home`` and ``imps_away`` are the IMPs each team won (the boards that went its
    way), as a scoresheet shows them ("45–23"). ``net_home`` and ``net_away`` are each
    team's signed IMP total from its own side; they are opposite unless an adjusted board
    did not balance. Each team's VPs are read from its own net (spec §3.5), so balanced
    VPs add up to 20. ``boards`` is empty for a match known only by its IMPs.
    """

    home: str
    away: str
    boards_played: int
    imps_home: int
    imps_away: int
    net_home: int
    net_away: int
    vp_home: Fraction
    vp_away: Fraction
    boards: tuple[BoardOutcome, ...] = ()

    @property
    def margin(self) -> int:
        """The home team's IMP margin: its signed net over the match."""
        return self.net_home

    @property
    def total_points_home(self) -> int:
        """The home team's total points (Law 78C): the nets of the scored boards added."""
        return sum(outcome.net for outcome in self.boards if outcome.net is not None)

    @property
    def bam_home(self) -> Fraction:
        """The home team's board-a-match points over the match."""
        return sum((outcome.bam_home for outcome in self.boards), Fraction(0))

    @property
    def bam_away(self) -> Fraction:
        """The away team's board-a-match points over the match."""
        return sum((outcome.bam_away for outcome in self.boards), Fraction(0))

    @property
    def teams(self) -> tuple[str, str]:
        """The two teams, home first."""
        return self.home, self.away

    def imps_of(self, team: str) -> int:
        """The IMPs one of the two teams won."""
        return self.imps_home if self._is_home(team) else self.imps_away

    def net_of(self, team: str) -> int:
        """One team's signed IMP total from its own side."""
        return self.net_home if self._is_home(team) else self.net_away

    def vp_of(self, team: str) -> Fraction:
        """The Victory Points one of the two teams scored."""
        return self.vp_home if self._is_home(team) else self.vp_away

    def opponent_of(self, team: str) -> str:
        """The other team of the match."""
        return self.away if self._is_home(team) else self.home

    def _is_home(self, team: str) -> bool:
        if team == self.home:
            return True
        if team == self.away:
            return False
        raise ContestError(f"Team {team} did not play the match {self.home} against {self.away}.")


def score_board(
    board: TeamBoard,
    scale: BamScale = BamScale.AMERICAN,
    award_imps: Mapping[Award, Fraction | int] = AWARD_IMPS,
) -> BoardOutcome:
    """One board of a team match: the home team's net, each team's IMPs and board-a-match points.

    The net's IMPs (Law 78B) go to the team it favours; an adjusted board gives each team
    the IMPs of its award (Law 86A: +3, 0, −3); board-a-match scores an adjusted board
    as a tie, A+ as a win and A− as a loss (spec §3.4).
    """
    net = board.net
    if net is None:
        assert board.adjusted is not None
        home_award, away_award = board.adjusted
        home, away = _whole_imps(award_imps[home_award]), _whole_imps(award_imps[away_award])
        points = {
            Award.PLUS: scale.win,
            Award.AVERAGE: scale.win / 2,
            Award.MINUS: Fraction(0),
        }
        return BoardOutcome(board, None, home, away, points[home_award], points[away_award])
    swing = imps(net)
    bam_home, bam_away = board_a_match(net, scale)
    return BoardOutcome(board, net, swing, -swing, bam_home, bam_away)


def team_match(
    home: str,
    away: str,
    boards: Iterable[TeamBoard],
    *,
    scale: BamScale = BamScale.AMERICAN,
    boards_in_match: int | None = None,
    award_imps: Mapping[Award, Fraction | int] = AWARD_IMPS,
) -> MatchResult:
    """Score a team match board by board, then its IMP margin to Victory Points (Law 78B; spec §3.4, §3.5).

    ``boards_in_match`` is the number of boards the VP scale is read for (the boards
    scheduled), by default the boards given.
    """
    _check_teams(home, away)
    seen: set[str] = set()
    outcomes = []
    for board in boards:
        if not isinstance(board, TeamBoard):
            raise ContestError(f"{board!r} is not a board of a team match.")
        if board.board in seen:
            raise ContestError(f"Board {board.board} is given twice in the match {home} against {away}.")
        seen.add(board.board)
        outcomes.append(score_board(board, scale, award_imps))
    if not outcomes:
        raise ContestError(f"The match {home} against {away} has no boards to score.")
    net_home = sum(outcome.imps_home for outcome in outcomes)
    net_away = sum(outcome.imps_away for outcome in outcomes)
    won_home = sum(max(outcome.imps_home, 0) for outcome in outcomes)
    won_away = sum(max(outcome.imps_away, 0) for outcome in outcomes)
    count = len(outcomes) if boards_in_match is None else boards_in_match
    vp_home, vp_away = wbf_vp(net_home, count)[0], wbf_vp(net_away, count)[0]
    return MatchResult(
        home, away, len(outcomes), won_home, won_away, net_home, net_away, vp_home, vp_away, tuple(outcomes)
    )


def match_from_imps(home: str, away: str, imps_home: int, imps_away: int, boards: int) -> MatchResult:
    """A match known only by each team's IMPs, as result files give it: its VPs (spec §3.5)."""
    _check_teams(home, away)
    for value in (imps_home, imps_away):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ContestError(f"{value!r} is not a team's IMPs in a match: give a whole number, 0 or more.")
    margin = imps_home - imps_away
    vp_home, vp_away = wbf_vp(margin, boards)
    return MatchResult(home, away, boards, imps_home, imps_away, margin, -margin, vp_home, vp_away)


def _check_teams(home: object, away: object) -> None:
    for team in (home, away):
        if not isinstance(team, str) or not team.strip():
            raise ContestError(f"{team!r} is not a team: name it with text.")
    if home == away:
        raise ContestError(f"Team {home} cannot play a match against itself.")


def _whole_imps(value: Fraction | int) -> int:
    if isinstance(value, bool) or Fraction(value).denominator != 1:
        raise ContestError(f"{value!r} is not a whole number of IMPs for an adjusted board (Law 86A).")
    return int(value)

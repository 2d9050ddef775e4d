"""Whist as Hoffmann's laws score it (seed S003), and duplicate whist's count of tricks.

Short whist, laws 46-57 and the revoke penalty of law 75:

* a game is five points; each trick above six scores one (Whist law 47);
* honours, the ace, king, queen and knave of trumps held by a partnership, score 4 for
  all four and 2 for any three (law 48), but not for players at four when the deal
  begins (law 49);
* the revoke penalty is scored first, then tricks, then honours (law 50), and once a
  side reaches five the game is over: later items of that deal are not scored and no
  point carries into the next game (reading R-14);
* the winners of a game gain a treble, a double or a single as the losers have 0, 1-2
  or 3-4 (law 53); the rubber is the best of three games (law 46), worth two more
  points to its winners (law 54), less the losers' game in a three-game rubber (law 55);
* for each revoke the adversaries take three tricks from the revokers, deduct three
  points from their score (never below nothing, reading R-13) or add three to their
  own; the revoking side cannot win the game by that hand (law 75; law 62 for abandoned
  hands).

Duplicate whist, as Foster describes it, scores each side's total tricks (spec 9.8).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..shared.errors import DealError, RubberError
from ..shared.lookup import lookup, snake
from ..shared.numbers import NUMBER_WORDS
from ..shared.seats import Side

GAME = 5
RUBBER_POINTS = 2
REVOKE_PENALTY = 3
_GAME_NAMES = {3: "a treble", 2: "a double", 1: "a single"}


def _law(number: int) -> str:
    return f"Whist law {number}"


def _cite(number: int) -> str:
    return f"({_law(number)})"


def _word(number: int) -> str:
    return NUMBER_WORDS[number].lower() if 0 <= number < len(NUMBER_WORDS) else str(number)


def check_whist_tricks(tricks: object) -> int:
    """A side wins a whole number of tricks from 0 to 13 (Whist law 47 counts those above six)."""
    if isinstance(tricks, bool) or not isinstance(tricks, int):
        raise DealError(
            f"{tricks!r} is not a number of tricks: tricks are a whole number from 0 to 13 {_cite(47)}."
        )
    if not 0 <= tricks <= 13:
        raise DealError(f"{tricks} tricks is impossible: a deal of whist has thirteen tricks {_cite(47)}.")
    return tricks


class Election(enum.Enum):
    """The adversaries' choice of penalty for one revoke (Whist law 75)."""

    TAKE_TRICKS = ("take_tricks", "take three tricks from the revokers")
    DEDUCT = ("deduct", "deduct three points from the revokers' score")
    ADD = ("add", "add three points to their own score")

    @classmethod
    def parse(cls, text: object) -> Election:
        """Read "take_tricks" (also "tricks"), "deduct" or "add"."""
        return lookup(
            cls,
            text,
            key=lambda election: election.code,
            normalise=snake,
            aliases={"tricks": "take_tricks", "take": "take_tricks"},
            error=_not_an_election,
        )

    @property
    def code(self) -> str:
        return self.value[0]

    @property
    def words(self) -> str:
        return self.value[1]


def _not_an_election(text: object) -> DealError:
    return DealError(
        f"{text!r} is not a revoke penalty: the adversaries take_tricks, deduct or add {_cite(75)}."
    )


@dataclass(frozen=True, slots=True)
class WhistRevoke:
    """A revoke by a partnership and the penalty its adversaries elect (Whist law 75)."""

    by: Side
    election: Election

    def __post_init__(self) -> None:
        object.__setattr__(self, "by", Side.parse(self.by))
        object.__setattr__(self, "election", Election.parse(self.election))


@dataclass(frozen=True, slots=True)
class WhistDeal:
    """The facts of one deal of whist.

    ``ns_tricks`` are the tricks N-S won in play (E-W won the rest). ``honours`` is the
    number of the four honours of trumps each side held and claimed, as (N-S, E-W); an
    entry is the claim (reading R-18). ``hands_abandoned`` marks hands thrown down
    before the end, where a revoke is punished only by adding or deducting (law 62).
    """

    ns_tricks: int
    honours: tuple[int, int] = (0, 0)
    revokes: tuple[WhistRevoke, ...] = ()
    hands_abandoned: bool = False

    def __post_init__(self) -> None:
        check_whist_tricks(self.ns_tricks)
        honours = tuple(self.honours)
        if len(honours) != 2:
            raise DealError(f"Give the honours held as two numbers, N-S and E-W {_cite(48)}.")
        for count in honours:
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 4:
                raise DealError(
                    f"{count!r} is not a number of honours: a side holds 0 to 4 of the ace, king, queen "
                    f"and knave of trumps {_cite(48)}."
                )
        if sum(honours) > 4:
            raise DealError(
                f"{_word(sum(honours)).capitalize()} honours is impossible: the honours are the ace, king, "
                f"queen and knave of trumps, four in all {_cite(48)}."
            )
        object.__setattr__(self, "honours", (honours[0], honours[1]))
        object.__setattr__(self, "revokes", tuple(self.revokes))
        if self.hands_abandoned:
            for revoke in self.revokes:
                if revoke.election is Election.TAKE_TRICKS:
                    raise DealError(
                        "When the hands are abandoned the adversaries may only add three to their score or "
                        f"deduct three from the revokers' {_cite(62)}."
                    )

    def tricks(self, side: Side) -> int:
        """Tricks won in play by ``side``."""
        return self.ns_tricks if side is Side.NS else 13 - self.ns_tricks


@dataclass(frozen=True, slots=True)
class WhistLine:
    """One item of a whist score: to which side, how many points, and why."""

    side: Side
    points: int
    text: str
    law: str


def game_value(losers_points: int) -> int:
    """What a game is worth to its winners (Whist law 53).

    A treble (3) when the losers have not scored, a double (2) when they have one or two,
    a single (1) when they have three or four.
    """
    if isinstance(losers_points, bool) or not isinstance(losers_points, int) or not 0 <= losers_points < GAME:
        raise DealError(f"{losers_points!r} is not the score of a side that lost a game {_cite(53)}.")
    if losers_points == 0:
        return 3
    return 2 if losers_points <= 2 else 1


@dataclass(frozen=True, slots=True)
class WhistDealScore:
    """One deal of whist scored: the game score before and after, and the lines.

    ``winner`` is the side that reached five on this deal, if any, and ``value`` the
    game's value to it (law 53), 0 when the game goes on.
    """

    before: tuple[int, int]
    after: tuple[int, int]
    lines: tuple[WhistLine, ...]
    winner: Side | None
    value: int

    def points(self, side: Side) -> int:
        """``side``'s game score after this deal."""
        return self.after[0] if side is Side.NS else self.after[1]


class _Tally:
    """The running score of one deal, stopping at game (law 50) and capping revokers (law 75)."""

    def __init__(self, ns: int, ew: int, revokers: set[Side]) -> None:
        self.score = {Side.NS: ns, Side.EW: ew}
        self.revokers = revokers
        self.lines: list[WhistLine] = []
        self.winner: Side | None = None
        self.value = 0

    def credit(self, side: Side, points: int, text: str, law: str) -> None:
        """Add an item to ``side``'s score, stopping at game or, for revokers, at four."""
        start = self.score[side]
        reached = start + points
        text += f": {start} + {points} = {reached} ({law})"
        if side in self.revokers and reached >= GAME:
            credited = max(0, GAME - 1 - start)
            text += (
                f"; but {side.label} revoked and cannot win the game by this hand, so stay at "
                f"{start + credited} {_cite(75)}"
            )
        elif reached >= GAME:
            credited = GAME - start
            other = side.other
            self.winner = side
            self.value = game_value(self.score[other])
            text += f"; game {_cite(47)}"
            if reached > GAME:
                text += f"; the {reached - GAME} over five do not carry"
            text += (
                f"; {other.label} at {self.score[other]}, so {side.label} win "
                f"{_GAME_NAMES[self.value]} ({self.value}) {_cite(53)}"
            )
        else:
            credited = points
        self.score[side] = start + credited
        self.lines.append(WhistLine(side, credited, text, law))

    def note(self, side: Side, text: str, law: str) -> None:
        self.lines.append(WhistLine(side, 0, text, law))


def _check_score(ns: object, ew: object) -> None:
    for side, points in ((Side.NS, ns), (Side.EW, ew)):
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points < GAME:
            raise RubberError(
                f"{points!r} is not the score of a game of whist in progress for {side.label}: "
                f"a side has 0 to 4, and five is game {_cite(47)}."
            )


def score_whist_deal(deal: WhistDeal, ns: int = 0, ew: int = 0) -> WhistDealScore:
    """Score one deal of whist from a game score of ``ns`` to ``ew`` (Whist laws 47-53, 75).

    The revoke penalties come first, then the tricks, then the honours (law 50); the first
    side to reach five wins the game and nothing after it on that deal is scored.
    """
    _check_score(ns, ew)
    revokers = {revoke.by for revoke in deal.revokes}
    at_four = {side for side, points in ((Side.NS, ns), (Side.EW, ew)) if points == GAME - 1}
    tally = _Tally(ns, ew, revokers)
    tricks = {Side.NS: deal.tricks(Side.NS), Side.EW: deal.tricks(Side.EW)}
    if len(revokers) == 2:
        tally.note(
            Side.NS, f"Both sides revoked: neither can win the game by this hand {_cite(75)}", _law(75)
        )
    for revoke in deal.revokes:
        if tally.winner is not None:
            break
        _revoke_penalty(tally, revoke, tricks)
    for side in (Side.NS, Side.EW):
        odd = tricks[side] - 6
        if odd <= 0:
            continue
        text = f"{side.label} won {tricks[side]} tricks, {odd} above six"
        if tally.winner is not None:
            tally.note(side, f"{text}: not scored, the game was already won {_cite(50)}", _law(50))
        else:
            tally.credit(side, odd, text, _law(47))
    for side, count in zip((Side.NS, Side.EW), deal.honours, strict=True):
        if count < 3:
            continue
        points = 4 if count == 4 else 2
        text = f"{side.label} held {_word(count)} honours, worth {points}"
        if tally.winner is not None:
            tally.note(side, f"{text}, not scored: the game was already won {_cite(50)}", _law(50))
        elif side in at_four:
            why = f"{side.label} were at four when the deal began"
            tally.note(side, f"{text}, not scored: {why} {_cite(49)}", _law(49))
        else:
            tally.credit(side, points, text, _law(48))
    after = (tally.score[Side.NS], tally.score[Side.EW])
    return WhistDealScore((ns, ew), after, tuple(tally.lines), tally.winner, tally.value)


def _revoke_penalty(tally: _Tally, revoke: WhistRevoke, tricks: dict[Side, int]) -> None:
    revokers = revoke.by
    claimants = revokers.other
    head = f"{revokers.label} revoked; {claimants.label} {revoke.election.words}"
    law = _law(75)
    if revoke.election is Election.ADD:
        tally.credit(claimants, REVOKE_PENALTY, head, law)
    elif revoke.election is Election.DEDUCT:
        taken = min(REVOKE_PENALTY, tally.score[revokers])
        text = f"{head}: {tally.score[revokers]} − {taken} = {tally.score[revokers] - taken}"
        if taken < REVOKE_PENALTY:
            text += ", as a score cannot fall below nothing"
        tally.score[revokers] -= taken
        tally.lines.append(WhistLine(revokers, -taken, f"{text} {_cite(75)}", law))
    else:
        taken = min(REVOKE_PENALTY, tricks[revokers])
        tricks[revokers] -= taken
        tricks[claimants] += taken
        text = (
            f"{head}: {claimants.label} now have {tricks[claimants]} tricks and "
            f"{revokers.label} {tricks[revokers]}"
        )
        if taken < REVOKE_PENALTY:
            text += f" ({revokers.label} had only {taken} to give)"
        tally.note(claimants, f"{text} {_cite(75)}", law)


class WhistGame:
    """One game of whist, from its opening score to five (Whist laws 47-53).

    ``ns`` and ``ew`` set the score at which the game is taken up (0 to 4 each).
    """

    def __init__(self, ns: int = 0, ew: int = 0) -> None:
        _check_score(ns, ew)
        self._score = (ns, ew)
        self.scores: list[WhistDealScore] = []

    def add(self, deal: WhistDeal) -> WhistDealScore:
        """Score the next deal of this game; a deal after game is refused (law 47)."""
        if self.finished:
            raise RubberError(
                f"This game is over: {self.winner.label if self.winner else ''} reached five, so the next "
                f"deal belongs to a new game {_cite(47)}."
            )
        score = score_whist_deal(deal, *self._score)
        self.scores.append(score)
        self._score = score.after
        return score

    def points(self, side: Side) -> int:
        return self._score[0] if side is Side.NS else self._score[1]

    @property
    def finished(self) -> bool:
        return bool(self.scores) and self.scores[-1].winner is not None

    @property
    def winner(self) -> Side | None:
        return self.scores[-1].winner if self.scores else None

    @property
    def value(self) -> int:
        """The game's value to its winners: treble, double or single (law 53); 0 if unfinished."""
        return self.scores[-1].value if self.finished else 0

    @property
    def lines(self) -> tuple[WhistLine, ...]:
        return tuple(line for score in self.scores for line in score.lines)


class WhistRubber:
    """A rubber of whist: the best of three games (Whist laws 46, 53-55)."""

    def __init__(self) -> None:
        self.games: list[WhistGame] = [WhistGame()]

    def add(self, deal: WhistDeal) -> WhistDealScore:
        """Score the next deal; a deal after the rubber is decided is refused (law 46)."""
        if self.finished:
            raise RubberError(
                f"The rubber is over: {self.winner.label if self.winner else ''} have won two games, so the "
                f"third game is not played {_cite(46)}."
            )
        game = self.games[-1]
        if game.finished:
            game = WhistGame()
            self.games.append(game)
        return game.add(deal)

    def games_won(self, side: Side) -> int:
        return sum(1 for game in self.games if game.winner is side)

    @property
    def finished(self) -> bool:
        return any(self.games_won(side) == 2 for side in Side)

    @property
    def winner(self) -> Side | None:
        return next((side for side in Side if self.games_won(side) == 2), None)

    @property
    def current(self) -> WhistGame:
        """The game in progress, or the last one played."""
        return self.games[-1]

    def result(self) -> tuple[WhistLine, ...]:
        """The rubber's account to its winners: games, rubber points, the losers' game deducted.

        The winners gain the value of their games (law 53) and two rubber points (law 54);
        in a rubber of three games the value of the losers' game is deducted (law 55).
        """
        winner = self.winner
        if winner is None:
            raise RubberError(f"The rubber is not over until one side has won two games {_cite(46)}.")
        lines: list[WhistLine] = []
        for number, game in enumerate(self.games, start=1):
            name = _GAME_NAMES[game.value]
            if game.winner is winner:
                lines.append(
                    WhistLine(
                        winner, game.value, f"Game {number} to {winner.label}, {name}: {game.value}", _law(53)
                    )
                )
        lines.append(WhistLine(winner, RUBBER_POINTS, f"The rubber: {RUBBER_POINTS}", _law(54)))
        for number, game in enumerate(self.games, start=1):
            if game.winner is not winner:
                lines.append(
                    WhistLine(
                        winner,
                        -game.value,
                        f"Game {number} to {winner.other.label}, {_GAME_NAMES[game.value]}, deducted: "
                        f"−{game.value}",
                        _law(55),
                    )
                )
        return tuple(lines)

    def value(self) -> int:
        """What the rubber's winners gain, in points (Whist laws 53-55)."""
        return sum(line.points for line in self.result())

    def points(self, side: Side) -> int:
        """The rubber's value to ``side``: plus for the winners, minus for the losers."""
        value = self.value()
        return value if side is self.winner else -value

    @property
    def lines(self) -> tuple[WhistLine, ...]:
        return tuple(line for game in self.games for line in game.lines)


def duplicate_whist_deal(ns_tricks: int) -> tuple[int, int]:
    """Duplicate whist counts each side's total tricks on a deal, not odd tricks (spec 9.8).

    Foster's "Duplicate Whist": honours and games are not used; a side's score is the
    number of tricks it took. Returns (N-S, E-W), which always add to thirteen.
    """
    check_whist_tricks(ns_tricks)
    return ns_tricks, 13 - ns_tricks

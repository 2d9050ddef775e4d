"""Three-Hand Auction: Foster's "Laws of Three Hand Auction" (1)-(15), seed S000.

Three players each play for himself; a fourth packet is dealt to a dummy, and the final
declarer plays his own hand and the dummy against the other two, who are partners for
that deal only (Three-hand laws 1-7). The laws of Auction apply except where these laws
say otherwise. What is peculiar to the three-hand game, and implemented here:

* the declarer who fulfils scores as in Auction; when he fails, *each* adversary scores
  the full under-trick penalty, and either adversary a slam his side took (Three-hand
  law 12; reading R-11 of the spec);
* honours are scored by every player for his own holding, 1, 2, 3, 8 or 10 tricks of the
  declared suit's value; at no trump each ace counts 10 and four in one hand 100; the
  declarer scores his own and the dummy's holdings, each counted separately (law 13);
* penalties in honour points for irregular declarations (laws 5, 6, 9, 10);
* games of 30 in each player's own trick column, 125 for each game won and 250 for the
  rubber, which ends when one player has two games (laws 11, 14; reading R-12);
* every two players settle the difference of their totals (law 15).

The rubber and its settlement (laws 11, 14, 15) are in :mod:`scoring.auction.three_hand_rubber`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..shared.errors import DealError
from ..shared.lookup import lookup, snake
from ..shared.numbers import NUMBER_WORDS
from .core import Contract, Doubling, Strain

TRICK = "trick"
HONOUR = "honour"
GAME = 30
GAME_BONUS = 125
RUBBER_BONUS = 250
LITTLE_SLAM = 20
GRAND_SLAM = 40

# Law 13: one honour counts one trick, two two, three three, four eight, five ten.
_HONOUR_TRICKS = {1: 1, 2: 2, 3: 3, 4: 8, 5: 10}


def _law(number: int | str) -> str:
    return f"Three-hand law {number}"


def _cite(number: int | str) -> str:
    return f"({_law(number)})"


def _word(number: int) -> str:
    return NUMBER_WORDS[number].lower() if 0 <= number < len(NUMBER_WORDS) else str(number)


@dataclass(frozen=True, slots=True)
class ThreeHandLine:
    """One entry on a three-hand score: whose column, which column, how much, and why.

    ``column`` is ``"trick"`` (below the line, counts toward game) or ``"honour"``.
    """

    player: str
    column: str
    points: int
    text: str
    law: str


def check_players(players: Iterable[object]) -> tuple[str, str, str]:
    """Three players, each a distinct name, take part (Three-hand law 1).

    A fourth player makes a complete table but takes no part in the deal.
    """
    names: list[str] = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise DealError(f"{name!r} is not a player's name: name each of the three players {_cite(1)}.")
        names.append(name)
    if len(names) != 3:
        raise DealError(
            f"{_word(len(names)).capitalize()} players cannot play three-hand auction: three players "
            f"take part, each for himself, and a fourth only completes the table {_cite(1)}."
        )
    if len(set(names)) != 3:
        raise DealError(f"The three players must have three different names {_cite(1)}.")
    return (names[0], names[1], names[2])


def _check_player(name: object, players: Sequence[str], role: str) -> str:
    if not isinstance(name, str) or name not in players:
        raise DealError(
            f"{name!r} is not one of the three players ({', '.join(players)}), "
            f"so cannot be {role} {_cite(1)}."
        )
    return name


class Irregularity(enum.Enum):
    """An irregularity of the bidding that three-hand auction punishes with honour points.

    Value is (code, words, points, law, who scores): "others" is each other player,
    "adversaries" each of the offender's adversaries (during the bidding, the other two).
    """

    DECLARATION_OUT_OF_TURN = ("declaration_out_of_turn", "declared out of turn", 50, 5)
    EXPOSED_CARD = ("exposed_card", "exposed a card during the bidding", 50, 9)
    DOUBLE_OUT_OF_TURN = ("double_out_of_turn", "doubled out of turn", 100, 10)

    @classmethod
    def parse(cls, text: object) -> Irregularity:
        """Read "declaration_out_of_turn", "exposed card", "DOUBLE-OUT-OF-TURN" and the like."""
        return lookup(
            cls, text, key=lambda kind: kind.code, normalise=snake, error=_not_a_three_hand_irregularity
        )

    @property
    def code(self) -> str:
        return self.value[0]

    @property
    def words(self) -> str:
        """What the offender did, in a sentence: "declared out of turn"."""
        return self.value[1]

    @property
    def points(self) -> int:
        """Honour points each of the other players receives: 50, 50 or 100."""
        return self.value[2]

    @property
    def law(self) -> str:
        return _law(self.value[3])


def _not_a_three_hand_irregularity(text: object) -> DealError:
    return DealError(
        f"{text!r} is not a three-hand irregularity: use declaration_out_of_turn {_cite(5)}, "
        f"exposed_card {_cite(9)} or double_out_of_turn {_cite(10)}."
    )


@dataclass(frozen=True, slots=True)
class ThreeHandPenalty:
    """An irregularity committed by ``offender`` (Three-hand laws 5, 6, 9, 10).

    ``then_acted`` names, for a declaration out of turn, the player who then passed or
    declared before the third player demanded correction: law 6 penalises only the
    first offender.
    """

    kind: Irregularity
    offender: str
    then_acted: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", Irregularity.parse(self.kind))
        if self.then_acted is not None:
            if self.kind is not Irregularity.DECLARATION_OUT_OF_TURN:
                raise DealError(
                    "Only a declaration out of turn can be followed by another player's call that goes "
                    f"unpunished {_cite(6)}."
                )
            if self.then_acted == self.offender:
                raise DealError(
                    "The player who acted after the declaration out of turn must be another player "
                    f"{_cite(6)}."
                )


def _check_count(count: object, strain: Strain, holder: str) -> int:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise DealError(f"{count!r} is not a number of honours for {holder} {_cite(13)}.")
    if count > strain.honours_in_play:
        what = "four aces" if strain.is_no_trump else "five honours of the trump suit"
        raise DealError(
            f"{holder} cannot hold {_word(count)} honours: there are only the {what} {_cite(13)}."
        )
    return count


@dataclass(frozen=True, slots=True)
class ThreeHandDeal:
    """The facts of one three-hand deal.

    ``tricks`` are those won by the declarer with the dummy. ``honours`` gives each
    player's own holding (a mapping or pairs of name and count; players left out held
    none) and ``dummy_honours`` the dummy's, which the declarer scores (Three-hand law 13).
    ``dealers_one_spade`` marks the dealer's original "one spade" left in (Law 48).
    """

    declarer: str
    contract: Contract
    tricks: int
    honours: tuple[tuple[str, int], ...] = ()
    dummy_honours: int = 0
    dealers_one_spade: bool = False
    penalties: tuple[ThreeHandPenalty, ...] = ()

    def __post_init__(self) -> None:
        contract = Contract.parse(self.contract)
        object.__setattr__(self, "contract", contract)
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise DealError(
                f"{self.tricks!r} is not a number of tricks: "
                f"tricks are a whole number from 0 to 13 {_cite(3)}."
            )
        if not 0 <= self.tricks <= 13:
            raise DealError(
                f"{self.tricks} tricks is impossible: the four packets of thirteen cards make thirteen "
                f"tricks {_cite(3)}."
            )
        raw: object = self.honours
        pairs = tuple(raw.items()) if isinstance(raw, Mapping) else tuple(self.honours)
        seen: set[str] = set()
        for holder, count in pairs:
            if not isinstance(holder, str):
                raise DealError(f"{holder!r} is not a player's name {_cite(13)}.")
            if holder in seen:
                raise DealError(f"{holder!r} is named twice among the honour holders {_cite(13)}.")
            seen.add(holder)
            _check_count(count, contract.strain, str(holder))
        _check_count(self.dummy_honours, contract.strain, "The dummy")
        total = sum(count for _, count in pairs) + self.dummy_honours
        if total > contract.strain.honours_in_play:
            what = "four aces" if contract.strain.is_no_trump else "five honours"
            raise DealError(
                f"{_word(total).capitalize()} honours is more than the {what} there are to hold {_cite(13)}."
            )
        object.__setattr__(self, "honours", pairs)
        object.__setattr__(self, "penalties", tuple(self.penalties))
        if self.dealers_one_spade and contract.undoubled != Contract(1, Strain.SPADES):
            raise DealError(
                f"Only a final declaration of one spade can be the dealer's original one spade (Law 48), "
                f"not {contract}."
            )


@dataclass(frozen=True, slots=True)
class ThreeHandDealScore:
    """What one three-hand deal gives each player, with the lines that explain it."""

    players: tuple[str, str, str]
    declarer: str
    lines: tuple[ThreeHandLine, ...]

    def trick(self, player: str) -> int:
        """Points in ``player``'s trick column: only the declarer scores there."""
        return sum(line.points for line in self.lines if line.player == player and line.column == TRICK)

    def honour(self, player: str) -> int:
        """Points in ``player``'s honour column."""
        return sum(line.points for line in self.lines if line.player == player and line.column == HONOUR)

    def total(self, player: str) -> int:
        return self.trick(player) + self.honour(player)


def score_three_hand_deal(deal: ThreeHandDeal, players: Sequence[str]) -> ThreeHandDealScore:
    """Score one deal of Three-Hand Auction (Three-hand laws 5, 6, 9, 10, 12, 13).

    The declarer who fulfils his contract scores as in Auction: every trick above six in
    his trick column, and the bonuses for a doubled contract in his honour column. If he
    fails, each of his two adversaries scores the whole under-trick penalty (R-11). Each
    player then scores his own honours, the declarer the dummy's as well, counted apart.
    """
    names = check_players(players)
    declarer = _check_player(deal.declarer, names, "the declarer")
    for holder, _ in deal.honours:
        _check_player(holder, names, "an honour holder")
    adversaries = tuple(name for name in names if name != declarer)
    lines: list[ThreeHandLine] = []
    lines.extend(_contract_lines(deal, declarer, adversaries))
    lines.extend(_slam_lines(deal, declarer, adversaries))
    lines.extend(_honour_lines(deal, declarer, names))
    for penalty in deal.penalties:
        lines.extend(penalty_lines(penalty, names))
    return ThreeHandDealScore(names, declarer, tuple(lines))


def _contract_lines(deal: ThreeHandDeal, declarer: str, adversaries: Sequence[str]) -> list[ThreeHandLine]:
    contract = deal.contract
    doubling = contract.doubling
    strain = contract.strain
    law = _law(12)
    if deal.tricks >= contract.tricks_needed:
        odd = deal.tricks - 6
        value = strain.trick_value * doubling.multiplier
        how = f", {doubling.word}" if doubling is not Doubling.NONE else ""
        lines = [
            ThreeHandLine(
                declarer,
                TRICK,
                odd * value,
                f"{declarer} made {contract.describe()}: {odd} odd tricks in {strain.noun}{how}: "
                f"{odd} × {value} = {odd * value} {_cite(12)}",
                law,
            )
        ]
        if doubling is not Doubling.NONE:
            bonus = 50 if doubling is Doubling.DOUBLED else 100
            lines.append(
                ThreeHandLine(
                    declarer,
                    HONOUR,
                    bonus,
                    f"{declarer} fulfilled a {doubling.word} contract: {bonus} {_cite(12)}",
                    law,
                )
            )
            over = deal.tricks - contract.tricks_needed
            if over:
                lines.append(
                    ThreeHandLine(
                        declarer,
                        HONOUR,
                        over * bonus,
                        f"{declarer} won {over} tricks over a {doubling.word} contract: "
                        f"{over} × {bonus} = {over * bonus} {_cite(12)}",
                        law,
                    )
                )
        return lines
    short = contract.tricks_needed - deal.tricks
    each = {Doubling.NONE: 50, Doubling.DOUBLED: 100, Doubling.REDOUBLED: 200}[doubling]
    points = short * each
    comma = "," if doubling is not Doubling.NONE else ""
    text = f"{declarer}'s {contract.describe()}{comma} fell {short} short: {short} × {each} = {points}"
    if deal.dealers_one_spade and doubling is not Doubling.REDOUBLED and points > 100:
        points = 100
        text += ", limited to 100 for the dealer's one spade (Law 48)"
    return [
        ThreeHandLine(adversary, HONOUR, points, f"{text}, to {adversary} {_cite(12)}", law)
        for adversary in adversaries
    ]


def _slam_lines(deal: ThreeHandDeal, declarer: str, adversaries: Sequence[str]) -> list[ThreeHandLine]:
    law = _law(12)
    slam = {12: ("little", LITTLE_SLAM), 13: ("grand", GRAND_SLAM)}
    if deal.tricks in slam:
        kind, points = slam[deal.tricks]
        text = f"{declarer} took {_word(deal.tricks)} tricks: {kind} slam {points} {_cite(12)}"
        return [ThreeHandLine(declarer, HONOUR, points, text, law)]
    against = 13 - deal.tricks
    if against in slam:
        kind, points = slam[against]
        pair = " and ".join(adversaries)
        return [
            ThreeHandLine(
                adversary,
                HONOUR,
                points,
                f"{pair} took {_word(against)} tricks: {kind} slam {points} to {adversary} {_cite(12)}",
                law,
            )
            for adversary in adversaries
        ]
    return []


def honour_points(count: int, strain: Strain) -> int:
    """What one hand's honours are worth to its holder (Three-hand law 13).

    In a suit, 1, 2, 3, 4 or 5 honours count 1, 2, 3, 8 or 10 tricks of the declared
    suit's value; at no trump each ace counts 10, and four aces in one hand 100.
    """
    _check_count(count, strain, "A hand")
    if count == 0:
        return 0
    if strain.is_no_trump:
        return 100 if count == 4 else 10 * count
    return _HONOUR_TRICKS[count] * strain.trick_value


def _honour_text(holder: str, count: int, strain: Strain) -> str:
    points = honour_points(count, strain)
    if strain.is_no_trump:
        if count == 4:
            return f"{holder} all four aces: 100"
        noun = "ace" if count == 1 else "aces"
        return f"{holder} {count} {noun}: {count} × 10 = {points}"
    noun = "honour" if count == 1 else "honours"
    tricks = _HONOUR_TRICKS[count]
    count_as = f", counted as {tricks} tricks" if tricks != count else ""
    return f"{holder} {count} {noun} in {strain.noun}{count_as}: {tricks} × {strain.trick_value} = {points}"


def _honour_lines(deal: ThreeHandDeal, declarer: str, players: Sequence[str]) -> list[ThreeHandLine]:
    strain = deal.contract.strain
    held = dict(deal.honours)
    lines: list[ThreeHandLine] = []
    law = _law(13)
    for player in players:
        count = held.get(player, 0)
        if count:
            text = _honour_text(f"{player} held", count, strain)
            lines.append(
                ThreeHandLine(player, HONOUR, honour_points(count, strain), f"{text} {_cite(13)}", law)
            )
        if player == declarer and deal.dummy_honours:
            text = _honour_text(f"{declarer} counts the dummy's", deal.dummy_honours, strain)
            lines.append(
                ThreeHandLine(
                    declarer,
                    HONOUR,
                    honour_points(deal.dummy_honours, strain),
                    f"{text}, apart from his own {_cite(13)}",
                    law,
                )
            )
    return lines


def penalty_lines(penalty: ThreeHandPenalty, players: Sequence[str]) -> list[ThreeHandLine]:
    """The honour points an irregularity of the bidding gives (Three-hand laws 5, 6, 9, 10).

    A declaration out of turn: each other player 50 (law 5); if the next player acted
    on it before the third demanded correction, only the first offender pays (law 6). A
    card exposed during the bidding: each adversary 50 (law 9). A double out of turn:
    each adversary 100 (law 10).
    """
    names = check_players(players)
    offender = _check_player(penalty.offender, names, "an offender")
    kind = penalty.kind
    law = kind.law
    note = ""
    if penalty.then_acted is not None:
        acted = _check_player(penalty.then_acted, names, "the player who acted next")
        law = _law(6)
        note = f"; {acted} then acted on it but only the first offender is penalised"
    return [
        ThreeHandLine(
            other,
            HONOUR,
            kind.points,
            f"{offender} {kind.words}: {kind.points} to {other}{note} ({law})",
            law,
        )
        for other in names
        if other != offender
    ]

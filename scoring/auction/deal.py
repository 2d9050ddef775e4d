"""One deal of four-hand Auction Bridge, scored by Foster's laws.

The facts of a deal are a :class:`Deal`: the final declaration, the declarer, the tricks
the declaring side won *in play*, the honours each seat held, established revokes and any
penalty points the director awarded. :func:`score_deal` turns them into a trick column
(below the line) and an honour column (above the line) for each side, with the lines of
words that produced every point.

The order of evaluation is that of the specification (§12 note 3): revoke penalties, then
the tricks (made or failed, doubled values, bonuses or under-tricks with the "one spade"
limit), slams (tricks won in play only), honours, awards, and last the duplicate premium.

Readings applied (specs/auction-and-whist-laws.md §10): R-1 (the one-spade limit caps only
the under-trick penalty), R-2 (every revoke is penalised), R-3 (tricks taken for a revoke
count toward the 30 of the premium), R-4 (the premium is an honour-column item only) and
R-19 (no more tricks are transferred than the adversaries won). Where the declaring side
and the adversaries both revoked, each side collects the penalty points of the other's
revokes and neither scores anything from the play but honours as held; the declarer may
then not elect tricks, which could score him nothing (Law 84: a revoking declarer "scores
nothing but honours").
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..shared.errors import DealError, quoted
from ..shared.lookup import lookup
from ..shared.seats import SEATS, Seat, Side
from .core import Contract, Doubling, Strain
from .deal_record import Award, Deal, Revoke, RevokePenalty, check_dealers_one_spade
from .sheet import Column, DealScore, Line, Sheet, SideScore

__all__ = [
    "Award",
    "Column",
    "Deal",
    "DealScore",
    "Line",
    "Options",
    "Revoke",
    "RevokePenalty",
    "SideScore",
    "SlamScale",
    "check_dealers_one_spade",
    "honour_value",
    "score_deal",
]


class SlamScale(enum.Enum):
    """Slam values: American 20 and 40 (table of values), or the English rule's 50 and 100."""

    AMERICAN = "american"
    ENGLISH = "english"

    @classmethod
    def parse(cls, text: object) -> SlamScale:
        """Read "american" or "english"."""
        return lookup(cls, text, key=lambda scale: scale.value, error=_not_a_slam_scale)

    @property
    def values(self) -> tuple[int, int]:
        """Little slam and grand slam."""
        return (20, 40) if self is SlamScale.AMERICAN else (50, 100)

    @property
    def law(self) -> str:
        return "Table of values" if self is SlamScale.AMERICAN else "English rule (note to Law H)"


def _not_a_slam_scale(text: object) -> DealError:
    return DealError(
        f'{quoted(text)} is not a slam scale: use "american" (20 and 40, table of values) '
        'or "english" (50 and 100, the English rule).'
    )


@dataclass(frozen=True, slots=True)
class Options:
    """How a deal is scored: slam values, duplicate (Law A premium) or rubber, the revoke penalty."""

    slams: SlamScale = SlamScale.AMERICAN
    duplicate: bool = True
    revoke_points: int = 100

    def __post_init__(self) -> None:
        if not isinstance(self.slams, SlamScale):
            SlamScale.parse(self.slams)
            raise DealError("The slam scale is a SlamScale.")
        if not isinstance(self.duplicate, bool):
            raise DealError(
                f"{quoted(self.duplicate)} is not true or false: say whether the deal is duplicate."
            )
        if (
            isinstance(self.revoke_points, bool)
            or not isinstance(self.revoke_points, int)
            or self.revoke_points < 0
        ):
            raise DealError(f"{quoted(self.revoke_points)} is not a revoke penalty in points (Law 84: 100).")


DEFAULT_OPTIONS = Options()


def score_deal(deal: Deal, options: Options = DEFAULT_OPTIONS) -> DealScore:
    """Score one deal by Foster's laws: Laws 47, 47a, 48, 56, 84, the table of values, and Law A.

    Every trick above six counts for the declarer whatever he bid (Law 47); under-tricks go
    to the adversaries' honour column (Law 47a) with the one-spade limit (Law 48, R-1);
    honours to whichever side held them; slams to either side by tricks won in play;
    revokes by Law 84 (R-2, R-3, R-19); awards to the side named; and, in duplicate, 125
    to a side whose trick column for the deal is 30 or more (Law A).
    """
    if not isinstance(deal, Deal):
        raise DealError(f"{quoted(deal)} is not a deal to score.")
    if not isinstance(options, Options):
        raise DealError(f"{quoted(options)} are not scoring options.")
    sheet = Sheet()
    if deal.contract is None or deal.declarer is None:
        sheet.add(
            Side.NS,
            Column.TRICK,
            0,
            "Passed out (no bid, the English rule): nothing to score",
            "Note to Law H",
        )
    else:
        _score_play(deal, deal.contract, deal.declarer, options, sheet)
    for award in deal.awards:
        reason = award.reason or "Penalty points awarded"
        sheet.add(award.to, Column.HONOUR, award.points, f"{reason}: {award.points}", award.law or "Law F")
    if options.duplicate:
        for side in (Side.NS, Side.EW):
            if sheet.total(side, Column.TRICK) >= 30:
                sheet.add(
                    side, Column.HONOUR, 125, "Premium for 30 or more in the trick column: 125", "Law A"
                )
    ns, ew = sheet.totals(Side.NS), sheet.totals(Side.EW)
    return DealScore(SideScore(*ns), SideScore(*ew), sheet.lines)


def _score_play(deal: Deal, contract: Contract, declarer: Seat, options: Options, sheet: Sheet) -> None:
    ours, theirs, dummy = declarer.side, declarer.side.other, declarer.partner
    penalised = [revoke for revoke in deal.revokes if revoke.by is not dummy]
    revoke_law = "Law 84; R-2" if len(penalised) > 1 else "Law 84"
    declarer_revoked = any(revoke.by is declarer for revoke in deal.revokes)
    adversary_revoked = any(revoke.by.side is theirs for revoke in deal.revokes)
    points = options.revoke_points
    transferred = 0
    for revoke in deal.revokes:
        who = revoke.by.name_word
        if revoke.by is dummy:
            sheet.add(
                ours,
                Column.HONOUR,
                0,
                f"Revoke by {who}, the dummy: no penalty, the dummy cannot revoke",
                "Law 63",
            )
        elif revoke.by is declarer:
            sheet.add(theirs, Column.HONOUR, points, f"Revoke by {who}, the declarer: {points}", revoke_law)
        elif revoke.penalty is RevokePenalty.POINTS:
            sheet.add(
                ours,
                Column.HONOUR,
                points,
                f"Revoke by {who}: the declarer takes {points} points",
                revoke_law,
            )
        elif declarer_revoked:
            sheet.add(
                ours,
                Column.TRICK,
                0,
                f"Revoke by {who}: the declarer elected three tricks, which earn nothing "
                f"because {declarer.name_word} also revoked",
                revoke_law,
            )
        else:
            moved = min(3, 13 - deal.tricks - transferred)
            transferred += moved
            if moved == 3:
                text, law = f"Revoke by {who}: three tricks transferred to the declarer", revoke_law
            else:
                text, law = (
                    f"Revoke by {who}: {moved} trick(s) transferred, all the adversaries had left",
                    "R-19",
                )
            sheet.add(ours, Column.TRICK, 0, text, law)

    needed = contract.tricks_needed
    counted = deal.tricks + transferred
    if declarer_revoked:
        sheet.add(
            ours,
            Column.TRICK,
            0,
            f"{declarer.name_word}, the declarer, revoked: nothing but honours as held",
            "Law 84",
        )
        if deal.tricks < needed and not adversary_revoked:
            _undertricks(deal, contract, theirs, sheet)
    elif counted >= needed:
        _made(deal, contract, ours, transferred, sheet)
    elif adversary_revoked:
        sheet.add(
            theirs,
            Column.HONOUR,
            0,
            f"{theirs.label} revoked: no under-tricks, nothing but honours as held",
            "Law 84",
        )
    else:
        _undertricks(deal, contract, theirs, sheet)

    little, grand = options.slams.values
    for side, won, barred in (
        (ours, deal.tricks, declarer_revoked),
        (theirs, 13 - deal.tricks, adversary_revoked),
    ):
        if won >= 12 and barred:
            sheet.add(side, Column.HONOUR, 0, f"No slam: {side.label} revoked", "Law 84")
        elif won >= 12:
            name, value = ("Grand slam", grand) if won == 13 else ("Little slam", little)
            sheet.add(
                side, Column.HONOUR, value, f"{name} ({won} tricks won in play): {value}", options.slams.law
            )
    if transferred and counted >= 12 > deal.tricks:
        sheet.add(
            ours, Column.HONOUR, 0, "No slam: tricks taken for a revoke never count toward a slam", "Law 84"
        )

    for side in (Side.NS, Side.EW):
        pair = tuple(deal.honours[SEATS.index(seat)] for seat in side.seats)
        value, words = honour_value(contract.strain, (pair[0], pair[1]))
        if value:
            sheet.add(side, Column.HONOUR, value, words, "Table of values")


def _made(deal: Deal, contract: Contract, ours: Side, transferred: int, sheet: Sheet) -> None:
    """Law 47: the full value of every trick won above six; Law 56: the doubled bonuses."""
    odd = deal.tricks + transferred - 6
    each = contract.strain.trick_value * contract.doubling.multiplier
    doubled = "" if contract.doubling is Doubling.NONE else f", {contract.doubling.word}"
    source = f" ({deal.tricks} won in play and {transferred} for the revoke)" if transferred else ""
    text = (
        f"{odd} odd trick{_s(odd)} in {contract.strain.noun}{doubled}{source}: {odd} × {each} = {odd * each}"
    )
    sheet.add(ours, Column.TRICK, odd * each, text, "Law 47")
    if contract.doubling is Doubling.NONE:
        return
    bonus = 50 * contract.doubling.multiplier // 2
    word = contract.doubling.word
    if deal.tricks < contract.tricks_needed:
        sheet.add(
            ours,
            Column.HONOUR,
            0,
            f"No bonus: the {word} contract was fulfilled only with revoke tricks",
            "Law 84",
        )
        return
    sheet.add(ours, Column.HONOUR, bonus, f"Bonus for fulfilling a {word} contract: {bonus}", "Law 56")
    over = deal.tricks - contract.tricks_needed
    if over:
        text = f"Bonus for {over} trick{_s(over)} over a {word} contract: {over} × {bonus} = {over * bonus}"
        sheet.add(ours, Column.HONOUR, over * bonus, text, "Law 56")


def _undertricks(deal: Deal, contract: Contract, theirs: Side, sheet: Sheet) -> None:
    """Law 47a: 50, 100 or 200 an under-trick; Law 48: at most 100 on the dealer's one spade (R-1)."""
    short = contract.tricks_needed - deal.tricks
    each = 50 * contract.doubling.multiplier
    full = short * each
    doubled = "" if contract.doubling is Doubling.NONE else f", {contract.doubling.word}"
    arithmetic = f"{short} × {each} = {full}"
    if not deal.dealers_one_spade or contract.doubling is Doubling.REDOUBLED:
        sheet.add(theirs, Column.HONOUR, full, f"Undertricks{doubled}: {arithmetic}", "Law 47a")
    elif full > 100:
        text = f"Undertricks on the dealer's original one spade{doubled}: {arithmetic}, limited to 100"
        sheet.add(theirs, Column.HONOUR, 100, text, "Law 48; R-1")
    else:
        text = f"Undertricks{doubled}: {arithmetic}, within the 100 limit on the dealer's one spade"
        sheet.add(theirs, Column.HONOUR, full, text, "Law 47a; Law 48")


def honour_value(strain: Strain, side_counts: tuple[int, int]) -> tuple[int, str]:
    """A side's honour score and its words, from the honours each of its two seats held.

    Table of values (spec §3.3-3.4, §12 note 4), in tricks of the declared suit's undoubled
    value: three honours ("simple honours") 2; four divided 4, four in one hand 8; five
    divided 5, five with four in one hand 9, five in one hand 10. At no trump: three aces
    30, four divided 40, four in one hand 100. Two honours or fewer score nothing.
    """
    if not isinstance(strain, Strain):
        raise DealError(f"{quoted(strain)} is not a strain (Law 44).")
    if (
        not isinstance(side_counts, tuple)
        or len(side_counts) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in side_counts)
    ):
        raise DealError(
            f"{quoted(side_counts)} is not the honours held by two partners: give two whole numbers."
        )
    held, most = sum(side_counts), max(side_counts)
    if held > strain.honours_in_play:
        raise DealError(
            f"{held} honours is impossible: in {strain.noun} there are "
            f"{strain.honours_in_play} (table of values)."
        )
    if strain.is_no_trump:
        if held == 4:
            return (100, "Four aces in one hand: 100") if most == 4 else (40, "Four aces, divided: 40")
        return (30, "Three aces: 30") if held == 3 else (0, f"{held} ace{_s(held)}: nothing")
    if held == 3:
        tricks, words = 2, "Simple honours (3 of 5)"
    elif held == 4:
        tricks, words = (8, "Four honours in one hand") if most == 4 else (4, "Four honours, divided,")
    elif held == 5:
        tricks, words = {5: (10, "Five honours in one hand"), 4: (9, "Five honours, four in one hand,")}.get(
            most, (5, "Five honours, divided,")
        )
    else:
        return 0, f"{held} honour{_s(held)} of 5 in {strain.noun}: nothing"
    value = strain.trick_value
    return tricks * value, f"{words} in {strain.noun}: {tricks} × {value} = {tricks * value}"


def _s(number: int) -> str:
    return "" if number == 1 else "s"

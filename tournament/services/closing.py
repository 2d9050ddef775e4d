"""Closing a night with every result accounted for: the results missing, and the director's word on each.

A missing result is a board a seating of the movement plays with no result recorded for it. A night
closes only once each has a result or a ruling: an artificial adjusted score for each side (contract
bridge, Law 12C2), or "not played", scored as the event scores a board a table did not play — left
out and the board factored at contract bridge (Law 78A), each side its direction's average at
Duplicate Auction and Whist (Law B (3)). A late result is entered on the board's traveller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from .. import games, limits
from ..models import Event, Result, Ruling, Seating
from .result_facts import Facts, ResultRefused
from .results import check_text, record
from .rulings import add_ruling


@dataclass(frozen=True)
class Missing:
    """A board a seating plays with no result: where, and who sat there."""

    seating: Seating
    board: int

    @property
    def key(self) -> str:
        return f"{self.seating.pk}-{self.board}"


def missing_results(event: Event) -> list[Missing]:
    """Every board the movement gives a seating with no result recorded, by round, table and board.

    Two queries whatever the size of the event: the seatings with their tables and pairs, and the
    (seating, board) of every result."""
    seatings = (
        Seating.objects.filter(section__event=event)
        .select_related("section", "table", "ns", "ew")
        .order_by("round", "section__letter", "table__number")
    )
    done = set(Result.objects.filter(section__event=event).values_list("seating_id", "board__number"))
    return [
        Missing(seating, number)
        for seating in seatings
        for number in seating.board_numbers
        if (seating.pk, number) not in done
    ]


def not_played_words(event: Event) -> str:
    """What "not played" does to the scores in this event, with its law, for the close page and notes."""
    return games.of(event).not_played_words(event)


def not_played_law(event: Event) -> str:
    """The law by which a board not played is scored in this event (``not_played_words``)."""
    return games.of(event).not_played_law(event)


CHOICES = ("adjusted", "not_played")


@transaction.atomic
def rule_missing(
    *,
    seating: Seating,
    board_number: int,
    user: Any,
    choice: str,
    reason: str,
    ns_average: str = "",
    ew_average: str = "",
) -> Ruling:
    """Rule on a board with no result at the close: the director's act, recorded and audited.

    The table's result is recorded as not played and the ruling scores it: ``adjusted``, an
    artificial adjusted score for each side (contract bridge, Law 12C2: ``ns_average`` and
    ``ew_average`` each "A+", "A" or "A-"); ``not_played``, the event's way with a board not
    played (``not_played_words``). Both writes keep who and why in the audit log.
    """
    if choice not in CHOICES:
        raise ResultRefused("Choose an adjusted score for each side, or not played.", "choice")
    if not reason.strip():
        raise ResultRefused("Say why the board has no result: the reason is kept in the audit log.", "reason")
    check_text(reason, limits.NOTE, "The reason", "reason")
    event = seating.section.event
    if choice == "adjusted":
        if games.of(event).ruling_refused(Ruling.Kind.ARTIFICIAL):
            raise ResultRefused(
                "Artificial adjusted scores (Law 12C2) are for contract bridge: rule the board not played.",
                "choice",
            )
        for name, value in (("ns_average", ns_average), ("ew_average", ew_average)):
            if value not in Ruling.Average.values:
                raise ResultRefused("Give each side Average-plus, Average or Average-minus (Law 12C2).", name)
    saved = record(
        seating=seating,
        board_number=board_number,
        facts=Facts(not_played=True, game=games.of(event).key),
        request_key=None,
        user=user,
        reason=reason.strip(),
    )
    result = saved.result
    if choice == "adjusted":
        return add_ruling(
            result=result,
            user=user,
            kind=Ruling.Kind.ARTIFICIAL,
            law="Law 12C2",
            reason=reason.strip(),
            ns_average=ns_average,
            ew_average=ew_average,
        )
    return add_ruling(
        result=result,
        user=user,
        kind=Ruling.Kind.NOT_PLAYED,
        law=not_played_law(event),
        reason=reason.strip(),
    )


@transaction.atomic
def rule_every_missing_not_played(*, event: Event, user: Any, reason: str) -> int:
    """Rule every board still without a result not played, each as ``rule_missing`` would, with the one
    reason (a table that left early, a night whose results were kept on paper). Returns how many."""
    gaps = missing_results(event)
    for gap in gaps:
        gap.seating.section.event = event
        rule_missing(
            seating=gap.seating, board_number=gap.board, user=user, choice="not_played", reason=reason
        )
    return len(gaps)

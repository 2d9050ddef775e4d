"""Directors' rulings: record an irregularity with its law, see what it does, undo it.

A ruling never edits the facts a table reported; it is applied when the scores are
derived, and undoing it restores the score exactly as it was. Both acts are audited.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring.auction.duplicate_laws import irregular_hand_outcome
from scoring.contests.pairs import Irregular
from scoring.contract.adjusted_entry import (
    AdjustedEntry,
    ArtificialScore,
    AssignedBySide,
    Fouled,
    NotPlayed,
    WeightedScore,
    parse_adjusted,
    parse_line,
)
from scoring.contract.entry import ContractEntry
from scoring.shared.errors import ScoringError

from .. import games, limits
from ..games.contract.facts import ruling_entry
from ..games.contract.scoring import method_scores
from ..models import AuditEntry, Result, Ruling, Seating
from .result_facts import Facts, ResultRefused
from .results import Saved, check_text, correct, record, set_status

# Rulings a director reaches for most, with the law each applies (Law F; Law 81; Law B).
PRESETS: dict[str, dict[str, Any]] = {
    "declaration_out_of_turn": {
        "kind": Ruling.Kind.AWARD,
        "law": "Law F",
        "points": 50,
        "reason": "Declaration out of turn: it stands; the adversaries score 50 honour points and the "
        "offender's partner may not bid again on the deal.",
    },
    "omitted_card": {
        "kind": Ruling.Kind.AWARD,
        "law": "Law F (Law 81)",
        "points": 50,
        "reason": "A player failed to play to a trick (Law 81): 50 points to the adverse honour column.",
    },
}


def _snapshot(ruling: Ruling) -> dict[str, Any]:
    contract = {
        name: getattr(ruling, name)
        for name in ("ns_average", "ew_average", "assigned")
        if getattr(ruling, name)
    }
    words = adjustment_words(ruling)
    if words:
        contract["adjusted"] = words
    return {
        **contract,
        "kind": ruling.kind,
        "law": ruling.law,
        "side": ruling.side,
        "points": ruling.points,
        "seat": ruling.seat,
        "revoke_penalty": ruling.revoke_penalty,
        "reason": ruling.reason,
        "active": ruling.active,
    }


def _subject(result: Result) -> str:
    return f"Board {result.board.number}, round {result.seating.round}, table {result.seating.table.number}"


# Rulings that change the score; a note or a barred bidder leaves the table's result as it stands.
SCORING_KINDS = {
    Ruling.Kind.IRREGULAR_AVERAGE,
    Ruling.Kind.IRREGULAR_NS_OFFENDED,
    Ruling.Kind.IRREGULAR_EW_OFFENDED,
    Ruling.Kind.AWARD,
    Ruling.Kind.REVOKE,
    Ruling.Kind.WITHDRAWN,
    Ruling.Kind.NOT_PLAYED,
    Ruling.Kind.FOULED,
    Ruling.Kind.ARTIFICIAL,
    Ruling.Kind.ASSIGNED,
}
# The kind of ruling each adjusted score a director types is kept as, with its law.
ENTRY_KIND = {
    ArtificialScore: Ruling.Kind.ARTIFICIAL,
    AssignedBySide: Ruling.Kind.ASSIGNED,
    WeightedScore: Ruling.Kind.ASSIGNED,
    ContractEntry: Ruling.Kind.ASSIGNED,
    NotPlayed: Ruling.Kind.NOT_PLAYED,
    Fouled: Ruling.Kind.FOULED,
}

IRREGULAR_KIND = {
    Irregular.AVERAGE: Ruling.Kind.IRREGULAR_AVERAGE,
    Irregular.NS_OFFENDED: Ruling.Kind.IRREGULAR_NS_OFFENDED,
    Irregular.EW_OFFENDED: Ruling.Kind.IRREGULAR_EW_OFFENDED,
}


@transaction.atomic
def rule_irregular_hands(
    *,
    seating: Seating,
    board_number: int,
    user: Any,
    discovered: str,
    surplus_with: str | None,
    short_side: str,
) -> Ruling:
    """A wrong number of cards at a table (Law B): the engine says what follows.

    Only the case of Law B (3) with three or more tables is scored by a ruling: the table
    records the deal as not played and takes the average, or the lowest and highest scores.
    A new deal or a deal sent back is played again, and its result entered as usual.
    A result already entered at the table is ruled on in the same step: it becomes "not
    played", its facts kept in the audit log before → after; no "delete it first".
    """
    # JSON containment is not portable to SQLite: count the seatings that hold the board here.
    tables_playing = sum(
        board_number in numbers
        for numbers in Seating.objects.filter(section_id=seating.section_id).values_list(
            "board_numbers", flat=True
        )
    )
    try:
        verdict = irregular_hand_outcome(discovered, max(tables_playing, 1), surplus_with)
        entry = verdict.contest_entry(short_side)
    except ScoringError as error:
        raise ResultRefused(str(error)) from error
    if entry is None:
        raise ResultRefused(verdict.reason + " Enter the result of the deal as it is then played.")
    existing = Result.objects.filter(seating=seating, board__number=board_number).for_scoring().first()
    if existing is None:
        result = record(
            seating=seating,
            board_number=board_number,
            facts=Facts(not_played=True),
            request_key=None,
            user=user,
            reason=verdict.reason,
        ).result
    else:
        existing.section, existing.seating = seating.section, seating
        result = _replace_with_law_b(existing, user)
    return add_ruling(
        result=result, user=user, kind=IRREGULAR_KIND[entry], law="Law B (3)", reason=verdict.reason
    )


def _replace_with_law_b(result: Result, user: Any) -> Result:
    """A board already entered at the table becomes "not played" for Law B (3), in the same step.

    The entered facts are kept in the audit log (before → after, and why), and a
    Law B ruling already in force on it is undone, so only the new one scores the table.
    """
    for ruling in result.rulings.filter(kind__in=IRREGULAR_KIND.values(), undone_at__isnull=True):
        ruling.result = result
        undo_ruling(ruling=ruling, user=user, reason="Replaced by a new ruling under Law B.")
    reason = "Irregular hands (Law B (3)): the deal is scored as not played, by the ruling."
    return correct(result=result, facts=Facts(not_played=True), reason=reason, user=user)


@transaction.atomic
def add_ruling(*, result: Result, user: Any, kind: str, law: str, reason: str, **details: Any) -> Ruling:
    """Record a ruling on a result and audit it.

    A ruling that scores the result (Law B, an award, a revoke) is final when made: a result
    not yet confirmed is confirmed by the director, and the audit log says so.
    """
    event = result.section.event
    if event.is_locked:
        raise ResultRefused("The event is closed: no more rulings can be made.")
    if not reason.strip():
        raise ResultRefused("Say what happened: the reason is printed with the ruling.", "reason")
    check_text(reason, limits.NOTE, "The note", "reason")
    check_text(law, limits.LAW, "The law", "law")
    if kind not in Ruling.Kind.values:
        raise ResultRefused(f"{kind!r} is not a kind of ruling.", "kind")
    if kind == Ruling.Kind.AWARD and (details.get("side") not in ("NS", "EW") or not details.get("points")):
        raise ResultRefused("An award needs the side that receives it and the points.", "points")
    if kind == Ruling.Kind.REVOKE and details.get("seat") not in ("N", "E", "S", "W"):
        raise ResultRefused("Say which seat revoked.", "seat")
    _check_contract_ruling(event, result, kind, details)
    ruling = Ruling.objects.create(
        result=result, kind=kind, law=law, reason=reason, created_by=user, **details
    )
    AuditEntry.objects.create(
        event=event,
        result=result,
        action=AuditEntry.Action.RULING,
        subject=_subject(result),
        user=user,
        after=_snapshot(ruling),
        reason=reason,
    )
    if kind in SCORING_KINDS and result.status != Result.Status.CONFIRMED:
        # A director's ruling is final when made: the result it scores is confirmed, as his act.
        set_status(
            result=result, status=Result.Status.CONFIRMED, user=user, reason=f"The director's ruling ({law})."
        )
    return ruling


def _check_contract_ruling(event: Any, result: Result, kind: str, details: dict[str, Any]) -> None:
    """Law 12's adjusted scores belong to contract bridge, and contract bridge's rulings are those.

    A board ruled not played at the close is every game's: the classic codes give each side its
    direction's average (Law B (3)).
    """
    refused = games.of(event).ruling_refused(kind)
    if refused:
        raise ResultRefused(refused, "kind")
    if kind in (Ruling.Kind.ARTIFICIAL, Ruling.Kind.ASSIGNED):
        check_text(details.get("assigned") or "", limits.ASSIGNED, "The adjusted score", "assigned")
    if kind == Ruling.Kind.ARTIFICIAL and not details.get("assigned"):
        for name in ("ns_average", "ew_average"):
            if details.get(name) not in Ruling.Average.values:
                raise ResultRefused("Give each side Average-plus, Average or Average-minus (Law 12C2).", name)
        return
    if kind == Ruling.Kind.FOULED:
        group = details.get("assigned") or ""
        if not (group.isascii() and group.isdigit() and 1 <= int(group) <= 99):
            raise ResultRefused(
                "Name the version of the fouled board the table played: 1 to 99 (Law 87B).", "assigned"
            )
        _check_method(event, "fouled", "A fouled board's versions scored apart (Law 87B)")
        return
    if kind not in (Ruling.Kind.ARTIFICIAL, Ruling.Kind.ASSIGNED):
        return
    text = details.get("assigned") or ""
    try:
        entry = parse_adjusted(text) if kind == Ruling.Kind.ARTIFICIAL else parse_line(text)
    except ScoringError as error:
        raise ResultRefused(str(error), "assigned") from error
    if ENTRY_KIND.get(type(entry)) != kind:
        raise ResultRefused(
            f"{text!r} is not {'an artificial' if kind == Ruling.Kind.ARTIFICIAL else 'an assigned'} score "
            "(Law 12C).",
            "assigned",
        )
    if isinstance(entry, ArtificialScore) and entry.awards_only:
        details.update(ns_average=entry.markers[0], ew_average=entry.markers[1], assigned="")
        return
    details["assigned"] = entry.text
    if not isinstance(entry, ContractEntry):
        _check_method(event, "percent" if isinstance(entry, ArtificialScore) else "assigned", entry.words)


def _check_method(event: Any, way: str, what: str) -> None:
    """Refuse an adjusted score the night's method does not score (``method_scores``)."""
    if not method_scores(event.method, way):
        raise ResultRefused(
            f"{what}: a night scored by {event.get_method_display()} does not score it; give an assigned "
            "result or Average-plus/Average-minus (Law 12C).",
            "assigned",
        )


def adjustment_words(ruling: Ruling) -> str:
    """What a contract bridge adjusted score is, with its law: "Law 12C1(c) weighted: 60% 4S N =, ..."."""
    if ruling.kind == Ruling.Kind.FOULED:
        return f"Law 87B fouled board: scored in the group of version {ruling.assigned}"
    try:
        entry = ruling_entry(ruling)
    except ScoringError:
        return ""
    if entry is None:
        return ""
    if isinstance(entry, ContractEntry):
        return f"Law 12C1 assigned: {entry.text}"
    return entry.words


def record_adjusted(
    *,
    seating: Seating,
    board_number: int,
    entry: AdjustedEntry,
    request_key: Any,
    user: Any,
) -> Saved:
    """An adjusted score typed in a traveller row: the table's result and the director's ruling, together.

    A fouled board's row records the table's result as played and the version it played (Law 87B);
    any other records the board as not played at the table, with the adjusted score as the ruling
    that scores it (Laws 12C1, 12C2, 78A). One transaction: both are kept, or neither. A resend
    (the same request key) changes nothing.
    """
    with transaction.atomic():
        if isinstance(entry, Fouled):
            facts = Facts(
                game=games.CONTRACT.key,
                contract=entry.entry.contract,
                declarer=entry.entry.declarer,
                tricks=entry.entry.tricks or 0,
            )
            details: dict[str, Any] = {"assigned": entry.group}
        else:
            facts = Facts(game=games.CONTRACT.key, not_played=True)
            details = {"assigned": entry.text}
        saved = record(
            seating=seating,
            board_number=board_number,
            facts=facts,
            request_key=request_key,
            user=user,
            reason=f"Typed on the traveller: {entry.words}.",
        )
        if saved.repeated:
            return saved
        saved.result.section, saved.result.seating = seating.section, seating
        add_ruling(
            result=saved.result,
            user=user,
            kind=ENTRY_KIND[type(entry)],
            law=entry.law,
            reason=f"{entry.words}.",
            **details,
        )
    return saved


@transaction.atomic
def undo_ruling(*, ruling: Ruling, user: Any, reason: str) -> Ruling:
    """Undo a ruling: it stays on record, marked undone, and the score is derived without it."""
    result = ruling.result
    event = result.section.event
    if event.is_locked:
        raise ResultRefused("The event is closed: rulings can no longer be undone.")
    check_text(reason, limits.REASON, "The reason", "reason")
    # Lock and re-read: of two concurrent undos only the first changes anything and is audited.
    ruling.undone_at = (
        Ruling.objects.select_for_update().values_list("undone_at", flat=True).get(pk=ruling.pk)
    )
    if not ruling.active:
        return ruling
    before = _snapshot(ruling)
    ruling.undone_at = timezone.now()
    ruling.undone_by = user
    ruling.save(update_fields=["undone_at", "undone_by"])
    AuditEntry.objects.create(
        event=event,
        result=result,
        action=AuditEntry.Action.UNDO,
        subject=_subject(result),
        user=user,
        before=before,
        after=_snapshot(ruling),
        reason=reason,
    )
    return ruling

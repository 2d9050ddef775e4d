"""Recording, confirming, correcting and agreeing results: every write, audited.

Each function checks the laws that govern the change (Law D for revoke claims, Law E for
corrections once a round is agreed), changes state inside one transaction, and writes an
audit entry with who, when, before, after and why. Table devices may enter and confirm;
only a director or scorer may correct a result once the opponents have agreed it.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.auction.duplicate_laws import may_claim_revoke

from .. import games, limits
from ..models import AuditEntry, Board, BoardPlay, Event, Membership, Result, Seating, Table
from ..scores.facts import snapshot
from .hand_records import TrumpConflict, claim_trumps, honours_from_cards
from .result_facts import Facts, ResultRefused


@dataclass(frozen=True)
class Saved:
    result: Result
    created: bool
    repeated: bool = False


T = TypeVar("T")


def _locked(change: Callable[..., T]) -> Callable[..., T]:
    """Run a state change in one transaction with its seating, then its result, locked and re-read.

    Two phones (or a phone and the director) may change one round at the same moment: a
    confirm and a dispute of one result, an edit and "agree round". Each change locks the
    seating row first and the result row second (always that order, so two changes never
    wait on each other in a circle) and re-reads the state it is about to change, so the
    second of two racing requests sees what the first did and is refused or does nothing.
    On SQLite ``select_for_update`` is a no-op: SQLite runs one write at a time.
    """

    @functools.wraps(change)
    def locked(**kwargs: Any) -> T:
        result: Result | None = kwargs.get("result")
        seating: Seating | None = kwargs.get("seating") or (result.seating if result is not None else None)
        with transaction.atomic():
            # Each row read afresh and locked until the transaction ends.
            if seating is not None:
                seating.agreed_at = Seating.objects.select_for_update().get(pk=seating.pk).agreed_at
            if result is not None:
                fresh = Result.objects.select_for_update().get(pk=result.pk)
                for column in Result._meta.concrete_fields:
                    setattr(result, column.attname, getattr(fresh, column.attname))
            return change(**kwargs)

    return locked


def find_saved(request_key: uuid.UUID | None) -> Result | None:
    """The result a request key already saved, if any: a resend is answered before anything else."""
    if request_key is None:
        return None
    return Result.objects.filter(request_key=request_key).select_related("board").first()


def _subject(board: Board, seating: Seating) -> str:
    return f"Board {board.number}, round {seating.round}, table {seating.table.number}"


def _audit(event: Event, result: Result | None, action: str, subject: str, **kwargs: Any) -> AuditEntry:
    return AuditEntry.objects.create(event=event, result=result, action=action, subject=subject, **kwargs)


def _with_board_facts(board: Board, facts: Facts, result: Result | None = None) -> Facts:
    """The facts the board's hand record fixes: the honours counted from the cards (table of values),
    and a whist trump checked against the board's, recorded once a board (Whist law 42)."""
    game = games.of(facts.game)
    if facts.not_played or not (game.turns_trumps or game.scores_honours):
        return facts
    if game.turns_trumps:
        try:
            return replace(facts, trumps=claim_trumps(board, facts.trumps, result=result))
        except TrumpConflict as error:
            raise ResultRefused(str(error), "trumps") from error
    return with_card_honours(board, facts)


def with_card_honours(board: Board, facts: Facts) -> Facts:
    """The facts with the honours counted from the board's deal, as ``record`` stores them (table of
    values); unchanged when the deal is unknown, for whist and contract bridge, or with no contract.

    What a phone typed is compared with what was recorded through this: a phone does not type the
    honours of a dealt board, the cards count them.
    """
    if facts.not_played or not games.of(facts.game).scores_honours:
        return facts
    held = honours_from_cards(board, facts.contract)
    return facts if held is None else replace(facts, honours=held)


def check_text(text: str, limit: int, what: str, field: str) -> None:
    """Refuse free text over its bound (``tournament.limits``), on the field it was typed in."""
    problem = limits.too_long(text, limit, what)
    if problem:
        raise ResultRefused(problem, field)


def _check_reason(reason: str) -> None:
    check_text(reason, limits.REASON, "The reason", "reason")


def _person(user: Any) -> Any:
    """The signed-in person behind a change, or None for a table's device or the system."""
    return user if user is not None and user.is_authenticated else None


def _directs(user: Any, event: Event) -> bool:
    """Whether ``user`` is a director (or admin) of the event's club: his entry is his act, final."""
    person = _person(user)
    if person is None:
        return False
    roles = (Membership.Role.ADMIN, Membership.Role.DIRECTOR)
    return Membership.objects.filter(club_id=event.club_id, user=person, role__in=roles).exists()


def _check_event_open(event: Event) -> None:
    if event.is_locked:
        raise ResultRefused("The event is closed: results can no longer be changed.")


def _board_at(seating: Seating, number: int) -> Board:
    if number not in seating.board_numbers:
        boards = ", ".join(str(n) for n in seating.board_numbers)
        raise ResultRefused(
            f"Board {number} is not played at table {seating.table.number} in round {seating.round}: "
            f"this table plays boards {boards}.",
            "board",
        )
    board = Board.objects.filter(section_id=seating.section_id, number=number).first()
    if board is None:
        raise ResultRefused(f"There is no board {number} in this section.", "board")
    return board


@_locked
def record(
    *,
    seating: Seating,
    board_number: int,
    facts: Facts,
    request_key: uuid.UUID | None,
    user: Any = None,
    table: Table | None = None,
    reason: str = "",
) -> Saved:
    """Record a new result for one board at one table in one round.

    Idempotent: a repeated request (the same ``request_key``, as a phone resends after a
    dropped connection or a double tap) returns the result already saved and changes
    nothing. A second, different result for the same board at the same table is refused:
    the first one stands until a director corrects it. The key is looked up first, with
    the seating locked, so a resend racing its first send waits and then hears "already
    saved", never "already entered".

    A result a director of the club records himself (from a traveller, or by a ruling), not a
    table's device, is his act: it is confirmed by him when entered, in the same
    transaction and audit entry, and never waits for the opponents.
    """
    event = seating.section.event
    existing = find_saved(request_key)
    if existing is not None:
        return Saved(existing, created=False, repeated=True)
    _check_event_open(event)
    board = _board_at(seating, board_number)
    facts.validate(board.dealer)
    if Result.objects.filter(board=board, seating=seating).exists():
        raise ResultRefused(
            f"Board {board.number} is already entered at this table. "
            f"Ask the director to correct it if it is wrong ({event.correction_law}).",
            "board",
        )
    result = Result(
        section_id=seating.section_id,
        board=board,
        seating=seating,
        ns=seating.ns,
        ew=seating.ew,
        request_key=request_key,
    )
    if table is None and _directs(user, event):
        result.status, result.confirmed_by = Result.Status.CONFIRMED, user
    try:
        with transaction.atomic():
            facts = _with_board_facts(board, facts)
            facts.apply_to(result)
            result.save()
            BoardPlay.objects.bulk_create(
                [
                    BoardPlay(result=result, board=board, pair=seating.ns),
                    BoardPlay(result=result, board=board, pair=seating.ew),
                ]
            )
            _audit(
                event,
                result,
                AuditEntry.Action.CREATE,
                _subject(board, seating),
                user=_person(user),
                table=table,
                before=None,
                after=snapshot(result),
                reason=reason,
            )
    except IntegrityError as error:
        # A concurrent request with the same key, or the same board twice, lost the race.
        existing = find_saved(request_key)
        if existing is not None:
            return Saved(existing, created=False, repeated=True)
        raise ResultRefused(
            f"Board {board.number} is already recorded for one of these pairs; nothing was saved.", "board"
        ) from error
    return Saved(result, created=True)


@_locked
def correct(
    *, result: Result, facts: Facts, reason: str, user: Any = None, table: Table | None = None
) -> Result:
    """Change a recorded result, keeping before, after and the reason in the audit log.

    A table may correct its own entry until the round is agreed (Law E), unless the
    director confirmed or ruled on it (``table_correction_refused``); its correction goes
    back to the opponents, who confirm it again. A revoke may not be claimed once the
    deal's score is agreed (Law D). A director or scorer may correct any result.
    """
    event = result.section.event
    _check_event_open(event)
    if not reason.strip():
        raise ResultRefused("Say why the result is corrected: the reason is kept in the audit log.", "reason")
    _check_reason(reason)
    if table is not None:
        refused = table_correction_refused(result)
        if refused:
            raise ResultRefused(refused)
        if len(facts.revokes) > len(result.revokes):
            agreed = result.status == Result.Status.CONFIRMED
            verdict = may_claim_revoke(last_trick_quitted=True, score_agreed=agreed)
            if not verdict.allowed:
                raise ResultRefused(verdict.reason, "revokes")
    facts.validate(result.board.dealer)
    before = snapshot(result)
    with transaction.atomic():
        facts = _with_board_facts(result.board, facts, result)
        facts.apply_to(result)
        result.status = Result.Status.ENTERED if table is not None else result.status
        result.updated = timezone.now()
        result.save()
        _audit(
            event,
            result,
            AuditEntry.Action.UPDATE,
            _subject(result.board, result.seating),
            user=_person(user),
            table=table,
            before=before,
            after=snapshot(result),
            reason=reason,
        )
    return result


def table_correction_refused(result: Result) -> str:
    """Why a table may not correct its own result now, or '' when it may.

    Until the scores of the round are agreed a proved error may be corrected (Law E), even
    after the opponents confirmed the board: they confirm the corrected one again. A
    director's act is final: a board he confirmed or ruled on is changed by him only.
    Reads the result's rulings (prefetched on the table's pages).
    """
    number = result.board.number
    if result.not_played:
        return f"The director ruled on board {number} (Law B): only the director may change it."
    if result.seating.agreed_at is not None:
        return games.of(result.section.event).agreed_round_words(result.seating.round)
    if result.confirmed_by_id is not None or any(ruling.active for ruling in result.rulings.all()):
        return f"The director confirmed or ruled on board {number}: only the director may change it."
    return ""


@_locked
def delete(*, result: Result, reason: str, user: Any) -> None:
    """Remove a result entered by mistake (a director's act), keeping it in the audit log."""
    event = result.section.event
    _check_event_open(event)
    if not reason.strip():
        raise ResultRefused("Say why the result is deleted: the reason is kept in the audit log.", "reason")
    _check_reason(reason)
    with transaction.atomic():
        _audit(
            event,
            None,
            AuditEntry.Action.DELETE,
            _subject(result.board, result.seating),
            user=user,
            before=snapshot(result),
            after=None,
            reason=reason,
        )
        result.delete()


@_locked
def set_status(
    *, result: Result, status: str, reason: str = "", user: Any = None, table: Table | None = None
) -> Result:
    """The opponents confirm a result (the deal's score is then agreed, Law D) or dispute it.

    At the table only a result still awaiting the opponents may be confirmed or disputed:
    a disputed one waits for the director, a confirmed one or one of an agreed round is
    changed only by the director (Law E).

    Without a table, the confirmation is the director's own act, final when made: the
    result keeps who confirmed it, and every screen, export and the audit log say so.
    """
    event = result.section.event
    _check_event_open(event)
    _check_reason(reason)
    if result.status == status:
        return result  # a repeated tap changes nothing
    if table is not None:
        _check_pending_at_table(result)
    action = AuditEntry.Action.CONFIRM if status == Result.Status.CONFIRMED else AuditEntry.Action.DISPUTE
    by_director = status == Result.Status.CONFIRMED and table is None and _person(user) is not None
    before = snapshot(result)
    with transaction.atomic():
        result.status = status
        result.confirmed_by = user if by_director else None
        result.updated = timezone.now()
        result.save(update_fields=["status", "confirmed_by", "updated"])
        _audit(
            event,
            result,
            action,
            _subject(result.board, result.seating),
            user=_person(user),
            table=table,
            before=before,
            after=snapshot(result),
            reason=reason,
        )
    return result


def _check_pending_at_table(result: Result) -> None:
    """Refuse a table's confirm or dispute of a result that is no longer the opponents' to settle."""
    law = result.section.event.correction_law
    if result.status == Result.Status.DISPUTED:
        raise ResultRefused(f"Board {result.board.number} is disputed: the director will rule on it.")
    if result.status == Result.Status.CONFIRMED:
        raise ResultRefused(
            f"Board {result.board.number} is confirmed: if it is wrong, call the director ({law})."
        )
    if result.seating.agreed_at is not None:
        raise ResultRefused(
            f"Round {result.seating.round} is agreed: only the director may change its results ({law})."
        )


@_locked
def agree_round(
    *, seating: Seating, user: Any = None, table: Table | None = None, on_authority: bool = False
) -> Seating:
    """Agree the scores of the deals played before changing opponents (Law E).

    Every board of the round must be recorded, none disputed, and every one confirmed by
    the opponents (the deal's score agreed, Law D); the refusal names the boards still to
    confirm. A director may agree it ``on_authority``: he confirms those boards himself,
    each one audited as his act. Afterwards only a director or scorer may correct them.
    """
    event = seating.section.event
    _check_event_open(event)
    if seating.agreed_at is not None:
        return seating
    results = {r.board.number: r for r in Result.objects.filter(seating=seating).select_related("board")}
    missing = [n for n in seating.board_numbers if n not in results]
    if missing:
        raise ResultRefused(
            "Enter every board before agreeing the round; missing: " + ", ".join(map(str, missing)) + "."
        )
    disputed = [n for n, r in results.items() if r.status == Result.Status.DISPUTED]
    if disputed:
        raise ResultRefused(
            "The director must rule on the disputed boards first: " + ", ".join(map(str, disputed)) + "."
        )
    unconfirmed = unconfirmed_boards(seating, results.values())
    if unconfirmed and not (on_authority and _person(user) is not None):
        raise ResultRefused(
            f"The opponents confirm every board before the round is agreed ({event.agreement_law}); "
            "still to confirm: " + ", ".join(map(str, unconfirmed)) + "."
        )
    with transaction.atomic():
        for number in unconfirmed:
            result = results[number]
            result.section, result.seating = seating.section, seating
            set_status(
                result=result,
                status=Result.Status.CONFIRMED,
                user=user,
                reason=(
                    f"Confirmed by the director, agreeing round {seating.round} on his authority "
                    f"({event.correction_law})."
                ),
            )
        seating.agreed_at = timezone.now()
        seating.save(update_fields=["agreed_at"])
        # The round's results show that it is agreed: the boards the table played in it.
        after: dict[str, Any] = {"boards": seating.board_numbers}
        if unconfirmed:
            after["confirmed_by_the_director"] = unconfirmed
        _audit(
            event,
            None,
            AuditEntry.Action.AGREE,
            f"Round {seating.round}, table {seating.table.number}",
            user=_person(user),
            table=table,
            after=after,
        )
    return seating


def unconfirmed_boards(seating: Seating, results: Iterable[Result]) -> list[int]:
    """The boards of a round entered but not yet confirmed, in the order the table plays them."""
    waiting = {r.board.number for r in results if r.status == Result.Status.ENTERED}
    return [n for n in seating.board_numbers if n in waiting]

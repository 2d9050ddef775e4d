"""The double-dummy analysis of every stored deal: made once, in the background, one deal at a time.

A board's double-dummy tricks and (contract bridge) par are derived from its deal, and DDS takes a
tenth of a second of a core a deal and cannot be entered by two threads of a process at once
(``double_dummy.SOLVER``). So no request ever works them out: a service that stores deals (the hand
records dealt or imported, an imported session) names the boards to :func:`request`, which queues
the task :func:`analyse_deals` in the same transaction (django-tasks: the task is stored with the
deals, or not at all). A worker (``manage.py db_worker``, one task at a time) analyses them one
after the other, saves each result on its board and raises its versions
(``scores.versions``), so that pages and documents made before show it from then on. Until
then they say the analysis is coming.

The analysis is derived data, like the scores: it is saved by a plain update with no audit entry.
Boards still lacking their analysis (a worker stopped in the middle, deals stored by hand in the
database) are found by ``manage.py analyse_deals``: at once, or queued with ``--in-background``,
as ``make run`` does when it starts its worker.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Callable, Iterable
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Q, QuerySet
from django_tasks import task

from scoring.shared.cards import Hands
from scoring.shared.errors import ScoringError

from .. import games
from ..games.contract.facts import vulnerability_of
from ..models import Board
from ..scores import versions
from . import double_dummy

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120
"""A board one worker is analysing is left alone by the others this long (an analysis takes < 1 s)."""


def lacking() -> Q:
    """Boards with a deal whose analysis is not stored yet: no tricks table, or no par at a game with one."""
    with_par = [game.key for game in games.GAMES.values() if game.has_par]
    no_par = Q(section__event__game__in=with_par, par__isnull=True)
    return ~Q(hands="") & (Q(double_dummy__isnull=True) | no_par)


def pending(*, club: str | None = None, event: int | None = None) -> QuerySet[Board]:
    """Boards lacking their analysis, of one club (by slug) or one event if given, in order."""
    boards = Board.objects.filter(lacking())
    if club is not None:
        boards = boards.filter(section__event__club__slug=club)
    if event is not None:
        boards = boards.filter(section__event_id=event)
    return boards.order_by("pk")


def request(board_ids: Iterable[int]) -> None:
    """Have these boards' deals analysed by a worker: the task is queued in the caller's transaction."""
    ids = sorted(set(board_ids))
    if ids:
        analyse_deals.enqueue(ids)


@task()
def analyse_deals(board_ids: list[int] | None = None) -> int:
    """The background task: analyse these boards (None: every board lacking its analysis), each
    claimed first so that two workers never solve one deal; the number saved."""
    return analyse(board_ids, claim=True)


def analyse(
    board_ids: Iterable[int] | None = None,
    *,
    claim: bool = False,
    progress: Callable[[Board], None] | None = None,
) -> int:
    """Analyse each of these boards (None: every board) that has a deal and lacks its analysis, one at a
    time, and save it; the number saved. A deal replaced meanwhile is not saved: its own request follows.

    ``claim``: skip a board another worker is analysing, or has analysed since it was read (the task);
    ``progress``: told of each board before it is analysed."""
    boards = (
        Board.objects.filter(lacking())
        .select_related("section__event")
        .only("pk", "number", "dealer", "hands", "vulnerability", "section__id", "section__event__game")
        .order_by("pk")
    )
    if board_ids is not None:
        boards = boards.filter(pk__in=list(board_ids))
    saved = 0
    for board in boards:
        if (board.pk, board.hands) in _unreadable:
            continue
        if progress is not None:
            progress(board)
        saved += _claimed(board) if claim else _analyse_one(board)
    return saved


def _claimed(board: Board) -> int:
    """Analyse the board unless another worker has it, or analysed it since it was read."""
    key = _claim_key(board)
    if not cache.add(key, os.getpid(), CLAIM_SECONDS):
        return 0
    try:
        if not Board.objects.filter(lacking(), pk=board.pk, hands=board.hands).exists():
            return 0
        return _analyse_one(board)
    finally:
        cache.delete(key)


def _claim_key(board: Board) -> str:
    deal = hashlib.sha256(board.hands.encode()).hexdigest()[:16]
    return f"double-dummy:{board.pk}:{deal}"


def _analyse_one(board: Board) -> int:
    try:
        hands = Hands.parse(board.hands)
    except ScoringError:
        log.warning("Board %s has a malformed deal %r: it cannot be analysed", board.pk, board.hands)
        _unreadable.add((board.pk, board.hands))  # not tried again by this process, nor logged again
        return 0
    with_par = games.of(board.section.event).has_par
    vulnerable, dealer = (vulnerability_of(board).pbn, board.dealer) if with_par else (None, None)
    try:
        tricks, par = double_dummy.analyse(hands, vulnerable, dealer)
    except Exception:  # the solver's failure is one board's: logged, the others go on
        log.exception("The double-dummy analysis of board %s failed", board.pk)
        return 0
    facts: dict[str, Any] = {"double_dummy": tricks, **({"par": par} if with_par else {})}
    with transaction.atomic():
        # The deal it was made from, still: a deal replaced since is analysed by its own request.
        same = Board.objects.filter(pk=board.pk, hands=board.hands, vulnerability=board.vulnerability)
        if not same.update(**facts):
            return 0
        versions.boards_written([board.pk])
    return 1


_unreadable: set[tuple[int, str]] = set()

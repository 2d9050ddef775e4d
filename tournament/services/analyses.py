"""The double-dummy analysis of every stored deal: made once, in the background, one deal at a time.

A board's double-dummy tricks and (contract bridge) par are derived from its deal, and DDS takes a
tenth of a second of a core a deal and cannot be entered by two threads of a process at once
(``double_dummy.SOLVER``). So no request ever works them out: a service that stores deals (the hand
records dealt or imported, an imported session) names the boards to :func:`request`, and one
thread of each server process analyses them one after the other once the write commits, saves
each result on its board and raises its versions (``scores.versions``), so that pages
and documents made before show it from then on. Until then they say the analysis is coming.

The analysis is derived data, like the scores: it is saved by a plain update with no audit entry.
The first request a process serves also hands that thread every board still lacking its analysis
(the server stopped before it was done), and the thread looks for such boards again whenever it
has had nothing to do for ``SWEEP_EVERY`` seconds (deals stored by a command while the server
runs); ``manage.py analyse_deals`` does it at once. With
``DOUBLE_DUMMY_IN_BACKGROUND`` off (the tests) :func:`request` analyses in the caller's thread.
A later issue moves background work to a task queue: :func:`request` is the one door to swap.
"""

from __future__ import annotations

import hashlib
import logging
import os
import queue
import threading
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Q, QuerySet

from scoring.shared.cards import Hands
from scoring.shared.errors import ScoringError

from ..games.contract.facts import vulnerability_of
from ..models import Board, Event
from ..scores import versions
from . import double_dummy

log = logging.getLogger(__name__)

CLAIM_SECONDS = 120
"""A board one process is analysing is left alone by the others this long (an analysis takes < 1 s)."""

EVERY = None
"""What the analysis thread is handed to look for every board lacking its analysis."""

SWEEP_EVERY = 60.0
"""Seconds the analysis thread waits for deals before it looks for any left lacking (one query)."""


def lacking() -> Q:
    """Boards with a deal whose analysis is not stored yet: no tricks table, or at contract bridge no par."""
    no_par = Q(section__event__game=Event.Game.CONTRACT, par__isnull=True)
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
    """Have these boards' deals analysed: by this process's analysis thread once the caller's
    transaction commits, or here and now when ``DOUBLE_DUMMY_IN_BACKGROUND`` is off."""
    ids = sorted(set(board_ids))
    if not ids:
        return
    if not settings.DOUBLE_DUMMY_IN_BACKGROUND:
        analyse(ids)
        return
    transaction.on_commit(lambda: _jobs().put(ids))


def analyse(
    board_ids: Iterable[int] | None = None,
    *,
    claim: bool = False,
    progress: Callable[[Board], None] | None = None,
) -> int:
    """Analyse each of these boards (None: every board) that has a deal and lacks its analysis, one at a
    time, and save it; the number saved. A deal replaced meanwhile is not saved: its own request follows.

    ``claim``: skip a board another process of the server is analysing (the background thread);
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
        if claim and not cache.add(_claim_key(board), os.getpid(), CLAIM_SECONDS):
            continue
        if progress is not None:
            progress(board)
        saved += _analyse_one(board)
    return saved


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
    contract = board.section.event.is_contract
    vulnerable, dealer = (vulnerability_of(board).pbn, board.dealer) if contract else (None, None)
    try:
        tricks, par = double_dummy.analyse(hands, vulnerable, dealer)
    except Exception:  # the solver's failure is one board's: logged, the others go on
        log.exception("The double-dummy analysis of board %s failed", board.pk)
        return 0
    facts: dict[str, Any] = {"double_dummy": tricks, **({"par": par} if contract else {})}
    with transaction.atomic():
        # The deal it was made from, still: a deal replaced since is analysed by its own request.
        same = Board.objects.filter(pk=board.pk, hands=board.hands, vulnerability=board.vulnerability)
        if not same.update(**facts):
            return 0
        versions.boards_written([board.pk])
    return 1


_unreadable: set[tuple[int, str]] = set()
_started = threading.Lock()
_queue: queue.SimpleQueue[list[int] | None] | None = None
_queue_pid = 0
_picked_up_pid = 0


def _jobs() -> queue.SimpleQueue[list[int] | None]:
    """This process's analysis queue, its thread started on first use. A gunicorn worker is forked
    from a process that may have had one: a thread does not survive the fork, so each starts its own."""
    global _queue, _queue_pid
    with _started:
        if _queue is None or _queue_pid != os.getpid():
            _queue, _queue_pid = queue.SimpleQueue(), os.getpid()
            thread = threading.Thread(target=_run, args=(_queue,), name="double-dummy", daemon=True)
            thread.start()
        return _queue


def _run(jobs: queue.SimpleQueue[list[int] | None]) -> None:
    while True:
        try:
            ids = jobs.get(timeout=SWEEP_EVERY)
        except queue.Empty:
            if not settings.DOUBLE_DUMMY_IN_BACKGROUND:
                continue  # analyses are made in the writes now (the tests): nothing to look for
            ids = EVERY
        try:
            analyse(ids, claim=True)
        except Exception:  # the thread lives on for the next deals; the details go to the log
            log.exception("Analysing deals %s stopped", "(every one lacking)" if ids is None else ids)
        finally:
            connection.close()  # this thread's own database connection


def pick_up(**kwargs: Any) -> None:
    """On a process's first request (``request_started``): hand its analysis thread every board
    still lacking its analysis (deals stored before the server stopped)."""
    global _picked_up_pid
    if _picked_up_pid == os.getpid() or not settings.DOUBLE_DUMMY_IN_BACKGROUND:
        return
    _picked_up_pid = os.getpid()
    _jobs().put(EVERY)

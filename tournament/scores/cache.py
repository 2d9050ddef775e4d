"""A section's scores, computed once per change and shared by every page, export, PDF and worker.

Every fact a section's scores are made of — its results, corrections, confirmations, rulings
and their undoing, substitutions and withdrawals, pair and team names, the boards' trumps,
deals and vulnerability, the event's scoring settings and status, an imported session — is
written by a service, and that service calls :func:`changed` (or :func:`event_changed`) in the
same transaction: the section's ``version`` goes up by one. Its scores are cached under
``(section, version)``: a page reads the version (one small query) and finds the scores made
for exactly that version, or scores the section and keeps them. A stale read cannot happen,
because a key is never reused for other facts: the version only rises, and the facts and
the version change in one transaction.

Two layers:

* Django's cache (``CACHES["default"]``: the database cache by default, Redis where a club
  runs several machines, see the README), shared by every gunicorn worker and machine;
* a few sections held in this process, so that a worker answering the phones' polls does not
  even unpickle them again. Its entries are keyed by the same version read from the database.

A change to some boards only — a result recorded, corrected, confirmed or deleted, a ruling made
or undone, a round agreed — names them: ``changed(section, boards=[...])``; and when the boards'
own facts (deal, trumps) stand and only some of their results changed, those results too:
``changed(section, boards=[...], results=[...])``. Once its transaction commits, the change is
recorded in the shared cache under the version it made ("version v came from v - 1 by a change
to these boards, these results"). A worker holding the scores of an earlier version h then reads
the records of h + 1 ... v and, if every one is there and names boards, scores only those boards
again (``standings.rescore_boards``), and of them loads only the results named, when every
record names them: the same scores as a whole rescoring, at the cost of a few results. A record
is written with its change in the database cache (it commits or rolls back with it), otherwise
after the commit, so it never describes a change that was rolled back; the versions only rise,
so it is never reused. A worker holding nothing of the section reads the latest whole scoring
shared among the last ``STEPS`` versions and catches up from it the same way. A record missing
(not yet written, evicted, a change to the whole section) means a whole rescoring, never a wrong one.

Inside a transaction the scores may be of facts that are then rolled back, which would leave an
entry under a version that the next real change will use again. So there only a cache that
rolls back with the transaction is written: the database cache of the same database; neither
this process's memory nor another cache server.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import pickle
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection, transaction
from django.db.models import F

from ..models import Event, Section

if TYPE_CHECKING:
    from .standings import SectionScores

logger = logging.getLogger(__name__)

# Raised whenever SectionScores or what it holds changes shape: a cache filled by an older
# release is then never read, its entries simply expire.
FORMAT = 3
TIMEOUT = 7 * 24 * 3600  # a week: a night's scores are read for days after it, then rarely
KEPT_IN_PROCESS = 6  # sections a worker keeps unpickled: a club's nights of a week, a congress's sections
STEPS = 32  # the most changes a worker catches up with board by board; further behind, it rescores whole
# Scores brought up to date board by board are not shared: every worker holding the section catches
# up from its own copy and the change records, and pickling a 120-table night (0.17 s, 3.4 MB) costs
# far more than scoring one board again (a few ms). Only a whole scoring is shared: a worker holding
# nothing catches up from the latest one through the records.


@dataclass(frozen=True)
class Changes:
    """What changed between two versions of a section: some boards, and perhaps only some of their results.

    ``results`` None: every result of those boards (or the boards' own facts) may have changed."""

    boards: frozenset[int]
    results: frozenset[int] | None = None


Update = Callable[["SectionScores", Section, Changes], "SectionScores | None"]

_kept: OrderedDict[int, tuple[int, SectionScores]] = OrderedDict()
_kept_lock = threading.Lock()
# The version of each section this process last found in, or gave to, the shared cache.
_shared_at: dict[int, int] = {}


def changed(
    section: Section | int, boards: Iterable[int] | None = None, results: Iterable[int] | None = None
) -> None:
    """Say that a fact of ``section`` changed: its cached scores are never read again.

    ``boards``: the ids of the only boards whose facts changed (their results, the results'
    rulings, the seatings that played them), so that the next read scores those boards again
    rather than the whole section; None when anything else changed. ``results``, with ``boards``:
    the ids of the only results of those boards that changed (recorded, corrected, deleted,
    confirmed, ruled on, their round agreed), the boards' own facts standing; None: any of them.

    Call it inside the transaction that writes the fact (every service does)."""
    pk = section if isinstance(section, int) else section.pk
    # The row is this transaction's until it ends (the update locked it): the version read is ours.
    version = _raised(pk)
    if boards is not None:
        if version is None:
            return
        named = None if results is None else tuple(sorted(set(results)))
        record = partial(_record, pk, version, (tuple(sorted(set(boards))), named))
        if connection.in_atomic_block and _rolls_back_with_transaction():
            # The database cache commits (or rolls back) with the change itself: no reader ever
            # sees the new version without its record, and scores the whole section for want of it.
            record()
        else:
            transaction.on_commit(record)


def _raised(section_pk: int) -> int | None:
    """Raise the section's version by one and say the new one (None: no such section).

    Every write a phone or the director makes runs it: one statement written out, rather than
    an update and a read built by the ORM each time (SQLite 3.35 and PostgreSQL both return it)."""
    quote = connection.ops.quote_name
    column, table = quote("version"), quote(Section._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {column} = {column} + 1 WHERE {quote('id')} = %s RETURNING {column}",
            [section_pk],
        )
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def change_key(section_pk: int, version: int) -> str:
    return f"change:{FORMAT}:{section_pk}:{version}"


def _record(section_pk: int, version: int, change: tuple[tuple[int, ...], tuple[int, ...] | None]) -> None:
    try:
        cache.set(change_key(section_pk, version), change, TIMEOUT)
    except Exception:
        logger.warning("A change could not be recorded; the section is scored whole next.", exc_info=True)


def changes_between(section_pk: int, held: int, version: int) -> Changes | None:
    """What changed from version ``held`` to ``version``, or None when any step is not recorded
    as a change to some boards (a change to the whole section, a record not written or evicted).
    Its results are named only when every step names them."""
    if not held < version <= held + STEPS:
        return None
    names = [change_key(section_pk, step) for step in range(held + 1, version + 1)]
    try:
        records: dict[str, Any] = cache.get_many(names)
    except Exception:
        logger.warning("The change records could not be read; scoring the section whole.", exc_info=True)
        return None
    boards: set[int] = set()
    changed_results: set[int] | None = set()
    for name in names:
        record = records.get(name)
        if not (isinstance(record, tuple) and len(record) == 2 and isinstance(record[0], tuple)):
            return None
        boards.update(record[0])
        if record[1] is None or changed_results is None:
            changed_results = None
        else:
            changed_results.update(record[1])
    return Changes(frozenset(boards), None if changed_results is None else frozenset(changed_results))


def sections_changed(sections: Iterable[Section | int]) -> None:
    """:func:`changed` for several sections at once (one query)."""
    pks = [s if isinstance(s, int) else s.pk for s in sections]
    if pks:
        Section.objects.filter(pk__in=pks).update(version=F("version") + 1)


def event_changed(event: Event | int) -> None:
    """A fact of the whole event changed (its scoring settings, status, names): every section's scores."""
    pk = event if isinstance(event, int) else event.pk
    Section.objects.filter(event_id=pk).update(version=F("version") + 1)


def version_of(section: Section) -> int:
    """The section's version as the database holds it now, never as an older copy of the row says.

    Every read of the scores asks it first, the phones' polls most of all: one column of one row by
    its key, written out rather than built by the ORM each time (a tenth of the cost)."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {quote('version')} FROM {quote(Section._meta.db_table)} WHERE {quote('id')} = %s",
            [section.pk],
        )
        row = cursor.fetchone()
    return int(row[0]) if row is not None else section.version


def key(section_pk: int, version: int) -> str:
    return f"scores:{FORMAT}:{section_pk}:{version}"


class Flights:
    """One thread of a worker makes a thing at a time; the others wait for it and take what it made.

    After a result is entered the phones' polls of the standings all miss at once, and a worker's
    four threads would otherwise score and render the same night four times over. A fixed set of
    locks, chosen by the thing's name: two unrelated names may share one and wait for each other,
    but the set never grows. A pool is never taken while another lock of the same pool is held,
    and the pages' pool only ever before the scores' (a page's body is made from the scores), so
    no two threads can wait for each other in a circle.
    """

    def __init__(self, size: int = 64) -> None:
        self._locks = tuple(threading.Lock() for _ in range(size))

    def lock(self, name: str) -> threading.Lock:
        return self._locks[zlib.crc32(name.encode()) % len(self._locks)]


_flights = Flights()


def scores(
    section: Section, compute: Callable[[Section], SectionScores], update: Update | None = None
) -> SectionScores:
    """The section's scores for its current version: from this process, the shared cache, or ``compute``.

    With ``update``, scores this process holds for an earlier version are brought up to date
    board by board when the change records say which boards changed since (see above).
    """
    version = version_of(section)
    section.version = version
    if connection.in_atomic_block:
        # Not in this process's memory, and no lock: this transaction may hold rows another
        # thread's reader waits for.
        return _made(section, version, compute, update, None, safe_here=False)
    held = _held(section.pk, version)
    if held is not None and held[0] == version:
        return held[1]
    with _flights.lock(key(section.pk, 0)):
        held = _held(section.pk, version)  # made by the thread this one waited for
        if held is not None and held[0] == version:
            return held[1]
        return _made(section, version, compute, update, held, safe_here=True)


def _held(pk: int, version: int) -> tuple[int, SectionScores] | None:
    with _kept_lock:
        held = _kept.get(pk)
        if held is not None and held[0] == version:
            _kept.move_to_end(pk)
        return held


def _made(
    section: Section,
    version: int,
    compute: Callable[[Section], SectionScores],
    update: Update | None,
    held: tuple[int, SectionScores] | None,
    *,
    safe_here: bool,
) -> SectionScores:
    """The scores of ``version``: brought up to date from ``held``, read from the shared cache, or made."""
    if held is not None and update is not None:
        sheet = _brought_up(section, held, version, update)
        if sheet is not None:
            _keep(section.pk, version, sheet)
            return sheet
    found = _shared_latest(section.pk, version)
    if found is not None and found[0] == version:
        sheet = found[1]
    else:
        # A worker holding nothing of the section (or too far behind) catches up from the latest
        # whole scoring shared, through the change records, as from its own copy.
        sheet = None if found is None or update is None else _brought_up(section, found, version, update)
        if sheet is not None:
            if safe_here:
                _keep(section.pk, version, sheet)
            return sheet
        sheet = compute(section)
        if safe_here or _rolls_back_with_transaction():
            _shared_set(key(section.pk, version), sheet)
            shared = _shared_at.get(section.pk) if safe_here else None
            if shared is not None and shared != version:
                # The sheet this worker shared before is read no more (the latest whole scoring is
                # this one): a night of many whole scorings leaves one sheet in the cache, not dozens.
                _shared_delete(key(section.pk, shared))
    if safe_here:
        _shared_at[section.pk] = version
        _keep(section.pk, version, sheet)
    return sheet


def _brought_up(
    section: Section, base: tuple[int, SectionScores], version: int, update: Update
) -> SectionScores | None:
    """``base`` (scores and their version) brought up to ``version`` board by board, when the change
    records reach from it; None otherwise."""
    changes = changes_between(section.pk, base[0], version)
    if changes is None:
        return None
    with collector_paused():
        return update(base[1], section, changes)


def forget_in_process() -> None:
    """Drop the sections this process holds (a benchmark's cold run; a restore)."""
    with _kept_lock:
        _kept.clear()
        _shared_at.clear()


def _keep(pk: int, version: int, sheet: SectionScores) -> None:
    with _kept_lock:
        held = _kept.get(pk)
        if held is not None and held[0] > version:
            return  # another thread already holds a later version
        _kept[pk] = (version, sheet)
        _kept.move_to_end(pk)
        while len(_kept) > KEPT_IN_PROCESS:
            _kept.popitem(last=False)


def _rolls_back_with_transaction() -> bool:
    return isinstance(caches["default"], DatabaseCache)


def _shared_latest(section_pk: int, version: int) -> tuple[int, SectionScores] | None:
    """The latest scores of the section in the shared cache among the last ``STEPS`` versions up to
    ``version``, with their version; None when there are none (one query, whatever is found).

    Only whole scorings are shared, and a worker drops the one it shared before: a few at most."""
    # Pickled and compressed here rather than by the backend: a 120-table night is 3.4 MB of pickle
    # and 0.5 MB compressed, and a cache that is down or an entry that cannot be read back costs
    # one rescoring, never a page.
    names = {key(section_pk, step): step for step in range(max(0, version - STEPS), version + 1)}
    try:
        blobs: dict[str, Any] = cache.get_many(list(names))
    except Exception:
        logger.warning("The scores cache could not be read; scoring the section instead.", exc_info=True)
        return None
    for name in sorted(blobs, key=names.__getitem__, reverse=True):
        try:
            with collector_paused():
                sheet: SectionScores = pickle.loads(zlib.decompress(blobs[name]))
        except Exception:
            logger.warning("Cached scores %s could not be read back; scoring again.", name, exc_info=True)
            continue
        return names[name], sheet
    return None


def _shared_delete(name: str) -> None:
    try:
        cache.delete(name)
    except Exception:
        logger.warning("Superseded scores %s could not be dropped; they expire in time.", name, exc_info=True)


def _shared_set(name: str, sheet: SectionScores) -> None:
    try:
        with collector_paused():
            blob = zlib.compress(pickle.dumps(sheet, protocol=pickle.HIGHEST_PROTOCOL), 1)
        cache.set(name, blob, TIMEOUT)
    except Exception:
        logger.warning("The scores cache could not be written; the next page scores again.", exc_info=True)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector while a section's scores are made or read back.

    Scoring a night, or unpickling it, allocates tens of thousands of short-lived objects and
    makes no reference cycles; left running, the collector would sweep the whole growing heap
    again and again (unpickling a 120-table night takes 1.5 s with it, 0.25 s without).
    Reference counting still frees everything as usual; the collector resumes as it was.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()

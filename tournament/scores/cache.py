"""A section's scores kept as plain data, under the versions of the facts they were made from.

Every write of a fact raises the versions of what it changes, inside its transaction
(``scores.versions``): the section's, and a board's own when the fact belongs to one board (a
result, a ruling, the board itself). The cache never holds a model: the facts are loaded fresh on
every read (``standings.load_section``) and joined to the figures kept here, which are the
engine's outputs alone (``scores.types``):

* each board's results scored, and its deal's figures in a pair contest, under the board's version;
* the section's contest (the pair contest, the match, the contract contest), under its version.

They are kept in one entry of Django's cache per section (the database cache by default, Redis
where a club serves from several machines), read and written whole in one statement each, so a
page makes the same number of queries whatever the night's size. A figure is used only when the
version it was made under is the version read now, and versions only rise, so nothing stale is
ever used: after a result, its board is scored again, the other boards' figures are taken as
kept, and the contest is added up again. A read that finds nothing (a cache emptied, down, or an
entry of an older release, see ``SHAPE``) scores the section whole, never wrongly.

Inside a transaction the facts may yet be rolled back, and with them the versions, which the next
write would then use again for other facts. So there only a cache that rolls back with the
transaction is written (the database cache of the same database), never another.

A worker also holds the last few sections' figures it kept or read (``MEMO_SIZE``), so that a read
after a change does not unpickle every board's figures again. It serves them only while the shared
cache names them as its own: every entry kept outside a transaction carries a random stamp, also
kept alone under its own key, and a read asks the stamp (one small entry) before the figures. A
cache emptied (a restore, a test), or figures kept since by another worker, answer another stamp
or none, and the figures are read from the shared cache again. Figures held here are those of
committed facts only, each under the versions it was made at, so using them is as safe as the
shared entry itself: a board or a contest whose version moved is made again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import secrets
from typing import Any

from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection

from scoring.contests import pairs, teams

from ..models import Section
from .types import BoardScores, ContestFigures, ResultFigures

logger = logging.getLogger(__name__)

TIMEOUT = 7 * 24 * 3600  # a week: a night's scores are read for days after it, then rarely


def _shape(*kinds: type) -> str:
    """A digest of the fields of what is kept: an entry an older release made is never read back."""
    names = ",".join(
        f"{kind.__name__}({' '.join(field.name for field in dataclasses.fields(kind))})" for kind in kinds
    )
    return hashlib.blake2b(names.encode(), digest_size=6).hexdigest()


@dataclasses.dataclass(frozen=True, slots=True)
class Kept:
    """What the cache holds of a section: its contest made at ``version``, and each board's figures
    by board id with the board's version they were made at."""

    version: int
    contest: ContestFigures | None
    boards: dict[int, tuple[int, BoardScores]]
    stamp: str = ""  # names this entry among all that were ever kept (see the module's notes)


SHAPE = _shape(
    Kept,
    ResultFigures,
    BoardScores,
    ContestFigures,
    pairs.DealFigures,
    pairs.PairContest,
    pairs.Traveller,
    pairs.PairDealScore,
    pairs.Standing,
    teams.TeamMatch,
)


MEMO_SIZE = 4  # sections a worker holds: the few a club plays at once (benchmarks/worker_memory.py)
_held: dict[int, Kept] = {}


def key(section_pk: int) -> str:
    return f"scores:{SHAPE}:{section_pk}"


def stamp_key(section_pk: int) -> str:
    return f"{key(section_pk)}:stamp"


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


def kept(section_pk: int) -> Kept | None:
    """What the cache holds of the section, or None (nothing, or the cache cannot be read).

    The figures this worker holds are used when the shared cache's stamp names them: one small
    entry read instead of every board's figures unpickled."""
    held = _held.get(section_pk)
    try:
        if held is not None and cache.get(stamp_key(section_pk)) == held.stamp:
            return held
        found: Any = cache.get(key(section_pk))
    except Exception:
        logger.warning("The scores cache could not be read; scoring the section instead.", exc_info=True)
        return None
    if not isinstance(found, Kept):
        return None
    if found.stamp and not connection.in_atomic_block:
        _hold(section_pk, found)
    return found


def keep(section_pk: int, figures: Kept) -> None:
    """Keep the section's figures, unless this transaction could still roll back their versions.

    Outside a transaction they are stamped, and held by this worker too (the module's notes)."""
    if not may_keep():
        return
    committed = not connection.in_atomic_block
    if committed:
        figures = dataclasses.replace(figures, stamp=secrets.token_hex(8))
    try:
        cache.set(key(section_pk), figures, TIMEOUT)
        if committed:
            cache.set(stamp_key(section_pk), figures.stamp, TIMEOUT)
    except Exception:
        logger.warning("The scores cache could not be written; the next page scores again.", exc_info=True)
        return
    if committed:
        _hold(section_pk, figures)


def _hold(section_pk: int, figures: Kept) -> None:
    _held.pop(section_pk, None)
    _held[section_pk] = figures
    while len(_held) > MEMO_SIZE:
        _held.pop(next(iter(_held)), None)


def forget_in_process() -> None:
    """Drop the figures this worker holds, as a fresh worker starts (the benchmarks' cold reads)."""
    _held.clear()


def may_keep() -> bool:
    """Whether what is made now may be kept in the shared cache: outside a transaction, or in a
    cache that rolls back with it (the database cache), since a rolled-back write's versions come
    again with other facts."""
    return not connection.in_atomic_block or _rolls_back_with_transaction()


def _rolls_back_with_transaction() -> bool:
    return isinstance(caches["default"], DatabaseCache)

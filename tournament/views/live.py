"""The live pages — the public standings and the director's running grid — kept once per change,
and their polls: refresh.js asks again every few seconds with the ETag of what it shows.

A live fragment's ETag names everything it shows (the event's state and each section's version,
which every write raises), so the HTML made once for an ETag is kept in Django's cache, shared by
every worker, under the ETag, the club's address (in every link) and the language. A kept
fragment holds no form and no CSRF token: the page around it, with its forms, is rendered for
each request (the grid's "Agree the round" buttons post through the page's one form).

A poll is answered by Django's own conditional GET (``condition``): 304 Not Modified, with no
scoring and no rendering, while the ETag is unchanged; otherwise the fragment.
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Callable

from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition

from ..models import Section
from ..scores import cache as score_cache

FORMAT = 1  # raised when the fragments' markup changes: those kept by an older release are never read
KEPT_SECONDS = 7 * 24 * 3600  # a week: a night's standings are read for days after it, then rarely
# A fragment being made is claimed for at most this long: a maker that died frees its claim then.
MAKING_SECONDS = 30
# How long a request waits for another's fragment before making its own, and how often it looks.
WAIT_SECONDS = 10
WAIT_STEP = 0.05
# Fragments a worker holds by key (``_remember``): a few events' standings and grids.
RECENT = 16

_recent: dict[str, str] = {}


def key(kind: str, etag: str, club_slug: str) -> str:
    """The cache key of a fragment: its kind, its ETag, the club's address and the language."""
    named = f"{etag}|{club_slug}|{translation.get_language()}"
    return f"live:{FORMAT}:{kind}:{hashlib.sha256(named.encode()).hexdigest()}"


def kept(
    kind: str, etag: str, club_slug: str, sections: list[Section], render: Callable[[], str]
) -> SafeString:
    """The fragment kept for ``etag``, or ``render()``'s, kept when made at the versions it names.

    A write between reading the versions and scoring makes a newer fragment: shown, not kept.
    Inside a transaction only a cache that rolls back with it (the database cache) is written:
    the versions a rolled-back write used come again with other facts."""
    name = key(kind, etag, club_slug)
    html = _recent.get(name)
    if html is not None:
        return mark_safe(html)
    html = cache.get(name)
    if html is not None:
        _remember(name, html)
        return mark_safe(html)
    shared = score_cache.may_keep()
    claim = f"{name}:making"
    # After a result every phone's poll misses at once: one request (of any worker) makes the
    # fragment, the others wait for it, a bounded time, rather than each scoring the night again.
    # A claim made inside a transaction is seen by no other request: none is made there.
    claimed = not connection.in_atomic_block and cache.add(claim, 1, MAKING_SECONDS)
    if not connection.in_atomic_block and not claimed:
        html = _made_by_another(name, claim)
        if html is not None:
            return mark_safe(html)
    try:
        versions = [section.version for section in sections]
        html = render()
        current = [section.version for section in sections] == versions
        if current and shared:
            cache.set(name, html, KEPT_SECONDS)
            _remember(name, html)
    finally:
        if claimed:
            cache.delete(claim)
    return mark_safe(html)


def _remember(name: str, html: str) -> None:
    """Hold a fragment in this worker, under its key, once its facts are committed.

    A key names the versions the fragment was made at, and a version is never used again for
    other facts once committed: what a key holds never changes, so this copy is never stale. It
    spares a warm read the round trip to the shared cache for a body of hundreds of kilobytes. A
    fragment made inside a transaction is not held (its versions come again if it rolls back)."""
    if connection.in_atomic_block:
        return
    if len(_recent) >= RECENT:
        # The oldest held (a dict keeps the order of insertion); another thread may drop it first.
        with contextlib.suppress(KeyError, RuntimeError, StopIteration):
            del _recent[next(iter(_recent))]
    _recent[name] = html


def forget_in_process() -> None:
    """Drop the fragments this worker holds (a test's database, and so its versions, start again)."""
    _recent.clear()


def _made_by_another(name: str, claim: str) -> str | None:
    """The fragment another request is making, once made; None when it gave up or took too long."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(WAIT_STEP)
        html = cache.get(name)
        if html is not None:
            return str(html)
        if cache.get(claim) is None:
            return cache.get(name)  # made (and kept, or not: then made here too) or given up
    return None


def answer(request: HttpRequest, etag: str, status: str, body: Callable[[], str]) -> HttpResponse:
    """304 when the poll holds ``etag``, else ``body()``; with the ETag and the event's ``status``.

    The browser keeps nothing (refresh.js holds the ETag itself) and learns the event's state, to
    stop polling once play is over."""

    @cache_control(no_store=True)
    @condition(etag_func=lambda request: etag)
    def fragment(request: HttpRequest) -> HttpResponse:
        return HttpResponse(body())

    response = fragment(request)
    response["X-Event-Status"] = status
    return response

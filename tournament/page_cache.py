"""The rendered standings and running grid, kept under the ETag that names what they show (issue 11 §1).

A live page's body — the public standings of every section, the director's running grid — is made
of facts that all raise their section's version (``scores.cache``), of the event's state,
and of who reads it (a club member sees the problems list). Its ETag says exactly that, so the
HTML made once for an ETag is the HTML of every later read with the same ETag: it is kept in
Django's cache (shared by every worker, the same one the scores are kept in) under the ETag, the
club's address and the language, and in this process for the pages read most.

What differs per request is never kept: the page around the body (the user's name, messages,
the CSRF token of the logout form) is rendered each time, and a CSRF token inside a kept body
(the running grid's "Agree the round" forms) is kept as a placeholder and filled in per request.
No page here uses the CSP nonce.

As for the scores, inside a transaction only a cache that rolls back with it (the database cache)
is written, and a body is kept only if it was made from the versions its ETag names: a write
between reading the versions and scoring gives a newer page, shown but not kept.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable

from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils import translation

from .scores.cache import TIMEOUT as SCORES_TIMEOUT

logger = logging.getLogger(__name__)

FORMAT = 1  # raised when the pages' markup changes: bodies kept by an older release are never read
TIMEOUT = SCORES_TIMEOUT
KEPT_IN_PROCESS = 24  # bodies a worker keeps: a few events' standings, for members and visitors, and grids

# The value the CSRF tag writes into a kept body; only the whole attribute is ever replaced, so a
# name typed into the page (escaped, it holds no quote) cannot take the token.
CSRF_PLACEHOLDER = "csrf-token-filled-in-per-request"
_CSRF_ATTRIBUTE = f'name="csrfmiddlewaretoken" value="{CSRF_PLACEHOLDER}"'

_kept: OrderedDict[str, str] = OrderedDict()
_kept_lock = threading.Lock()


class Flights:
    """One thread of a worker makes a thing at a time; the others wait for it and take what it made.

    A fixed set of locks, chosen by the thing's name: two unrelated names may share one and wait
    for each other, but the set never grows."""

    def __init__(self, size: int = 64) -> None:
        self._locks = tuple(threading.Lock() for _ in range(size))

    def lock(self, name: str) -> threading.Lock:
        return self._locks[zlib.crc32(name.encode()) % len(self._locks)]


_flights = Flights()


def key(kind: str, etag: str, club_slug: str) -> str:
    """The cache key of a body: its kind, the ETag, the club's address (in every link) and the language."""
    named = f"{etag}|{club_slug}|{translation.get_language()}"
    return f"page:{FORMAT}:{kind}:{hashlib.sha256(named.encode()).hexdigest()}"


def body(name: str, render: Callable[[], tuple[str, bool]]) -> str:
    """The body kept under ``name``, or ``render()``'s, kept when it says it is of the named versions."""
    if connection.in_atomic_block:
        return _made(name, render, safe_here=False)
    held = _held(name)
    if held is not None:
        return held
    with _flights.lock(name):  # the polls that all missed at once wait for one rendering
        held = _held(name)
        return held if held is not None else _made(name, render, safe_here=True)


def _held(name: str) -> str | None:
    with _kept_lock:
        held = _kept.get(name)
        if held is not None:
            _kept.move_to_end(name)
        return held


def _made(name: str, render: Callable[[], tuple[str, bool]], *, safe_here: bool) -> str:
    html = _shared_get(name)
    if html is None:
        html, current = render()
        if not current:
            return html
        if safe_here or isinstance(caches["default"], DatabaseCache):
            _shared_set(name, html)
    if safe_here:
        _keep(name, html)
    return html


def with_csrf(html: str, request: HttpRequest) -> str:
    """A kept body with this request's CSRF token in its forms."""
    if _CSRF_ATTRIBUTE not in html:
        return html
    return html.replace(_CSRF_ATTRIBUTE, f'name="csrfmiddlewaretoken" value="{get_token(request)}"')


def forget_in_process() -> None:
    """Drop the bodies this process holds (a benchmark's read by another worker; a restore)."""
    with _kept_lock:
        _kept.clear()


def _keep(name: str, html: str) -> None:
    with _kept_lock:
        _kept[name] = html
        _kept.move_to_end(name)
        while len(_kept) > KEPT_IN_PROCESS:
            _kept.popitem(last=False)


def _shared_get(name: str) -> str | None:
    # A cache that is down or an entry that cannot be read back costs one rendering, never a page.
    try:
        blob = cache.get(name)
        return None if blob is None else zlib.decompress(blob).decode()
    except Exception:
        logger.warning("The kept page %s could not be read; rendering it instead.", name, exc_info=True)
        return None


def _shared_set(name: str, html: str) -> None:
    try:
        cache.set(name, zlib.compress(html.encode(), 1), TIMEOUT)
    except Exception:
        logger.warning("The page %s could not be kept; the next read renders it again.", name, exc_info=True)

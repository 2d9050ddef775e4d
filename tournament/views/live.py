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

import hashlib
from collections.abc import Callable

from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition

from ..models import Section

FORMAT = 1  # raised when the fragments' markup changes: those kept by an older release are never read
KEPT_SECONDS = 7 * 24 * 3600  # a week: a night's standings are read for days after it, then rarely


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
    html = cache.get(name)
    if html is None:
        versions = [section.version for section in sections]
        html = render()
        current = [section.version for section in sections] == versions
        if current and (not connection.in_atomic_block or isinstance(caches["default"], DatabaseCache)):
            cache.set(name, html, KEPT_SECONDS)
    return mark_safe(html)


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

"""Every document a visitor downloads, made once per change of what it shows, then served as stored;
and the budget of downloads an address may ask for.

A travellers PDF of a 24-table night is seconds of a core: made again for every phone that asks, a
room of phones (or one script) keeps every worker busy. So a document is kept in Django's cache (the
one every worker shares: the database cache, or Redis) with a digest of what it is made from: each
of its event's sections' version (every write of a fact raises one, ``scores.cache``;
storing a deal and saving its double-dummy analysis do too), the event's name, date, status and
publication, the club's name and paper, and the site's address that its links print. A change of
any of them changes the digest: the next download makes the document anew, and a document is never
served for other facts. The new copy takes the old one's place, so a night in play keeps one copy
of each document, not one for each change someone downloaded. An entry lives a week and the cache
culls its oldest entries beyond its ``MAX_ENTRIES``; a document bigger than ``MOST_BYTES`` is not
kept. The table cards (each table's key) are never kept.

An anonymous visitor may download ``DOWNLOAD_ADDRESS.tries`` documents a minute from one address
(``throttle``); the club's own people are not counted.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from . import throttle
from .access import role_in
from .models import Event, Section

FORMAT = 2  # raised when what is kept changes shape: entries of an older release are never read
TIMEOUT = 7 * 24 * 3600
MOST_BYTES = 8_000_000  # a 120-table night's recap sheets are 1-2 MB; beyond this, made on each ask

Made = tuple[str, str, bytes]
"""A document: its file name, content type and bytes."""


def made_from(event: Event, site: str = "") -> str:
    """A short digest of every fact a document of ``event`` shows (one query: its sections' versions)."""
    versions = Section.objects.filter(event=event).order_by("pk").values_list("pk", "version")
    club = event.club
    facts = (
        list(versions),
        event.name,
        str(event.date),
        event.status,
        event.published,
        club.name,
        club.paper_size,
        site,
    )
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:32]


def stored(event: Event, name: str, make: Callable[[], Made], *, site: str = "") -> Made:
    """Document ``name`` of ``event`` as kept for its facts now, or made by ``make`` and kept.

    One entry a document, holding the digest of the facts it was made from beside it: a copy made
    from older facts is replaced, never kept beside the new one, so a night in play keeps one copy
    of each document rather than one for each change someone downloaded. Threads of this process
    asking at once for one document not kept yet (a room of phones after the night is published)
    wait for the first to make it, rather than each make it again."""
    key = f"document:{FORMAT}:{event.pk}:{name}:{hashlib.sha256(site.encode()).hexdigest()[:16]}"
    facts = made_from(event, site)
    found = _current(cache.get(key), facts)
    if found is not None:
        return found
    with _making_lock:
        making = _making.setdefault(key, threading.Lock())
    if not making.acquire(blocking=False):
        making.acquire()  # another thread is making it: wait, then read what it kept
        found = _current(cache.get(key), facts)
    try:
        if found is not None:
            return found
        document = make()
        if len(document[2]) <= MOST_BYTES:
            cache.set(key, (facts, document), TIMEOUT)
        return document
    finally:
        making.release()
        with _making_lock:
            _making.pop(key, None)


def _current(entry: object, facts: str) -> Made | None:
    """The document an entry holds, when it was made from ``facts``."""
    if isinstance(entry, tuple) and len(entry) == 2 and entry[0] == facts:
        return entry[1]  # type: ignore[no-any-return]
    return None


_making_lock = threading.Lock()
_making: dict[str, threading.Lock] = {}


def over_budget(request: HttpRequest, event: Event) -> HttpResponse | None:
    """Count one download of ``event``'s documents against the visitor's address: None when it may be
    made, else the site's page saying when to try again (429, with Retry-After). The club's own people
    (directors, scorers, its admin) are not counted: they print the night."""
    if role_in(request.user, event.club) is not None:
        return None
    scope = throttle.Scope(throttle.DOWNLOAD_ADDRESS, throttle.client_address(request))
    wait = throttle.spend(scope, "Downloads")  # counted whether made or served as stored
    if not wait:
        return None
    context = {"event": event, "wait": wait, "retry_at": throttle.retry_at(wait)}
    response = render(request, "tournament/too_many_downloads.html", context)
    response["Cache-Control"] = "no-store"
    return throttle.too_many(response, wait)

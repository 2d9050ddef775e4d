"""Every request body bounded where it enters, before anything reads it.

Django reads a POST body the first time something asks for ``request.POST`` (the CSRF check
does, before any view), and a file field of more than ``FILE_UPLOAD_MAX_MEMORY_SIZE`` went to a
temporary file: an anonymous 300 MB post to the log-in page wrote 300 MB to ``/tmp``, and a
worker killed mid-upload left its file for good. So ``BodyLimitMiddleware`` runs before any
middleware that can read the body and answers ``413 Content Too Large`` with the site's own page
when the declared ``Content-Length`` is more than the address's bound; the body is never read.

The bounds fit what each address takes (``MARGIN`` covers a form's boundaries, its CSRF token
and its other fields):

- a players' CSV, 512 KB, or its text sent back after the preview (up to three bytes a
  character): 3 × 512 KB;
- a results file (PBN or USEBIO), 5 MB; a hand-record PBN, 1 MB;
- the log-in pages and the table PIN, 16 KB: a name, a password or six digits;
- every other form, 256 KB: Django takes at most 1,000 fields a form, and the largest form (the
  names of every pair of a big night) is well under that.

A body sent without a ``Content-Length`` (chunked) is not read at all: Django reads no more of
the input than the length declared, so none is none. Uploads are held in memory only
(``FILE_UPLOAD_HANDLERS`` in settings): with these bounds no temporary file is ever written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve

from .interchange.importing import MOST_BYTES as RESULTS_FILE
from .services.hand_records import MOST_BYTES as DEALS_FILE
from .services.players import MAX_UPLOAD as PLAYERS_FILE

KB = 1024
MARGIN = 64 * KB


@dataclass(frozen=True)
class BodyLimit:
    """The most bytes a request body may have at an address, and what its 413 page says."""

    most: int
    refusal: str


FORM = BodyLimit(256 * KB, "That is more than any form of this site sends.")
SMALL_FORM = BodyLimit(16 * KB, "That is more than a name and a password or a table PIN.")

# By URL name: the addresses that take more than a form, or much less.
LIMITS = {
    "players_import": BodyLimit(
        3 * PLAYERS_FILE + MARGIN,
        f"That is more than a player list: the file may be {PLAYERS_FILE // KB} KB at most.",
    ),
    "session_import": BodyLimit(
        RESULTS_FILE + MARGIN,
        f"That is more than a results file: the file may be {RESULTS_FILE // 1000:,} kB at most.",
    ),
    "deals_import": BodyLimit(
        DEALS_FILE + MARGIN,
        f"That is more than the hand records of a night: the file may be {DEALS_FILE // 1000:,} kB at most.",
    ),
    "login": SMALL_FORM,
    "admin:login": SMALL_FORM,
    "table_pin": SMALL_FORM,
}

# The largest body any address takes: the settings keep every accepted upload in memory up to it.
LARGEST = max(limit.most for limit in [FORM, *LIMITS.values()])

_LENGTH = re.compile(r"[0-9]{1,18}")


def limit_for(path: str) -> BodyLimit:
    """The bound of the address ``path``; an address that matches no URL takes a form's."""
    try:
        return LIMITS.get(resolve(path).view_name, FORM)
    except Resolver404:
        return FORM


def declared_length(request: HttpRequest) -> int | None:
    """The body's declared length in bytes: 0 when none is declared, None when it is not a number."""
    raw = request.META.get("CONTENT_LENGTH") or "0"
    if not isinstance(raw, str) or not _LENGTH.fullmatch(raw.strip()):
        return None
    return int(raw)


class BodyLimitMiddleware:
    """Refuse a body over its address's bound (413) or with a length that is no number (400), unread."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = declared_length(request)
        if length is None:
            context = {"message": "The request gave its length as something other than a number."}
            return render(request, "400.html", context, status=400)
        if length:
            limit = limit_for(request.path_info)
            if length > limit.most:
                return render(request, "413.html", {"message": limit.refusal}, status=413)
        return self.get_response(request)

"""Every secret throttled across clients: wrong table PINs and wrong director passwords; and the
documents an anonymous visitor downloads from one address (``DOWNLOAD_ADDRESS``, every one counted).

Failures are counted in the shared cache (``settings.CACHES``: the database cache, so
every gunicorn worker and thread sees one count) in fixed windows, one counter per
*scope*: the client's address, and what is guessed at (an event's PINs, every running
event's PINs, one director's account). Once a scope has used its budget of failures in a
window, every try in that scope is refused (429) until the window ends — a correct PIN
too, or the lock-out would not slow a scan at all. A new cookie, a new session or a new
address changes nothing for the event's or the account's own budget.

The figure that matters: a table PIN is one of 10**6. An event (or the PIN page without
an event, which looks among all running events) takes ``PIN_EVENT_TRIES`` wrong PINs per
``PIN_EVENT_WINDOW`` seconds from all clients together, 80 an hour: scanning the PIN space
takes 10**6 / 80 = 12,500 hours, about 520 days, and a five-hour night allows 400 guesses,
so with 30 tables the chance of opening any table is 400 * 30 / 10**6 = 1.2 %.
Meanwhile the players still open their tables from the QR code or link on the table card.
The cache's increment is a read then a write: requests arriving at the very same moment
may count as one, so the worst case is the budget times the requests the server runs at
once (gunicorn's workers times threads, 12 at most here): 960 an hour, still 1,000 hours
for the scan.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

logger = logging.getLogger(__name__)


def clock() -> float:
    """Seconds since the epoch: the windows are counted on this clock (tests hold it still)."""
    return time.time()


@dataclass(frozen=True)
class Budget:
    """How many failures a kind of scope may have in one window of ``window`` seconds."""

    kind: str
    tries: int
    window: int


PIN_ADDRESS = Budget("pin-address", tries=5, window=60)
PIN_EVENT_TRIES, PIN_EVENT_WINDOW = 20, 15 * 60
PIN_EVENT = Budget("pin-event", tries=PIN_EVENT_TRIES, window=PIN_EVENT_WINDOW)
LOGIN_ADDRESS = Budget("login-address", tries=10, window=15 * 60)
LOGIN_ACCOUNT = Budget("login-account", tries=10, window=15 * 60)
# Not failures but every try: the documents an anonymous visitor downloads (tournament.documents).
DOWNLOAD_ADDRESS = Budget("download-address", tries=30, window=60)


@dataclass(frozen=True)
class Scope:
    """One counter: a budget and who or what it counts (an address, an event, an account)."""

    budget: Budget
    ident: str

    def key(self, now: float) -> str:
        digest = hashlib.sha256(self.ident.encode()).hexdigest()[:32]
        return f"throttle:{self.budget.kind}:{digest}:{int(now // self.budget.window)}"

    def seconds_left(self, now: float) -> int:
        """Seconds until this scope's window ends."""
        return max(1, math.ceil((int(now // self.budget.window) + 1) * self.budget.window - now))


def client_address(request: HttpRequest) -> str:
    """The client's address as the server saw it; an IPv6 client counts by its /64 network.

    A phone on IPv6 may pick any address of its /64, so one address alone would not slow
    it. ``X-Forwarded-For`` is not read: anyone can write it (behind a reverse proxy, set
    REMOTE_ADDR from the proxy instead).
    """
    raw = request.META.get("REMOTE_ADDR", "") or "unknown"
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw[:64]
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def pin_scopes(request: HttpRequest, event_id: int | None) -> list[Scope]:
    """The counters a PIN try is charged to: this address, and the event (or all running events)."""
    target = f"event {event_id}" if event_id is not None else "all running events"
    return [Scope(PIN_ADDRESS, client_address(request)), Scope(PIN_EVENT, target)]


def login_scopes(request: HttpRequest, username: str) -> list[Scope]:
    """The counters a password try is charged to: this address, and the account named."""
    return [
        Scope(LOGIN_ADDRESS, client_address(request)),
        Scope(LOGIN_ACCOUNT, username.strip().casefold()[:150]),
    ]


def wait(scopes: list[Scope]) -> int:
    """Seconds before another try may be made in all these scopes; 0 when it may be made now."""
    now = clock()
    counts = cache.get_many([scope.key(now) for scope in scopes])
    spent = [s for s in scopes if counts.get(s.key(now), 0) >= s.budget.tries]
    return max((s.seconds_left(now) for s in spent), default=0)


def fail(scopes: list[Scope], what: str) -> int:
    """Count one failure in every scope; log each scope that runs out. The wait that follows."""
    now = clock()
    for scope in scopes:
        key = scope.key(now)
        cache.add(key, 0, timeout=scope.budget.window + 60)
        try:
            count = cache.incr(key)
        except ValueError:  # the entry expired between add and incr: this is the window's first
            cache.set(key, 1, timeout=scope.budget.window + 60)
            count = 1
        if count == scope.budget.tries:
            logger.warning(
                "%s locked out: %s %s spent %d tries; refused for %d s",
                what,
                scope.budget.kind,
                scope.ident,
                count,
                scope.seconds_left(now),
            )
    return wait(scopes)


def spend(scope: Scope, what: str) -> int:
    """Count one try in ``scope`` unless its budget is spent: 0 when the try may be made, else the
    seconds to wait. For budgets of every try, not of failures (downloads); a read then a write, as
    above: tries at the very same moment may count as one."""
    now = clock()
    key = scope.key(now)
    count = cache.get(key, 0)
    if count >= scope.budget.tries:
        return scope.seconds_left(now)
    cache.set(key, count + 1, timeout=scope.budget.window + 60)
    if count + 1 == scope.budget.tries:
        logger.warning("%s: %s %s spent %d tries", what, scope.budget.kind, scope.ident, count + 1)
    return 0


def reset(scopes: list[Scope]) -> None:
    """Forget this address's failures after a success (the event's and account's budgets stay)."""
    now = clock()
    cache.delete_many([s.key(now) for s in scopes if s.budget in (PIN_ADDRESS, LOGIN_ADDRESS)])


def retry_at(wait: int) -> datetime:
    """When a client told to wait ``wait`` seconds may try again, for the page to say."""
    return timezone.now() + timedelta(seconds=wait)


def too_many(response: HttpResponse, wait: int) -> HttpResponse:
    """Mark a refused page as 429 Too Many Requests, with the standard Retry-After header."""
    response.status_code = 429
    response["Retry-After"] = str(wait)
    return response

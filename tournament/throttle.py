"""Every secret throttled across clients: wrong table PINs and wrong director passwords; and the
documents an anonymous visitor downloads from one address (``DOWNLOAD_ADDRESS``, every one counted).

Two things are wanted together, and they pull apart. A scan of the PIN space must take longer
than a night from any number of addresses, so the guesses checked against one event must be
capped for all clients together. And a flood of wrong guesses from other clients must not keep
a player with the right PIN, or a director with the right password, out for more than a minute.

No rule can give both to a client the server has never seen: a guess from it can succeed only
if it is checked, and a guess checked is one the scan makes too, so once the cap is spent, a
new client is refused like the flood (it opens its table from the QR code or link on the table
card meanwhile). What tells the player from the flood is what the player did before, and where
it comes from:

- **Proofs.** A right PIN or password leaves a signed cookie on the device (``PROOF_COOKIE``,
  for ``PROOF_HOURS`` hours, made again at each success) naming the tables it opened and the
  accounts it logged in to (by a digest, not by name). A PIN of a table the device opened is
  checked first, whatever anyone's count: the check tells the device nothing it did not know.
  A password for an account the device logged in to is checked whatever the others' counts,
  but only while the device's own budget (``LOGIN_DEVICE``) lasts, so a shared laptop does not
  give the next user free guesses at the last one's password. A forged or stale cookie is none.
- **The client's own budget**: its address (``PIN_ADDRESS``, ``LOGIN_ADDRESS``). Its failures
  close only itself, for the rest of the minute (and a phone's own budget is smaller than the
  event's, so one phone mistyping does not close the event).
- **The target's budget**, spent by all clients together: an event's PINs (or, from the home
  page's box, every running event's: ``PIN_EVENT``), one account (``LOGIN_ACCOUNT``). Counted in
  windows of one minute: when it is spent, a guess without a proof for the target is refused
  unchecked (429) until the minute ends. So a burst of wrong guesses keeps a new client out for
  a minute at most; only a flood kept up minute after minute keeps it out longer, and never a
  device that opened its table or logged in to its account before.

The address is ``REMOTE_ADDR``: ``X-Forwarded-For`` is believed only from a proxy named in
``TRUSTED_PROXIES`` (none by default; anyone can write the header), and then its right-most
address that is not itself a trusted proxy. Behind a reverse proxy that is not named there,
every phone has the proxy's address, and one client's failures close the PIN box for the room.
An IPv6 client counts by its /64 network, which it may take any address of.

The arithmetic of the scan. A table PIN is one of 10**6: a scan needs 10**6 / 2 = 500,000
guesses on average to find one table's. Checked guesses without a proof are capped at
``PIN_EVENT.tries`` a minute for one event, whatever the number of addresses: 4 a minute, 240 an
hour, so the average scan takes 500,000 / 240 = 2,083 hours (87 days), the whole space 174
days. The home page's box looks among every running event's tables at once (say 30): any one
table's PIN is found on average after 10**6 / 30 / 240 = 139 hours, and a five-hour night
allows 1,200 guesses, a chance of 1,200 * 30 / 10**6 = 3.6 %. A proof opens nothing new: it
lets through only PINs its device already opened. The cache's increment is a read then a
write: guesses at the very same moment may count as one, so the worst case is the cap times
the requests the server runs at once (gunicorn's workers times threads, 12 at most here):
2,880 an hour, still 174 hours for the average scan, longer than a week of nights.

A password is one of far more than 10**6 (Django's validators refuse short and common ones);
an account takes ``LOGIN_ACCOUNT.tries`` wrong ones a minute without a proof, 7,200 a day.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import math
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import TypeVar

from django.conf import settings
from django.core import signing
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

    def per_hour(self) -> int:
        return self.tries * 3600 // self.window


PIN_ADDRESS = Budget("pin-address", tries=3, window=60)
# More than one phone's own budget: a phone that mistypes closes itself, not the event.
PIN_EVENT = Budget("pin-event", tries=4, window=60)
LOGIN_ADDRESS = Budget("login-address", tries=10, window=60)
LOGIN_ACCOUNT = Budget("login-account", tries=5, window=60)
LOGIN_DEVICE = Budget("login-device", tries=5, window=15 * 60)

PROOF_COOKIE = "duplicate_proofs"
PROOF_HOURS = 12
PROOF_SALT = "tournament.throttle.proofs"
MOST_PROOFS = 32  # tables and accounts a device keeps, the latest first
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


# The client's address ---------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _networks(names: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(name, strict=False) for name in names)


def trusted_proxy(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether ``address`` is one of ``settings.TRUSTED_PROXIES`` (addresses or networks)."""
    return any(address in network for network in _networks(tuple(settings.TRUSTED_PROXIES)))


def _parsed(raw: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(raw.strip())
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str:
    """The client's address; an IPv6 client counts by its /64 network.

    ``REMOTE_ADDR``, unless it is a trusted proxy (``TRUSTED_PROXIES``): then the right-most
    address of ``X-Forwarded-For`` that is not itself a trusted proxy (the left ones are the
    client's to write). A phone on IPv6 may pick any address of its /64, so it counts by that.
    """
    raw = request.META.get("REMOTE_ADDR", "") or "unknown"
    address = _parsed(raw)
    if address is None:
        return raw[:64]
    if trusted_proxy(address):
        for hop in reversed(request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-20:]):
            forwarded = _parsed(hop)
            if forwarded is None:
                break  # a hop the proxies did not write: believe nothing left of it
            address = forwarded
            if not trusted_proxy(forwarded):
                break
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


# Proofs: what this device opened before ---------------------------------------------------------


def account_digest(username: str) -> str:
    """An account as a proof names it: a digest, so the cookie does not show the name."""
    return hashlib.sha256(username.strip().casefold()[:150].encode()).hexdigest()[:24]


@dataclass(frozen=True)
class Proofs:
    """The tables this device opened and the accounts it logged in to, in the last hours."""

    device: str = ""
    tables: tuple[int, ...] = ()
    accounts: tuple[str, ...] = ()

    @classmethod
    def of(cls, request: HttpRequest) -> Proofs:
        """The device's signed proofs; none when the cookie is missing, forged or stale."""
        raw = request.COOKIES.get(PROOF_COOKIE)
        if not raw:
            return cls()
        try:
            kept = signing.loads(raw, salt=PROOF_SALT, max_age=PROOF_HOURS * 3600)
            return cls(
                device=str(kept["d"])[:32],
                tables=tuple(int(t) for t in kept["t"])[:MOST_PROOFS],
                accounts=tuple(str(a)[:24] for a in kept["a"])[:MOST_PROOFS],
            )
        except (signing.BadSignature, KeyError, TypeError, ValueError):
            return cls()

    def proves_account(self, username: str) -> bool:
        return account_digest(username) in self.accounts

    def adding(self, *, table: int | None = None, username: str | None = None) -> Proofs:
        tables = _latest(table, self.tables)
        accounts = _latest(account_digest(username) if username is not None else None, self.accounts)
        return Proofs(self.device or secrets.token_hex(12), tables, accounts)

    def keep(self, response: HttpResponse) -> HttpResponse:
        """Set the device's cookie to these proofs, for another ``PROOF_HOURS`` hours."""
        value = signing.dumps(
            {"d": self.device, "t": list(self.tables), "a": list(self.accounts)}, salt=PROOF_SALT
        )
        response.set_cookie(
            PROOF_COOKIE,
            value,
            max_age=PROOF_HOURS * 3600,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
        return response


T = TypeVar("T")


def _latest(new: T | None, kept: Iterable[T]) -> tuple[T, ...]:
    items = [new] if new is not None else []
    return tuple([*items, *(k for k in kept if k != new)][:MOST_PROOFS])


def proven(
    response: HttpResponse, request: HttpRequest, *, table: int | None = None, username: str | None = None
) -> HttpResponse:
    """``response`` to a right PIN or password, leaving the device its proof of it."""
    return Proofs.of(request).adding(table=table, username=username).keep(response)


# Scopes and counts ------------------------------------------------------------------------------


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


def device_scope(proofs: Proofs) -> Scope:
    """The counter of a proven device's own wrong passwords."""
    return Scope(LOGIN_DEVICE, proofs.device)


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

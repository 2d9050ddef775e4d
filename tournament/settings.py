"""Settings for the duplicate tournament manager, read from the environment.

SQLite is the default database; PostgreSQL is reached through ``DATABASE_URL``.
With ``DEBUG`` off the app refuses to start without a real secret key: ``SECRET_KEY``, or the key
file ``make run`` makes (tournament/secret_key.py). A weak key stops any start.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import dj_database_url
import dj_email_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from tournament.secret_key import LOCAL_TRIAL_KEY, SecretKeyError, check_key, key_file, read_key_file

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """A yes/no setting; anything but a clear yes or no stops the start."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    if raw.strip().lower() in _TRUE:
        return True
    if raw.strip().lower() in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: use 1/0, true/false, yes/no or on/off.")


def env_int(name: str, default: int) -> int:
    """A whole-number setting; anything else stops the start."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: use a whole number.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated setting such as ALLOWED_HOSTS."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
# HTTPS=1 for a server behind TLS: secure cookies, HSTS and a redirect to https (see the security block).
HTTPS = env_bool("HTTPS", False)

# Only a local set-up with DEBUG on and no key set may run on this key; it is public in the source,
# so given as SECRET_KEY or in the key file it stops the start (tournament/secret_key.py).
DEFAULT_SECRET_KEY = LOCAL_TRIAL_KEY


def secret_key() -> str:
    """SECRET_KEY, else the key file make run wrote (tournament/secret_key.py); refuse a weak one."""
    if "SECRET_KEY" in os.environ:
        return check_key(os.environ["SECRET_KEY"], "SECRET_KEY")
    kept = read_key_file(key_file())
    if kept is not None:
        return kept
    if DEBUG:
        return DEFAULT_SECRET_KEY
    raise SecretKeyError(
        f"SECRET_KEY is not set and there is no key file at {key_file()}. With DEBUG off the app "
        "refuses to start on the default key: run make run (it makes the key file) or "
        "python -m tournament.secret_key, or set SECRET_KEY to a long random value "
        "(DEBUG=1 for a local trial)."
    )


try:
    SECRET_KEY = secret_key()
except SecretKeyError as error:
    raise ImproperlyConfigured(str(error)) from None

# make run adds the laptop's own addresses for HOST=0.0.0.0 (tournament/addresses.py).
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])


def env_networks(name: str) -> list[str]:
    """Comma-separated addresses or networks (``127.0.0.1,10.0.0.0/8``); a bad one stops the start."""
    items = env_list(name, [])
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: {item!r} is not an address or a network such as 10.0.0.0/8."
            ) from None
    return items


# The reverse proxies whose X-Forwarded-For header is believed for the client's address, which the
# PIN and password throttles count by (tournament/throttle.py): none by default, since anyone can
# write the header. Behind Caddy or nginx on this machine, TRUSTED_PROXIES=127.0.0.1,::1.
TRUSTED_PROXIES = env_networks("TRUSTED_PROXIES")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "tournament",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # Before anything reads a body (the CSRF check does): a body over its address's bound is refused
    # unread, with the security headers above still on the 413 page (tournament/body_limits.py).
    "tournament.body_limits.BodyLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tournament.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "tournament.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default="sqlite:///" + str(BASE_DIR / "db.sqlite3"),
        conn_max_age=60,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A club night's phones write at once. WAL lets readers go on while one writes; IMMEDIATE takes
    # the write lock when a transaction starts, so two transactions that read and then write wait
    # their turn instead of deadlocking into "database is locked"; waiting up to 20 s covers the
    # longest write (a section rescored). synchronous=NORMAL is safe with WAL and fsyncs less.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        **DATABASES["default"].get("OPTIONS", {}),  # what DATABASE_URL's ?options say wins
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
FIXTURE_DIRS = [BASE_DIR / "fixtures"]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "dashboard"  # a director logs in to run his nights
LOGOUT_REDIRECT_URL = "home"

DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap4.html"

# --- Security headers and HTTPS ---------------------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Every page loads its styles, scripts and images from this server only (no fonts or CDNs: the club
# Wi-Fi may have no internet). The table entry page's small inline script carries the request's
# nonce; no template has an inline style or an event-handler attribute.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
# HTTPS=1, behind TLS (gunicorn with a certificate, or a proxy on this host that sets
# X-Forwarded-Proto, which gunicorn trusts from 127.0.0.1): every request on https, cookies never
# sent in clear, and browsers told to keep to https for a year.
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 365 * 24 * 3600 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
if HTTPS:
    # Preloading asks the browser makers to hard-code https for the whole domain, and is slow to
    # take back: that is the domain owner's decision, not this program's.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
else:
    # A club laptop serves plain HTTP on the club's Wi-Fi: there is no certificate for a
    # 192.168.x.y address. Secure cookies would never come back (nobody could log in), a redirect
    # to https would reach nothing, and HSTS is only ever sent over https. So `check --deploy` is
    # told these four are decided, not forgotten; HTTPS=1 turns them on.
    SILENCED_SYSTEM_CHECKS = ["security.W004", "security.W008", "security.W012", "security.W016"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# Uploads: tournament/body_limits.py refuses, unread, a body over its address's bound (5 MB at
# most: a results file). Whatever it lets through is held in memory, never in a temporary file,
# so nothing is left on disk by a worker killed mid-upload. Both figures stay at least that bound
# (a test holds them so).
FILE_UPLOAD_HANDLERS = ["django.core.files.uploadhandler.MemoryFileUploadHandler"]
FILE_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

# Throttles: wrong table PINs and director passwords are counted in this cache (tournament/throttle.py).
# The count must be one for every gunicorn worker: Django's default LocMem cache lives in one
# process, so each worker would count apart and a scan would go N times faster. Redis or
# memcached need a server the club's laptop does not run; FileBasedCache has no atomic
# increment and leaves files to clean. The database cache lives in the database the app
# already has, shared by every worker and kept across restarts; its table is created by a
# migration, so `migrate` (make run, make test, a fresh clone) needs no extra step.
# Where a club or federation serves from several machines, CACHE_URL=redis://host:6379/1 (or
# rediss:// with TLS) points every machine at one Redis server instead (pip install redis).
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
if not CACHE_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "duplicate_cache",
            "OPTIONS": {"MAX_ENTRIES": 10_000},
        }
    }
elif CACHE_URL.startswith(("redis://", "rediss://")):
    try:
        import redis  # noqa: F401  (Django's RedisCache needs it; say so at start, not at the first page)
    except ImportError as missing:
        raise ImproperlyConfigured(
            "CACHE_URL names a Redis server, but the redis package is not installed: "
            "run '.venv/bin/pip install redis', or unset CACHE_URL to use the database cache."
        ) from missing
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}}
else:
    raise ImproperlyConfigured(
        f"CACHE_URL={CACHE_URL[:60]!r} is not a Redis address (redis://host:6379/1 or rediss://…); "
        "unset it to use the database cache."
    )

# --- Email: each player's recap once a night is published (tournament/mail.py) -----
# EMAIL_URL says where mail goes, as one address (dj-email-url): smtp://user:password@host:587/?tls=True,
# submission://… (port 587 with STARTTLS), smtps://… (SSL), console:// (printed in the server's output:
# the default, so nothing leaves the laptop until a club sets it), file:///path/to/folder, dummy://.
# Without EMAIL_URL the usual EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD,
# EMAIL_USE_TLS and EMAIL_USE_SSL are read (EMAIL_BACKEND then defaults to SMTP).
if "EMAIL_URL" in os.environ:
    vars().update(dj_email_url.parse(os.environ["EMAIL_URL"]))
elif "EMAIL_HOST" in os.environ:
    EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
else:
    EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
# A mail server that does not answer fails that one send, not the whole batch.
EMAIL_TIMEOUT = vars().get("EMAIL_TIMEOUT") or 20
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "results@localhost")
# The address the recap links in the mail start with: the club's public results site. Unset, the
# address the director's browser used (on the club's Wi-Fi, one that works only there).
SITE_URL = os.environ.get("SITE_URL", "")

# --- Background work: recap sheets, recap mail, double-dummy analyses, big imports (django-tasks) --
# Each is a task (tournament/pdf/jobs.py, mail.py, services/analyses.py, interchange/jobs.py)
# kept in the database until a worker runs it: `python manage.py db_worker`, which `make run` starts
# beside gunicorn. Workers may run on any machine that reaches the same database.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# The recap sheets of a night of more tables than this are made in the background, kept in the
# database and served when ready, their progress shown meanwhile (pdf.jobs); a smaller
# night's are drawn while the browser waits (30 tables: about a second of a core).
RECAP_SHEETS_IN_BACKGROUND_TABLES = env_int("RECAP_SHEETS_IN_BACKGROUND_TABLES", 30)
# A session's results file of more traveller lines than this (30 tables of 27 boards) is imported
# in the background, its page showing that it runs (interchange.jobs); a smaller one while
# the browser waits.
SESSION_IMPORT_IN_BACKGROUND_LINES = env_int("SESSION_IMPORT_IN_BACKGROUND_LINES", 30 * 27)

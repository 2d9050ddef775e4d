"""Settings for the test suite: the real settings with a secret key made for the run."""

import os
import secrets
import tempfile
from pathlib import Path

# A key made for this run: a key written in the source is public, and refused by every start
# (tournament/secret_key.py), the test suite's as well.
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))

from tournament.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Static files are served from the app's own folders (whitenoise finders); no collectstatic in tests.
STATIC_ROOT = Path(tempfile.gettempdir()) / "duplicate-test-static"
STATIC_ROOT.mkdir(exist_ok=True)
# Live-server threads must not keep connections open past a test: PostgreSQL could not drop the test database.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
# Background work (recap sheets, recap mail, double-dummy analyses, big imports) runs at once in the
# process that enqueues it; the tests that check the queue and its worker switch to the database backend.
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}

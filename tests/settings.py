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
# Recap mail is sent in the request in tests, where the test's transaction can see it; one test
# runs the background thread on purpose (tests/tournament/test_recap_mail.py).
RECAP_EMAILS_IN_BACKGROUND = False
# Background documents (services.pdf_jobs) are made in the request in tests, likewise.
PDF_JOBS_IN_BACKGROUND = False
# Big session imports (services.session_jobs) are run in the request in tests, likewise.
SESSION_IMPORTS_IN_BACKGROUND = False

# A stored deal is analysed double dummy in the write that stores it (services.analyses), likewise.
DOUBLE_DUMMY_IN_BACKGROUND = False

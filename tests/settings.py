"""Settings for the test suite: the real settings with a test-only secret key."""

import os

os.environ.setdefault("SECRET_KEY", "test-suite-only-secret-key-not-for-any-server")

from tournament.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

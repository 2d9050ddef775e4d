"""The secret key: from ``SECRET_KEY``, or from a key file made once on this machine.

``make run`` calls ``python -m tournament.secret_key`` before anything else: it writes a long
random key to the key file (mode 600, ignored by git) the first time, and leaves it alone after.
Settings read that file whenever ``SECRET_KEY`` is not set, so every later ``manage.py``
command signs and checks with the same key as the server, with no variable to remember.
``SECRET_KEY_FILE`` moves the file (for a server whose project folder is read-only).

Standard library only: this runs before Django's settings can be loaded.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

DEFAULT_KEY_FILE = Path(__file__).resolve().parent.parent / ".secret_key"
# At least as strict as Django's own check (security.W009 asks for 50 characters and 5 distinct
# ones); 32 random characters already carry far more than enough entropy, and a key someone
# chose by hand is usually much shorter than that or is one character repeated.
MIN_LENGTH = 32
MIN_DISTINCT = 5
# The key a local DEBUG=1 trial runs on when no key is set (tournament/settings.py). It and every
# other key written in the project's own files are public: given as a key, they stop any start.
LOCAL_TRIAL_KEY = "insecure-local-only-key-do-not-use-in-production"
# The second is the test suite's former key: once in the source, public for good.
SHIPPED_KEYS = frozenset({LOCAL_TRIAL_KEY, "test-suite-only-secret-key-not-for-any-server"})
HOW_TO_MAKE_ONE = (
    "Unset SECRET_KEY to use the key file that make run creates, or set it to a long random value: "
    "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
)


class SecretKeyError(Exception):
    """A key the server must not start with; the message says what to do."""


def key_file() -> Path:
    """Where the key file is: ``SECRET_KEY_FILE`` or ``.secret_key`` in the project folder."""
    return Path(os.environ.get("SECRET_KEY_FILE") or DEFAULT_KEY_FILE)


def check_key(key: str, source: str) -> str:
    """The key if it is long and varied enough to sign sessions and table links and is not one
    the project ships (anyone can read those); else refuse, whatever ``DEBUG`` says."""
    if not key.strip():
        raise SecretKeyError(f"{source} is empty. {HOW_TO_MAKE_ONE}")
    if key.strip() in SHIPPED_KEYS:
        raise SecretKeyError(
            f"{source} is the key published in this project's source: anyone could sign a log-in or a "
            f"table link with it. {HOW_TO_MAKE_ONE}"
        )
    if len(key) < MIN_LENGTH or len(set(key)) < MIN_DISTINCT:
        raise SecretKeyError(
            f"{source} is too weak ({len(key)} characters, {len(set(key))} different): it needs at least "
            f"{MIN_LENGTH} characters and {MIN_DISTINCT} different ones. {HOW_TO_MAKE_ONE}"
        )
    return key


def read_key_file(path: Path) -> str | None:
    """The key kept in ``path``, checked; None when there is no such file."""
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None
    return check_key(key, f"The key file {path}")


def ensure_key_file(path: Path) -> bool:
    """Write a new random key to ``path`` (mode 600) unless it exists; True when one was written."""
    if path.exists():
        read_key_file(path)  # a key file someone emptied must stop the start, not be trusted
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    # O_EXCL: two starts at once cannot both write; 0o600: only this account may read the key.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(secrets.token_urlsafe(50) + "\n")
    return True


def main() -> int:
    path = key_file()
    try:
        if "SECRET_KEY" in os.environ:
            check_key(os.environ["SECRET_KEY"], "SECRET_KEY")
            print("Using SECRET_KEY from the environment.")
            return 0
        made = ensure_key_file(path)
    except (SecretKeyError, OSError) as error:
        print(error, file=sys.stderr)
        return 1
    print(f"{'Made a new secret key in' if made else 'Secret key kept in'} {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

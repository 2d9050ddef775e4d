"""Settings read the environment and refuse an unsafe start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_settings(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "ALLOWED_HOSTS"}
    }
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import tournament.settings as s; print(s.DATABASES['default']['ENGINE'], s.DEBUG)",
        ],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_with_debug_off_the_app_refuses_the_default_secret_key() -> None:
    done = run_settings(DEBUG="0")
    assert done.returncode != 0
    assert "SECRET_KEY is not set" in done.stderr


def test_with_debug_off_and_a_real_key_the_app_starts_on_sqlite() -> None:
    done = run_settings(DEBUG="0", SECRET_KEY="a-real-secret-for-this-test")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["django.db.backends.sqlite3", "False"]


def test_database_url_selects_postgresql() -> None:
    done = run_settings(DEBUG="1", DATABASE_URL="postgres://u@127.0.0.1:5432/x")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == "django.db.backends.postgresql"


def test_a_debug_value_that_is_neither_yes_nor_no_stops_the_start() -> None:
    done = run_settings(DEBUG="maybe", SECRET_KEY="k")
    assert done.returncode != 0
    assert "DEBUG='maybe'" in done.stderr

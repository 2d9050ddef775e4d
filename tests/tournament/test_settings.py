"""Settings read the environment and refuse an unsafe start."""

from __future__ import annotations

import os
import re
import secrets
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tournament.secret_key import SecretKeyError, check_key, ensure_key_file

ROOT = Path(__file__).resolve().parents[2]
# What a developer's shell or an earlier test may have set; each start here chooses its own.
SETTINGS_VARIABLES = {
    "DEBUG",
    "SECRET_KEY",
    "SECRET_KEY_FILE",
    "DATABASE_URL",
    "ALLOWED_HOSTS",
    "HTTPS",
    "CACHE_URL",
    "TRUSTED_PROXIES",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # set for the browser tests (tests/conftest.py); never on a server
}
# Never the project's own .secret_key, which exists wherever make run was run.
NO_KEY_FILE = str(Path(tempfile.gettempdir()) / "duplicate-tests-no-such-dir" / "secret_key")
PRINT_SETTINGS = "import tournament.settings as s; print(s.DATABASES['default']['ENGINE'], s.DEBUG)"


def clean_env(**env: str) -> dict[str, str]:
    kept = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    return {**kept, "SECRET_KEY_FILE": NO_KEY_FILE, **env}


def production_env(tmp_path: Path, **env: str) -> dict[str, str]:
    """What `make run` leaves behind: no variables, DEBUG off, a key file (here one of the test's own)."""
    key = tmp_path / "secret_key"
    ensure_key_file(key)
    return clean_env(DJANGO_SETTINGS_MODULE="tournament.settings", SECRET_KEY_FILE=str(key), **env)


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def run_settings(code: str = PRINT_SETTINGS, **env: str) -> subprocess.CompletedProcess[str]:
    return run([sys.executable, "-c", code], clean_env(**env))


def test_with_debug_off_the_app_refuses_the_default_secret_key() -> None:
    done = run_settings(DEBUG="0")
    assert done.returncode != 0
    assert "SECRET_KEY is not set" in done.stderr


def test_with_debug_off_and_a_real_key_the_app_starts_on_sqlite() -> None:
    done = run_settings(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50))
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


def test_trusted_proxies_are_none_by_default_and_a_bad_one_stops_the_start() -> None:
    done = run_settings("import tournament.settings as s; print(s.TRUSTED_PROXIES)", DEBUG="1")
    assert done.stdout.strip() == "[]", done.stderr
    done = run_settings(DEBUG="1", TRUSTED_PROXIES="127.0.0.1, 10.0.0.0/8, ::1")
    assert done.returncode == 0, done.stderr
    done = run_settings(DEBUG="1", TRUSTED_PROXIES="127.0.0.1,proxy.local")
    assert done.returncode != 0
    assert "TRUSTED_PROXIES: 'proxy.local' is not an address or a network" in done.stderr


def test_a_recap_sheets_threshold_that_is_not_a_whole_number_stops_the_start() -> None:
    done = run_settings(RECAP_SHEETS_IN_BACKGROUND_TABLES="thirty", DEBUG="1")
    assert done.returncode != 0
    assert "RECAP_SHEETS_IN_BACKGROUND_TABLES='thirty': use a whole number." in done.stderr


@pytest.mark.parametrize(
    ("key", "says"),
    [
        ("", "SECRET_KEY is empty"),
        ("   ", "SECRET_KEY is empty"),
        ("x", "SECRET_KEY is too weak (1 characters, 1 different)"),
        ("short-but-varied-key", "SECRET_KEY is too weak (20 characters"),
        ("ab" * 30, "SECRET_KEY is too weak (60 characters, 2 different)"),
    ],
)
@pytest.mark.parametrize("debug", ["0", "1"])
def test_a_short_empty_or_repetitive_key_stops_manage_py_with_what_to_do(
    key: str, says: str, debug: str
) -> None:
    done = run([sys.executable, "manage.py", "check"], clean_env(DEBUG=debug, SECRET_KEY=key))
    assert done.returncode != 0
    assert says in done.stderr
    assert "secrets.token_urlsafe(50)" in done.stderr
    assert "Traceback" not in done.stderr


# The local trial's default key, and the test suite's key of earlier versions.
PUBLISHED_KEYS = [
    "insecure-local-only-key-do-not-use-in-production",
    "test-suite-only-secret-key-not-for-any-server",
]


@pytest.mark.parametrize("key", PUBLISHED_KEYS)
@pytest.mark.parametrize("debug", ["0", "1"])
def test_a_key_the_project_publishes_stops_manage_py_with_what_to_do(key: str, debug: str) -> None:
    done = run([sys.executable, "manage.py", "check"], clean_env(DEBUG=debug, SECRET_KEY=key))
    assert done.returncode != 0
    assert "SECRET_KEY is the key published in this project's source" in done.stderr
    assert "secrets.token_urlsafe(50)" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_published_default_key_in_the_key_file_stops_the_start(tmp_path: Path) -> None:
    key_file = tmp_path / "secret_key"
    key_file.write_text("insecure-local-only-key-do-not-use-in-production\n")
    done = run([sys.executable, "manage.py", "check"], clean_env(DEBUG="0", SECRET_KEY_FILE=str(key_file)))
    assert done.returncode != 0
    assert f"The key file {key_file} is the key published in this project's source" in done.stderr


# A key written after SECRET_KEY (or any name ending in _KEY) in any file of the project.
WRITTEN_KEY = re.compile(r"""_KEY["']?\s*[=:,]\s*["']?([A-Za-z0-9_\-]{20,})""")


def test_every_key_written_in_the_project_is_refused() -> None:
    files = run(["git", "ls-files", "-z"], dict(os.environ)).stdout.split("\0")
    written = set()
    for name in filter(None, files):
        path = ROOT / name
        if path.suffix in {".py", ".md", ".sh", ".cfg", ".toml", ".yml", ".yaml", ".env", ".txt", ""}:
            written |= set(WRITTEN_KEY.findall(path.read_text(encoding="utf-8", errors="replace")))
    assert "insecure-local-only-key-do-not-use-in-production" in written  # the scan reads the settings
    for key in written:
        with pytest.raises(SecretKeyError):
            check_key(key, "SECRET_KEY")


def test_a_weak_key_stops_the_wsgi_application_before_it_serves() -> None:
    done = run_settings("import tournament.wsgi", DEBUG="0", SECRET_KEY="")
    assert done.returncode != 0
    assert "SECRET_KEY is empty" in done.stderr


def test_the_first_run_makes_a_private_key_file_and_every_later_command_reads_it(tmp_path: Path) -> None:
    key_file = tmp_path / "keys" / "secret_key"
    env = clean_env(SECRET_KEY_FILE=str(key_file))
    first = run([sys.executable, "-m", "tournament.secret_key"], env)
    assert first.returncode == 0, first.stderr
    assert "Made a new secret key" in first.stdout
    key = key_file.read_text().strip()
    assert len(key) >= 50
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    again = run([sys.executable, "-m", "tournament.secret_key"], env)
    assert "Secret key kept in" in again.stdout
    assert key_file.read_text().strip() == key
    read = run_settings("import tournament.settings as s; print(s.SECRET_KEY)", SECRET_KEY_FILE=str(key_file))
    assert read.returncode == 0, read.stderr
    assert read.stdout.strip() == key


def test_an_emptied_key_file_stops_the_start_and_names_the_file(tmp_path: Path) -> None:
    key_file = tmp_path / "secret_key"
    key_file.write_text("\n")
    done = run([sys.executable, "manage.py", "check"], clean_env(SECRET_KEY_FILE=str(key_file)))
    assert done.returncode != 0
    assert f"The key file {key_file} is empty" in done.stderr
    made = run([sys.executable, "-m", "tournament.secret_key"], clean_env(SECRET_KEY_FILE=str(key_file)))
    assert made.returncode == 1
    assert key_file.read_text() == "\n"


def test_the_key_file_is_kept_out_of_git() -> None:
    done = run(["git", "check-ignore", "-q", ".secret_key"], dict(os.environ))
    assert done.returncode == 0


def test_check_deploy_is_clean_for_plain_http_at_the_club(tmp_path: Path) -> None:
    done = run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"], production_env(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    assert "System check identified no issues (4 silenced)." in done.stdout


def test_check_deploy_is_clean_behind_tls_with_https_on(tmp_path: Path) -> None:
    env = production_env(tmp_path, HTTPS="1")
    done = run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "DEBUG"], env)
    assert done.returncode == 0, done.stderr
    assert "System check identified no issues (1 silenced)." in done.stdout


@pytest.mark.parametrize(("https", "on"), [("0", False), ("1", True)])
def test_https_turns_on_secure_cookies_hsts_and_the_redirect_together(https: str, on: bool) -> None:
    code = (
        "import tournament.settings as s; print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "getattr(s, 'SECURE_SSL_REDIRECT', False), getattr(s, 'SECURE_HSTS_SECONDS', 0) > 0)"
    )
    done = run_settings(code, DEBUG="1", HTTPS=https)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(on)] * 4


PRINT_CACHE = "import tournament.settings as s; print(s.CACHES['default']['BACKEND'])"


def test_the_scores_and_throttles_are_kept_in_the_database_cache_by_default() -> None:
    done = run_settings(PRINT_CACHE, DEBUG="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "django.core.cache.backends.db.DatabaseCache"


def test_cache_url_names_a_redis_server_or_the_start_says_what_is_missing() -> None:
    done = run_settings(PRINT_CACHE, DEBUG="1", CACHE_URL="redis://10.0.0.5:6379/1")
    try:
        import redis  # noqa: F401
    except ImportError:
        assert done.returncode != 0
        assert "the redis package is not installed" in done.stderr
    else:
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "django.core.cache.backends.redis.RedisCache"


def test_a_cache_url_that_is_not_redis_stops_the_start_with_a_sentence() -> None:
    done = run_settings(PRINT_CACHE, DEBUG="1", CACHE_URL="memcached://x:11211")
    assert done.returncode != 0
    assert "is not a Redis address" in done.stderr

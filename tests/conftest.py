"""Shared test set-up: the depth of the search for counter-examples (tests/depth.py), the
database tests marked as such, and the browser for end-to-end tests.

Playwright's sync API runs an event loop in the main thread; Django's ORM refuses to run
in one unless told the tests know what they are doing.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

from tests import depth  # noqa: F401  (loads the hypothesis profile of TEST_DEPTH)

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# pytest-django's fixtures that open the test database; live_server opens it for its thread.
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "live_server"}
)


def uses_the_database(item: pytest.Item) -> bool:
    """Whether a test opens the test database: marked django_db, or asking for a fixture that does.

    pytest-django refuses the database to every other test, so a test that is not one of these
    cannot depend on which database the run is on."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & fixtures)


@pytest.hookimpl(tryfirst=True)  # before -m selects on the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test that opens the database ``database``: the PostgreSQL run (make
    test-postgres) runs those alone, ``-m database``; the others run once, on SQLite.

    The browser walks share one group: with ``--dist loadgroup`` one process runs them one after
    another, so that two Chromiums never share the machine's cores while a walk waits on a page."""
    for item in items:
        if uses_the_database(item):
            item.add_marker(pytest.mark.database)
        if item.get_closest_marker("e2e") is not None:
            item.add_marker(pytest.mark.xdist_group("browser"))


def _chromium() -> str:
    for candidate in (
        os.environ.get("CHROMIUM_PATH"),
        "/usr/lib/chromium/chromium",
        shutil.which("chromium"),
    ):
        if candidate and os.path.exists(candidate):
            return candidate
    raise RuntimeError("Chromium is not installed: run 'make system-deps' (apt-get install chromium).")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Drive the system's Chromium: Playwright's own browser download is not available here."""
    return {
        **browser_type_launch_args,
        "executable_path": _chromium(),
        "args": ["--disable-gpu", "--disable-quic"],
    }


@pytest.fixture(autouse=True)
def _scores_held_by_no_earlier_test() -> None:
    """Each test starts with no scores' figures (scores.cache) nor fragments (views.live) held in
    this process: a test's database starts again, and with it the versions they are kept under."""
    from tournament.scores import cache as score_cache
    from tournament.views import live

    score_cache.forget_in_process()
    live.forget_in_process()


@pytest.fixture
def throttle_clock_held(monkeypatch: pytest.MonkeyPatch) -> float:
    """Hold the throttle's clock 30 s into a window, so a test's tries all fall in one window.

    The counts are kept per fixed window (tournament/throttle.py); on a slow run the tries
    of one test could otherwise straddle a window's end and be counted in two.
    """
    from tournament import throttle

    held = 3600.0 * 24 * 365 * 56 + 30  # a whole number of hours (every window divides one), plus 30 s
    monkeypatch.setattr(throttle, "clock", lambda: held)
    return held


@pytest.fixture(autouse=True)
def _no_cache_entry_kept_from_a_committed_test(request: pytest.FixtureRequest, django_db_blocker: Any) -> Any:
    """Empty the shared cache after a test whose writes were committed (a browser walk, a real
    server, a test of threads).

    Such a test's rows are flushed after it, but the cache's table is no model's and keeps its
    entries; a later test whose section takes the same key (its id and version: PostgreSQL's
    sequences are set back by a restore, SQLite counts ids again from 1 after a flush) would read
    another night's scores."""
    yield
    marker = request.node.get_closest_marker("django_db")
    committed = marker is not None and bool(marker.kwargs.get("transaction") or marker.args[:1] == (True,))
    if committed or {"live_server", "transactional_db"} & set(request.fixturenames):
        from django.core.cache import cache

        with django_db_blocker.unblock():
            cache.clear()

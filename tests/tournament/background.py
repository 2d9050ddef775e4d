"""Background work as the server does it: tasks kept in the database, run by the worker command.

The suite runs tasks at once, in the process that enqueues them (tests/settings.py); a test that
checks the queue switches to the database backend with :func:`on_the_database`, sees what a
request queued with :func:`queued`, then runs ``manage.py db_worker`` here with
:func:`run_worker`. A test of the real server starts the worker as ``make run`` does, a process
beside gunicorn on the same database, with :func:`worker_beside`.
"""

from __future__ import annotations

import io
import logging
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

DATABASE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

# The worker command sets these signals' handlers and these loggers' levels for its process.
WORKER_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGALRM)
WORKER_LOGGERS = ("django_tasks", "django_tasks_db")


def on_the_database(settings: Any) -> None:
    """Queue tasks in the database for a worker, as the server does (pytest-django's ``settings``)."""
    settings.TASKS = DATABASE


def queued(function: str = "") -> list[DBTaskResult]:
    """The tasks waiting for a worker (those of one task function, by its name, if given)."""
    waiting = list(DBTaskResult.objects.ready().order_by("enqueued_at"))
    return [task for task in waiting if task.task_path.endswith("." + function)] if function else waiting


def run_worker(*, seconds: int = 120) -> str:
    """Run ``manage.py db_worker`` until no task is left waiting (``--batch``), within ``seconds``;
    its output. The process's signal handlers and the tasks' loggers are as before afterwards.

    The worker closes its database connection between tasks, as a server does between requests, so
    a test that runs it commits as it goes (``django_db(transaction=True)``): on PostgreSQL a test's
    enclosing transaction would end with the connection."""
    out = io.StringIO()
    with _worker_leaves_the_process_as_it_was(), _within(seconds):
        call_command(
            "db_worker", "--batch", "--no-reload", "--no-startup-delay", "--interval", "0", stdout=out
        )
    return out.getvalue()


class WorkerTooSlow(Exception):
    """The worker did not empty the queue in time."""


@contextmanager
def _within(seconds: int) -> Iterator[None]:
    def too_slow(signum: int, frame: Any) -> None:
        raise WorkerTooSlow(f"the worker did not finish within {seconds} s")

    signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)


@contextmanager
def _worker_leaves_the_process_as_it_was() -> Iterator[None]:
    handlers = {number: signal.getsignal(number) for number in WORKER_SIGNALS}
    loggers = [logging.getLogger(name) for name in WORKER_LOGGERS]
    kept = [(found, found.level, list(found.handlers)) for found in loggers]
    try:
        yield
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
        for found, level, found_handlers in kept:
            found.setLevel(level)
            found.handlers[:] = found_handlers


@contextmanager
def worker_beside(env: dict[str, str], root: Path) -> Iterator[subprocess.Popen[bytes]]:
    """The worker as ``make run`` starts it beside the server: the deals left unanalysed queued
    first, then ``manage.py db_worker`` running until the block ends, then told once to stop."""
    python = [sys.executable, "manage.py"]
    queue = subprocess.run(
        [*python, "analyse_deals", "--in-background"], cwd=root, env=env, capture_output=True
    )
    assert queue.returncode == 0, queue.stderr.decode()
    process = subprocess.Popen([*python, "db_worker"], cwd=root, env=env, stdout=subprocess.DEVNULL)
    try:
        yield process
    finally:
        process.terminate()  # it finishes the task in hand, then stops
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

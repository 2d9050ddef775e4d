"""The default SQLite database holds a club night: many phones writing at once, no "database is locked".

The test database is in memory and shared by one process, so the real settings run here in a
subprocess against a database file, with threads that each read and then write in one
transaction, as a service saving a result does.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.tournament.test_settings import ROOT, production_env

WRITERS = 8
ROUNDS = 25

SCRIPT = f"""
import json, threading
import django
django.setup()
from django.db import connection, connections, transaction

with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE tally (n integer)")
    cursor.execute("PRAGMA journal_mode")
    journal = cursor.fetchone()[0]
errors = []
start = threading.Barrier({WRITERS})

def writer():
    start.wait()
    try:
        for _ in range({ROUNDS}):
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("SELECT count(*) FROM tally")
                    (seen,) = cursor.fetchone()
                    cursor.execute("INSERT INTO tally VALUES (%s)", [seen])
    except Exception as error:
        errors.append(repr(error))
    finally:
        connections.close_all()

threads = [threading.Thread(target=writer) for _ in range({WRITERS})]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT count(*), count(DISTINCT n) FROM tally")
    rows, distinct = cursor.fetchone()
print(json.dumps({{"journal": journal, "errors": errors, "rows": rows, "distinct": distinct}}))
"""


def test_eight_writers_at_once_on_a_sqlite_file_all_succeed_in_turn(tmp_path: Path) -> None:
    env = production_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'night.sqlite3'}")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["errors"] == []
    assert report["journal"] == "wal"
    # Each transaction counted the rows and wrote that count: all distinct only if none overlapped.
    assert report["rows"] == report["distinct"] == WRITERS * ROUNDS


def test_postgresql_gets_none_of_the_sqlite_options(tmp_path: Path) -> None:
    env = production_env(tmp_path, DATABASE_URL="postgres://u@127.0.0.1:5432/x")
    code = "import tournament.settings as s; print(s.DATABASES['default'].get('OPTIONS', {}))"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "{}"

"""Back up and restore the whole database: the night's results, its clubs, people and log.

Two formats, told apart by their first bytes when restoring:

- ``sqlite``: a copy of the SQLite database file, taken with SQLite's online backup API, so the
  server may go on answering the phones while it is taken. The default on SQLite; restores into
  SQLite only.
- ``json``: every row as Django's JSON (``dumpdata`` with natural keys for content types, which
  each database numbers its own way). The default on PostgreSQL, and portable: it restores into
  either database, after ``migrate`` has made the tables.

A restore replaces everything in the database, in one transaction where the database allows it.
Backup files hold password hashes: they are written readable by their owner only.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, connection, transaction
from django.db.models import F, Max

from .models import Club, Event, Result, Section

SQLITE_HEADER = b"SQLite format 3\x00"
FORMATS = ("sqlite", "json")
# Rebuilt by migrate on every database (content types, permissions) or worth nothing in a restore
# (sessions: everyone logs in again; the recap sheets made in the background, megabytes that the
# next request makes again).
LEFT_OUT = ["contenttypes", "auth.permission", "sessions", "tournament.pdfjob"]


class BackupError(Exception):
    """A backup or restore that cannot be done as asked; the message says what to do."""


@dataclass(frozen=True)
class Contents:
    clubs: int
    events: int
    results: int
    users: int

    def __str__(self) -> str:
        return (
            f"{self.clubs} club(s), {self.events} event(s), {self.results} result(s), "
            f"{self.users} user account(s)"
        )

    @property
    def empty(self) -> bool:
        return not (self.clubs or self.users)


def contents() -> Contents:
    """What the database holds now, as a director counts it (nothing, before the first migrate)."""
    if Club._meta.db_table not in connection.introspection.table_names():
        return Contents(0, 0, 0, 0)
    return Contents(
        Club.objects.count(), Event.objects.count(), Result.objects.count(), get_user_model().objects.count()
    )


def is_sqlite() -> bool:
    return connection.vendor == "sqlite"


def default_format() -> str:
    return "sqlite" if is_sqlite() else "json"


def backup(path: Path, fmt: str, *, force: bool) -> int:
    """Write the whole database to ``path`` in ``fmt``; the number of bytes written."""
    if path.exists() and not force:
        raise BackupError(f"{path} exists: choose another --output, or add --force to replace it.")
    if fmt == "sqlite" and not is_sqlite():
        raise BackupError("This database is PostgreSQL: back it up with --format json.")
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written next to the target and renamed into place: a backup cut short never looks finished.
    fd, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    os.close(fd)
    try:
        if fmt == "sqlite":
            os.unlink(partial)  # sqlite3 makes the file itself; mkstemp only reserved its name
            connection.ensure_connection()
            with contextlib.closing(sqlite3.connect(partial)) as target:
                connection.connection.backup(target)
        else:
            call_command(
                "dumpdata", exclude=LEFT_OUT, natural_foreign=True, output=partial, indent=1, verbosity=0
            )
        os.chmod(partial, 0o600)
        os.replace(partial, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(partial)
    return path.stat().st_size


def format_of(path: Path) -> str:
    """``sqlite`` or ``json``, from the file's first bytes; refuse anything else."""
    if not path.is_file():
        raise BackupError(f"There is no file {path}.")
    with path.open("rb") as file:
        head = file.read(len(SQLITE_HEADER))
    if head == SQLITE_HEADER:
        return "sqlite"
    if head.lstrip()[:1] == b"[":
        return "json"
    raise BackupError(f"{path} is not a backup made by manage.py backup (neither SQLite nor JSON).")


def restore(path: Path) -> str:
    """Replace the whole database with the backup in ``path``; its format."""
    fmt = format_of(path)
    seen = _highest_version()
    if fmt == "sqlite":
        _restore_sqlite(path)
    else:
        _restore_json(path)
    # A backup from an older version of the program gets the tables of this one.
    call_command("migrate", interactive=False, verbosity=0)
    # Scores and pages kept before are of other facts under the same sections and versions: the
    # shared cache is emptied, and every section's version lifted above any this database held,
    # so a worker still running with the old night in its memory never takes it for the restored one.
    Section.objects.update(version=F("version") + seen + 1)
    cache.clear()
    return fmt


def _highest_version() -> int:
    """The highest section version the database holds now (0 before its first migrate)."""
    try:
        return Section.objects.aggregate(highest=Max("version"))["highest"] or 0
    except DatabaseError:  # no tables yet: nothing any worker can have kept
        return 0


def _restore_sqlite(path: Path) -> None:
    if not is_sqlite():
        raise BackupError(
            f"{path} is a SQLite backup and this database is PostgreSQL: restore a JSON backup "
            "(manage.py backup --format json, taken where the SQLite database is)."
        )
    with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as source:
        try:
            tables = {row[0] for row in source.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            healthy = source.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        except sqlite3.DatabaseError as error:
            raise BackupError(f"{path} cannot be read as a database ({error}).") from None
        if not {"django_migrations", "tournament_club"} <= tables:
            raise BackupError(f"{path} is a SQLite database but not one of this program's.")
        if not healthy:
            raise BackupError(f"{path} is damaged (SQLite's check fails): restore another backup.")
        connection.ensure_connection()
        # Page by page into the open database: other connections see the old or the new, never half.
        source.backup(connection.connection)
    connection.close()


def _restore_json(path: Path) -> None:
    call_command("migrate", interactive=False, verbosity=0)  # the tables the rows go into
    with tempfile.TemporaryDirectory() as folder:
        # loaddata knows a fixture's format by its name; the backup may be called anything.
        fixture = Path(folder) / "backup.json"
        fixture.symlink_to(path.resolve())
        try:
            with transaction.atomic():
                call_command("flush", interactive=False, verbosity=0)
                call_command("loaddata", str(fixture), verbosity=0)
        except (DeserializationError, DatabaseError, ValueError) as error:
            reason = str(error).splitlines()[0].replace(str(fixture), str(path))
            raise BackupError(f"{path} could not be restored; nothing was changed. {reason}") from None

"""Back up and restore the whole database: the night's results, its clubs, people and log.

Two formats, told apart by their first bytes when restoring:

- ``sqlite``: a copy of the SQLite database file, taken with SQLite's online backup API, so the
  server may go on answering the phones while it is taken. The default on SQLite; restores into
  SQLite only.
- ``json``: every row as Django's JSON (``dumpdata`` with natural keys for content types, which
  each database numbers its own way). The default on PostgreSQL, and portable: it restores into
  either database, after ``migrate`` has made the tables.

A restore puts back rows, never schema. A backup is a file anyone may have handed over, and a
SQLite file can carry code (a trigger that makes every account a superuser when a result is
entered): a SQLite backup is read through SELECTs on the tables this program's migrations make,
column by column, into a new database those migrations built; every trigger, view, index or table
of the backup's own is left behind and named. A JSON backup is loaded into this program's models
only. Before it asks for ``--force``, ``restore`` lists the accounts the backup would add and the
privileges it would give (``accounts_added``).

A restore replaces everything in the database, in one transaction where the database allows it.
Backup files hold password hashes: they are written readable by their owner only.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.core.serializers.base import DeserializationError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.migrations.executor import MigrationExecutor
from django.db.models import F, Max
from django.db.utils import load_backend

from .models import Club, Event, Result, Section

SQLITE_HEADER = b"SQLite format 3\x00"
FORMATS = ("sqlite", "json")
# Rebuilt by migrate on every database (content types, permissions) or worth nothing in a restore
# (sessions: everyone logs in again; the recap sheets made in the background, megabytes that the
# next request makes again; a big session's upload on its way in, its import restored once made;
# the queue of background tasks, whose jobs are left out: deals left unanalysed are queued again).
LEFT_OUT = [
    "contenttypes",
    "auth.permission",
    "sessions",
    "tournament.pdfjob",
    "tournament.sessionimportjob",
    "django_tasks_database",
]


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


@dataclass(frozen=True)
class Account:
    """A user account as a restore weighs it: who, and what it may do."""

    username: str
    superuser: bool
    staff: bool


@dataclass(frozen=True)
class Restored:
    """What a restore did: the backup's format and what of the backup it left behind."""

    fmt: str
    ignored: list[str] = field(default_factory=list)


def accounts_now() -> dict[str, Account]:
    """The accounts this database holds, by username (none before the first migrate)."""
    model = get_user_model()
    if model._meta.db_table not in connection.introspection.table_names():
        return {}
    rows = model.objects.values_list("username", "is_superuser", "is_staff")
    return {name: Account(name, bool(superuser), bool(staff)) for name, superuser, staff in rows}


def accounts_in(path: Path) -> dict[str, Account]:
    """The accounts the backup in ``path`` holds, by username, read without restoring anything."""
    if format_of(path) == "json":
        users = [entry.get("fields") for entry in _json_entries(path) if entry.get("model") == "auth.user"]
        rows = [
            (f.get("username"), f.get("is_superuser"), f.get("is_staff"))
            for f in users
            if isinstance(f, dict)
        ]
    else:
        _sqlite_here(path)
        with _open_backup(path) as source:
            # SQLite reads a quoted name that is no column as a string: ask only for columns there.
            if "auth_user" not in _backup_tables(source):
                return {}
            if not {"username", "is_superuser", "is_staff"} <= set(_columns(source, "auth_user")):
                return {}
            rows = source.execute('SELECT "username", "is_superuser", "is_staff" FROM "auth_user"').fetchall()
    return {str(name): Account(str(name), bool(superuser), bool(staff)) for name, superuser, staff in rows}


def accounts_added(path: Path) -> list[str]:
    """What the restore of ``path`` would give that this database does not: each account it would
    add, and each privilege it would give an account that exists here under the same username.

    Said before a restore asks for ``--force``, so that a backup carrying an account of its own
    (a superuser added by whoever handed the file over) is seen before it is let in.
    """
    now = accounts_now()
    lines = []
    for name, account in sorted(accounts_in(path).items()):
        held = now.get(name)
        if held is None:
            kind = "superuser" if account.superuser else "staff account" if account.staff else "account"
            lines.append(f"would add {kind}: {name}")
            continue
        if account.superuser and not held.superuser:
            lines.append(f"would make {name} a superuser (superuser no here, yes in the backup)")
        if account.staff and not held.staff:
            lines.append(f"would make {name} staff (staff no here, yes in the backup)")
    return lines


def restore(path: Path) -> Restored:
    """Replace the whole database with the rows of the backup in ``path``."""
    fmt = format_of(path)
    seen = _highest_version()
    ignored = _restore_sqlite(path) if fmt == "sqlite" else _restore_json(path)
    # A backup from an older version of the program gets the tables of this one.
    call_command("migrate", interactive=False, verbosity=0)
    # Scores and pages kept before are of other facts under the same sections and versions: the
    # shared cache is emptied, and every section's version lifted above any this database held,
    # so a worker still running with the old night in its memory never takes it for the restored one.
    Section.objects.update(version=F("version") + seen + 1)
    cache.clear()
    return Restored(fmt, ignored)


def _highest_version() -> int:
    """The highest section version the database holds now (0 before its first migrate)."""
    try:
        return Section.objects.aggregate(highest=Max("version"))["highest"] or 0
    except DatabaseError:  # no tables yet: nothing any worker can have kept
        return 0


# Tables the migrations make whose rows a restore does not bring back, as LEFT_OUT for JSON:
# the bookkeeping of migrations itself, the shared cache (emptied by every restore), sessions
# (everyone logs in again) and the recap sheets made in the background.
NOT_RESTORED = {
    "django_migrations",
    "sqlite_sequence",
    "duplicate_cache",
    "django_session",
    "tournament_pdfjob",
    "tournament_sessionimportjob",  # an upload on its way in; its import, once made, is restored
    "django_tasks_database_dbtaskresult",  # the queue of background tasks, for jobs not restored
}


@contextlib.contextmanager
def _open_backup(path: Path) -> Iterator[sqlite3.Connection]:
    """The backup, opened read-only and trusting nothing in its schema (no function a view or
    trigger of its own names runs); every read of it is a SELECT on a table named here."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as source:
        try:
            source.execute("PRAGMA trusted_schema = OFF")
            tables = _backup_tables(source)
            healthy = source.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        except sqlite3.DatabaseError as error:
            raise BackupError(f"{path} cannot be read as a database ({error}).") from None
        if not {"django_migrations", "tournament_club"} <= tables:
            raise BackupError(f"{path} is a SQLite database but not one of this program's.")
        if not healthy:
            raise BackupError(f"{path} is damaged (SQLite's check fails): restore another backup.")
        yield source


def _sqlite_here(path: Path) -> None:
    """Refuse a SQLite backup on PostgreSQL, saying what to restore instead."""
    if not is_sqlite():
        raise BackupError(
            f"{path} is a SQLite backup and this database is PostgreSQL: restore a JSON backup "
            "(manage.py backup --format json, taken where the SQLite database is)."
        )


def _backup_tables(source: sqlite3.Connection) -> set[str]:
    """The backup's ordinary tables (not its views, nor virtual tables, which run code to read)."""
    rows = source.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for name, sql in rows if str(sql or "").upper().startswith("CREATE TABLE")}


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _columns(database: sqlite3.Connection, table: str) -> list[str]:
    cursor = database.execute(f"SELECT * FROM {_quoted(table)} LIMIT 0")
    return [column[0] for column in cursor.description]


def _schema(database: sqlite3.Connection) -> set[tuple[str, str]]:
    rows = database.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
    return {(kind, name) for kind, name in rows}


@contextlib.contextmanager
def _default_database_at(path: Path) -> Iterator[BaseDatabaseWrapper]:
    """Point this thread's default database at the SQLite file ``path`` for the time of the block,
    as Django's test runner points it at a test database, so that the migrations (their data
    migrations included, which write through the default database) build that file and nothing
    else; the database the server uses is left as it was, connection and all."""
    live = connections[DEFAULT_DB_ALIAS]
    wrapper = load_backend(live.settings_dict["ENGINE"]).DatabaseWrapper(
        {**live.settings_dict, "NAME": str(path)}, DEFAULT_DB_ALIAS
    )
    connections[DEFAULT_DB_ALIAS] = wrapper
    try:
        yield wrapper
    finally:
        wrapper.close()
        connections[DEFAULT_DB_ALIAS] = live


def _restore_sqlite(path: Path) -> list[str]:
    """Build a new database by the migrations, copy the backup's rows into it, and put it in
    place of this one; what of the backup was left behind."""
    _sqlite_here(path)
    with _open_backup(path) as source, tempfile.TemporaryDirectory() as folder:
        built = Path(folder) / "restored.sqlite3"
        try:
            ignored = _build(source, built, path)
            with contextlib.closing(sqlite3.connect(built)) as fresh:
                connection.ensure_connection()
                # Page by page into the open database: other connections see the old or the new, never half.
                fresh.backup(connection.connection)
        except (sqlite3.DatabaseError, DatabaseError) as error:  # a backup made or changed by hand
            raise BackupError(f"{path} could not be restored; nothing was changed. ({error})") from None
    connection.close()
    return ignored


def _build(source: sqlite3.Connection, built: Path, path: Path) -> list[str]:
    """Make ``built`` this version's database holding the backup's rows; what was left behind."""
    with _default_database_at(built) as target:
        executor = MigrationExecutor(target)
        applied = set(source.execute("SELECT app, name FROM django_migrations").fetchall())
        if not any(app == "tournament" for app, _ in applied):
            raise BackupError(
                f"{path} is a SQLite database but not one of this program's (no migration of its)."
            )
        unknown = applied - set(executor.loader.graph.nodes)
        if unknown:
            raise BackupError(
                f"{path} was made by a newer version of this program (it has migration "
                f"{'.'.join(sorted(unknown)[0])}): restore it with that version."
            )
        # The tables as they stood when the backup was taken, so that its rows fit them.
        executor.migrate(_leaves(executor, applied))
    with contextlib.closing(sqlite3.connect(built)) as fresh:
        ignored = _copy_rows(source, fresh, path)
    with _default_database_at(built):
        call_command("migrate", interactive=False, verbosity=0)  # then up to this version
    return ignored


def _leaves(executor: MigrationExecutor, applied: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """Of the migrations the backup had applied, the last of each app: the state to migrate to."""
    graph = executor.loader.graph
    return [node for node in applied if not any(child in applied for child in graph.node_map[node].children)]


def _copy_rows(source: sqlite3.Connection, fresh: sqlite3.Connection, path: Path) -> list[str]:
    """Copy every row of the tables the migrations made from the backup, by column name; what of
    the backup's schema was not copied (its own triggers, views, indexes, tables, columns)."""
    made = _schema(fresh)
    ignored = [f"{kind} {name}" for kind, name in sorted(_schema(source) - made)]
    backup_tables = _backup_tables(source)
    fresh.execute("PRAGMA foreign_keys = OFF")
    with fresh:  # one transaction
        for kind, table in sorted(made):
            if kind != "table" or table in NOT_RESTORED or table not in backup_tables:
                continue
            theirs = _columns(source, table)
            ours = set(_columns(fresh, table))
            columns = [column for column in theirs if column in ours]
            ignored += [f"column {table}.{column}" for column in theirs if column not in ours]
            names = ", ".join(_quoted(column) for column in columns)
            fresh.execute(f"DELETE FROM {_quoted(table)}")  # what the migrations wrote (content types)
            rows = source.execute(f"SELECT {names} FROM {_quoted(table)}")
            insert = f"INSERT INTO {_quoted(table)} ({names}) VALUES ({', '.join('?' * len(columns))})"
            try:
                while batch := rows.fetchmany(1000):
                    fresh.executemany(insert, batch)
            except sqlite3.DatabaseError as error:
                raise BackupError(
                    f"{path} could not be restored; nothing was changed. {table}: {error}"
                ) from None
        broken = fresh.execute("PRAGMA foreign_key_check").fetchone()
        if broken is not None:
            raise BackupError(
                f"{path} could not be restored; nothing was changed. A row of {broken[0]} points at "
                f"a row of {broken[2]} that the backup does not hold."
            )
    return ignored


LEFT_OUT_MODELS = {
    "contenttypes.contenttype",
    "auth.permission",
    "sessions.session",
    "tournament.pdfjob",
    "tournament.sessionimportjob",
    "django_tasks_database.dbtaskresult",
}


def _json_entries(path: Path) -> list[dict[str, object]]:
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        raise BackupError(f"{path} could not be restored; nothing was changed. {error}") from None
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise BackupError(f"{path} is not a backup made by manage.py backup (not a list of rows).")
    return entries


def _restore_json(path: Path) -> list[str]:
    """Load the backup's rows of this program's models, and nothing else; what was left behind."""
    known = {
        model._meta.label_lower for model in apps.get_models(include_auto_created=True)
    } - LEFT_OUT_MODELS
    entries = _json_entries(path)
    kept = [entry for entry in entries if entry.get("model") in known]
    left = sorted({str(entry.get("model")) for entry in entries if entry.get("model") not in known})
    ignored = [f"rows of {label}" for label in left]
    call_command("migrate", interactive=False, verbosity=0)  # the tables the rows go into
    with tempfile.TemporaryDirectory() as folder:
        # loaddata knows a fixture's format by its name; only the kept rows are written to it.
        fixture = Path(folder) / "backup.json"
        fixture.write_text(json.dumps(kept), encoding="utf-8")
        try:
            with transaction.atomic():
                call_command("flush", interactive=False, verbosity=0)
                call_command("loaddata", str(fixture), verbosity=0)
        except (DeserializationError, DatabaseError, ValueError) as error:
            reason = str(error).splitlines()[0].replace(str(fixture), str(path))
            raise BackupError(f"{path} could not be restored; nothing was changed. {reason}") from None
    return ignored

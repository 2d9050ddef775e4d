"""manage.py backup and restore: the night's database copied out, changed, put back, read back."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.tournament.background import on_the_database
from tests.tournament.factories import make_club, make_played_night, make_user
from tests.tournament.test_settings import ROOT, production_env
from tournament.models import Board, Club, Event, Result, Section
from tournament.scores import versions
from tournament.scores.standings import score_section
from tournament.services import analyses

# What a director would check after a restore: every club, and every event's standings.
SNAPSHOT = """
import json, sys
import django
django.setup()
from django.core.management import call_command
from tournament.models import Club, Event, Result, Section
from tournament.games import CONTRACT
from tournament.scores.standings import score_section

def standing(event):
    sheet = score_section(event.sections.get())
    if sheet.contest is not None:
        return [[str(s.pair), str(s.score), str(s.rank)] for s in sheet.contest.standings]
    bridge = CONTRACT.own_figures(sheet)
    if bridge is not None and bridge.match is not None:
        match = bridge.match
        return [[match.home, str(match.imps_home)], [match.away, str(match.imps_away)]]
    if bridge is not None:
        return [[line.pair, str(line.total), line.place.text] for line in bridge.standings]
    return [[str(t.team), str(t.exact)] for t in (sheet.match.first, sheet.match.second)]

if "set-up" in sys.argv:
    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
if "change" in sys.argv:
    Result.objects.filter(pk__in=list(Result.objects.values_list("pk", flat=True)[:7])).delete()
    call_command("create_club", "Lilies", "--admin", "bob", "--no-input")
print(json.dumps({
    "clubs": sorted(Club.objects.values_list("name", flat=True)),
    "results": Result.objects.count(),
    "standings": {e.name: standing(e) for e in Event.objects.order_by("pk")},
}))
"""


def test_a_sqlite_night_backed_up_changed_and_restored_reads_back_as_it_was(tmp_path: Path) -> None:
    env = production_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'club.sqlite3'}")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
        )

    def snapshot(*steps: str) -> dict[str, object]:
        done = run("-c", SNAPSHOT, *steps)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.splitlines()[-1])

    before = snapshot("set-up")
    backup = tmp_path / "tuesday.sqlite3"
    done = run("manage.py", "backup", "--output", str(backup))
    assert done.returncode == 0, done.stderr
    counted = f"1 club(s), 5 event(s), {before['results']} result(s), 1 user account(s)"
    assert f"Backed up {counted} to {backup}" in done.stdout
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600

    changed = snapshot("change")
    assert changed["clubs"] == ["Foster Memorial Bridge Club", "Lilies"]
    assert changed["results"] == before["results"] - 7  # type: ignore[operator]
    refused = run("manage.py", "restore", str(backup))
    assert refused.returncode != 0
    assert "This database holds 2 club(s)" in refused.stderr and "Add --force" in refused.stderr

    restored = run("manage.py", "restore", str(backup), "--force")
    assert restored.returncode == 0, restored.stderr
    assert (
        f"Restored {counted} from {backup} (sqlite), replacing what was there (2 club(s)" in restored.stdout
    )
    assert snapshot() == before


def standings() -> dict[str, object]:
    out: dict[str, object] = {}
    for event in Event.objects.order_by("pk"):
        sheet = score_section(event.sections.get())
        assert sheet.contest is not None
        out[event.name] = [(str(s.pair), s.score, s.rank) for s in sheet.contest.standings]
    return out


@pytest.mark.django_db(transaction=True)
def test_a_json_backup_restores_the_night_on_this_database(tmp_path: Path) -> None:
    event = make_played_night()
    before = standings()
    results = Result.objects.count()
    backup = tmp_path / "night.json"
    call_command("backup", "--format", "json", "--output", str(backup), stdout=io.StringIO())

    Result.objects.filter(pk__in=list(Result.objects.values_list("pk", flat=True)[:3])).delete()
    make_club("Lilies")
    changed = standings()
    assert changed != before
    with pytest.raises(CommandError, match="exists: choose another --output, or add --force"):
        call_command("backup", "--format", "json", "--output", str(backup))
    with pytest.raises(CommandError, match="This database holds 2 club"):
        call_command("restore", str(backup))
    out = io.StringIO()
    call_command("restore", str(backup), "--dry-run", stdout=out)
    assert out.getvalue().startswith("Would replace 2 club(s), 1 event(s)")
    assert standings() == changed

    out = io.StringIO()
    call_command("restore", str(backup), "--force", stdout=out)
    assert f"Restored 1 club(s), 1 event(s), {results} result(s)" in out.getvalue()
    assert standings() == before
    assert list(Club.objects.values_list("pk", flat=True)) == [event.club_id]


@pytest.mark.django_db
def test_a_json_backup_leaves_the_queue_of_background_tasks_out(tmp_path: Path, settings: Any) -> None:
    on_the_database(settings)
    make_played_night()
    analyses.analyse_deals.enqueue(list(Board.objects.values_list("pk", flat=True)))  # waiting for a worker
    backup = tmp_path / "night.json"

    call_command("backup", "--format", "json", "--output", str(backup), stdout=io.StringIO())

    models = {entry["model"] for entry in json.loads(backup.read_text())}
    assert "tournament.result" in models
    assert not [model for model in models if model.startswith("django_tasks")]


@pytest.mark.django_db(transaction=True)
def test_a_worker_holding_the_nights_scores_never_serves_them_for_the_restored_night(tmp_path: Path) -> None:
    event = make_played_night()
    section = event.sections.get()
    backup = tmp_path / "night.json"
    call_command("backup", "--format", "json", "--output", str(backup), stdout=io.StringIO())

    Result.objects.filter(pk__in=list(Result.objects.values_list("pk", flat=True)[:3])).delete()
    changed = standings()  # this worker now holds the changed night under the version after the backup's
    held = Section.objects.get(pk=section.pk).version
    call_command("restore", str(backup), "--force", stdout=io.StringIO())
    versions.sections_written([section])  # the restored night goes on: one more fact, one more version

    assert Section.objects.get(pk=section.pk).version > held
    served = standings()  # by this worker, which still holds the changed night in its memory
    assert served == standings() != changed  # the restored night's scores, made from its facts


@pytest.mark.django_db(transaction=True)
def test_a_broken_json_backup_changes_nothing(tmp_path: Path) -> None:
    make_played_night()
    before = standings()
    backup = tmp_path / "night.json"
    call_command("backup", "--format", "json", "--output", str(backup), stdout=io.StringIO())
    backup.write_text(backup.read_text()[:-200])
    with pytest.raises(CommandError, match="could not be restored; nothing was changed"):
        call_command("restore", str(backup), "--force", stdout=io.StringIO())
    assert standings() == before


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "says"),
    [(None, "There is no file"), (b"Board 1: 4H N 10\n", "is not a backup made by manage.py backup")],
)
def test_restore_refuses_what_is_not_a_backup(tmp_path: Path, content: bytes | None, says: str) -> None:
    path = tmp_path / "notes.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(CommandError, match=says):
        call_command("restore", str(path), "--force")


@pytest.mark.django_db
def test_a_sqlite_backup_is_refused_on_postgresql_with_what_to_do(tmp_path: Path) -> None:
    if connection.vendor == "sqlite":
        pytest.skip("on SQLite a SQLite backup restores (test above)")
    with pytest.raises(CommandError, match="back it up with --format json"):
        call_command("backup", "--format", "sqlite", "--output", str(tmp_path / "x.sqlite3"))
    path = tmp_path / "x.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + bytes(100))
    with pytest.raises(CommandError, match="restore a JSON backup"):
        call_command("restore", str(path), "--force")


@pytest.mark.django_db
def test_another_programs_sqlite_database_is_refused(tmp_path: Path) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("on PostgreSQL any SQLite file is refused (test above)")
    path = tmp_path / "other.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as other:
        other.execute("CREATE TABLE scores (n integer)")
    with pytest.raises(CommandError, match="is a SQLite database but not one of this program's"):
        call_command("restore", str(path), "--force")
    assert Club.objects.count() == 0


def plant(backup: Path, *statements: str) -> None:
    """What whoever handed the backup over may have added to it."""
    with contextlib.closing(sqlite3.connect(backup)) as planted, planted:
        for statement in statements:
            planted.execute(statement)


@pytest.mark.django_db(transaction=True)
def test_a_sqlite_backup_restores_its_rows_and_leaves_its_own_trigger_view_and_table_behind(
    tmp_path: Path,
) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("a SQLite backup restores into SQLite only")
    make_played_night()
    for name in ("ann", "ben"):
        make_user(name)
    backup = tmp_path / "night.sqlite3"
    call_command("backup", "--output", str(backup), stdout=io.StringIO())
    plant(
        backup,
        "CREATE TRIGGER promote AFTER INSERT ON tournament_result BEGIN "
        "UPDATE auth_user SET is_superuser = 1, is_staff = 1; END",
        "CREATE VIEW every_password AS SELECT username, password FROM auth_user",
        "CREATE TABLE notes (text varchar)",
        "CREATE INDEX by_password ON auth_user (password)",
        "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email, is_staff, "
        "is_active, date_joined) VALUES ('x', 1, 'mallory', '', '', '', 1, 1, '2026-01-01')",
    )
    results = Result.objects.count()
    Result.objects.filter(pk=Result.objects.values_list("pk", flat=True)[0]).delete()
    out = io.StringIO()
    call_command("restore", str(backup), "--dry-run", stdout=out)
    assert "  would add superuser: mallory" in out.getvalue().splitlines()

    out = io.StringIO()
    call_command("restore", str(backup), "--force", stdout=out)
    assert "Not restored, the backup's own and none of this program's: " in out.getvalue()
    for name in ("index by_password", "table notes", "trigger promote", "view every_password"):
        assert name in out.getvalue()
    assert Result.objects.count() == results
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') OR name = 'notes'"
        )
        assert cursor.fetchall() == []
    result = Result.objects.order_by("pk").first()
    assert result is not None
    Result.objects.filter(pk=result.pk).delete()
    result.pk = None
    result.save()  # a result entered after the restore
    assert list(get_user_model().objects.filter(is_superuser=True).values_list("username", flat=True)) == [
        "mallory"  # the backup's own row, listed before the restore, and no one made one since
    ]


@pytest.mark.django_db(transaction=True)
def test_a_json_backup_with_an_account_of_its_own_names_it_before_asking_for_force(tmp_path: Path) -> None:
    make_played_night()
    make_user("ann")
    make_user("ben")
    backup = tmp_path / "night.json"
    call_command("backup", "--format", "json", "--output", str(backup), stdout=io.StringIO())
    rows = json.loads(backup.read_text())
    fields = next(
        row["fields"] for row in rows if row["model"] == "auth.user" and row["fields"]["username"] == "ben"
    )
    rows.append({"model": "auth.user", "fields": {**fields, "username": "mallory", "is_superuser": True}})
    fields.update(is_staff=True)
    rows.append(
        {
            "model": "sessions.session",
            "pk": "k" * 32,
            "fields": {"session_data": "x", "expire_date": "2099-01-01T00:00:00Z"},
        }
    )
    backup.write_text(json.dumps(rows))

    out = io.StringIO()
    call_command("restore", str(backup), "--dry-run", stdout=out)
    assert out.getvalue().splitlines()[1:] == [
        "  would make ben staff (staff no here, yes in the backup)",
        "  would add superuser: mallory",
    ]
    out = io.StringIO()
    with pytest.raises(CommandError, match="Add --force"):
        call_command("restore", str(backup), stdout=out)
    assert "  would add superuser: mallory" in out.getvalue().splitlines()
    assert not get_user_model().objects.filter(username="mallory").exists()

    out = io.StringIO()
    call_command("restore", str(backup), "--force", stdout=out)
    assert "Added superuser: mallory." in out.getvalue()
    assert "rows of sessions.session" in out.getvalue()
    assert not Session.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_sqlite_backup_of_an_older_version_restores_into_its_own_tables_then_migrates(
    tmp_path: Path,
) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("a SQLite backup restores into SQLite only")
    executor = MigrationExecutor(connection)
    old = ("tournament", "0014_section_scores_version")  # before the recap sheets were made in the background
    executor.migrate([old])
    then = executor.loader.project_state([old]).apps.get_model("tournament", "Club")
    then.objects.create(name="Old club", slug="old-club")
    backup = tmp_path / "old.sqlite3"
    call_command("backup", "--output", str(backup), stdout=io.StringIO())
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    make_club("Lilies")

    out = io.StringIO()
    call_command("restore", str(backup), "--force", stdout=out)
    assert "Not restored" not in out.getvalue()
    assert list(Club.objects.values_list("name", flat=True)) == ["Old club"]
    assert "tournament_pdfjob" in connection.introspection.table_names()


@pytest.mark.django_db(transaction=True)
def test_a_sqlite_backup_of_a_newer_version_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("a SQLite backup restores into SQLite only")
    make_played_night()
    results = Result.objects.count()
    backup = tmp_path / "night.sqlite3"
    call_command("backup", "--output", str(backup), stdout=io.StringIO())
    plant(
        backup,
        "INSERT INTO django_migrations (app, name, applied) "
        "VALUES ('tournament', '9999_later', '2030-01-01')",
    )
    Result.objects.filter(pk=Result.objects.values_list("pk", flat=True)[0]).delete()
    with pytest.raises(
        CommandError, match=r"made by a newer version of this program \(it has migration tournament.9999"
    ):
        call_command("restore", str(backup), "--force", stdout=io.StringIO())
    assert Result.objects.count() == results - 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("schema", "says"),
    [
        (["CREATE TABLE django_migrations (app varchar)"], "could not be restored; nothing was changed"),
        (
            ["CREATE TABLE auth_user (username varchar)", "INSERT INTO auth_user VALUES ('mallory')"],
            "not one of this program's",
        ),
    ],
)
def test_a_sqlite_file_of_this_programs_tables_in_another_shape_is_refused_in_a_sentence(
    tmp_path: Path, schema: list[str], says: str
) -> None:
    if connection.vendor != "sqlite":
        pytest.skip("on PostgreSQL any SQLite file is refused (test above)")
    path = tmp_path / "odd.sqlite3"
    tables = [
        "CREATE TABLE django_migrations (app varchar, name varchar)",
        "CREATE TABLE tournament_club (n int)",
    ]
    plant(path, *{statement.split(" (")[0]: statement for statement in [*tables, *schema]}.values())
    out = io.StringIO()
    with pytest.raises(CommandError, match=says):
        call_command("restore", str(path), "--force", stdout=out)
    assert "would add" not in out.getvalue()
    assert Club.objects.count() == 0

"""Back up the whole database to a file (tournament/backups.py says what the formats are)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from tournament import backups


class Command(BaseCommand):
    help = (
        "Copy the whole database (clubs, people, events, results, rulings, audit log) to --output: on "
        "SQLite a database file, taken while the server runs; on PostgreSQL, or with --format json, a "
        "JSON file that restores into either. Writes only --output (refusing to replace it without "
        "--force); the database is read, never changed. Put it back with manage.py restore FILE."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output", help="The file to write; by default duplicate-backup-<date>-<time>.<format> here."
        )
        parser.add_argument("--format", choices=backups.FORMATS, help="sqlite (on SQLite) or json.")
        parser.add_argument("--force", action="store_true", help="Replace --output if it exists.")

    def handle(self, *args: Any, **options: Any) -> None:
        fmt = options["format"] or backups.default_format()
        stamp = timezone.localtime().strftime("%Y-%m-%d-%H%M%S")
        path = Path(
            options["output"] or f"duplicate-backup-{stamp}.{'sqlite3' if fmt == 'sqlite' else 'json'}"
        )
        try:
            size = backups.backup(path, fmt, force=options["force"])
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            self.style.SUCCESS(f"Backed up {backups.contents()} to {path} ({size:,} bytes, {fmt}).")
        )

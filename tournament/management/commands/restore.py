"""Put a backup back: the whole database becomes what the backup holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament import backups


class Command(BaseCommand):
    help = (
        "Replace the whole database with FILE, a backup made by manage.py backup (SQLite or JSON, told "
        "by its contents), then bring its tables up to this version (migrate). Refuses to replace a "
        "database that holds any club or account unless --force is given. Stop the server first."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="The backup to restore.")
        parser.add_argument(
            "--force", action="store_true", help="Replace a database that holds clubs or accounts."
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Say what would be replaced; change nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            fmt = backups.format_of(path)
            before = backups.contents()
            if options["dry_run"]:
                self.stdout.write(f"Would replace {before} with the {fmt} backup {path}.")
                return
            if not before.empty and not options["force"]:
                raise CommandError(
                    f"This database holds {before}: restoring replaces all of it. Add --force to "
                    "replace it (and take a backup of it first: manage.py backup)."
                )
            fmt = backups.restore(path)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        replaced = "an empty database" if before.empty else f"what was there ({before})"
        self.stdout.write(
            self.style.SUCCESS(f"Restored {backups.contents()} from {path} ({fmt}), replacing {replaced}.")
        )

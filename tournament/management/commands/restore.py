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
        "database that holds any club or account unless --force is given, after listing the accounts "
        "and privileges the backup would add. Only rows come back: a SQLite backup's own triggers, "
        "views and tables are left behind and named. Stop the server first."
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
            added = backups.accounts_added(path)
            if options["dry_run"]:
                self.stdout.write(f"Would replace {before} with the {fmt} backup {path}.")
                self._accounts(added)
                return
            if not before.empty and not options["force"]:
                self._accounts(added)
                raise CommandError(
                    f"This database holds {before}: restoring replaces all of it. Add --force to "
                    "replace it (and take a backup of it first: manage.py backup)."
                )
            restored = backups.restore(path)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        replaced = "an empty database" if before.empty else f"what was there ({before})"
        self.stdout.write(
            self.style.SUCCESS(
                f"Restored {backups.contents()} from {path} ({restored.fmt}), replacing {replaced}."
            )
        )
        if restored.ignored:
            self.stdout.write(
                f"Not restored, the backup's own and none of this program's: {', '.join(restored.ignored)}."
            )
        for line in added:
            done = line.replace("would add", "added", 1).replace("would make", "made", 1)
            self.stdout.write(done[0].upper() + done[1:] + ".")

    def _accounts(self, added: list[str]) -> None:
        """The accounts and privileges the backup would add, each on its line, or that it adds none."""
        if not added:
            self.stdout.write("The backup adds no account and gives no account a privilege it has not here.")
        for line in added:
            self.stdout.write(f"  {line}")

"""Write the deals of an event's boards to a PBN file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.services.hand_records import HandRecordRefused, export_deals, section_of

from ._deals import add_event_arguments, event_of


class Command(BaseCommand):
    help = (
        "Write the deals of an event's section to a PBN 2.1 file (UTF-8) that import_deals reads back. "
        "The database is read, never changed. Example: python manage.py export_deals 12 --output deals.pbn"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        add_event_arguments(parser, writes=False)
        parser.add_argument("--output", help="The file to write (default: deals-<event>.pbn here).")

    def handle(self, *args: Any, **options: Any) -> None:
        event = event_of(options["event_id"])
        try:
            filename, content = export_deals(section_of(event, options["section"]))
        except HandRecordRefused as error:
            raise CommandError(f"{event}: {error}") from error
        output = Path(options["output"] or filename)
        try:
            output.write_bytes(content)
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror}.") from error
        self.stdout.write(
            self.style.SUCCESS(f"Wrote {output}: the deals of {content.count(b'[Deal ')} boards.")
        )

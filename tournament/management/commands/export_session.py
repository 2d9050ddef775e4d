"""Write a contract bridge night as a scored session: PBN 2.1 with score tables, or USEBIO 1.2 XML."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.interchange.files import FORMATS, ExportRefused, export_session

from ._deals import event_of


class Command(BaseCommand):
    help = (
        "Write a contract bridge pairs night as the results file scoring programs exchange: PBN 2.1 "
        "(the deals, a [ScoreTable] on every board, the [TotalScoreTable]) or USEBIO 1.2 XML, with "
        "the product's own matchpoints or IMPs, totals, percentages and places. The database is "
        "read, never changed. Example: python manage.py export_session 12 --format usebio --output night.xml"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "event_id", type=int, help="The event's number, as in its address /c/<club>/e/<id>/."
        )
        parser.add_argument(
            "--format", choices=sorted(FORMATS), default="pbn", help="pbn (default) or usebio."
        )
        parser.add_argument("--output", help="The file to write (default: a name from the event's, here).")
        parser.add_argument(
            "--session", type=int, help="The session to write, in a night of several (default: the last)."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = event_of(options["event_id"])
        try:
            filename, _, content = export_session(event, options["format"], options["session"])
        except ExportRefused as error:
            raise CommandError(f"{event}: {error}") from error
        output = Path(options["output"] or filename)
        try:
            output.write_bytes(content)
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror}.") from error
        self.stdout.write(self.style.SUCCESS(f"Wrote {output}: {event.name}, {len(content):,} bytes."))

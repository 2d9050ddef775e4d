"""Write an event's standings workbook (XLSX) or standings CSV to a file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.exports import FORMATS, export_standings
from tournament.models import Event


class Command(BaseCommand):
    help = (
        "Write the standings of event EVENT (its id, as in /c/<club>/e/<id>/) to a file: the workbook "
        "(--format xlsx: standings, pair × deal matrix, travellers, rulings log) or the standings as CSV "
        "(--format csv). Reads the database and changes nothing in it; writes or overwrites only --output."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, metavar="EVENT", help="The event's id.")
        parser.add_argument(
            "--format",
            choices=list(FORMATS),
            help="xlsx or csv; by default taken from the --output file's suffix, else xlsx.",
        )
        parser.add_argument(
            "--output",
            help="The file to write; by default the export's own name "
            "(club-date-event-standings.xlsx) in the current directory.",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Build the file and say what would be written; write nothing.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.select_related("club").filter(pk=options["event"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['event']}: give the id of an existing event.")
        chosen = options["format"] or _format_of(options["output"])
        if chosen not in FORMATS:
            raise CommandError(f"{chosen!r} is not an export format: use --format xlsx or --format csv.")
        export = export_standings(event, chosen)
        path = Path(options["output"] or export.filename)
        summary = f"{event.name} standings to {path} ({len(export.content):,} bytes, {chosen})."
        if options["dry_run"]:
            self.stdout.write(f"Would write {summary}")
            return
        try:
            path.write_bytes(export.content)
        except OSError as error:
            raise CommandError(f"Cannot write {path}: {error.strerror or error}.") from error
        self.stdout.write(self.style.SUCCESS(f"Wrote {summary}"))


def _format_of(output: str | None) -> str:
    """The format an --output name asks for by its suffix ("standings.csv"), xlsx when it has none."""
    suffix = Path(output).suffix.lower().lstrip(".") if output else ""
    if suffix and suffix not in FORMATS:
        raise CommandError(f"Cannot tell the format from {output!r}: add --format xlsx or --format csv.")
    return suffix or "xlsx"

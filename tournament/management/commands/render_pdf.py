"""Print one document of an event to a PDF file, as the event page would offer it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.models import Event
from tournament.pdf import DOCUMENTS, DocumentUnavailable, renderer_for


class Command(BaseCommand):
    help = (
        "Render one printable document of an event to a PDF file: standings, recaps (each pair's score "
        "card), travellers, match (the team match sheet), guide (table and pair guide cards) or pads "
        "(score pads) or tablecards (one page a table with its QR code, PIN and movement: give the address "
        "the phones open with --base-url). Writes only the output file; the database is read, never "
        "changed. Example: python manage.py render_pdf 12 --doc recaps --output recaps.pdf"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "event_id", type=int, help="The event's number, as in its address /c/<club>/e/<id>/."
        )
        parser.add_argument("--doc", required=True, choices=list(DOCUMENTS), help="Which document to print.")
        parser.add_argument(
            "--output",
            help="The PDF file to write (default: the document's own name, in the current directory).",
        )
        parser.add_argument(
            "--base-url",
            default="",
            help="The address the players' phones open, as make run prints it (http://192.168.1.20:8000/): "
            "the table cards' links and QR codes begin with it.",
        )
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Render the document and say what would be written; write nothing.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.select_related("club").filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(
                f"There is no event {options['event_id']}: give the number from the event's address."
            )
        try:
            renderer = renderer_for(event, options["doc"], base_url=options["base_url"])
            filename, _, content = renderer.render()
        except DocumentUnavailable as error:
            raise CommandError(f"{event}: {error}") from error
        output = Path(options["output"] or filename)
        if options["dry_run"]:
            self.stdout.write(f"Would write {output} ({len(content):,} bytes): {options['doc']} of {event}.")
            return
        try:
            output.write_bytes(content)
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror}.") from error
        self.stdout.write(
            self.style.SUCCESS(f"Wrote {output} ({len(content):,} bytes): {options['doc']} of {event}.")
        )

"""Import the deals of an event's boards from a PBN file (as dealing machines write them)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.services.hand_records import import_deals

from ._deals import add_event_arguments, store_and_report


class Command(BaseCommand):
    help = (
        "Give every board of an event's section its deal from a PBN file ([Board], [Dealer], [Deal]; "
        "ISO-8859-1 or UTF-8). Changes the boards' deals in one transaction with an audit entry, or "
        "nothing if the file is refused; lists every result whose typed honours the cards contradict. "
        "Example: python manage.py import_deals 12 tonight.pbn"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        add_event_arguments(parser, writes=True)
        parser.add_argument("file", help="The PBN file.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = Path(options["file"]).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error.strerror}.") from error
        store_and_report(self, options, functools.partial(import_deals, data=data))

"""Deal every board of an event from a seed: the same seed always deals the same cards."""

from __future__ import annotations

import functools
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tournament.services.hand_records import deal_boards

from ._deals import add_event_arguments, store_and_report


class Command(BaseCommand):
    help = (
        "Deal every board of an event's section from a seed (the same seed deals the same cards; each a "
        "valid 52-card deal) and store the deals, in one transaction with an audit entry. "
        "Example: python manage.py deal_boards 12 --seed 2026"
    )

    def add_arguments(self, parser: CommandParser) -> None:
        add_event_arguments(parser, writes=True)
        parser.add_argument("--seed", type=int, required=True, help="A whole number; note it to deal again.")

    def handle(self, *args: Any, **options: Any) -> None:
        store_and_report(self, options, functools.partial(deal_boards, seed=options["seed"]))

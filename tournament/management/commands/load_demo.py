"""Load the demo nights (fixtures/demo.json) and give the demo director a fresh password."""

from __future__ import annotations

import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from tournament.demo import DEMO_CLUB
from tournament.models import Club

USERNAME = "director"


class Command(BaseCommand):
    help = (
        "Load the demo club with five finished nights (Duplicate Auction pairs with rulings, a "
        "team-of-four match, compass whist, a Duplicate Contract Bridge matchpoint pairs night with hand "
        "records and an IMP teams match) from fixtures/demo.json into an empty database, and give "
        "the demo director a fresh password, printed. make run calls it (DEMO=0 does not). A database "
        "with clubs of its own is left as it is: the demo never joins a club's real data."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="Say what would be done; change nothing.")
        parser.add_argument("--url", default="http://127.0.0.1:8000/", help="where the app will be served")

    def handle(self, *args: Any, **options: Any) -> None:
        has_demo = Club.objects.filter(slug=DEMO_CLUB).exists()
        if not has_demo and Club.objects.exists():
            self.stdout.write(
                self.style.WARNING(
                    "This database has clubs of its own: the demo is loaded only into an empty one."
                )
            )
            return
        if options["dry_run"]:
            self.stdout.write(
                "Would reset the demo director's password." if has_demo else "Would load the demo."
            )
            return
        password = secrets.token_urlsafe(9)
        with transaction.atomic():
            if not has_demo:
                call_command("loaddata", "demo", verbosity=0)
            user = get_user_model().objects.get(username=USERNAME)
            user.set_password(password)
            user.save(update_fields=["password"])
        club = Club.objects.get(slug=DEMO_CLUB)
        login = options["url"].rstrip("/") + "/login/"
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo club ready: {club.name} ({club.events.count()} events).\n"
                f"Director login at {login} — user: {USERNAME}  password: {password}"
            )
        )

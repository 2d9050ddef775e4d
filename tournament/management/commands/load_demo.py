"""Load the demo nights and create the demo director account (local set-ups only)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.demo import build_demo

USERNAME = "director"


class Command(BaseCommand):
    help = (
        "Create the demo club with three finished nights (Duplicate Auction pairs, a team-of-four "
        "match, compass whist) and a demo director account with a fresh password, printed. "
        "Refuses to run with DEBUG off: the demo account is for a local trial only."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="Say what would be done; change nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.DEBUG:
            raise CommandError(
                "The demo director account is for a local set-up: run with DEBUG=1 (make run does)."
            )
        User = get_user_model()
        if options["dry_run"]:
            exists = User.objects.filter(username=USERNAME).exists()
            self.stdout.write(
                f"Would {'reset' if exists else 'create'} user {USERNAME!r} and build the demo club."
            )
            return
        password = secrets.token_urlsafe(9)
        user, _ = User.objects.get_or_create(
            username=USERNAME, defaults={"first_name": "Demo", "last_name": "Director"}
        )
        user.set_password(password)
        user.save()
        club = build_demo(user)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo club ready: {club.name} ({club.events.count()} events).\n"
                f"Director login at http://127.0.0.1:8000/login/ — user: {USERNAME}  password: {password}"
            )
        )

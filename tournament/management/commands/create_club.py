"""Create a club and its first admin: how a club's own install (make run DEMO=0) begins."""

from __future__ import annotations

import getpass
import secrets
import sys
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.demo import DEMO_CLUB
from tournament.models import Club
from tournament.services.clubs import ClubRefused, found_club


class Command(BaseCommand):
    help = (
        'Create a club (NAME, e.g. "Riverside Auction Club") and make --admin USER its club admin, who can '
        "then run nights, rule and add the club's directors and scorers. A new account's password is "
        "asked for twice at a terminal, or made up and printed with --no-input; an existing account "
        "keeps its own. Changes nothing else."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", metavar="NAME", help="The club's name, as printed on its pages.")
        parser.add_argument("--admin", required=True, metavar="USER", help="The club admin's user name.")
        parser.add_argument(
            "--slug", default="", help="The club's web address, /c/SLUG/; from NAME by default."
        )
        parser.add_argument(
            "--no-input",
            action="store_true",
            help="Ask nothing: make up a new account's password and print it.",
        )
        parser.add_argument("--dry-run", action="store_true", help="Say what would be done; change nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        username = options["admin"].strip()
        if not username:
            raise CommandError("--admin needs a user name.")
        exists = get_user_model().objects.filter(username=username).exists()
        if options["dry_run"]:
            who = "the existing account" if exists else "a new account"
            self.stdout.write(f"Would create {options['name']!r} with {who} {username!r} as its admin.")
            return
        password, made_up = None, False
        if not exists:
            password, made_up = self.new_password(
                username, ask=not options["no_input"] and sys.stdin.isatty()
            )
        try:
            founded = found_club(
                name=options["name"], username=username, password=password, slug=options["slug"]
            )
        except ClubRefused as refused:
            raise CommandError(str(refused)) from None
        club = founded.club
        self.stdout.write(
            self.style.SUCCESS(f"Created {club.name} at /c/{club.slug}/ with {username} as its club admin.")
        )
        if made_up:
            self.stdout.write(f"Log in at /login/ — user: {username}  password: {password}")
        elif not founded.new_user:
            self.stdout.write(f"{username} logs in with the password the account already has.")
        if Club.objects.filter(slug=DEMO_CLUB).exists():
            self.stdout.write(
                self.style.WARNING(
                    "The demo club is in this database too. For the club's own nights alone, start from "
                    "an empty database (make run DEMO=0) and create the club there."
                )
            )

    def new_password(self, username: str, *, ask: bool) -> tuple[str, bool]:
        """The new account's password: typed twice and checked, or made up (then printed)."""
        if not ask:
            return secrets.token_urlsafe(12), True
        for _ in range(3):
            first = getpass.getpass(f"Password for {username}: ")
            if first != getpass.getpass("Password (again): "):
                self.stderr.write("The two passwords differ; try again.")
                continue
            try:
                validate_password(first)
            except ValidationError as weak:
                self.stderr.write(" ".join(weak.messages))
                continue
            return first, False
        raise CommandError("No password was set; nothing was created. Run the command again.")

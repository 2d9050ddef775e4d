"""Build a Duplicate Auction pairs night of any size, fully played or in play with no result, for
benchmarks and trials."""

from __future__ import annotations

import re
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.synthetic import (
    SyntheticRefused,
    build_night,
    build_unplayed_night,
    shape,
    synthetic_club,
    synthetic_movement,
)

SLUG = re.compile(r"^[-a-z0-9]{1,60}$")


class Command(BaseCommand):
    help = (
        "Add to the database one finished Duplicate Auction pairs night of --tables N tables playing "
        "--boards B boards, every result entered, confirmed by the opponents and its round agreed through "
        "the services a table uses, then the event locked (and published with --publish). Boards a round: "
        "3 when B divides by 3, else 2 when B is even, as long as that leaves no more rounds than tables; "
        "otherwise the smallest divisor of B that does (at worst all B in one round). N-S pairs sit "
        "still, E-W pairs move up a table a round, boards duplicated as at a congress. The club "
        '--club SLUG (default synthetic-club, "Synthetic Club") is created if missing, with a '
        "director account. With --unplayed the night is set up and in play with no result entered: its "
        "tables' links open and wait for their first board (for the load test). Changes nothing else. "
        "The last line printed is the event's public standings path."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tables", type=int, required=True, help="Tables in play (2 to 250).")
        parser.add_argument("--boards", type=int, required=True, help="Boards played (1 to 108).")
        parser.add_argument("--publish", action="store_true", help="Publish the standings.")
        parser.add_argument(
            "--unplayed", action="store_true", help="Start play and enter no result: the tables enter them."
        )
        parser.add_argument("--seed", type=int, default=1913, help="Deals and results follow it (1913).")
        parser.add_argument("--club", default="", metavar="SLUG", help="The club's web address, /c/SLUG/.")
        parser.add_argument("--dry-run", action="store_true", help="Say what would be made; change nothing.")

    def handle(self, *args: Any, **options: Any) -> None:
        slug = options["club"]
        if slug and not SLUG.match(slug):
            raise CommandError(f"--club {slug!r} is not a web address: lower-case letters, digits and -.")
        try:
            plan = shape(options["tables"], options["boards"])
            synthetic_movement(plan.tables, plan.boards)
        except SyntheticRefused as refused:
            raise CommandError(str(refused)) from None
        what = (
            f"{plan.tables} tables, {2 * plan.tables} pairs, {plan.rounds} rounds of "
            f"{plan.boards_per_round} boards ({plan.tables * plan.boards} results)"
        )
        if options["unplayed"]:
            what = (
                f"{plan.tables} tables, {2 * plan.tables} pairs, {plan.rounds} rounds of "
                f"{plan.boards_per_round} boards ({plan.tables * plan.boards} results to enter)"
            )
        if options["dry_run"]:
            self.stdout.write(f"Would make a night of {what}.")
            return
        club, created = synthetic_club(slug)
        if created:
            self.stdout.write(f"Note: there was no club at /c/{club.slug}/; created {club.name}.")
        if options["unplayed"]:
            event = build_unplayed_night(
                plan.tables, options["seed"], boards=plan.boards, club=club, publish=options["publish"]
            )
            state = "published" if options["publish"] else "not published"
            self.stdout.write(
                self.style.SUCCESS(f"Made {event.name} at {club.name}: {what}, in play, {state}.")
            )
            self.stdout.write(event.get_absolute_url())
            return

        def progress(done: int, total: int) -> None:
            self.stdout.write(f"round {done}/{total} played")

        event = build_night(
            plan.tables,
            options["seed"],
            boards=plan.boards,
            club=club,
            publish=options["publish"],
            progress=progress if options["verbosity"] >= 1 else None,
        )
        state = "locked and published" if options["publish"] else "locked, not published"
        self.stdout.write(self.style.SUCCESS(f"Made {event.name} at {club.name}: {what}, {state}."))
        self.stdout.write(event.get_absolute_url())

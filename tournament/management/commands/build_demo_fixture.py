"""Write fixtures/demo.json: the demo nights, built by tournament.demo, as a loaddata fixture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.demo import demo_fixture
from tournament.models import Club


class Command(BaseCommand):
    help = (
        "Build the demo nights in this (empty) database and write them as a fixture for load_demo. "
        "Run it on a throwaway database: `make demo-fixture` does. Refuses a database that has clubs."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--output", default="fixtures/demo.json", help="where to write the fixture")
        parser.add_argument("--dry-run", action="store_true", help="build and count, write nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        from tournament.demo import build_demo

        if Club.objects.exists():
            raise CommandError(
                "This database has clubs already: build the fixture on an empty, throwaway one."
            )
        director = get_user_model().objects.create(
            username="director", first_name="Demo", last_name="Director"
        )
        director.set_unusable_password()
        director.save()
        club = build_demo(director)
        text = demo_fixture(director)
        if options["dry_run"]:
            self.stdout.write(f"Would write {len(text):,} characters for {club.events.count()} events.")
            return
        try:
            Path(options["output"]).write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise CommandError(f"Cannot write {options['output']}: {error.strerror}.") from error
        self.stdout.write(f"Wrote {options['output']}: {club.events.count()} events.")

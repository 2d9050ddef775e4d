"""Render every PDF of every demo night, and a PNG of each page, for a person to look at."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.migrations.executor import MigrationExecutor

from tournament.demo import DEMO_CLUB, build_demo
from tournament.models import Club, Event
from tournament.pdf import DOCUMENTS, documents_for

RESOLUTION = "60"  # dots per inch: enough to judge a page at a glance, small enough to flip through


class Command(BaseCommand):
    help = (
        "Render every printable document (standings, recaps, travellers, match sheet, guide cards, "
        "table cards, score pads) of every demo night into --output DIR, one folder a night, and a PNG "
        "of each page with pdftoppm -png -r 60, so a person can look at them. Uses the demo club if it "
        "is loaded; otherwise builds it for the run and rolls it back, so the database is left as it "
        "was. Prints each file written."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output", default="build/previews", help="Folder to write into (default build/previews)."
        )
        parser.add_argument(
            "--doc",
            action="append",
            choices=list(DOCUMENTS),
            help="Only this document (may be repeated); every document by default.",
        )
        parser.add_argument(
            "--base-url",
            default="http://127.0.0.1:8000/",
            help="The address the table cards' links and QR codes begin with (default http://127.0.0.1:8000/).",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="List what would be rendered; write nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        if executor.migration_plan(executor.loader.graph.leaf_nodes()):
            raise CommandError(
                "The database is not set up: run 'python manage.py migrate' first (make run does)."
            )
        pdftoppm = shutil.which("pdftoppm")
        if pdftoppm is None and not options["dry_run"]:
            raise CommandError("pdftoppm is not installed: install poppler-utils (make system-deps does).")
        output = Path(options["output"])
        with transaction.atomic():
            borrowed = not Club.objects.filter(slug=DEMO_CLUB).exists()
            if borrowed:
                self.stdout.write("The demo club is not loaded: building it for this run only.")
                build_demo(get_user_model().objects.create_user(username="render-previews-demo-director"))
            written = self.render_all(
                output,
                pdftoppm or "",
                options["doc"],
                base_url=options["base_url"],
                dry_run=options["dry_run"],
            )
            # Only after the last query: a transaction marked for rollback refuses further queries.
            transaction.set_rollback(borrowed)
        self.stdout.write(
            self.style.SUCCESS(
                f"{written} files {'to write' if options['dry_run'] else 'written'} in {output}."
            )
        )

    def render_all(
        self, output: Path, pdftoppm: str, only: list[str] | None, *, base_url: str, dry_run: bool
    ) -> int:
        events = Event.objects.filter(club__slug=DEMO_CLUB).select_related("club").order_by("date", "pk")
        count = 0
        for event in events:
            folder = output / f"{event.date:%Y-%m-%d}-{event.pk}"
            for renderer in (r for r in documents_for(event) if not only or r.slug in only):
                target = folder / f"{renderer.slug}.pdf"
                if dry_run:
                    self.stdout.write(f"{target}  ({renderer.title}, {event.name})")
                    count += 1
                    continue
                _, _, content = renderer(event, base_url=base_url).render()
                folder.mkdir(parents=True, exist_ok=True)
                for old in folder.glob(f"{renderer.slug}-*.png"):
                    old.unlink()  # a shorter document must not leave the last run's extra pages behind
                target.write_bytes(content)
                try:
                    subprocess.run(
                        [pdftoppm, "-png", "-r", RESOLUTION, str(target), str(folder / renderer.slug)],
                        check=True,
                    )
                except subprocess.CalledProcessError as error:
                    raise CommandError(
                        f"pdftoppm could not read {target}: exit status {error.returncode}."
                    ) from error
                pages = sorted(folder.glob(f"{renderer.slug}-*.png"))
                for path in (target, *pages):
                    self.stdout.write(str(path))
                count += 1 + len(pages)
        return count

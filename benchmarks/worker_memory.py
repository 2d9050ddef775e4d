"""What a worker holds after serving a night: a 120-table night against a 3-table one (issue 17 §2).

For each size, one process builds the night (``tournament.synthetic``, as
``manage.py make_synthetic_event`` does) in a throwaway SQLite database with ``DEBUG`` off; then a
fresh process, as a gunicorn worker would, serves that night's pages through Django's test client —
the public event page, the polled standings fragment and the director's running view, each
``--repeats`` times after a result corrected through the service — and reports its resident memory
(``VmRSS``) at the end. The figure that counts is the difference between the two nights.

    .venv/bin/python benchmarks/worker_memory.py
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZES = (3, 120)
REPEATS = 5


def _django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # a throwaway key for a throwaway database
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    import django

    django.setup()


def build(database: Path, tables: int) -> None:
    _django(database)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from tournament.synthetic import build_night

    event = build_night(tables, 1915, publish=True)
    event.status = event.Status.RUNNING
    event.save(update_fields=["status"])
    print(json.dumps({"event": event.pk}))


def resident_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def serve(database: Path, event_pk: int, repeats: int) -> None:
    _django(database)
    from django.test import Client
    from django.urls import reverse

    from scoring.auction.entry import parse_entry
    from tournament.models import Event, Membership, Result
    from tournament.services import results
    from tournament.services.result_facts import Facts

    event = Event.objects.select_related("club").get(pk=event_pk)
    public, director = Client(), Client()
    director.force_login(Membership.objects.filter(club=event.club).first().user)
    pages = [
        (public, reverse("event", args=[event.club.slug, event.pk])),
        (public, reverse("standings_fragment", args=[event.club.slug, event.pk])),
        (director, reverse("event_run", args=[event.club.slug, event.pk])),
    ]
    result = Result.objects.filter(section__event=event).select_related("section__event", "board").first()
    for step in range(repeats):
        entry = parse_entry("3NT S 9" if step % 2 else "3NT S 10")
        facts = Facts(contract=entry.contract, declarer=entry.declarer, tricks=entry.tricks)
        results.correct(result=result, facts=facts, reason="Benchmark correction.")
        for client, address in pages:
            assert client.get(address).status_code == 200, address
    print(json.dumps({"rss_mib": resident_mib()}))


def _child(*arguments: str) -> dict[str, float]:
    done = subprocess.run([sys.executable, __file__, *arguments], check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=REPEATS, help="rounds of a write and three pages (5)")
    parser.add_argument("--build", nargs=2, metavar=("DATABASE", "TABLES"), help=argparse.SUPPRESS)
    parser.add_argument("--serve", nargs=2, metavar=("DATABASE", "EVENT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.build:
        build(Path(args.build[0]), int(args.build[1]))
        return 0
    if args.serve:
        serve(Path(args.serve[0]), int(args.serve[1]), args.repeats)
        return 0
    figures: dict[int, float] = {}
    with tempfile.TemporaryDirectory(prefix="worker-memory-") as scratch:
        for tables in SIZES:
            database = Path(scratch) / f"night-{tables}.sqlite3"
            event = _child("--build", str(database), str(tables))["event"]
            figures[tables] = _child(
                "--serve", str(database), str(int(event)), "--repeats", str(args.repeats)
            )["rss_mib"]
    print(f"\n{'night':<20}{'worker RSS MiB':>16}")
    print("-" * 36)
    for tables, mib in figures.items():
        print(f"{f'{tables} tables':<20}{mib:>16.1f}")
    small, large = figures[SIZES[0]], figures[SIZES[-1]]
    print(f"{'difference':<20}{large - small:>+16.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
